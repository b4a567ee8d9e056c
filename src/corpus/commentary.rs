//! Commentary: what directors and teachers wrote around the Laws, kept beside the editions in
//! `commentary/`. A booklet of scenarios is structured YAML (`<id>.yaml`); slides and articles
//! are Markdown with YAML front matter (`<id>.md`). Their citations of the Laws are derived
//! from the text when the corpus loads (`refs::commentary`), like those of the editions.

use super::Loaded;
use super::model::{BookletFile, DocumentMeta};
use super::reference::CommentaryRef;

/// The commentary folder of a corpus.
pub const DIR: &str = "commentary";

/// The commentary of a corpus, read.
#[derive(Debug, Default)]
pub struct Commentary {
    /// The booklets of scenarios (`commentary/<id>.yaml`).
    pub booklets: Vec<Loaded<BookletFile>>,
    /// The Markdown documents (`commentary/<id>.md`).
    pub documents: Vec<Document>,
    /// Every citation of the Laws in the commentary, derived when the corpus loads.
    pub refs: Vec<CommentaryRef>,
}

/// A Markdown document: its front matter and its body as written.
#[derive(Debug)]
pub struct Document {
    /// The file, relative to the corpus folder (`commentary/law-27-slides.md`).
    pub file: String,
    /// Its front matter.
    pub meta: DocumentMeta,
    /// The Markdown after the front matter.
    pub body: String,
    /// The file's line on which the body starts (1-based).
    pub body_line: u32,
}

/// One commentary document of either form, for listing.
pub struct Summary<'c> {
    /// The document id (`td-booklet`).
    pub id: &'c str,
    /// `booklet` or `document`.
    pub kind: &'static str,
    /// Its title.
    pub title: &'c str,
    /// The language code of its text.
    pub language: &'c str,
    /// The file, relative to the corpus folder.
    pub file: &'c str,
    /// How many scenarios a booklet holds.
    pub scenarios: Option<usize>,
}

impl Commentary {
    /// Every document, booklets first, for listing.
    pub fn summaries(&self) -> Vec<Summary<'_>> {
        let booklets = self.booklets.iter().map(|b| Summary {
            id: b.data.id.as_str(),
            kind: "booklet",
            title: &b.data.title,
            language: &b.data.language,
            file: &b.file,
            scenarios: Some(b.data.scenarios().count()),
        });
        let documents = self.documents.iter().map(|d| Summary {
            id: d.meta.id.as_str(),
            kind: "document",
            title: &d.meta.title,
            language: &d.meta.language,
            file: &d.file,
            scenarios: None,
        });
        booklets.chain(documents).collect()
    }

    /// The citations made in the document `id` (or in one of its scenarios).
    pub fn refs_of<'c>(&'c self, id: &'c str) -> impl Iterator<Item = &'c CommentaryRef> {
        self.refs.iter().filter(move |r| r.document == id)
    }

    /// The distinct nodes the citations that `keep` chooses resolve to, in printed order.
    pub fn cited(&self, keep: impl Fn(&CommentaryRef) -> bool) -> Vec<&str> {
        self.cited_by(|r| keep(r).then_some(()))
            .remove(&())
            .unwrap_or_default()
    }

    /// The distinct nodes cited in each group, in printed order, a citation's group given by
    /// `group` (none: left out): one pass over the citations however many groups are asked
    /// for (a booklet's scenarios, a document's sections).
    pub fn cited_by<'c, K: Ord + Clone>(
        &'c self,
        group: impl Fn(&'c CommentaryRef) -> Option<K>,
    ) -> std::collections::BTreeMap<K, Vec<&'c str>> {
        let mut out: std::collections::BTreeMap<K, Vec<&str>> = Default::default();
        let mut seen = std::collections::BTreeSet::new();
        for r in &self.refs {
            if let Ok(target) = &r.target
                && let Some(key) = group(r)
                && seen.insert((key.clone(), target.as_str()))
            {
                out.entry(key).or_default().push(target);
            }
        }
        out
    }
}

/// A Markdown file split into its front matter (YAML, with a comment line standing for the
/// opening `---`, so that the YAML reader's line numbers are the file's) and its body.
pub fn split_front_matter(text: &str) -> Option<(String, &str, u32)> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    let yaml = format!("# front matter\n{}\n", &rest[..end]);
    let body = &rest[end + "\n---\n".len()..];
    let body_line = u32::try_from(text[..text.len() - body.len()].lines().count() + 1).ok()?;
    Some((yaml, body, body_line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_keeps_the_file_s_line_numbers() {
        let text = "---\nid: x\ntitle: t\n---\n\n# Heading\n";
        let (yaml, body, line) = split_front_matter(text).unwrap();
        assert_eq!(yaml.lines().nth(1), Some("id: x"));
        assert_eq!(body, "\n# Heading\n");
        assert_eq!(text.lines().nth(line as usize - 1), Some(""));
        assert!(split_front_matter("# no front matter").is_none());
    }
}
