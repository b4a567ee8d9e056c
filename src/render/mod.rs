//! Output, for people and for tools: one terminal style (`style`) for every command; a node
//! and its subtree (`node`), with what bears on it (`show`); national regulations (`regs`); glossary concepts (`glossary`);
//! search results (`search`); editions side by side (`compare`) and exported for translation
//! tools (`export`); the commentary (`commentary`), its Markdown laid out for a
//! terminal (`markdown`) or as a sanitized HTML page (`html`). Every `--format json` result is
//! a typed struct defined beside its text; `schemas` lists them for their JSON Schemas.

pub mod check;
pub mod commentary;
pub mod compare;
pub mod export;
pub mod glossary;
pub mod html;
pub mod markdown;
pub mod node;
pub mod regs;
pub mod schemas;
pub mod search;
pub mod show;
pub mod style;

pub use style::{Bidi, Style};
