//! The commentary: the directors' scenario booklet, the Law 27 slides and the gameplay
//! article, loaded, cited, checked, shown, rendered and searched.

use bridgelaws::corpus::model::Scenario;
use bridgelaws::glossary;
use bridgelaws::search::{DocKind, Request, search};

use crate::util::{bridgelaws, bridgelaws_in, corpus, corpus_copy, search_index, stderr, stdout};

fn scenarios() -> Vec<&'static Scenario> {
    corpus().commentary.booklets[0].data.scenarios().collect()
}

/// What the scenario `id` cites, resolved.
fn cites(id: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in corpus().commentary.refs.iter().filter(|r| r.part == id) {
        let target = r
            .target
            .clone()
            .unwrap_or_else(|e| panic!("{id}: {}", e.message));
        if !out.contains(&target) {
            out.push(target);
        }
    }
    out
}

#[test]
fn every_scenario_of_the_booklet_is_there_with_its_laws_resolved() {
    let all = scenarios();
    // The booklet prints 38 closing lines of laws, one per scenario, in 11 groups.
    assert_eq!(all.len(), 38);
    assert_eq!(corpus().commentary.booklets[0].data.groups.len(), 11);
    for scenario in &all {
        assert!(!scenario.text.is_empty(), "{}", scenario.id.as_str());
        assert!(
            !cites(scenario.id.as_str()).is_empty(),
            "{}",
            scenario.id.as_str()
        );
    }
    let by_title = |title: &str| {
        let s = all
            .iter()
            .find(|s| s.title == title)
            .unwrap_or_else(|| panic!("{title}"));
        cites(s.id.as_str())
    };
    // The forms the issue names, as the booklet prints them.
    assert_eq!(by_title("קלף עודף"), ["13C"]);
    assert_eq!(
        by_title("הכרזה שלא בתור - תורו של היריב מימין"),
        ["31A", "29"]
    );
    assert_eq!(by_title("שני קלפי עונשין – לשני המגנים"), ["50D1(b)"]);
    assert_eq!(by_title("מחדל"), ["61", "62", "63", "64"]);
    // A citation inside the procedure text counts too: `(חוק 26)`.
    assert!(by_title("שינוי קריאה שנעשתה במתכוון").contains(&"26".to_string()));
}

#[test]
fn the_slides_cite_law_27_in_their_own_forms() {
    let slides: Vec<String> = corpus()
        .commentary
        .refs_of("law-27-slides")
        .map(|r| {
            r.target
                .clone()
                .unwrap_or_else(|e| panic!("{}: {}", r.phrase, e.message))
        })
        .collect();
    for id in [
        "27B1(a)", "27B1(b)", "25A", "26B", "16C", "23A", "31", "72C", "27B3", "27D",
    ] {
        assert!(slides.iter().any(|t| t == id), "{id} in {slides:?}");
    }
}

#[test]
fn check_reports_a_citation_that_does_not_resolve_at_its_place() {
    let dir = corpus_copy();
    let file = dir.path().join("commentary/td-booklet.yaml");
    let yaml = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        yaml.replace("laws: \"חוק: 13 ג'\"", "laws: \"חוק: 13 ו'\""),
    )
    .unwrap();
    let output = bridgelaws_in(dir.path(), &["--corpus", ".", "check", "--quiet"]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    let text = stdout(&output);
    // Law 13 has no section F.
    assert!(
        text.contains("`13 ו'` in td-booklet/3 does not resolve"),
        "{text}"
    );
    // Reported at the member itself, inside the quoted value.
    let (line, printed) = yaml
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("laws: \"חוק: 13 ג'\""))
        .unwrap();
    let column = printed.chars().position(|c| c == '1').unwrap() + 1;
    let place = format!("commentary/td-booklet.yaml:{}:{column}", line + 1);
    assert!(text.contains(&place), "{place} in {text}");
}

#[test]
fn show_lists_the_commentary_citing_a_node() {
    let output = bridgelaws(&["show", "13C", "--edition", "he-2017"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let commentary = text
        .split("Commentary")
        .nth(1)
        .expect("a Commentary section");
    assert!(
        commentary.contains("td-booklet/3 · קלף עודף → 13C"),
        "{text}"
    );
    let output = bridgelaws(&["show", "27B1", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let ids: Vec<&str> = value["commentary"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"law-27-slides"), "{ids:?}");
}

/// The columns at which the words of a line start.
fn columns(line: &str) -> Vec<usize> {
    let chars: Vec<char> = line.chars().collect();
    (0..chars.len())
        .filter(|&i| {
            chars[i] != ' ' && (i == 0 || chars[i - 1] == ' ' && (i < 2 || chars[i - 2] == ' '))
        })
        .collect()
}

#[test]
fn the_slides_auction_tables_render_aligned_in_the_terminal() {
    let output = bridgelaws(&["commentary", "law-27-slides", "--bidi", "off"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    // The auction with a transfer: `1NT 3♥ 2♥ = Transfer`, then `3♠` and `4♦` under EAST.
    let row = lines
        .iter()
        .position(|l| l.contains("2♥ = Transfer"))
        .expect("the transfer auction");
    let header = lines[row - 2];
    assert!(header.starts_with("WEST"), "{header}");
    let seats = columns(header);
    assert_eq!(seats.len(), 4, "{header}");
    let east = seats[2];
    let chars = |l: &str| l.chars().collect::<Vec<char>>();
    assert_eq!(
        chars(lines[row])[east..].iter().collect::<String>(),
        "2♥ = Transfer"
    );
    assert_eq!(chars(lines[row + 1]).len(), east + 2, "{}", lines[row + 1]);
    assert_eq!(
        chars(lines[row + 1])[east..].iter().collect::<String>(),
        "3♠"
    );
    assert_eq!(
        chars(lines[row + 2])[east..].iter().collect::<String>(),
        "4♦"
    );
    // Annotations kept: `1♣* = 16+` under NORTH.
    let annotated = lines.iter().find(|l| l.contains("1♣* = 16+")).unwrap();
    assert_eq!(annotated.chars().position(|c| c == '1').unwrap(), 0);
    assert!(lines.iter().all(|l| !l.ends_with(' ')));
}

#[test]
fn the_slides_render_as_a_sanitized_right_to_left_page() {
    let output = bridgelaws(&["commentary", "law-27-slides", "--format", "html"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let html = stdout(&output);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains(r#"<html lang="he" dir="rtl">"#), "{html}");
    assert!(html.contains(r#"<table dir="ltr">"#));
    assert!(html.contains("<th>WEST</th>"));
    assert!(html.contains("<td>2♥ = Transfer</td>"));
    assert!(html.contains("<td>1♣* = 16+</td>"));
    assert!(!html.contains("<script"));
}

#[test]
fn the_commentary_is_listed_and_a_scenario_rendered() {
    let output = bridgelaws(&["commentary"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for id in ["td-booklet", "law-27-slides", "how-bridge-is-played"] {
        assert!(text.contains(id), "{text}");
    }
    assert!(text.contains("38 scenarios"), "{text}");
    let output = bridgelaws(&["commentary", "td-booklet/3", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(value["title"], "קלף עודף");
    assert_eq!(value["cites"], serde_json::json!(["13C"]));
    let output = bridgelaws(&["commentary", "td-booklet/99"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no commentary `td-booklet/99`"));
}

#[test]
fn describing_a_scenario_finds_it_and_its_laws() {
    let request = Request::new("קלף עודף");
    let outcome = search(search_index(), &request).unwrap();
    let top: Vec<(&str, &str)> = outcome
        .results
        .iter()
        .take(3)
        .map(|h| (h.id.as_str(), h.kind.as_str()))
        .collect();
    assert!(top.contains(&("td-booklet/3", "commentary")), "{top:?}");
    assert!(top.contains(&("13C", "law")), "{top:?}");
    let mut request = Request::new("שחקן שכח את ההסכם של השותפות");
    request.kinds = vec![DocKind::Commentary];
    let outcome = search(search_index(), &request).unwrap();
    assert_eq!(outcome.results[0].id, "td-booklet/8");
    assert!(outcome.results.iter().all(|h| h.kind == "commentary"));
    // The scenario's own words, among scenarios that cite one law together (50): they do
    // not lift each other above it.
    let mut request = Request::new("קלף שאינו שייך לחלוקה");
    request.kinds = vec![DocKind::Commentary];
    let outcome = search(search_index(), &request).unwrap();
    assert_eq!(outcome.results[0].id, "td-booklet/3");
}

#[test]
fn the_article_s_everyday_words_are_glossary_synonyms() {
    let article = corpus()
        .commentary
        .documents
        .iter()
        .find(|d| d.meta.id.as_str() == "how-bridge-is-played")
        .expect("the article");
    let glossary = &corpus().glossary.as_ref().unwrap().data;
    // The article's everyday word, and the concept the law book names with another.
    for (everyday, concept) in [
        ("עבור", "pass"),
        ("כפל", "double"),
        ("כפל כפליים", "redouble"),
        ("הצעה", "bid"),
        ("עלה", "spades"),
        ("יהלום", "diamonds"),
        ("תלתן", "clubs"),
        ("שלב הביצוע", "play-period"),
    ] {
        assert!(
            article.body.contains(everyday),
            "{everyday} is in the article"
        );
        let found: Vec<&str> = glossary::lookup(glossary, everyday)
            .iter()
            .map(|f| f.concept.id.as_str())
            .collect();
        assert!(found.contains(&concept), "{everyday} → {found:?}");
    }
}

#[test]
fn a_document_s_bad_citation_and_bad_front_matter_are_placed_in_its_file() {
    let dir = corpus_copy();
    let file = dir.path().join("commentary/law-27-slides.md");
    let markdown = std::fs::read_to_string(&file).unwrap();
    // Law 72 has no section F.
    std::fs::write(&file, markdown.replacen("חוק 72ג", "חוק 72ו", 1)).unwrap();
    let output = bridgelaws_in(dir.path(), &["--corpus", ".", "check", "--quiet"]);
    let text = stdout(&output);
    let (line, printed) = markdown
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("חוק 72ג"))
        .unwrap();
    // At the code itself, `72ו`.
    let chars = printed.chars().collect::<Vec<_>>();
    let column = (0..chars.len())
        .find(|&i| chars[i..].starts_with(&['7', '2', 'ג']))
        .unwrap()
        + 1;
    let place = format!("commentary/law-27-slides.md:{}:{column}", line + 1);
    assert!(text.contains(&place), "{place} in {text}");
    assert!(
        text.contains("`72ו` in law-27-slides does not resolve"),
        "{text}"
    );

    // A misspelt field of the front matter is a YAML error on its own line of the file.
    std::fs::write(&file, markdown.replacen("language: he", "langauge: he", 1)).unwrap();
    let output = bridgelaws_in(dir.path(), &["--corpus", ".", "check", "--quiet"]);
    assert_eq!(output.status.code(), Some(2));
    let line = markdown.lines().position(|l| l == "language: he").unwrap() + 1;
    let text = stdout(&output);
    assert!(
        text.contains(&format!("commentary/law-27-slides.md:{line}:")),
        "{text}"
    );
    // No front matter at all.
    std::fs::write(&file, "# Slides\n").unwrap();
    let output = bridgelaws_in(dir.path(), &["--corpus", ".", "check", "--quiet"]);
    assert!(stdout(&output).contains("the document has no front matter"));
}
