//! The corpus: editions of the Laws as trees of nodes with canonical ids, and the national
//! regulations attached to them.
//!
//! On disk, `layout` says where each kind of file lives and which schema it has; `model` holds
//! their formats. `read` reads them; `reference` is the shape of the references that
//! `refs::derive` reads from the texts.
//!
//! In memory each edition is a flat list of entries in document order (`Entry`), each knowing
//! its parent and children, which is what showing, exporting and searching need.

pub mod commentary;
pub mod id;
pub mod layout;
pub mod load;
pub mod locate;
pub mod markers;
pub mod model;
pub mod numbering;
pub mod reference;
pub mod schema;
pub mod source;
pub mod write;

use std::collections::HashMap;

pub use id::Kind;
pub use load::read;
use model::{
    AcknowledgedFile, AmendmentsFile, BookIndexFile, DifferencesFile, EditionFile, GlossaryFile,
    Located, OverridesFile, Pos, RegulationsFile, SituationsFile,
};
pub use source::{Root, is_corpus};

/// One node of an edition, whatever its kind, with its place in the tree.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The canonical id (`27B1(a)`, `def/alert`, `fn/9`, `preface`).
    pub id: String,
    /// What the entry is, as its id says.
    pub kind: Kind,
    /// The number as printed in this edition (`ΝΟΜΟΣ 27`, `Β.`, `(α)`, `ב.`).
    pub number: Option<String>,
    /// The heading as printed.
    pub heading: Option<Located>,
    /// Definitions: the term as printed.
    pub term: Option<String>,
    /// Definitions: the English term, where the book prints one beside its own.
    pub english: Option<String>,
    /// The texts keep where they were read, so that a citation in them can be pointed at.
    pub text: Option<Located>,
    /// Text printed after the children that belongs to this entry, not to its last child.
    pub text_after: Option<Located>,
    /// Written for the project, where the edition's text is not bundled.
    pub summary: Option<model::Rendering>,
    /// Set when this edition lacks the node or definition: the reason.
    pub absent: Option<String>,
    /// Why this edition numbers the node otherwise than the Laws (its id).
    pub renumbered: Option<String>,
    /// The entry it stands in, by its index in the edition's entries; none at the top.
    pub parent: Option<usize>,
    /// The entries within it, by their index, in printed order (footnotes not included).
    pub children: Vec<usize>,
    /// Footnotes hanging on this entry.
    pub footnotes: Vec<usize>,
    /// The citations in its heading and texts, derived when the corpus loads.
    pub refs: Vec<reference::Reference>,
    /// The corpus file it was read from, relative to the corpus folder.
    pub file: String,
    /// Where in that file (its id).
    pub pos: Pos,
}

impl Entry {
    /// One of the entry's texts.
    pub fn field(&self, field: reference::Field) -> Option<&Located> {
        use reference::Field;
        match field {
            Field::Heading => self.heading.as_ref(),
            Field::Text => self.text.as_ref(),
            Field::TextAfter => self.text_after.as_ref(),
            Field::Summary => self.summary.as_ref().map(|s| &s.text),
        }
    }

    /// How the entry is titled as printed: `ΝΟΜΟΣ 27 – ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ`,
    /// `Β. Ανεπαρκής Αγορά Όχι Δεκτή`; its number, heading, term or id, whichever it has.
    pub fn title(&self) -> String {
        match (&self.number, &self.heading) {
            (Some(n), Some(h)) if n.ends_with(['.', ')']) => format!("{n} {h}"),
            (Some(n), Some(h)) => format!("{n} – {h}"),
            (Some(n), None) => n.clone(),
            (None, Some(h)) => h.to_string(),
            (None, None) => self.term.clone().unwrap_or_else(|| self.id.clone()),
        }
    }

    /// An entry with nothing but its id, kind and place.
    pub fn new(id: &model::Located, kind: Kind, file: &str) -> Self {
        Entry {
            id: id.value.clone(),
            kind,
            number: None,
            heading: None,
            term: None,
            english: None,
            text: None,
            text_after: None,
            summary: None,
            absent: None,
            renumbered: None,
            parent: None,
            children: Vec::new(),
            footnotes: Vec::new(),
            refs: Vec::new(),
            file: file.to_string(),
            pos: id.pos,
        }
    }
}

/// What a node shows where its edition does not bundle the text and no summary stands for
/// it (`show`, the web, a search result): said, not left blank.
pub const NOT_BUNDLED: &str = "[text not bundled]";

/// One edition of the Laws, read: what `edition.yaml` says of it and its entries in document
/// order, found by id.
#[derive(Debug)]
pub struct Edition {
    /// Its `edition.yaml`.
    pub meta: EditionFile,
    /// The definitions section's heading as printed.
    pub definitions_heading: Option<String>,
    /// Document order: front matter, definitions, then the laws depth first, each node
    /// followed by its footnotes.
    pub entries: Vec<Entry>,
    /// The book's alphabetical index, where the edition has one.
    pub book_index: Option<BookIndex>,
    /// The references and "see" terms of the book index, resolved when the corpus loads.
    pub index_refs: Vec<reference::IndexReference>,
    /// What the book index's "see" and "see also" terms lead to.
    pub index_see: Vec<reference::IndexSee>,
    by_id: HashMap<String, usize>,
}

/// A corpus file's contents with the file they were read from, relative to the corpus folder.
#[derive(Debug)]
pub struct Loaded<T> {
    /// The file, relative to the corpus folder (`regulations/il.yaml`).
    pub file: String,
    /// What it holds.
    pub data: T,
}

/// An edition's alphabetical index.
pub type BookIndex = Loaded<BookIndexFile>;
/// A country's regulations.
pub type Regulations = Loaded<RegulationsFile>;

impl Edition {
    fn new(meta: EditionFile, definitions_heading: Option<String>, entries: Vec<Entry>) -> Self {
        let by_id = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id.clone(), i))
            .collect();
        Edition {
            meta,
            definitions_heading,
            entries,
            book_index: None,
            index_refs: Vec::new(),
            index_see: Vec::new(),
            by_id,
        }
    }

    /// The edition id (`he-2017`).
    pub fn id(&self) -> &str {
        self.meta.id.as_str()
    }

    /// The language code of its text (`he`).
    pub fn language(&self) -> &str {
        &self.meta.language
    }

    /// Whether the edition holds its law text (the English one does not: copyright). Where
    /// it does not, and no summary stands for a node, the node shows `NOT_BUNDLED`.
    pub fn text_bundled(&self) -> bool {
        self.meta.text.is_none()
    }

    /// The entry with the canonical id `id`.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.by_id.get(id).map(|&i| &self.entries[i])
    }

    /// Where the entry with the id `id` stands in `entries`.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// The entry and its ancestors, from the law (or top-level entry) down.
    pub fn lineage(&self, index: usize) -> Vec<&Entry> {
        let mut chain: Vec<&Entry> =
            std::iter::successors(Some(index), |&i| self.entries[i].parent)
                .map(|i| &self.entries[i])
                .collect();
        chain.reverse();
        chain
    }

    /// What a node is called in this edition: the titles from its law down to it
    /// (`ΝΟΜΟΣ 40 – ΣΥΜΦΩΝΙΕΣ ΣΥΜΠΑΙΚΤΩΝ`, `Β. Ειδικές Συμφωνίες Συμπαικτών`), or for a
    /// definition the definitions' heading and its term. Empty when the edition lacks the node.
    pub fn heading_titles(&self, id: &str) -> Vec<String> {
        let Some(index) = self.index_of(id) else {
            return Vec::new();
        };
        let entry = &self.entries[index];
        if entry.kind == Kind::Definition {
            [self.definitions_heading.clone(), entry.term.clone()]
                .into_iter()
                .flatten()
                .collect()
        } else {
            self.lineage(index)
                .into_iter()
                .filter(|e| e.heading.is_some())
                .map(Entry::title)
                .collect()
        }
    }

    /// The titles of `heading_titles` on one line, joined by ` › `.
    pub fn heading_path(&self, id: &str) -> String {
        self.heading_titles(id).join(" › ")
    }

    /// Number of entries of each kind.
    pub fn counts(&self) -> Vec<(Kind, usize)> {
        let mut counts: Vec<(Kind, usize)> = Vec::new();
        for entry in &self.entries {
            match counts.iter_mut().find(|(k, _)| *k == entry.kind) {
                Some((_, n)) => *n += 1,
                None => counts.push((entry.kind, 1)),
            }
        }
        counts.sort();
        counts
    }
}

/// The whole corpus, read and validated: the editions, the regulations and everything that
/// stands beside them.
#[derive(Debug)]
pub struct Corpus {
    /// Where it was read from.
    pub root: Root,
    /// The editions, in the order of their folders' names.
    pub editions: Vec<Edition>,
    /// The national regulations, one file per country.
    pub regulations: Vec<Regulations>,
    /// Citations no grammar can read (`references/overrides.yaml`).
    pub overrides: Option<Loaded<OverridesFile>>,
    /// Confirmed differences between the editions' citations (`references/acknowledged.yaml`).
    pub acknowledged: Option<Loaded<AcknowledgedFile>>,
    /// Confirmed differences between the editions that `qa` finds
    /// (`references/differences.yaml`).
    pub differences: Option<Loaded<DifferencesFile>>,
    /// The dated changes to each work (`amendments/<work>.yaml`).
    pub amendments: Vec<Loaded<AmendmentsFile>>,
    /// The concepts of the Laws in every language (`glossary.yaml`).
    pub glossary: Option<Loaded<GlossaryFile>>,
    /// Everyday descriptions of what each law covers (`situations.yaml`).
    pub situations: Option<Loaded<SituationsFile>>,
    /// What directors and teachers wrote around the Laws (`commentary/`).
    pub commentary: commentary::Commentary,
    /// The files the loader could not take in whole, each with its diagnostic: unreadable, not
    /// parsed (left out), holding a malformed id, or in no language of the corpus (not read
    /// for citations). What is missing from the corpus because of them is no problem of its
    /// own.
    pub incomplete: Vec<String>,
}

impl Corpus {
    /// The editions whose text is bundled: what `compare` and `qa` work on when no edition
    /// is named.
    pub fn bundled_editions(&self) -> Vec<&Edition> {
        self.editions.iter().filter(|e| e.text_bundled()).collect()
    }

    /// Whether some edition has the node `id`.
    pub fn holds(&self, id: &str) -> bool {
        self.editions.iter().any(|e| e.index_of(id).is_some())
    }

    /// `; did you mean def/dummy?` for a definition's id typed a letter or two wrong
    /// (`def/dumy`), the nearest some edition has; nothing for any other id, whose letters are
    /// the book's numbering, not words.
    pub fn did_you_mean(&self, id: &str) -> String {
        let Some(typed) = id.strip_prefix("def/") else {
            return String::new();
        };
        let nearest = (self.editions.iter())
            .flat_map(|e| &e.entries)
            .filter_map(|entry| entry.id.strip_prefix("def/"))
            .map(|known| (strsim::levenshtein(typed, known), known))
            .filter(|(distance, _)| *distance <= 2)
            .min();
        nearest.map_or_else(String::new, |(_, known)| {
            format!("; did you mean def/{known}?")
        })
    }

    /// The edition with the id `id` (`el-2017`).
    pub fn edition(&self, id: &str) -> Option<&Edition> {
        self.editions.iter().find(|e| e.id() == id)
    }

    /// The English edition, which most users share: it names the nodes where none is asked
    /// for.
    pub fn english(&self) -> Option<&Edition> {
        self.edition_in("en")
    }

    /// The first edition in `language`.
    pub fn edition_in(&self, language: &str) -> Option<&Edition> {
        self.editions.iter().find(|e| e.language() == language)
    }

    /// The regulations of the country with the code `code` (`il`).
    pub fn country(&self, code: &str) -> Option<&Regulations> {
        self.regulations
            .iter()
            .find(|r| r.data.country.as_str() == code)
    }

    /// The definition whose term is `term` in any edition, as printed or in English, case and
    /// accents aside (`dummy`, `Μορ`, `דומם`): its id.
    pub fn definition_named(&self, term: &str) -> Option<&str> {
        let wanted = crate::text::fold(term.trim());
        if wanted.is_empty() {
            return None;
        }
        self.editions
            .iter()
            .flat_map(|e| &e.entries)
            .find_map(|entry| {
                let named = [&entry.term, &entry.english]
                    .into_iter()
                    .flatten()
                    .any(|t| crate::text::fold(t) == wanted);
                (entry.kind == Kind::Definition && named).then_some(entry.id.as_str())
            })
    }

    /// The edition whose tree a country's regulations hang on: the edition they are printed
    /// in, or else one in their language, or else the first (every edition has the same ids).
    pub fn edition_of(&self, country: &Regulations) -> Option<&Edition> {
        let data = &country.data;
        self.edition(&data.source)
            .or_else(|| self.edition_in(&data.language))
            .or_else(|| self.editions.first())
    }
}
