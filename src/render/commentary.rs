//! Commentary for people and tools: a booklet (or one of its scenarios) as Markdown, which the
//! terminal and HTML renderers lay out like the Markdown documents, and as JSON with the
//! references of each part resolved.

use serde_json::{Value, json};

use crate::corpus::commentary::{Commentary, Document};
use crate::corpus::model::{BookletFile, Scenario};

/// A booklet as Markdown: its title, its groups and scenarios as headings, each procedure's
/// printed lines kept (as line breaks), and the closing line with the ids it cites.
pub fn booklet_markdown(booklet: &BookletFile, commentary: &Commentary) -> String {
    let mut out = format!("# {}\n\n", booklet.title);
    for group in &booklet.groups {
        out.push_str(&format!("## {}\n\n", group.title));
        for scenario in &group.scenarios {
            out.push_str(&scenario_markdown(scenario, commentary, "###"));
        }
    }
    out
}

/// One scenario under a heading of the given level.
pub fn scenario_markdown(scenario: &Scenario, commentary: &Commentary, level: &str) -> String {
    let mut out = format!("{level} {}\n\n", scenario.title);
    for paragraph in &scenario.text {
        // A printed line break stays one: two trailing spaces in Markdown.
        out.push_str(&paragraph.as_str().replace('\n', "  \n"));
        out.push_str("\n\n");
    }
    let cited = cited(commentary, scenario.id.as_str());
    out.push_str(&format!("**{}**", scenario.laws.as_str()));
    if !cited.is_empty() {
        out.push_str(&format!(" → {}", cited.join(", ")));
    }
    out.push_str("\n\n");
    out
}

/// The distinct ids a part of the commentary (a scenario, a document) cites.
pub fn cited<'c>(commentary: &'c Commentary, part: &str) -> Vec<&'c str> {
    commentary.cited(|r| r.part == part)
}

pub fn booklet_json(booklet: &BookletFile, commentary: &Commentary) -> Value {
    let groups: Vec<Value> = booklet
        .groups
        .iter()
        .map(|g| {
            let scenarios: Vec<Value> = g
                .scenarios
                .iter()
                .map(|s| scenario_json(s, commentary))
                .collect();
            json!({"title": g.title, "page": g.page, "scenarios": scenarios})
        })
        .collect();
    json!({
        "id": booklet.id.as_str(),
        "kind": "booklet",
        "language": booklet.language,
        "title": booklet.title,
        "source": booklet.source,
        "front": booklet.front,
        "groups": groups,
        "notes": booklet.notes,
    })
}

pub fn scenario_json(scenario: &Scenario, commentary: &Commentary) -> Value {
    json!({
        "id": scenario.id.as_str(),
        "title": scenario.title,
        "page": scenario.page,
        "text": scenario.text.iter().map(|t| t.as_str()).collect::<Vec<_>>(),
        "laws": scenario.laws.as_str(),
        "cites": cited(commentary, scenario.id.as_str()),
    })
}

pub fn document_json(document: &Document, commentary: &Commentary) -> Value {
    let meta = &document.meta;
    json!({
        "id": meta.id.as_str(),
        "kind": "document",
        "language": meta.language,
        "title": meta.title,
        "source": meta.source,
        "context": meta.context.as_ref().map(|c| c.as_str()),
        "cites": cited(commentary, meta.id.as_str()),
        "markdown": document.body,
        "notes": meta.notes,
    })
}
