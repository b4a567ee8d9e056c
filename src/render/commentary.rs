//! Commentary for people and tools: a booklet (or one of its scenarios) as Markdown, which the
//! terminal and HTML renderers lay out like the Markdown documents, and as JSON with the
//! references of each part resolved.

use schemars::JsonSchema;
use serde::Serialize;

use crate::corpus::commentary::{Commentary, Document, Summary};
use crate::corpus::model::{BookletFile, Scenario};
use crate::text::plural;

/// A booklet as Markdown: its title, its groups and scenarios as headings, each procedure's
/// printed lines kept (as line breaks), and the closing line with the ids it cites.
pub fn booklet_markdown(booklet: &BookletFile, commentary: &Commentary) -> String {
    let mut out = format!("# {}\n\n", booklet.title);
    for group in &booklet.groups {
        out.push_str(&format!("## {}\n\n", group.title));
        for scenario in &group.scenarios {
            // The id opens the scenario on its own: `bridgelaws commentary td-booklet/3`.
            let mut titled = scenario.clone();
            titled.title = format!("{} ({})", scenario.title, scenario.id);
            out.push_str(&scenario_markdown(&titled, commentary, "###"));
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

/// One scenario of a booklet: its procedure and the laws its closing line cites.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ScenarioJson {
    /// `<booklet>/<n>`.
    pub id: String,
    /// Its title, as printed (`קלף עודף`).
    pub title: String,
    /// Its page in the booklet's table of contents.
    pub page: Option<u32>,
    /// The procedure, paragraph by paragraph, lines as printed.
    pub text: Vec<String>,
    /// The closing line as printed (`חוקים: 31 א', 29`).
    pub laws: String,
    /// The ids its closing line and text cite.
    pub cites: Vec<String>,
}

/// A group of a booklet's scenarios.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GroupJson {
    /// The heading, as printed (`חריגות כלליות`).
    pub title: String,
    /// Its page in the booklet's table of contents.
    pub page: Option<u32>,
    /// The scenarios under it, in booklet order.
    pub scenarios: Vec<ScenarioJson>,
}

/// `commentary <ID> --format json`: a booklet, one of its scenarios, or a Markdown document.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum CommentaryJson {
    /// A booklet of scenarios.
    Booklet {
        /// The booklet id (`td-booklet`).
        id: String,
        /// The language code of its text.
        language: String,
        /// Its title, as printed.
        title: String,
        /// The raw text it was imported from.
        source: String,
        /// The pages before the contents, paragraph by paragraph.
        front: Vec<String>,
        /// The scenarios, under the booklet's headings.
        groups: Vec<GroupJson>,
        /// Repairs of the extraction.
        notes: Vec<String>,
    },
    /// One scenario of a booklet.
    Scenario {
        /// The booklet it is in.
        booklet: String,
        /// The language code of its text.
        language: String,
        /// The scenario itself.
        #[serde(flatten)]
        scenario: ScenarioJson,
    },
    /// A Markdown document (slides, an article).
    Document {
        /// The document id (`law-27-slides`).
        id: String,
        /// The language code of its text.
        language: String,
        /// Its title.
        title: String,
        /// The raw text it was imported from.
        source: String,
        /// The node its relative citations are read at.
        context: Option<String>,
        /// The ids it cites.
        cites: Vec<String>,
        /// The document, in Markdown.
        markdown: String,
        /// Repairs of the extraction.
        notes: Vec<String>,
    },
}

fn cited_ids(commentary: &Commentary, part: &str) -> Vec<String> {
    cited(commentary, part)
        .into_iter()
        .map(str::to_string)
        .collect()
}

fn scenario_json(scenario: &Scenario, commentary: &Commentary) -> ScenarioJson {
    ScenarioJson {
        id: scenario.id.to_string(),
        title: scenario.title.clone(),
        page: scenario.page,
        text: scenario.text.iter().map(|t| t.to_string()).collect(),
        laws: scenario.laws.to_string(),
        cites: cited_ids(commentary, scenario.id.as_str()),
    }
}

/// A booklet with its groups and scenarios.
pub fn booklet_json(booklet: &BookletFile, commentary: &Commentary) -> CommentaryJson {
    CommentaryJson::Booklet {
        id: booklet.id.to_string(),
        language: booklet.language.to_string(),
        title: booklet.title.clone(),
        source: booklet.source.clone(),
        front: booklet.front.clone(),
        groups: booklet
            .groups
            .iter()
            .map(|g| GroupJson {
                title: g.title.clone(),
                page: g.page,
                scenarios: g
                    .scenarios
                    .iter()
                    .map(|s| scenario_json(s, commentary))
                    .collect(),
            })
            .collect(),
        notes: booklet.notes.clone(),
    }
}

/// One scenario of `booklet`.
pub fn booklet_scenario_json(
    booklet: &BookletFile,
    scenario: &Scenario,
    commentary: &Commentary,
) -> CommentaryJson {
    CommentaryJson::Scenario {
        booklet: booklet.id.to_string(),
        language: booklet.language.to_string(),
        scenario: scenario_json(scenario, commentary),
    }
}

/// A Markdown document with its front matter.
pub fn document_json(document: &Document, commentary: &Commentary) -> CommentaryJson {
    let meta = &document.meta;
    CommentaryJson::Document {
        id: meta.id.to_string(),
        language: meta.language.to_string(),
        title: meta.title.clone(),
        source: meta.source.clone(),
        context: meta.context.as_ref().map(|c| c.to_string()),
        cites: cited_ids(commentary, meta.id.as_str()),
        markdown: document.body.clone(),
        notes: meta.notes.clone(),
    }
}

/// A document in the list of the commentary.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DocumentSummaryJson {
    /// The document id (`td-booklet`).
    pub id: String,
    /// `booklet` or `document`.
    pub kind: String,
    /// Its title.
    pub title: String,
    /// The language code of its text.
    pub language: String,
    /// Its file, relative to the corpus folder.
    pub file: String,
    /// How many scenarios a booklet holds.
    pub scenarios: Option<usize>,
    /// The ids it cites.
    pub cites: Vec<String>,
}

/// `commentary --format json`: every document.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CommentaryListJson {
    /// The documents, booklets first.
    pub documents: Vec<DocumentSummaryJson>,
}

/// The list of the commentary's documents.
pub fn list_json(commentary: &Commentary, summaries: &[Summary<'_>]) -> CommentaryListJson {
    CommentaryListJson {
        documents: summaries
            .iter()
            .map(|s| DocumentSummaryJson {
                id: s.id.to_string(),
                kind: s.kind.to_string(),
                title: s.title.to_string(),
                language: s.language.to_string(),
                file: s.file.to_string(),
                scenarios: s.scenarios,
                // Everything the document cites, in any of its scenarios.
                cites: commentary
                    .cited(|r| r.document == s.id)
                    .into_iter()
                    .map(str::to_string)
                    .collect(),
            })
            .collect(),
    }
}

/// A part of the commentary rendered: its title and language, its Markdown and its JSON.
pub struct Rendered {
    /// Its title: the booklet's, the scenario's or the document's.
    pub title: String,
    /// The language code of its text.
    pub language: String,
    /// The part in Markdown, for text, Markdown and HTML output.
    pub markdown: String,
    /// The part for `--format json`.
    pub json: CommentaryJson,
}

/// The document or booklet scenario `id`, rendered.
pub fn find(commentary: &Commentary, id: &str) -> Option<Rendered> {
    for booklet in &commentary.booklets {
        let data = &booklet.data;
        if data.id.as_str() == id {
            return Some(Rendered {
                title: data.title.clone(),
                language: data.language.to_string(),
                markdown: booklet_markdown(data, commentary),
                json: booklet_json(data, commentary),
            });
        }
        if let Some(scenario) = data.scenarios().find(|s| s.id.as_str() == id) {
            return Some(Rendered {
                title: scenario.title.clone(),
                language: data.language.to_string(),
                markdown: scenario_markdown(scenario, commentary, "#"),
                json: booklet_scenario_json(data, scenario, commentary),
            });
        }
    }
    let document = commentary
        .documents
        .iter()
        .find(|d| d.meta.id.as_str() == id)?;
    Some(Rendered {
        title: document.meta.title.clone(),
        language: document.meta.language.to_string(),
        markdown: document.body.clone(),
        json: document_json(document, commentary),
    })
}

/// One line per document: its id, kind, scenarios and citations, and title.
pub fn list_text(commentary: &Commentary, summaries: &[Summary<'_>]) -> String {
    let mut text = String::new();
    for s in summaries {
        let citations = commentary
            .refs_of(s.id)
            .filter(|r| r.target.is_ok())
            .count();
        // A booklet says how its scenarios are opened.
        let detail = match s.scenarios {
            Some(n) => format!("{} ({}/1 … {}/{n}), ", plural(n, "scenario"), s.id, s.id),
            None => String::new(),
        };
        text.push_str(&format!(
            "{:<22} {:<8} {}{} · {}\n",
            s.id,
            s.kind,
            detail,
            plural(citations, "citation"),
            s.title
        ));
    }
    text
}
