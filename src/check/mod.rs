//! `bridgelaws check`: the corpus verified as a whole, reported the way a compiler reports
//! errors (file, line and column, the offending text underlined, what to do).
//!
//! The loader has already checked each file on its own (YAML, schema, ids in their places).
//! What is checked here needs the corpus as a whole, one module per concern:
//! `files` (the corpus has the files every corpus has, and schemas that are current),
//! `references` (every citation, book-index reference, override, regulation and footnote
//! resolves), `editions` (the editions have the same ids and cite the same targets, or say why
//! not, and what `qa` found that was acknowledged still names nodes and editions),
//! `amendments` (the changes to the works name their nodes and editions, and agree with the
//! texts), `glossary` (the concepts name existing nodes and every definition) and `hygiene` (no
//! bidi controls, no residue of the extraction). `corpus::locate` finds a piece of a value in
//! its file; `render::check` prints the report.

mod amendments;
mod editions;
mod files;
mod glossary;
mod hygiene;
mod references;

use std::collections::HashMap;
use std::ops::Range;

use crate::corpus::locate::{self, Span};
use crate::corpus::model::{Located, Pos};
use crate::corpus::{Corpus, Entry};
use crate::error::Code;
use crate::error::{Diagnostic, Level, Related};

/// What a check found, and what it counted on the way.
#[derive(Debug, Default, serde::Serialize, schemars::JsonSchema)]
pub struct Report {
    /// Every problem found, and the notes (acknowledged differences).
    pub diagnostics: Vec<Diagnostic>,
    /// The figures of each edition.
    pub stats: Vec<EditionStats>,
    /// The figures of each country's regulations.
    pub regulations: Vec<CountryStats>,
    /// The figures of the commentary.
    pub commentary: CommentaryStats,
    /// Whether the checks across files waited: some file could not be taken in whole (its
    /// errors come first), and what it would have given the others is no problem of theirs.
    pub partial: bool,
}

/// What the commentary holds and cites.
#[derive(Debug, Default, serde::Serialize, schemars::JsonSchema)]
pub struct CommentaryStats {
    /// Documents, booklets included.
    pub documents: usize,
    /// Scenarios in the booklets.
    pub scenarios: usize,
    /// Targets cited.
    pub references: usize,
    /// How many of those targets resolve.
    pub resolved: usize,
}

impl Report {
    /// The report of a corpus that could not be read at all: what went wrong, as diagnostics.
    pub fn failed(root: &crate::corpus::Root, error: &crate::error::Error) -> Self {
        use crate::error::Error;
        let diagnostics = match error {
            Error::Corpus(diagnostics) => diagnostics.clone(),
            Error::Io { path, source } => {
                vec![Diagnostic::new(
                    path.display().to_string(),
                    1,
                    1,
                    source.to_string(),
                )]
            }
            other => {
                let message = other.to_string();
                let message = message.strip_prefix("error: ").unwrap_or(&message);
                vec![Diagnostic::new(root.display(""), 1, 1, message)]
            }
        };
        Report {
            diagnostics,
            partial: true,
            ..Report::default()
        }
    }

    /// How many diagnostics are errors.
    pub fn errors(&self) -> usize {
        self.count(Level::Error)
    }

    /// How many diagnostics are notes.
    pub fn notes(&self) -> usize {
        self.count(Level::Note)
    }

    fn count(&self, level: Level) -> usize {
        self.diagnostics.iter().filter(|d| d.level == level).count()
    }
}

/// Figures of one edition, for the summary.
#[derive(Debug, Default, serde::Serialize, schemars::JsonSchema)]
pub struct EditionStats {
    /// The edition id (`el-2017`).
    pub edition: String,
    /// Its entries: nodes, definitions and footnotes.
    pub nodes: usize,
    /// Citation phrases in the texts.
    pub citations: usize,
    /// The targets those phrases name.
    pub references: usize,
    /// Head terms and sub-terms of the book index.
    pub index_entries: usize,
    /// The targets the book index's references name.
    pub index_references: usize,
}

/// Figures of one country's regulations.
#[derive(Debug, Default, serde::Serialize, schemars::JsonSchema)]
pub struct CountryStats {
    /// The country's code (`il`).
    pub country: String,
    /// How many regulations it has.
    pub regulations: usize,
    /// The targets their texts cite (besides the law an Israeli entry opens with).
    pub citations: usize,
}

/// Check the whole corpus. `loaded` are the problems the loader found on its way.
pub fn check(corpus: &Corpus, loaded: Vec<Diagnostic>) -> Report {
    let mut checker = Checker {
        corpus,
        files: HashMap::new(),
        diagnostics: loaded,
        regulation_citations: HashMap::new(),
    };
    // A file that did not parse would be reported again by every check that misses it: those
    // checks wait until every file is read whole, as a compiler stops after a syntax error (a
    // malformed id too: every check across files would miss the node it stands for).
    let partial = !corpus.incomplete.is_empty();
    if !partial {
        references::check(&mut checker);
        editions::check(&mut checker);
        amendments::check(&mut checker);
        glossary::check(&mut checker);
        glossary::check_situations(&mut checker);
    }
    files::check(&mut checker);
    hygiene::check(&mut checker);
    checker.fill_source_lines();
    let citing = std::mem::take(&mut checker.regulation_citations);
    let mut diagnostics = checker.diagnostics;
    let incomplete: Vec<String> = corpus
        .incomplete
        .iter()
        .map(|f| corpus.root.display(f))
        .collect();
    // Errors first: those of the files not taken in whole, then the nodes an edition lacks
    // (a law file cut short), whose citations elsewhere then fail too, then the others.
    let rank = |d: &Diagnostic| {
        (
            d.level != Level::Error,
            !incomplete.contains(&d.file),
            d.code != Code::MissingNode,
        )
    };
    diagnostics.sort_by(|a, b| {
        (rank(a), &a.file, a.line, a.column).cmp(&(rank(b), &b.file, b.line, b.column))
    });
    diagnostics.dedup();
    Report {
        diagnostics,
        stats: corpus.editions.iter().map(stats).collect(),
        regulations: corpus
            .regulations
            .iter()
            .map(|country| CountryStats {
                country: country.data.country.to_string(),
                regulations: country.data.regulations.len(),
                citations: citing.get(&country.file).copied().unwrap_or(0),
            })
            .collect(),
        commentary: CommentaryStats {
            documents: corpus.commentary.summaries().len(),
            scenarios: corpus
                .commentary
                .summaries()
                .iter()
                .filter_map(|s| s.scenarios)
                .sum(),
            references: corpus.commentary.refs.len(),
            resolved: corpus
                .commentary
                .refs
                .iter()
                .filter(|r| r.target.is_ok())
                .count(),
        },
        partial,
    }
}

fn stats(edition: &crate::corpus::Edition) -> EditionStats {
    // An entry's references are in printed order: a citation is a run of one phrase.
    let citations = edition
        .entries
        .iter()
        .map(|e| {
            let mut phrases: Vec<_> = e.refs.iter().map(|r| (r.field, r.phrase.start)).collect();
            phrases.dedup();
            phrases.len()
        })
        .sum();
    let index = edition.book_index.as_ref().map(|i| &i.data.entries);
    EditionStats {
        edition: edition.id().to_string(),
        nodes: edition.entries.len(),
        citations,
        references: edition.entries.iter().map(|e| e.refs.len()).sum(),
        index_entries: index.map_or(0, |entries| {
            entries.len() + entries.iter().map(|e| e.subentries.len()).sum::<usize>()
        }),
        index_references: edition.index_refs.iter().map(|r| r.targets.len()).sum(),
    }
}

/// The state of one check: the corpus, the raw files read so far (to place diagnostics inside
/// values), and what was found.
pub(crate) struct Checker<'c> {
    corpus: &'c Corpus,
    files: HashMap<String, String>,
    diagnostics: Vec<Diagnostic>,
    /// By regulations file: the targets its texts cite, counted as they are checked.
    regulation_citations: HashMap<String, usize>,
}

/// A diagnostic under construction: what and where.
pub(crate) struct Finding<'a> {
    pub code: Code,
    pub level: Level,
    pub file: &'a str,
    pub span: Span,
    pub message: String,
    pub label: Option<String>,
    pub hint: String,
    pub related: Vec<Related>,
}

impl<'c> Checker<'c> {
    fn raw(&mut self, file: &str) -> &str {
        if !self.files.contains_key(file) {
            let root = &self.corpus.root;
            let text = root
                .read(file)
                .ok()
                .or_else(|| root.lossy(file))
                .unwrap_or_default();
            self.files.insert(file.to_string(), text);
        }
        &self.files[file]
    }

    /// Where `range` of a value read at `pos` stands in `file`.
    fn place(&mut self, file: &str, pos: Pos, value: &str, range: Range<usize>) -> Span {
        let raw = self.raw(file);
        locate::locate(raw, pos, value, range).unwrap_or(Span::at(pos, 1))
    }

    /// Where an entry's id stands.
    fn place_id(entry: &Entry) -> Span {
        Span::at(entry.pos, entry.id.chars().count())
    }

    /// Where a whole value stands.
    fn place_value(&mut self, file: &str, value: &Located) -> Span {
        let raw = self.raw(file);
        locate::whole(raw, value.pos, value)
    }

    /// Where `range` of an entry's field stands.
    fn place_in_entry(
        &mut self,
        entry: &Entry,
        field: crate::corpus::reference::Field,
        range: Range<usize>,
    ) -> Span {
        match entry.field(field) {
            Some(value) => self.place(&entry.file, value.pos, value, range),
            None => Span::at(entry.pos, 1),
        }
    }

    fn related(&self, file: &str, span: Span, label: impl Into<String>) -> Related {
        Related {
            file: self.corpus.root.display(file),
            line: span.line,
            column: span.column,
            length: span.length,
            label: label.into(),
            source_line: None,
        }
    }

    /// The printed line of every place, read from its file.
    fn fill_source_lines(&mut self) {
        let mut diagnostics = std::mem::take(&mut self.diagnostics);
        for d in &mut diagnostics {
            d.source_line = self.line_of(&d.file, d.line);
            // The loader points at a value without measuring it: underline the scalar.
            if d.length == 0
                && let Some(line) = &d.source_line
            {
                let rest: String = line
                    .chars()
                    .skip(d.column.saturating_sub(1) as usize)
                    .collect();
                let scalar = rest.split(" #").next().unwrap_or("").trim_end();
                d.length = u32::try_from(scalar.chars().count()).unwrap_or(1).max(1);
            }
            for r in &mut d.related {
                r.source_line = self.line_of(&r.file, r.line);
            }
        }
        self.diagnostics = diagnostics;
    }

    fn line_of(&mut self, displayed: &str, line: u32) -> Option<String> {
        let relative = self.corpus.root.relative(displayed)?.to_string();
        let raw = self.raw(&relative);
        raw.lines()
            .nth(line.checked_sub(1)? as usize)
            .map(str::to_string)
    }

    fn report(&mut self, finding: Finding<'_>) {
        self.diagnostics.push(Diagnostic {
            code: finding.code,
            level: finding.level,
            file: self.corpus.root.display(finding.file),
            line: finding.span.line,
            column: finding.span.column,
            length: finding.span.length,
            message: finding.message,
            label: finding.label,
            hint: Some(finding.hint),
            related: finding.related,
            source_line: None,
        });
    }

    /// An error at a place, with a label under it and what to do.
    fn error(
        &mut self,
        code: Code,
        file: &str,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.report(Finding {
            code,
            level: Level::Error,
            file,
            span,
            message: message.into(),
            label: Some(label.into()),
            hint: hint.into(),
            related: Vec::new(),
        });
    }
}
