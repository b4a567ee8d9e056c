//! All integration tests build into this one binary (as in ripgrep): one module per area.

mod util;

mod book_index;
mod check;
mod citations;
mod cli;
mod commentary;
mod compare;
mod corpus_el;
mod corpus_en;
mod corpus_he;
mod editions;
mod export;
mod fuzz;
mod glossary;
mod import_cli;
mod import_en;
mod import_en_layouts;
mod malformed;
mod printing;
mod qa;
mod refs_grammar;
mod regs;
mod relevance;
mod repair_he;
mod schema;
mod search;
mod serve;
mod snapshots;
