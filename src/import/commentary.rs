//! The commentary sources as corpus documents: the directors' scenario booklet as structured
//! data, the Law 27 slides and the gameplay article as Markdown with front matter.
//!
//! Each converter keeps the text as printed and repairs only what the extraction broke,
//! recording every repair in the document's notes.

use crate::corpus::model::{
    BookletFile, DocumentMeta, DocumentOverride, Located, Scenario, ScenarioGroup,
};
use crate::corpus::write::to_yaml;

/// The booklet's id, and the prefix of its scenarios' ids.
pub const BOOKLET_ID: &str = "td-booklet";
/// The Law 27 slides.
pub const SLIDES_ID: &str = "law-27-slides";
/// The article on how bridge is played.
pub const ARTICLE_ID: &str = "how-bridge-is-played";

/// The sources of the commentary, by the file each becomes in `commentary/`.
pub const SOURCES: [(&str, &str); 3] = [
    ("td-booklet.yaml", "001_637c7c8d9a6632d0.txt"),
    ("law-27-slides.md", "002_81e375f62d141615.txt"),
    ("how-bridge-is-played.md", "003_3329b2d8a9c0ff19.txt"),
];

/// The file at `relative` (`commentary/td-booklet.yaml`) made from the source `text`, which
/// the corpus keeps at `source`.
pub fn convert(relative: &str, text: &str, source: &str) -> Result<String, String> {
    let name = relative.rsplit('/').next().unwrap_or(relative);
    let source = source.to_string();
    let (meta, body) = match name.split_once('.').map_or(name, |(stem, _)| stem) {
        BOOKLET_ID => {
            let booklet = booklet(text, &source)?;
            return to_yaml(&booklet, relative).map_err(|e| e.to_string());
        }
        SLIDES_ID => {
            let (body, notes) = slides(text);
            let meta = DocumentMeta {
                id: Located::new(SLIDES_ID),
                language: Located::new("he"),
                title: first_heading(&body).unwrap_or(SLIDES_ID).to_string(),
                source,
                // The slides quote section B of Law 27 throughout.
                context: Some(Located::new("27B")),
                // Quoting 27B1(b), the slides keep its `(a)`, which only 27B1 can read.
                overrides: vec![DocumentOverride {
                    phrase: Located::new("בסעיף (א)"),
                    targets: vec![Located::new("27B1(a)")],
                }],
                notes,
            };
            (meta, body)
        }
        ARTICLE_ID => {
            let (title, body, notes) = article(text);
            let meta = DocumentMeta {
                id: Located::new(ARTICLE_ID),
                language: Located::new("he"),
                title,
                source,
                context: None,
                overrides: Vec::new(),
                notes,
            };
            (meta, body)
        }
        other => return Err(format!("no commentary source makes `{other}`")),
    };
    with_front_matter(&meta, &body)
}

/// The closing line of a scenario: `חוק: 13 ג'`, `חוקים: 31 א', 29`.
fn is_closing_line(line: &str) -> bool {
    ["חוק:", "חוקים:"].iter().any(|p| line.starts_with(p))
}

/// A title as the table of contents and the body print it: without leader dots, a final
/// period or surrounding spaces.
fn title_key(title: &str) -> &str {
    title.trim().trim_end_matches(['.', ' ', '\u{2026}'])
}

/// The booklet: its title lines, the front pages, the table of contents (each title with its
/// page), then the groups and scenarios in that order. The contents drive the reading: a
/// title followed at once by another title is a group's.
pub fn booklet(text: &str, source: &str) -> Result<BookletFile, String> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let contents_at = lines
        .iter()
        .position(|l| l.trim() == "תוכן")
        .ok_or("the booklet has no table of contents (a line `תוכן`)")?;
    let mut blocks = paragraphs(&lines[..contents_at]);
    if blocks.is_empty() {
        return Err("the booklet has no title before its table of contents".into());
    }
    let title = blocks
        .remove(0)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    // The contents: `page<TAB>title` lines, up to the first line of the body.
    let mut contents: Vec<(u32, String)> = Vec::new();
    let mut body_at = contents_at + 1;
    for line in &lines[contents_at + 1..] {
        if let Some((page, entry)) = line.split_once('\t')
            && let Ok(page) = page.trim().parse::<u32>()
        {
            contents.push((page, title_key(entry).to_string()));
        } else if !line.trim().is_empty() {
            break;
        }
        body_at += 1;
    }
    // The preface is before the contents, not in the body.
    contents.retain(|(_, t)| !blocks.iter().any(|b| b.trim() == t));
    let mut reader = BodyReader {
        contents: &contents,
        next: 0,
        notes: Vec::new(),
    };
    let mut items: Vec<Item> = Vec::new();
    for line in &lines[body_at..] {
        reader.read(line, &mut items);
    }
    if reader.next < contents.len() {
        return Err(format!(
            "the title `{}` of the table of contents is not in the body",
            contents[reader.next].1
        ));
    }
    let groups = group(items, &mut reader.notes)?;
    Ok(BookletFile {
        id: Located::new(BOOKLET_ID),
        language: Located::new("he"),
        title,
        source: source.to_string(),
        front: blocks,
        groups,
        notes: reader.notes,
    })
}

/// A piece of the booklet's body, in order.
#[derive(Debug)]
enum Item {
    /// A title of the contents, with its page.
    Title(String, u32),
    /// A line of text (empty: a paragraph break).
    Line(String),
    /// A scenario's closing line.
    Laws(String),
}

struct BodyReader<'c> {
    contents: &'c [(u32, String)],
    /// The next title of the contents to meet.
    next: usize,
    notes: Vec<String>,
}

impl BodyReader<'_> {
    fn read(&mut self, line: &str, items: &mut Vec<Item>) {
        let trimmed = line.trim();
        if is_closing_line(trimmed) {
            items.push(Item::Laws(trimmed.to_string()));
            return;
        }
        let Some((page, expected)) = self.contents.get(self.next) else {
            items.push(Item::Line(trimmed.to_string()));
            return;
        };
        let key = title_key(trimmed);
        if key == expected {
            // The body's spelling is kept (`שני קלפי עונשין – לשני המגנים.`).
            items.push(Item::Title(trimmed.to_string(), *page));
            self.next += 1;
        } else if let Some(rest) = trimmed
            .strip_prefix(expected.as_str())
            .and_then(|r| r.strip_prefix(' '))
        {
            // A title run together with what follows it on one line.
            self.notes.push(format!(
                "the title `{expected}` was printed on one line with `{rest}`: split"
            ));
            items.push(Item::Title(expected.clone(), *page));
            self.next += 1;
            self.read(rest, items);
        } else if !trimmed.is_empty()
            && key.chars().count() <= expected.chars().count() + 2
            && crate::text::within_edits(key, expected, 2)
            && !items
                .last()
                .is_some_and(|i| matches!(i, Item::Line(l) if !l.is_empty()))
        {
            // A title the contents spell a little differently (`שחק` for `שוחק`): the body's
            // spelling stands.
            self.notes.push(format!(
                "the title `{key}` is `{expected}` in the table of contents"
            ));
            items.push(Item::Title(trimmed.to_string(), *page));
            self.next += 1;
        } else {
            items.push(Item::Line(trimmed.to_string()));
        }
    }
}

/// The body's items as groups of scenarios: a title followed by another title opens a group;
/// a title followed by text is a scenario, which ends at its closing line.
fn group(items: Vec<Item>, notes: &mut Vec<String>) -> Result<Vec<ScenarioGroup>, String> {
    let mut groups: Vec<ScenarioGroup> = Vec::new();
    let mut current: Option<(String, u32, Vec<String>)> = None;
    let mut iter = items.into_iter().peekable();
    let mut n = 0;
    while let Some(item) = iter.next() {
        match item {
            Item::Title(title, page) => {
                if let Some((t, ..)) = &current {
                    return Err(format!("the scenario `{t}` has no closing line of laws"));
                }
                let opens_group = matches!(iter.peek(), Some(Item::Title(..)))
                    || matches!(iter.peek(), Some(Item::Line(l)) if l.is_empty())
                        && next_is_title(&mut iter);
                if opens_group {
                    groups.push(ScenarioGroup {
                        title: title_key(&title).to_string(),
                        page: Some(page),
                        scenarios: Vec::new(),
                    });
                } else {
                    current = Some((title, page, Vec::new()));
                }
            }
            Item::Line(line) => match &mut current {
                Some((_, _, lines)) => lines.push(line),
                None if line.is_empty() => {}
                None => return Err(format!("text outside any scenario: `{line}`")),
            },
            Item::Laws(laws) => {
                let Some((title, page, lines)) = current.take() else {
                    return Err(format!("a closing line outside any scenario: `{laws}`"));
                };
                let Some(group) = groups.last_mut() else {
                    return Err(format!("the scenario `{title}` is in no group"));
                };
                n += 1;
                let text: Vec<Located> =
                    paragraphs(&lines.iter().map(String::as_str).collect::<Vec<_>>())
                        .into_iter()
                        .map(Located::new)
                        .collect();
                if text.is_empty() {
                    notes.push(format!("the scenario `{title}` has no text"));
                }
                group.scenarios.push(Scenario {
                    id: Located::new(format!("{BOOKLET_ID}/{n}")),
                    title: title_key(&title).to_string(),
                    page: Some(page),
                    text,
                    laws: Located::new(laws),
                });
            }
        }
    }
    if let Some((t, ..)) = current {
        return Err(format!("the scenario `{t}` has no closing line of laws"));
    }
    Ok(groups)
}

/// Whether the next item that is not a blank line is a title (consuming the blank lines).
fn next_is_title(iter: &mut std::iter::Peekable<std::vec::IntoIter<Item>>) -> bool {
    while matches!(iter.peek(), Some(Item::Line(l)) if l.is_empty()) {
        iter.next();
    }
    matches!(iter.peek(), Some(Item::Title(..)))
}

/// Lines as paragraphs: blank lines separate them, the lines of one are kept as printed.
fn paragraphs(lines: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in lines.iter().map(|l| l.trim()).chain([""]) {
        if line.is_empty() {
            if !current.is_empty() {
                out.push(current.join("\n"));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    out
}

/// A Markdown document with its front matter.
pub fn with_front_matter(meta: &DocumentMeta, body: &str) -> Result<String, String> {
    let yaml = serde_saphyr::to_string(meta).map_err(|e| e.to_string())?;
    Ok(format!("---\n{yaml}---\n\n{}\n", body.trim()))
}

/// The Law 27 slides: already Markdown, but for the auction diagrams, which the extraction
/// left as tab-separated lines under a `WEST<TAB>NORTH…` header. Each becomes a Markdown
/// table, every bid and annotation kept as printed (`1♥*`, `2♥ = Transfer`, `TD!!!`).
pub fn slides(text: &str) -> (String, Vec<String>) {
    let mut out: Vec<String> = Vec::new();
    let mut notes = Vec::new();
    let mut tables = 0;
    // Trailing spaces are kept: two of them are a Markdown line break (`**IT'S NOT  `).
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_auction_header(line) {
            let header: Vec<&str> = line.split('\t').map(str::trim).collect();
            let mut rows: Vec<Vec<&str>> = Vec::new();
            i += 1;
            while i < lines.len() && lines[i].contains('\t') && !is_auction_header(lines[i]) {
                rows.push(lines[i].split('\t').map(str::trim).collect());
                i += 1;
            }
            out.extend(auction_table(&header, &rows));
            tables += 1;
            continue;
        }
        out.push(line.to_string());
        i += 1;
    }
    notes.push(format!(
        "{tables} auction diagrams, printed as tab-separated lines, written as Markdown tables"
    ));
    (collapse_blank_lines(&out.join("\n")), notes)
}

/// The text of a Markdown document's first `# ` heading: the slides' title.
pub fn first_heading(markdown: &str) -> Option<&str> {
    markdown
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .map(str::trim)
}

fn is_auction_header(line: &str) -> bool {
    let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
    cells.len() >= 2
        && cells
            .iter()
            .zip(["WEST", "NORTH", "EAST", "SOUTH"])
            .all(|(c, d)| *c == d)
}

/// An auction as a Markdown table: one column per seat of the header, rows padded to it,
/// pipes inside a call escaped.
fn auction_table(header: &[&str], rows: &[Vec<&str>]) -> Vec<String> {
    let width = header
        .len()
        .max(rows.iter().map(Vec::len).max().unwrap_or(0));
    let row = |cells: &[&str]| {
        let mut line = String::from("|");
        for c in 0..width {
            match cells.get(c).filter(|s| !s.is_empty()) {
                Some(cell) => line.push_str(&format!(" {} |", cell.replace('|', "\\|"))),
                None => line.push_str(" |"),
            }
        }
        line
    };
    let mut out = vec![String::new(), row(header)];
    out.push(format!("|{}", "---|".repeat(width)));
    for cells in rows {
        out.push(row(cells));
    }
    out.push(String::new());
    out
}

/// At most one blank line in a row, none at the ends.
fn collapse_blank_lines(text: &str) -> String {
    let mut out = String::new();
    let mut blank = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank += 1;
            continue;
        }
        if blank > 0 && !out.is_empty() {
            out.push('\n');
        }
        blank = 0;
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The wiki's "edit" link, extracted at the end of every section heading.
const EDIT_LINK: &str = " עריכה";

/// The gameplay article: its first line is the title; a line ending in the wiki's edit link
/// is a section heading; ` • ` items are a list.
pub fn article(text: &str) -> (String, String, Vec<String>) {
    let mut lines = text.lines().map(str::trim_end);
    let title = lines
        .by_ref()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default()
        .trim()
        .to_string();
    let mut out = Vec::new();
    let mut headings = 0;
    for line in lines {
        let trimmed = line.trim();
        if let Some(heading) = trimmed.strip_suffix(EDIT_LINK) {
            out.push(format!("## {heading}"));
            headings += 1;
        } else if let Some(item) = trimmed.strip_prefix("• ") {
            out.push(format!("- {item}"));
        } else {
            out.push(trimmed.to_string());
        }
    }
    let notes = vec![format!(
        "the wiki's edit link (`עריכה`) after {headings} section headings removed; the headings marked `##`"
    )];
    (title, collapse_blank_lines(&out.join("\n")), notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines as the booklet prints them (001), including a group and a scenario title run
    /// together with the first line of text, and a title the contents spell differently.
    const BOOKLET: &str = "\n\nתרחישים\nנפוצים בניהול\nתחרויות ברידג'\n\nהקדמה\n\nחוברת זו כוללת את התרחישים.\n\nתוכן\n\n3\tהקדמה\n6\tחריגות כלליות\n6\tקלף עודף\n9\tקלף חשוף בתקופת המכרז\n9\tקלף שנחשף או הובל לפני תקופת המשחק\n18\tקלף עונשין שלא שוחק\n\nחריגות כלליות\n\nקלף עודף\n\nקלף שאינו שייך לחלוקה יסולק והמשחק ימשיך כרגיל.\n\nחוק: 13 ג'\n\nקלף חשוף בתקופת המכרז קלף שנחשף או הובל לפני תקופת המשחק הקלף יישאר חשוף.\n\nאם הקלף נחשף בשוגג וזהו אינו קלף נכבד אז אין מגבלות.\nאם זהו קלף נכבד\n\nחוק: 24\n\nקלף עונשין שלא שחק.\n\nאחרת ישחק קלף העונשין\n\nחוק: 52\n";

    #[test]
    fn the_booklet_reads_as_groups_of_scenarios() {
        let b = booklet(BOOKLET, "sources/001.txt").unwrap();
        assert_eq!(b.title, "תרחישים נפוצים בניהול תחרויות ברידג'");
        assert_eq!(b.front, ["הקדמה", "חוברת זו כוללת את התרחישים."]);
        let titles: Vec<(&str, Vec<&str>)> = b
            .groups
            .iter()
            .map(|g| {
                (
                    g.title.as_str(),
                    g.scenarios.iter().map(|s| s.title.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            titles,
            [
                ("חריגות כלליות", vec!["קלף עודף"]),
                (
                    "קלף חשוף בתקופת המכרז",
                    vec!["קלף שנחשף או הובל לפני תקופת המשחק", "קלף עונשין שלא שחק"]
                ),
            ]
        );
        let exposed = &b.groups[1].scenarios[0];
        assert_eq!(exposed.id.as_str(), "td-booklet/2");
        assert_eq!(
            exposed.text.iter().map(|t| t.as_str()).collect::<Vec<_>>(),
            [
                "הקלף יישאר חשוף.",
                "אם הקלף נחשף בשוגג וזהו אינו קלף נכבד אז אין מגבלות.\nאם זהו קלף נכבד"
            ]
        );
        assert_eq!(exposed.laws.as_str(), "חוק: 24");
        assert_eq!(exposed.page, Some(9));
        assert_eq!(b.notes.len(), 3, "{:?}", b.notes);
    }

    #[test]
    fn a_scenario_without_its_laws_is_an_error() {
        let broken = BOOKLET.replace("חוק: 52\n", "");
        assert!(booklet(&broken, "s").unwrap_err().contains("closing line"));
    }

    #[test]
    fn auction_diagrams_become_tables() {
        // 002: an auction with annotations, and one with an empty seat.
        let text = "# כותרת\n\nWEST\tNORTH\tEAST\tSOUTH\n1NT\t3♥\t2♥ = Transfer\t\n\t\t3♠\t\n\nWEST\tNORTH\n1♠\t1♥*\n";
        let (md, _) = slides(text);
        assert_eq!(
            md,
            "# כותרת\n\n| WEST | NORTH | EAST | SOUTH |\n|---|---|---|---|\n| 1NT | 3♥ | 2♥ = Transfer | |\n| | | 3♠ | |\n\n| WEST | NORTH |\n|---|---|\n| 1♠ | 1♥* |\n"
        );
    }

    #[test]
    fn the_article_headings_lose_the_edit_link() {
        let (title, md, _) = article(
            "ברידג'/מהלך המשחק\n\nפתיחה.\n\nשלב ההכרזה עריכה\n\n • להציע חוזה.\n • להכריז \"עבור\" (Pass).\n",
        );
        assert_eq!(title, "ברידג'/מהלך המשחק");
        assert_eq!(
            md,
            "פתיחה.\n\n## שלב ההכרזה\n\n- להציע חוזה.\n- להכריז \"עבור\" (Pass).\n"
        );
    }
}
