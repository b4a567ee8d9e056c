//! Every reference resolves: the citations in the texts, the overrides, the book indexes, the
//! regulations' attachments, and the footnotes' attachments to their markers.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use regex::Regex;

use super::Checker;
use crate::corpus::id::{Kind, LawPath};
use crate::corpus::layout::OVERRIDES;
use crate::corpus::locate::Span;
use crate::corpus::model::Regulation;
use crate::corpus::reference::Place;
use crate::corpus::reference::{Field, Origin, Reference, SeeKind, Unresolved};
use crate::corpus::{Corpus, Edition, Entry, Regulations};
use crate::error::Code;
use crate::refs;
use crate::regs;

pub(super) fn check(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    for edition in &corpus.editions {
        citations(checker, edition);
        footnotes(checker, edition);
        book_index(checker, edition);
    }
    overrides(checker);
    regulations(checker);
    commentary(checker);
}

/// Every citation of the commentary resolves in the edition of its language, reported where
/// it is printed.
fn commentary(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    for r in &corpus.commentary.refs {
        let Err(unresolved) = &r.target else { continue };
        let span = match &r.place {
            Place::At(pos) => Span::at(*pos, r.phrase.chars().count()),
            Place::InValue { pos, value, span } => {
                checker.place(&r.file, *pos, value, span.clone())
            }
        };
        checker.error(
            unresolved.code,
            &r.file,
            span,
            format!("`{}` in {} does not resolve", r.phrase, r.part),
            unresolved.message.clone(),
            "correct the citation as the document prints it, or add an override (the phrase and what it cites) to the document's front matter",
        );
    }
}

const FIX_OR_OVERRIDE: &str = "if the import misread the text, correct it; if the book prints it so, say what it cites in references/overrides.yaml, with the reason";

fn citations(checker: &mut Checker<'_>, edition: &Edition) {
    for (at, entry) in edition.entries.iter().enumerate() {
        for r in entry.refs.iter().filter(|r| r.origin == Origin::Grammar) {
            self_citation(checker, edition, entry, r);
        }
        summary(checker, edition, at);
        for r in &entry.refs {
            let Err(unresolved) = &r.target else { continue };
            match r.origin {
                Origin::Grammar => {
                    let span = checker.place_in_entry(entry, r.field, r.span.clone());
                    let text = field_text(entry, r.field);
                    let phrase = &text[r.phrase.clone()];
                    checker.error(
                        unresolved.code,
                        &entry.file,
                        span,
                        format!(
                            "`{phrase}` in {} ({}) does not resolve",
                            entry.id,
                            edition.id()
                        ),
                        unresolved.message.clone(),
                        FIX_OR_OVERRIDE,
                    );
                }
                Origin::Override(n) => override_target(checker, n, unresolved),
            }
        }
    }
}

/// A citation, by its number, of the node it stands in: a misreading, or a misprint of the
/// book ("this Law" and "this section" point at their own node, as they should).
fn self_citation(checker: &mut Checker<'_>, edition: &Edition, entry: &Entry, r: &Reference) {
    if r.deictic || r.target.as_deref() != Ok(entry.id.as_str()) {
        return;
    }
    let span = checker.place_in_entry(entry, r.field, r.span.clone());
    let phrase = &field_text(entry, r.field)[r.phrase.clone()];
    let (whose, hint) = match r.field {
        Field::Summary => (
            "its summary",
            "the summary is the project's: say `this Law` or `this section`, or cite the node meant",
        ),
        _ => ("its text", FIX_OR_OVERRIDE),
    };
    checker.error(
        Code::SelfCitation,
        &entry.file,
        span,
        format!(
            "`{phrase}` in {whose} cites {} ({}) itself",
            entry.id,
            edition.id()
        ),
        "the node it stands in",
        hint,
    );
}

/// The citations of the project's summary of the entry at `at`.
fn summary(checker: &mut Checker<'_>, edition: &Edition, at: usize) {
    let entry = &edition.entries[at];
    for r in refs::summary_citations(edition, at) {
        self_citation(checker, edition, entry, &r);
        let Err(unresolved) = &r.target else { continue };
        let span = checker.place_in_entry(entry, r.field, r.span.clone());
        let phrase = &field_text(entry, r.field)[r.phrase.clone()];
        checker.error(
            unresolved.code,
            &entry.file,
            span,
            format!(
                "`{phrase}` in the summary of {} ({}) does not resolve",
                entry.id,
                edition.id()
            ),
            unresolved.message.clone(),
            "the summary is the project's: cite a node the editions have, by its canonical id (`Law 27B1(a)`)",
        );
    }
}

/// An override that names a node its edition lacks: reported at that target in the file.
fn override_target(checker: &mut Checker<'_>, n: usize, unresolved: &Unresolved) {
    let Some(file) = &checker.corpus.overrides else {
        return;
    };
    let o = &file.data.overrides[n];
    let named = |t: &&crate::corpus::model::Located| {
        unresolved.message.contains(&format!("`{}`", t.as_str()))
    };
    let Some(target) = o.targets.iter().find(named) else {
        return;
    };
    let span = checker.place_value(OVERRIDES, target);
    checker.error(
        unresolved.code,
        OVERRIDES,
        span,
        format!(
            "the override for `{}` names a node {} lacks",
            o.phrase.as_str(),
            o.edition.as_str()
        ),
        unresolved.message.clone(),
        "name a node of the edition, by its canonical id (`27B1(a)`)",
    );
}

fn field_text(entry: &Entry, field: Field) -> &str {
    entry.field(field).map_or("", |t| t.as_str())
}

static MARKER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[\^(\d+)\]").expect("marker pattern"));

/// Each footnote hangs on a node whose text holds its marker, and each marker has its footnote.
fn footnotes(checker: &mut Checker<'_>, edition: &Edition) {
    // Without the text there are no markers to check against.
    if !edition.text_bundled() {
        return;
    }
    let footnotes: BTreeSet<&str> = edition
        .entries
        .iter()
        .filter(|e| e.kind == Kind::Footnote)
        .map(|e| e.id.as_str())
        .collect();
    for entry in &edition.entries {
        for field in Field::ALL {
            let text = field_text(entry, field);
            for caps in MARKER.captures_iter(text) {
                let whole = caps.get(0).expect("match");
                let id = format!("fn/{}", &caps[1]);
                if !footnotes.contains(id.as_str()) {
                    let span = checker.place_in_entry(entry, field, whole.range());
                    checker.error(
                        Code::FootnoteAttachment,
                        &entry.file,
                        span,
                        format!(
                            "{} has a marker for footnote {}, which {} lacks",
                            entry.id,
                            &caps[1],
                            edition.id()
                        ),
                        "no such footnote",
                        "add the footnote under the node of its first marker, or remove the marker",
                    );
                }
            }
        }
        if entry.kind == Kind::Footnote {
            let marker = format!("[^{}]", entry.number.as_deref().unwrap_or(""));
            let owner = entry.parent.map(|p| &edition.entries[p]);
            let marked = owner.is_some_and(|o| {
                Field::ALL
                    .iter()
                    .any(|f| field_text(o, *f).contains(&marker))
            });
            if !marked {
                let id = entry.id.clone();
                let span = Checker::place_id(entry);
                checker.error(
                    Code::FootnoteAttachment,
                    &entry.file,
                    span,
                    format!(
                        "{id} hangs on {}, whose text has no marker {marker}",
                        owner.map_or("nothing", |o| o.id.as_str())
                    ),
                    "not marked here",
                    "a footnote hangs on the node whose text holds its first marker: move it there, or add the marker",
                );
            }
        }
    }
}

fn book_index(checker: &mut Checker<'_>, edition: &Edition) {
    let Some(index) = &edition.book_index else {
        return;
    };
    let entry_of = |head: usize, sub: Option<usize>| {
        let head = &index.data.entries[head];
        sub.map_or(head, |s| &head.subentries[s])
    };
    for r in &edition.index_refs {
        let entry = entry_of(r.head, r.sub);
        let printed = &entry.refs[r.reference];
        for unresolved in r.targets.iter().filter_map(|t| t.as_ref().err()) {
            if let Origin::Override(n) = r.origin {
                override_target(checker, n, unresolved);
                continue;
            }
            let span = checker.place_value(&index.file, printed);
            checker.error(
                Code::IndexReference,
                &index.file,
                span,
                format!(
                    "the index entry `{}` refers to `{}`, which does not resolve",
                    entry.term.as_str(),
                    printed.as_str()
                ),
                unresolved.message.clone(),
                "write the reference as the book prints it, correcting what the import misread; if the book misprints it, say what it means in references/overrides.yaml (`index_entry`), with the reason",
            );
        }
    }
    // "See" and "see also" name head entries of the same index.
    for see in edition.index_see.iter().filter(|s| s.target.is_none()) {
        let entry = entry_of(see.head, see.sub);
        let term = match see.kind {
            SeeKind::See => &entry.see[see.n],
            SeeKind::SeeAlso => &entry.see_also[see.n],
        };
        let (file, span, message) = match (see.origin, &checker.corpus.overrides) {
            (Origin::Override(n), Some(overrides)) => {
                let target = overrides.data.overrides[n]
                    .targets
                    .first()
                    .unwrap_or(&overrides.data.overrides[n].phrase);
                let span = checker.place_value(OVERRIDES, target);
                (
                    OVERRIDES,
                    span,
                    format!(
                        "the override for `{}` names no head term of the index",
                        term.as_str()
                    ),
                )
            }
            _ => {
                let span = checker.place_value(&index.file, term);
                (
                    index.file.as_str(),
                    span,
                    format!(
                        "the index entry `{}` points to `{}`, which is not a head term of the index",
                        entry.term.as_str(),
                        term.as_str()
                    ),
                )
            }
        };
        checker.error(
            Code::IndexSee,
            file,
            span,
            message,
            "no such head term",
            "write the term as the index prints it at its own entry; if the book prints it otherwise, say which head term it means in references/overrides.yaml (`index_entry`)",
        );
    }
}

/// Overrides name an edition, and a node whose text holds the phrase, or an index entry that
/// prints it as a reference or "see" term.
fn overrides(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    let Some(file) = &corpus.overrides else {
        return;
    };
    let hint = "an override quotes the words of a node's text, or a reference or \"see\" term of an index entry, exactly; remove it if the text changed so that it is read right without it";
    for o in &file.data.overrides {
        let Some(edition) = corpus.edition(&o.edition) else {
            let span = checker.place_value(OVERRIDES, &o.edition);
            let message = format!("no edition `{}`", o.edition.as_str());
            checker.error(
                Code::StaleOverride,
                OVERRIDES,
                span,
                message,
                "no such edition",
                hint,
            );
            continue;
        };
        let (place, found) = match (&o.node, &o.index_entry) {
            (Some(node), None) => match edition.index_of(node) {
                Some(at) => (node, refs::find_phrase(edition, at, &o.phrase).is_some()),
                None => {
                    let span = checker.place_value(OVERRIDES, node);
                    let message = format!("{} has no node `{}`", edition.id(), node.as_str());
                    checker.error(
                        Code::StaleOverride,
                        OVERRIDES,
                        span,
                        message,
                        "no such node",
                        hint,
                    );
                    continue;
                }
            },
            (None, Some(term)) => (term, index_prints(edition, term, &o.phrase)),
            _ => {
                let span = checker.place_value(OVERRIDES, &o.phrase);
                let message = "an override names either a `node` or an `index_entry`".to_string();
                checker.error(
                    Code::StaleOverride,
                    OVERRIDES,
                    span,
                    message,
                    "where?",
                    hint,
                );
                continue;
            }
        };
        if !found {
            let span = checker.place_value(OVERRIDES, &o.phrase);
            let message = format!(
                "`{}` in {} does not hold `{}`",
                place.as_str(),
                edition.id(),
                o.phrase.as_str()
            );
            checker.error(
                Code::StaleOverride,
                OVERRIDES,
                span,
                message,
                "not there",
                hint,
            );
        }
    }
}

/// Whether the index entry printed `term` has `phrase` among its references or "see" terms.
fn index_prints(edition: &Edition, term: &str, phrase: &str) -> bool {
    let Some(index) = &edition.book_index else {
        return false;
    };
    index
        .data
        .entries
        .iter()
        .flat_map(|h| std::iter::once(h).chain(&h.subentries))
        .filter(|e| e.term.as_str() == term)
        .any(|e| {
            e.refs
                .iter()
                .chain(&e.see)
                .chain(&e.see_also)
                .any(|p| p.as_str() == phrase)
        })
}

/// Each regulation hangs on a node its edition has (not absent), one printed in or on a
/// footnote names a footnote of that edition in the same law, the citations in its text
/// resolve, a text that opens with a law (`חוק 40ב1(ב) - …`) hangs on that node, and it has its
/// English rendering.
fn regulations(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    for file in &corpus.regulations {
        // Printed in an edition, or else in a document of its own: then checked against an
        // edition in its language (every edition has the same ids).
        let Some(edition) = corpus.edition_of(file) else {
            continue;
        };
        for regulation in &file.data.regulations {
            // Attached to no node (the loader said so): its citations of "this section" and
            // its opening law have nothing to be read against.
            if edition.get(regulation.attached_to.as_str()).is_none() {
                continue;
            }
            let references = regs::citations(corpus, file, regulation);
            // Besides the law an Israeli entry opens with, which is its own node.
            let citing = regs::resolved_targets(&references)
                .iter()
                .filter(|t| **t != regulation.attached_to.as_str())
                .count();
            *checker
                .regulation_citations
                .entry(file.file.clone())
                .or_default() += citing;
            for (message, label, hint) in
                attachment_problems(corpus, edition, regulation, &references)
            {
                let span = checker.place_value(&file.file, &regulation.attached_to);
                checker.error(
                    Code::RegulationAttachment,
                    &file.file,
                    span,
                    message,
                    label,
                    hint,
                );
            }
            let text = &regulation.text;
            for r in &references {
                if let Err(unresolved) = &r.target {
                    let span = checker.place(&file.file, text.pos, text, r.span.clone());
                    checker.error(
                        unresolved.code,
                        &file.file,
                        span,
                        format!(
                            "`{}` in {} does not resolve",
                            &text[r.phrase.clone()],
                            regulation.id.as_str()
                        ),
                        unresolved.message.clone(),
                        "correct the citation as the federation prints it, or the node the regulation hangs on",
                    );
                }
            }
            rendering(checker, file, regulation, &references);
            untranslated(checker, file, regulation);
        }
    }
}

/// What is wrong with the node a regulation hangs on: message, label, what to do.
fn attachment_problems(
    corpus: &Corpus,
    edition: &Edition,
    regulation: &Regulation,
    references: &[Reference],
) -> Vec<(String, String, &'static str)> {
    let id = regulation.id.as_str();
    let target = regulation.attached_to.as_str();
    let mut problems = Vec::new();
    let missing = match edition.get(target) {
        Some(entry) if entry.absent.is_some() => {
            Some(("marks absent", "absent in the source edition"))
        }
        // A node of no edition at all was reported when the file was read.
        None if corpus.editions.iter().any(|e| e.get(target).is_some()) => {
            Some(("lacks", "not a node of the source edition"))
        }
        _ => None,
    };
    if let Some((what, label)) = missing {
        problems.push((
            format!("{id} is attached to {target}, which {} {what}", edition.id()),
            label.to_string(),
            "attach the regulation to the most specific node of its edition that it qualifies, by its canonical id",
        ));
    }
    if let Some(footnote) = &regulation.footnote {
        let owner_law = edition
            .get(footnote)
            .and_then(|f| f.parent)
            .and_then(|p| LawPath::parse(&edition.entries[p].id))
            .map(|p| p.law);
        let attached_law = LawPath::parse(target).map(|p| p.law);
        if owner_law.is_none() || owner_law != attached_law {
            problems.push((
                format!(
                    "{id} is printed in {footnote}, which {} does not have in Law {}",
                    edition.id(),
                    attached_law.map_or_else(|| "?".to_string(), |l| l.to_string())
                ),
                "footnote elsewhere".to_string(),
                "name the footnote the regulation is printed in, and attach it to a node of that footnote's law",
            ));
        }
    }
    if let Some(first) = references.first()
        && first.phrase.start == 0
        && let Ok(named) = &first.target
        && named != target
    {
        problems.push((
            format!(
                "{id} opens with `{}` but is attached to {target}",
                &regulation.text[first.phrase.clone()]
            ),
            format!("the text names {named}"),
            "attach the regulation to the node its text names",
        ));
    }
    problems
}

/// The citations of a regulation's English rendering resolve, and name what the federation's
/// text (its `references`) names: the node it hangs on aside, which one says by number and the
/// other may say as `this section`.
fn rendering(
    checker: &mut Checker<'_>,
    file: &Regulations,
    regulation: &Regulation,
    references: &[Reference],
) {
    let Some(english) = &regulation.english else {
        return;
    };
    let text = &english.text;
    let rendered = regs::rendering_citations(checker.corpus, file, regulation);
    for r in &rendered {
        let Err(unresolved) = &r.target else { continue };
        let span = checker.place(&file.file, text.pos, text, r.span.clone());
        checker.error(
            unresolved.code,
            &file.file,
            span,
            format!(
                "`{}` in the English rendering of {} does not resolve",
                &text[r.phrase.clone()],
                regulation.id.as_str()
            ),
            unresolved.message.clone(),
            RENDERING_HINT,
        );
    }
    // Unresolved citations were reported, in the text or above.
    if references
        .iter()
        .chain(&rendered)
        .any(|r| r.target.is_err())
    {
        return;
    }
    let own = regulation.attached_to.as_str();
    let named = |refs: &[Reference]| -> Vec<String> {
        regs::resolved_targets(refs)
            .into_iter()
            .filter(|t| t != own)
            .collect()
    };
    let (printed, rendering) = (named(references), named(&rendered));
    let only_rendering: Vec<&String> = rendering.iter().filter(|t| !printed.contains(t)).collect();
    let only_printed: Vec<&String> = printed.iter().filter(|t| !rendering.contains(t)).collect();
    if only_rendering.is_empty() && only_printed.is_empty() {
        return;
    }
    let list = |targets: &[&String]| {
        targets
            .iter()
            .map(|t| t.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let said = match (only_rendering.is_empty(), only_printed.is_empty()) {
        (false, false) => format!(
            "cites {} where the federation's text cites {}",
            list(&only_rendering),
            list(&only_printed)
        ),
        (false, true) => format!(
            "cites {}, which the federation's text does not",
            list(&only_rendering)
        ),
        _ => format!(
            "leaves out {}, which the federation's text cites",
            list(&only_printed)
        ),
    };
    // At the first citation the text does not make, else at the rendering.
    let at = rendered
        .iter()
        .find(|r| r.target.as_ref().is_ok_and(|t| only_rendering.contains(&t)))
        .map(|r| r.span.clone());
    let span = match at {
        Some(range) => checker.place(&file.file, text.pos, text, range),
        None => checker.place_value(&file.file, text),
    };
    checker.error(
        Code::RenderingDisagrees,
        &file.file,
        span,
        format!("the English rendering of {} {said}", regulation.id.as_str()),
        "not what the text cites".to_string(),
        RENDERING_HINT,
    );
}

/// What to do about a rendering's citation.
const RENDERING_HINT: &str = "the rendering is the project's: cite what the federation's text cites, by its canonical id (`Law 40B2(a)`)";

/// Every regulation carries its English rendering.
fn untranslated(checker: &mut Checker<'_>, file: &Regulations, regulation: &Regulation) {
    if regulation.english.is_none() {
        checker.error(
            Code::UntranslatedRegulation,
            &file.file,
            Span::at(regulation.id.pos, regulation.id.chars().count()),
            format!("{} has no English rendering", regulation.id.as_str()),
            "no `english:`",
            "add `english:` with `text:` (a faithful rendering written for the project) and `status: unofficial`",
        );
    }
}
