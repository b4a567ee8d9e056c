//! The corpus layout: every kind of file a corpus folder holds, where it lives and which JSON
//! Schema describes it. This table is the one description of the layout: the loader, the
//! writers, `bridgelaws schema`, the search index's fingerprint, the build script that embeds
//! the corpus in the binary, and the tests all read it from here.
//!
//! It uses nothing but `std`, so that `build.rs` can include it as it is.

/// The JSON Schema of a kind of corpus file (in `schema/`, derived from the types of `model`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Schema {
    /// `edition.yaml`: what the edition is, how it was imported.
    Edition,
    /// A law file, the preface or the introduction: one node and its subtree.
    Node,
    /// `definitions.yaml`.
    Definitions,
    /// `book-index.yaml`.
    BookIndex,
    /// `regulations/<country>.yaml`.
    Regulations,
    /// `references/overrides.yaml`.
    Overrides,
    /// `references/acknowledged.yaml`.
    Acknowledged,
    /// `references/differences.yaml`.
    Differences,
    /// `amendments/<work>.yaml`.
    Amendments,
    /// `glossary.yaml`.
    Glossary,
    /// `situations.yaml`.
    Situations,
    /// A booklet of scenarios in `commentary/`.
    Booklet,
    /// The front matter of a Markdown document in `commentary/`.
    Document,
}

impl Schema {
    /// The schema's file name in `schema/`.
    pub const fn file_name(self) -> &'static str {
        match self {
            Schema::Edition => "edition.schema.json",
            Schema::Node => "node.schema.json",
            Schema::Definitions => "definitions.schema.json",
            Schema::BookIndex => "book-index.schema.json",
            Schema::Regulations => "regulations.schema.json",
            Schema::Overrides => "overrides.schema.json",
            Schema::Acknowledged => "acknowledged.schema.json",
            Schema::Differences => "differences.schema.json",
            Schema::Amendments => "amendments.schema.json",
            Schema::Glossary => "glossary.schema.json",
            Schema::Situations => "situations.schema.json",
            Schema::Booklet => "booklet.schema.json",
            Schema::Document => "document.schema.json",
        }
    }
}

/// One kind of file in a corpus folder.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    /// The path relative to the corpus folder; `*` stands for any part of one name.
    pub path: &'static str,
    /// The schema the file must match.
    pub schema: Option<Schema>,
    /// Whether the binary embeds it (its built-in corpus).
    pub bundled: bool,
    /// Whether the search index is built from it (a change rebuilds the index).
    pub indexed: bool,
    /// Whether every corpus has it (for a `*` path, every file the layout can name: each
    /// schema). Without an optional file the corpus has none of what it holds, and where other
    /// files need it, their checks say so (a citation an override would read is unresolved).
    pub required: bool,
    /// What it holds.
    pub holds: &'static str,
}

const fn data(path: &'static str, schema: Schema, holds: &'static str) -> Place {
    Place {
        path,
        schema: Some(schema),
        bundled: true,
        indexed: true,
        required: false,
        holds,
    }
}

/// A data file every corpus has.
const fn needed(path: &'static str, schema: Schema, holds: &'static str) -> Place {
    Place {
        required: true,
        ..data(path, schema, holds)
    }
}

/// Every kind of file a corpus holds, in the order a reader meets them.
pub const PLACES: &[Place] = &[
    needed(
        "editions/*/edition.yaml",
        Schema::Edition,
        "what the edition is, how it was imported, its hand fixes",
    ),
    data(
        "editions/*/preface.yaml",
        Schema::Node,
        "the preface, one node",
    ),
    data(
        "editions/*/introduction.yaml",
        Schema::Node,
        "the introduction, one node",
    ),
    data(
        "editions/*/definitions.yaml",
        Schema::Definitions,
        "the definitions, one entry per term",
    ),
    data(
        "editions/*/laws/*.yaml",
        Schema::Node,
        "one law per file (`01.yaml` … `93.yaml`), down to sub-items and footnotes",
    ),
    data(
        "editions/*/book-index.yaml",
        Schema::BookIndex,
        "the book's alphabetical index, references as printed",
    ),
    data(
        "regulations/*.yaml",
        Schema::Regulations,
        "a country's national regulations, attached to law nodes",
    ),
    data(
        OVERRIDES,
        Schema::Overrides,
        "citations no grammar can read",
    ),
    data(
        ACKNOWLEDGED,
        Schema::Acknowledged,
        "confirmed differences between the editions' citations",
    ),
    // What `qa` and the amendments say changes nothing the search index holds.
    Place {
        path: DIFFERENCES,
        schema: Some(Schema::Differences),
        bundled: true,
        indexed: false,
        required: false,
        holds: "confirmed differences between the editions that `qa` finds (numbers, footnote markers, script, length …)",
    },
    Place {
        path: "amendments/*.yaml",
        schema: Some(Schema::Amendments),
        bundled: true,
        indexed: false,
        required: false,
        holds: "the dated changes to a work (amendments, errata) and whether each edition has them",
    },
    needed(
        GLOSSARY,
        Schema::Glossary,
        "the concepts of the Laws in every language, with their nodes",
    ),
    needed(
        SITUATIONS,
        Schema::Situations,
        "what each law covers, in everyday words of every language",
    ),
    data(
        "commentary/*.yaml",
        Schema::Booklet,
        "a booklet of scenarios written around the Laws",
    ),
    data(
        "commentary/*.md",
        Schema::Document,
        "a Markdown document (slides, an article) with YAML front matter",
    ),
    Place {
        path: "schema/*.schema.json",
        schema: None,
        bundled: true,
        indexed: false,
        required: true,
        holds: "the JSON Schemas of the corpus files and of the JSON output",
    },
    Place {
        path: "schema/output/*.schema.json",
        schema: None,
        bundled: true,
        indexed: false,
        required: false,
        holds: "the JSON Schemas of the commands' `--format json` output",
    },
    Place {
        path: "README.md",
        schema: None,
        bundled: false,
        indexed: false,
        required: false,
        holds: "what the corpus holds, for people",
    },
    Place {
        path: "sources/*",
        schema: None,
        bundled: false,
        indexed: false,
        required: false,
        holds: "the raw texts the editions and the commentary were imported from",
    },
];

/// The folder of the editions, one folder each.
pub const EDITIONS: &str = "editions";
/// The folder of the national regulations, one file per country.
pub const REGULATIONS: &str = "regulations";
/// Citations no grammar can read.
pub const OVERRIDES: &str = "references/overrides.yaml";
/// Confirmed differences between the editions' citations.
pub const ACKNOWLEDGED: &str = "references/acknowledged.yaml";
/// Confirmed differences between the editions that `qa` finds, besides citations.
pub const DIFFERENCES: &str = "references/differences.yaml";
/// The folder of the changes to the works, one file per work.
pub const AMENDMENTS: &str = "amendments";
/// The concepts of the Laws in every language.
pub const GLOSSARY: &str = "glossary.yaml";
/// Everyday descriptions of what each law covers.
pub const SITUATIONS: &str = "situations.yaml";
/// The commentary: booklets and Markdown documents.
pub const COMMENTARY: &str = "commentary";
/// The JSON Schemas.
pub const SCHEMAS: &str = "schema";
/// The JSON Schemas of the output, inside `SCHEMAS`.
pub const OUTPUT_SCHEMAS: &str = "schema/output";
/// The raw source texts.
pub const SOURCES: &str = "sources";

/// The folder of an edition.
pub fn edition_dir(edition: &str) -> String {
    format!("{EDITIONS}/{edition}")
}

/// A file of an edition's folder (`edition.yaml`, `laws/27.yaml`).
pub fn edition_file(edition: &str, name: &str) -> String {
    format!("{EDITIONS}/{edition}/{name}")
}

/// The file of a law in an edition.
pub fn law_file(edition: &str, law: u8) -> String {
    edition_file(edition, &format!("laws/{law:02}.yaml"))
}

/// The file of the changes to a work.
pub fn amendments_file(work: &str) -> String {
    format!("{AMENDMENTS}/{work}.yaml")
}

/// The file of a country's regulations.
pub fn regulations_file(country: &str) -> String {
    format!("{REGULATIONS}/{country}.yaml")
}

/// The place a file belongs to, by its path relative to the corpus folder.
pub fn place_of(relative: &str) -> Option<&'static Place> {
    PLACES.iter().find(|p| matches(p.path, relative))
}

/// The names the files of the folder `relative` lies in may have (`editions/he-2017/notes.txt`:
/// `edition.yaml`, `preface.yaml` …), as the layout writes them; none for a folder the corpus
/// does not have.
pub fn names_beside(relative: &str) -> Vec<&'static str> {
    let folder = relative.rsplit_once('/').map_or("", |(folder, _)| folder);
    PLACES
        .iter()
        .filter_map(|p| {
            let (place_folder, name) = p.path.rsplit_once('/').unwrap_or(("", p.path));
            let beside = if place_folder.is_empty() {
                folder.is_empty()
            } else {
                !folder.is_empty() && matches(place_folder, folder)
            };
            beside.then_some(name)
        })
        .collect()
}

/// The schema a file must match, by its path relative to the corpus folder.
pub fn schema_of(relative: &str) -> Option<Schema> {
    place_of(relative).and_then(|p| p.schema)
}

/// How a file names its schema from where it stands (`../../schema/node.schema.json`).
pub fn schema_link(relative: &str, schema: Schema) -> String {
    let depth = relative.matches('/').count();
    format!("{}{SCHEMAS}/{}", "../".repeat(depth), schema.file_name())
}

/// Every schema some file of the corpus has, once each, in the order of `PLACES`.
pub fn schemas() -> Vec<Schema> {
    let mut found: Vec<Schema> = Vec::new();
    for schema in PLACES.iter().filter_map(|p| p.schema) {
        if !found.contains(&schema) {
            found.push(schema);
        }
    }
    found
}

/// The top-level files and folders of the places `keep` chooses (`editions`,
/// `glossary.yaml`), once each.
pub fn top_level(keep: impl Fn(&Place) -> bool) -> Vec<&'static str> {
    let mut found: Vec<&'static str> = Vec::new();
    for place in PLACES.iter().filter(|p| keep(p)) {
        let top = place.path.split('/').next().unwrap_or(place.path);
        if !found.contains(&top) {
            found.push(top);
        }
    }
    found
}

/// Whether the file at `relative` is one the binary embeds.
pub fn is_bundled(relative: &str) -> bool {
    place_of(relative).is_some_and(|p| p.bundled)
}

/// Whether `path` (relative, with `/`) matches `pattern`: the same number of names, each equal
/// or matching a name with one `*`.
fn matches(pattern: &str, path: &str) -> bool {
    let mut names = path.split('/');
    for wanted in pattern.split('/') {
        let Some(name) = names.next() else {
            return false;
        };
        let fits = match wanted.split_once('*') {
            // The `*` stands for one character at least.
            Some((start, end)) => {
                name.len() > start.len() + end.len()
                    && name.starts_with(start)
                    && name.ends_with(end)
            }
            None => name == wanted,
        };
        if !fits {
            return false;
        }
    }
    names.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stray_file_is_told_the_names_beside_it() {
        assert_eq!(
            names_beside("editions/he-2017/notes.txt"),
            [
                "edition.yaml",
                "preface.yaml",
                "introduction.yaml",
                "definitions.yaml",
                "book-index.yaml"
            ]
        );
        assert_eq!(names_beside("regulations/il.yml"), ["*.yaml"]);
        assert_eq!(
            names_beside("notes.md"),
            ["glossary.yaml", "situations.yaml", "README.md"]
        );
        assert!(names_beside("commentary/old/a.md").is_empty());
    }

    #[test]
    fn files_find_their_place_and_schema() {
        assert_eq!(
            schema_of("editions/el-2017/laws/27.yaml"),
            Some(Schema::Node)
        );
        assert_eq!(
            schema_of("editions/he-2017/edition.yaml"),
            Some(Schema::Edition)
        );
        assert_eq!(schema_of("regulations/il.yaml"), Some(Schema::Regulations));
        assert_eq!(
            schema_of("commentary/td-booklet.yaml"),
            Some(Schema::Booklet)
        );
        assert_eq!(schema_of("commentary/slides.md"), Some(Schema::Document));
        assert_eq!(schema_of(OVERRIDES), Some(Schema::Overrides));
        // Not a corpus file: one folder too deep, or not where any file lives.
        assert_eq!(schema_of("editions/el-2017/laws/old/27.yaml"), None);
        assert_eq!(schema_of("editions/el-2017/notes.txt"), None);
        assert_eq!(schema_of("regulations/.yaml"), None);
        assert!(is_bundled("schema/node.schema.json"));
        assert!(!is_bundled("sources/000_f7c3e52a7b6ecf2c.txt"));
    }

    #[test]
    fn a_file_links_its_schema_from_where_it_stands() {
        assert_eq!(
            schema_link("editions/el-2017/laws/27.yaml", Schema::Node),
            "../../../schema/node.schema.json"
        );
        assert_eq!(
            schema_link("glossary.yaml", Schema::Glossary),
            "schema/glossary.schema.json"
        );
    }

    #[test]
    fn the_parts_bundled_and_indexed() {
        assert_eq!(
            top_level(|p| p.indexed),
            [
                "editions",
                "regulations",
                "references",
                "glossary.yaml",
                "situations.yaml",
                "commentary"
            ]
        );
        assert!(top_level(|p| p.bundled).contains(&"schema"));
        assert!(!top_level(|p| p.bundled).contains(&"sources"));
        assert_eq!(schemas().len(), 13);
        assert_eq!(
            schema_of("amendments/wbf-ldb-2017.yaml"),
            Some(Schema::Amendments)
        );
        assert!(top_level(|p| p.bundled).contains(&"amendments"));
    }

    #[test]
    fn what_every_corpus_has() {
        let required: Vec<&str> = PLACES
            .iter()
            .filter(|p| p.required)
            .map(|p| p.path)
            .collect();
        assert_eq!(
            required,
            [
                "editions/*/edition.yaml",
                GLOSSARY,
                SITUATIONS,
                "schema/*.schema.json"
            ]
        );
    }
}
