//! bridgelaws: the Laws of Duplicate Bridge as a structured, checked, searchable corpus.
//!
//! The modules read as the architecture: `corpus` (the model, loading and validation),
//! `import` (printed editions into the corpus), `refs` (citations, derived from the texts),
//! `check` (the corpus verified as a whole), `regs` (national regulations compared node by
//! node), `glossary` (the concepts of the Laws in every language), `search` (the index, the
//! analyzers per language, ranking), `render` (text, JSON and table output) and `cli` (one file per subcommand).

pub mod check;
pub mod cli;
pub mod corpus;
pub mod error;
pub mod glossary;
pub mod import;
pub mod refs;
pub mod regs;
pub mod render;
pub mod search;
