//! bridgelaws: the Laws of Duplicate Bridge as a structured, checked, searchable corpus.
//!
//! The modules read as the architecture: `corpus` (the model, loading and validation),
//! `import` (printed editions into the corpus), `refs` (citations, derived from the texts),
//! `check` (the corpus verified as a whole), `render` (text and JSON output) and `cli` (one
//! file per subcommand).

pub mod check;
pub mod cli;
pub mod corpus;
pub mod error;
pub mod import;
pub mod refs;
pub mod render;
