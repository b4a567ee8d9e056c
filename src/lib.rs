//! bridgelaws: the Laws of Duplicate Bridge as a structured, checked, searchable corpus.
//!
//! The modules read as the architecture: `corpus` (the model, loading and validation),
//! `import` (printed editions into the corpus), `refs` (citations, derived from the texts),
//! `check` (the corpus verified as a whole), `regs` (national regulations compared node by
//! node), `glossary` (the concepts of the Laws in every language), `search` (the index, the
//! analyzers per language, ranking), `spelling` (near spellings), `render` (text, JSON,
//! table, Markdown and HTML output) and `cli` (one file per subcommand). The commentary lives
//! beside the editions: its model in `corpus::commentary`, its citations in
//! `refs::commentary`, its import in `import::commentary`.

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
pub mod spelling;
