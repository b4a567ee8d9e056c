//! All integration tests build into this one binary (as in ripgrep): one module per area.

mod util;

mod book_index;
mod cli;
mod corpus_el;
mod corpus_he;
mod editions;
mod import_cli;
mod malformed;
mod repair_he;
mod schema;
