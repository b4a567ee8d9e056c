//! The citation scanner (`refs::scan`) on mutated sentences of the law texts and on generated
//! citation-like text in three scripts: every span inside the text and on character
//! boundaries, citations in order and apart, the same answer twice, and a citation written
//! out canonically read back as itself.

use std::sync::OnceLock;

use bridgelaws::corpus::id::{LawPath, PartialPath};
use bridgelaws::corpus::numbering;
use bridgelaws::refs::scan::{self, Target};

use super::{Rng, from_pieces, grown, mutate, run, run_inputs, run_sizes};
use crate::util::{corpus, manifest_dir};

/// The texts of every node of the corpus and the citations of the gold lists, as printed.
fn material() -> &'static [String] {
    static MATERIAL: OnceLock<Vec<String>> = OnceLock::new();
    MATERIAL.get_or_init(|| {
        let mut texts = Vec::new();
        for edition in &corpus().editions {
            for entry in &edition.entries {
                for text in [&entry.text, &entry.text_after, &entry.heading]
                    .into_iter()
                    .flatten()
                {
                    texts.push(text.as_str().to_string());
                }
                if let Some(summary) = &entry.summary {
                    texts.push(summary.text.to_string());
                }
            }
        }
        for edition in ["el-2017", "he-2017"] {
            let path = manifest_dir().join(format!("tests/fixtures/citations/{edition}.tsv"));
            let gold = std::fs::read_to_string(path).unwrap();
            texts.extend(
                gold.lines()
                    .skip(1)
                    .filter_map(|l| l.split('\t').nth(3))
                    .map(String::from),
            );
        }
        assert!(texts.len() > 3_000, "the law texts are found");
        texts
    })
}

/// The words and signs citations are made of, in three scripts.
const PIECES: &[&str] = &[
    "Law ",
    "Laws ",
    "law ",
    "L",
    "חוק ",
    "חוקים ",
    "בחוק ",
    "לחוק ",
    "וחוק ",
    "Νόμος ",
    "Νόμο ",
    "Νόμου ",
    "Νόμων ",
    "Νόμους ",
    "Ν",
    "ν.",
    "see ",
    "See ",
    "βλέπε ",
    "βλ. ",
    "ראו ",
    "ר' ",
    "ר׳ ",
    "and ",
    "or ",
    "to ",
    " and ",
    ", ",
    "ו-",
    "ו- ",
    "ו",
    "או ",
    "עד ",
    "και ",
    "ή ",
    "έως ",
    "above",
    "below",
    "following",
    "hereunder",
    " לעיל",
    " להלן",
    " παραπάνω",
    " παρακάτω",
    "section ",
    "sections ",
    "סעיף ",
    "סעיפים ",
    "בסעיף ",
    "παράγραφο ",
    "παραγράφους ",
    "ενότητα ",
    "this Law",
    "this section",
    "חוק זה",
    "סעיף זה",
    "αυτού του Νόμου",
    "Definitions",
    "הגדרות",
    "Ορισμοί",
    "Εισαγωγή",
    "υπ/ση",
    "הערה",
    "שנייה",
    "1",
    "2",
    "7",
    "9",
    "12",
    "27",
    "40",
    "71",
    "80",
    "93",
    "94",
    "100",
    "0",
    "255",
    "256",
    "99999999999",
    "A",
    "B",
    "C",
    "G",
    "H",
    "Z",
    "a",
    "b",
    "א",
    "ב",
    "ג",
    "ו",
    "ז",
    "ח",
    "Α",
    "Β",
    "Γ",
    "ΣΤ",
    "Στ",
    "Ζ",
    "α",
    "β",
    "στ",
    "ια",
    "יא",
    "(",
    ")",
    "(a)",
    "(b)",
    "(i)",
    "(ii)",
    "(v)",
    "(xii)",
    "(xiii)",
    "(α)",
    "(β)",
    "(ια)",
    "(א)",
    "(ב)",
    "(יא)",
    ")א(",
    ")v(",
    ")(",
    "((",
    "))",
    "[",
    "]",
    "«",
    "»",
    "\"",
    "'",
    "׳",
    "״",
    "’",
    ".",
    ",",
    ";",
    ":",
    "-",
    "–",
    " ",
    "  ",
    "\t",
    "\n",
    "\u{200f}",
    "\u{202e}",
    "\u{5b8}",
    "\u{301}",
    "\0",
    "Ανάκληση",
    "«Ανάκληση»",
    "ομάδα",
    "claim",
];

fn generate(rng: &mut Rng) -> String {
    let material = material();
    match rng.below(10) {
        0..=2 => from_pieces(rng, PIECES, 40),
        3 => super::any_text(rng, 60),
        _ => {
            let text = &material[rng.below(material.len())];
            let mut others: Vec<&str> = (0..3)
                .map(|_| material[rng.below(material.len())].as_str())
                .collect();
            others.push(rng.pick(PIECES));
            mutate(rng, text, &others)
        }
    }
}

/// Spans inside the text, on character boundaries; citations in order and apart; members in
/// their citation; the same answer on a second reading.
fn check(text: &str) {
    let found = scan::citations(text);
    let mut end = 0;
    for citation in &found {
        let span = &citation.span;
        assert!(
            span.start < span.end && span.end <= text.len(),
            "span {span:?} outside the text ({} bytes)",
            text.len()
        );
        assert!(
            text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
            "span {span:?} cuts a character"
        );
        assert!(span.start >= end, "citations overlap or go back: {found:?}");
        end = span.end;
        assert!(!citation.members.is_empty(), "a citation names something");
        for member in &citation.members {
            let m = &member.span;
            assert!(
                m.start <= m.end && span.start <= m.start && m.end <= span.end,
                "member {m:?} outside its citation {span:?}"
            );
            assert!(
                text.is_char_boundary(m.start) && text.is_char_boundary(m.end),
                "member span {m:?} cuts a character"
            );
        }
    }
    assert_eq!(scan::citations(text), found, "a second reading differs");
    if let Some(target) = scan::index_reference(text) {
        assert_eq!(scan::index_reference(text), Some(target));
    }
}

#[test]
fn the_scanner_keeps_its_spans_on_every_generated_text() {
    run("scan", 2_000, generate, check);
}

/// A law path at random, with the levels every script prints.
pub(super) fn path(rng: &mut Rng) -> LawPath {
    let mut path = LawPath::law(1 + rng.below(93) as u8);
    if rng.one_in(5) {
        return path;
    }
    path.section = numbering::section_for(1 + rng.below(7) as u8);
    if rng.one_in(4) {
        return path;
    }
    path.paragraph = Some(1 + rng.below(19) as u8);
    if rng.one_in(3) {
        return path;
    }
    path.item = numbering::item_for(1 + rng.below(11) as u8);
    if rng.one_in(2) {
        path.subitem = Some(1 + rng.below(8) as u8);
    }
    path
}

/// `path` as a book of `script` prints it: its law word, and its code.
pub(super) fn printed(path: LawPath, script: usize) -> (&'static str, String) {
    const GREEK: [&str; 11] = ["α", "β", "γ", "δ", "ε", "στ", "ζ", "η", "θ", "ι", "ια"];
    const HEBREW: [&str; 11] = ["א", "ב", "ג", "ד", "ה", "ו", "ז", "ח", "ט", "י", "יא"];
    let value = |c: char, base: u8| usize::from(c as u8 - base);
    let (word, letters, capitals): (&str, &[&str; 11], bool) = match script {
        0 => return ("Law", path.to_string()),
        1 => ("Νόμος", &GREEK, true),
        _ => ("חוק", &HEBREW, false),
    };
    let mut code = path.law.to_string();
    if let Some(s) = path.section {
        let letter = letters[value(s, b'A')];
        code.push_str(&if capitals {
            letter.to_uppercase()
        } else {
            letter.to_string()
        });
    }
    if let Some(p) = path.paragraph {
        code.push_str(&p.to_string());
    }
    if let Some(i) = path.item {
        code.push_str(&format!("({})", letters[value(i, b'a')]));
    }
    if let Some(sub) = path.subitem {
        code.push_str(&format!("({})", numbering::roman(sub).unwrap()));
    }
    (word, code)
}

#[test]
fn a_citation_written_out_reads_back_as_itself() {
    run_inputs(
        "scan-round-trip",
        super::cases(2_000),
        |i| {
            let mut rng = Rng::new(i);
            let path = path(&mut rng);
            let (word, code) = printed(path, rng.below(3));
            format!("{path}\n{word}\n{code}")
        },
        |case| {
            let mut lines = case.split('\n');
            let (Some(id), Some(word), Some(code)) = (lines.next(), lines.next(), lines.next())
            else {
                return;
            };
            let Some(path) = LawPath::parse(id) else {
                return;
            };
            let expected = PartialPath::from(path);
            assert_eq!(scan::absolute_code(code), Some(expected), "`{code}`");
            for text in [
                format!("{word} {code}"),
                format!("{word} {code}."),
                format!("({word} {code})"),
            ] {
                let found = scan::citations(&text);
                let targets: Vec<&Target> = found
                    .iter()
                    .flat_map(|c| c.members.iter().map(|m| &m.target))
                    .collect();
                assert_eq!(
                    targets,
                    [&Target::Path(expected)],
                    "`{text}` reads as {found:?}"
                );
                assert!(
                    text[found[0].span.clone()].ends_with(code),
                    "`{text}`: {found:?}"
                );
            }
        },
    );
}

#[test]
fn long_texts_do_not_blow_up() {
    let texts = material();
    let sentence = texts.iter().max_by_key(|t| t.len()).unwrap().clone();
    run_sizes(
        "scan-long",
        3,
        move |variant, size| match variant {
            0 => grown(&format!("{sentence} "), size),
            1 => grown("Laws 26B, 27B1(a) and (b), ", size),
            _ => grown(")א(", size),
        },
        check,
    );
}

#[test]
fn inputs_the_fuzz_test_found() {
    // A quoted term holding a see-word and a quote: its words were read again as a citation
    // inside the first, and the two overlapped.
    check("See « βλέπε «»");
    check("βλέπε «Ανάκληση βλέπε «Έλεγχος»");
}
