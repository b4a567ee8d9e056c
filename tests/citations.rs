//! The citations derived from the corpus against a gold standard read by hand, citation by
//! citation, from every law, footnote and definition of both books
//! (`tests/fixtures/citations/<edition>.tsv`: node, field, the phrase exactly as printed, the
//! targets it names). Every gold citation must be found with exactly its targets, and nothing
//! may be found where the gold has no citation.

use std::collections::BTreeMap;
use std::ops::Range;

use bridgelaws::corpus::Edition;
use bridgelaws::corpus::reference::Field;

use crate::editions::edition;
use crate::util::manifest_dir;

struct Gold {
    node: String,
    field: Field,
    phrase: String,
    targets: Vec<String>,
}

fn gold(edition: &str) -> Vec<Gold> {
    let path = manifest_dir().join(format!("tests/fixtures/citations/{edition}.tsv"));
    let text = std::fs::read_to_string(&path).expect("gold file");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let field = match cells[2] {
                "heading" => Field::Heading,
                "text_after" => Field::TextAfter,
                _ => Field::Text,
            };
            Gold {
                node: cells[1].to_string(),
                field,
                phrase: cells[3].to_string(),
                targets: match cells[4] {
                    "-" => Vec::new(),
                    targets => targets.split(' ').map(str::to_string).collect(),
                },
            }
        })
        .collect()
}

fn field_text(edition: &Edition, at: usize, field: Field) -> &str {
    edition.entries[at].field(field).map_or("", |t| t.as_str())
}

/// Compare the edition's derived citations with its gold standard; every difference, listed.
fn compare(edition_id: &str) -> (usize, Vec<String>) {
    let edition = edition(edition_id);
    let mut problems = Vec::new();
    // Where each gold phrase stands: a phrase printed twice in one text is matched in order.
    let mut claimed: BTreeMap<(usize, Field), Vec<Range<usize>>> = BTreeMap::new();
    let rows = gold(edition_id);
    for row in &rows {
        let Some(at) = edition.index_of(&row.node) else {
            problems.push(format!("{}: no such node", row.node));
            continue;
        };
        let text = field_text(edition, at, row.field);
        let taken = claimed.entry((at, row.field)).or_default();
        let start = text
            .match_indices(&row.phrase)
            .map(|(i, _)| i)
            .find(|i| !taken.iter().any(|r| r.start == *i));
        let Some(start) = start else {
            problems.push(format!(
                "{}: phrase `{}` is not in its text",
                row.node, row.phrase
            ));
            continue;
        };
        let range = start..start + row.phrase.len();
        taken.push(range.clone());
        let mut found: Vec<String> = edition.entries[at]
            .refs
            .iter()
            .filter(|r| {
                r.field == row.field && range.start <= r.span.start && r.span.end <= range.end
            })
            .map(|r| {
                r.target
                    .clone()
                    .unwrap_or_else(|e| format!("unresolved ({e})"))
            })
            .collect();
        let mut expected = row.targets.clone();
        found.sort();
        expected.sort();
        if found != expected {
            problems.push(format!(
                "{} `{}`: expected {expected:?}, derived {found:?}",
                row.node, row.phrase
            ));
        }
    }
    // Nothing derived outside the gold phrases.
    for (at, entry) in edition.entries.iter().enumerate() {
        for r in &entry.refs {
            let inside = claimed.get(&(at, r.field)).is_some_and(|ranges| {
                ranges
                    .iter()
                    .any(|g| g.start <= r.span.start && r.span.end <= g.end)
            });
            if !inside {
                let text = field_text(edition, at, r.field);
                problems.push(format!(
                    "{} `{}`: derived {:?} where the gold has no citation",
                    entry.id,
                    &text[r.phrase.clone()],
                    r.target
                ));
            }
        }
    }
    (rows.len(), problems)
}

fn assert_matches_gold(edition: &str) {
    let (rows, problems) = compare(edition);
    assert!(
        rows > 300,
        "{edition}: the gold standard has {rows} citations"
    );
    assert!(
        problems.is_empty(),
        "{edition}: {} of {rows} gold citations differ:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn greek_citations_match_the_gold_standard() {
    assert_matches_gold("el-2017");
}

#[test]
fn hebrew_citations_match_the_gold_standard() {
    assert_matches_gold("he-2017");
}
