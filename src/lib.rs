//! bridgelaws: the Laws of Duplicate Bridge as a structured, checked, searchable corpus.
//!
//! The modules read as the architecture, and depend one way, from the bottom up:
//!
//! - `error` and `text` (scripts, folding, Hebrew prefixes) at the bottom;
//! - `corpus`: the model, its layout on disk, reading and validating the files;
//! - `refs`: the citations, derived from the texts (`load` derives them after reading);
//! - `glossary`, `regs`, `align` and `amendments`: the concepts of the Laws, national
//!   regulations compared, the editions aligned node by node, and the changes to a work since
//!   its first release;
//! - `check` (the corpus verified as a whole), `qa` (the editions compared for translators:
//!   every place where aligned nodes disagree), `search` (the index, the analyzers, ranking),
//!   `import` (printed editions into the corpus);
//! - `render`: text, JSON, Markdown, CSV and HTML output, for the command line in the binary;
//! - `serve`: the web interface, pages and a JSON API over all of the above.

#![warn(missing_docs)]

pub mod align;
pub mod amendments;
pub mod check;
pub mod corpus;
pub mod error;
pub mod glossary;
pub mod import;
pub mod qa;
pub mod refs;
pub mod regs;
pub mod render;
pub mod search;
pub mod serve;
pub mod text;

use corpus::{Corpus, Root};
use error::{Diagnostic, Error, Result};

/// Load and validate the corpus at `root`, with the references derived from its texts. Fails
/// with every diagnostic found, not just the first.
pub fn load(root: Root) -> Result<Corpus> {
    let (corpus, diagnostics) = load_all(root)?;
    if diagnostics.is_empty() {
        Ok(corpus)
    } else {
        Err(Error::Corpus(diagnostics))
    }
}

/// Load what can be loaded, with every problem found, and derive the references: a checker
/// goes on from here and reports all it finds. Fails only when the corpus cannot be read.
pub fn load_all(root: Root) -> Result<(Corpus, Vec<Diagnostic>)> {
    let (mut corpus, diagnostics) = corpus::read(root)?;
    refs::derive(&mut corpus);
    Ok((corpus, diagnostics))
}
