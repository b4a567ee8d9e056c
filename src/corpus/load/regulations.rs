//! A country's regulations checked: the file named by its country, each regulation id well
//! formed and used once, and each attached to a law or definition that some edition has.

use super::{Loader, Seen};
use crate::corpus::id::{Kind, LawPath, kind_of};
use crate::corpus::model::RegulationsFile;
use crate::corpus::{Edition, layout};
use crate::error::Code;

impl Loader<'_> {
    pub(super) fn check_regulations(
        &mut self,
        file: &str,
        country: &str,
        data: &RegulationsFile,
        editions: &[Edition],
    ) {
        if data.country.as_str() != country {
            self.error(
                Code::MisplacedId,
                file,
                data.country.pos,
                format!(
                    "country `{}` does not match the file name `{country}.yaml`",
                    data.country
                ),
                format!("set `country: {country}` or rename the file"),
            );
        }
        let source = data.source.as_str();
        let printed_in = editions.iter().any(|e| e.meta.id.as_str() == source)
            || (source.starts_with("sources/") && self.root.exists(source));
        // (With an edition left out, it may be the one named.)
        if !printed_in && self.incomplete.is_empty() {
            let editions: Vec<&str> = editions.iter().map(|e| e.meta.id.as_str()).collect();
            let named = format!(
                "name the edition the regulations are printed in ({}), or the raw text they were taken from (`sources/<file>`)",
                editions.join(", ")
            );
            let (message, hint) = if source.starts_with("sources/") {
                (
                    format!("`{source}` is no file of the corpus"),
                    format!("add the raw text there, or {named}"),
                )
            } else {
                let folder = layout::edition_file(source, "");
                (
                    format!("`{source}` is no edition of the corpus: there is no {folder}"),
                    format!("{named}; restore {folder} if it was lost"),
                )
            };
            self.error(Code::CorpusFile, file, data.source.pos, message, hint);
            // Whatever else names the edition would say the same again.
            self.not_whole(file);
        }
        let mut seen = Seen::new();
        for regulation in &data.regulations {
            let id = &regulation.id;
            let well_formed = kind_of(id.as_str()) == Some(Kind::Regulation)
                && id.as_str().split('/').nth(1) == Some(country);
            if !well_formed {
                self.error(
                    Code::MalformedId,
                    file,
                    id.pos,
                    format!("`{id}` is not written as a regulation id of `{country}`"),
                    format!("regulation ids are `reg/{country}/<n>`"),
                );
            }
            self.unique(file, id, &mut seen);
            let rendering = regulation.english.as_ref().map(|e| &e.text);
            for (text, what, hint) in [
                (
                    Some(&regulation.text),
                    "text",
                    "write the regulation as the federation prints it",
                ),
                (
                    rendering,
                    "English rendering",
                    "write a faithful rendering of the text in `english: text:`",
                ),
            ] {
                self.not_empty(file, id, what, text, hint);
            }
            if let Some(text) = rendering.filter(|t| other_script(t)) {
                self.error(
                    Code::CorpusFile,
                    file,
                    text.pos,
                    format!(
                        "the English rendering of `{id}` is not written in English: most of its letters are not Latin"
                    ),
                    "the federation's text goes in `text:`, its English in `english: text:`",
                );
            }
            let target = &regulation.attached_to;
            let attachable = LawPath::parse(target.as_str()).is_some()
                || kind_of(target.as_str()) == Some(Kind::Definition);
            if !attachable {
                // Written another way (`40b1b`), it says how the id is written.
                let message = match crate::refs::reading(target.as_str()) {
                    crate::refs::Reading::Id(id) => {
                        format!("`{target}` is not a canonical id: write it `{id}`")
                    }
                    _ => format!("`{target}` is not a canonical law or definition id"),
                };
                self.error(
                    Code::RegulationAttachment,
                    file,
                    target.pos,
                    message,
                    "attach a regulation to the most specific node it qualifies, e.g. `40B2(a)(v)` or `def/alert`",
                );
            } else if self.incomplete.is_empty()
                && !editions.iter().any(|e| e.get(target.as_str()).is_some())
            {
                // (With an edition left out, the node may well be in it.)
                self.error(
                    Code::RegulationAttachment,
                    file,
                    target.pos,
                    format!("`{target}` is not a node of any edition"),
                    "attach the regulation to a node that exists",
                );
            }
        }
    }
}

/// Whether a text meant to be English is written in another script: more of its letters
/// outside the Latin alphabets than in them (a rendering quotes a Hebrew word, not a sentence).
fn other_script(text: &str) -> bool {
    let (latin, other) =
        text.chars()
            .filter(|c| c.is_alphabetic())
            .fold((0, 0), |(latin, other), c| {
                // Basic Latin to Latin Extended-B.
                if u32::from(c) < 0x250 {
                    (latin + 1, other)
                } else {
                    (latin, other + 1)
                }
            });
    other > latin
}
