//! Output, for people and for tools: one terminal style (`style`) for every command; a node
//! and its subtree (`node`), with what bears on it (`show`) and the changes to the work at it
//! (`amendments`); editions side by side (`compare`), where they disagree (`qa`) and exported
//! for translation tools (`export`); national regulations (`regs`); glossary concepts
//! (`glossary`); search results (`search`); the commentary (`commentary`), its Markdown laid
//! out for a terminal (`markdown`) or as a sanitized HTML page (`html`). Every `--format json`
//! result is a typed struct defined beside its text; `schemas` lists them for their JSON
//! Schemas.

pub mod amendments;
pub mod check;
pub mod commentary;
pub mod compare;
pub mod export;
pub mod glossary;
pub mod html;
pub mod markdown;
pub mod node;
pub mod qa;
pub mod regs;
pub mod schemas;
pub mod search;
pub mod show;
pub mod style;

pub use style::{Bidi, Style};
