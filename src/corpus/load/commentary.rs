//! Reading the commentary folder: booklets and Markdown documents with front matter, each id
//! matching its file name and used once across the folder.

use super::{Loader, Seen};
use crate::corpus::Loaded;
use crate::corpus::commentary::{self, Commentary, Document};
use crate::corpus::layout;
use crate::corpus::model::{BookletFile, DocumentMeta, Pos};
use crate::error::{Code, Result};

impl Loader<'_> {
    /// The commentary folder: booklets (`.yaml`) and Markdown documents (`.md`), each id
    /// once.
    pub(super) fn commentary(&mut self) -> Result<Commentary> {
        let mut commentary = Commentary::default();
        let mut seen = Seen::new();
        for name in self.root.list(layout::COMMENTARY)? {
            let file = format!("{}/{name}", layout::COMMENTARY);
            let (id, stem) = if let Some(stem) = name.strip_suffix(".yaml") {
                let Some(data) = self.parse::<BookletFile>(&file)? else {
                    continue;
                };
                self.language(&file, &data.language);
                for scenario in data.scenarios() {
                    self.unique(&file, &scenario.id, &mut seen);
                }
                let id = data.id.clone();
                commentary.booklets.push(Loaded {
                    file: file.clone(),
                    data,
                });
                (id, stem)
            } else if let Some(stem) = name.strip_suffix(".md") {
                let Some(text) = self.text(&file) else {
                    continue;
                };
                let Some((yaml, body, body_line)) = commentary::split_front_matter(&text) else {
                    self.error(
                        Code::FrontMatter,
                        &file,
                        Pos::default(),
                        "the document has no front matter",
                        "begin the file with `---`, the fields id, language, title and source, and `---`",
                    );
                    continue;
                };
                let Some(meta) = self.parse_text::<DocumentMeta>(&file, &yaml) else {
                    continue;
                };
                self.language(&file, &meta.language);
                let id = meta.id.clone();
                commentary.documents.push(Document {
                    file: file.clone(),
                    meta,
                    body: body.to_string(),
                    body_line,
                });
                (id, stem)
            } else {
                continue;
            };
            if id.as_str() != stem {
                self.error(
                    Code::MisplacedId,
                    &file,
                    id.pos,
                    format!("commentary id `{id}` does not match its file name `{name}`"),
                    format!("rename the file or set `id: {stem}`"),
                );
            }
            self.unique(&file, &id, &mut seen);
        }
        Ok(commentary)
    }
}
