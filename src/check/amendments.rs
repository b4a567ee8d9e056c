//! The changes to the works (`amendments/<work>.yaml`): each names a node of its work and is
//! dated, says for every edition of the work whether it has the change, and says what the
//! edition's text shows where it shows it (a corrected citation); otherwise why.

use std::collections::BTreeSet;

use super::Checker;
use crate::amendments;
use crate::corpus::id::LawPath;
use crate::corpus::layout;
use crate::corpus::model::{Change, ChangeStatus, Located};
use crate::corpus::{Edition, Loaded};
use crate::error::Code;

pub(super) fn check(checker: &mut Checker<'_>) {
    let corpus = checker.corpus;
    for Loaded { file, data } in &corpus.amendments {
        let work = data.work.as_str();
        let editions: Vec<&Edition> = corpus
            .editions
            .iter()
            .filter(|e| e.meta.work == work)
            .collect();
        let expected = layout::amendments_file(work);
        if editions.is_empty() || *file != expected {
            let span = checker.place_value(file, &data.work);
            let (message, hint) = if editions.is_empty() {
                (
                    format!("`{work}` is the work of no edition"),
                    "name the work as the editions' `work` does (`wbf-ldb-2017`)".to_string(),
                )
            } else {
                (
                    format!("the changes to {work} are in {file}"),
                    format!("a work's changes are in {expected}"),
                )
            };
            checker.error(
                Code::AmendmentEdition,
                file,
                span,
                message,
                "no such work here",
                hint,
            );
            continue;
        }
        for change in &data.changes {
            check_change(checker, file, work, &editions, change);
        }
    }
}

fn check_change(
    checker: &mut Checker<'_>,
    file: &str,
    work: &str,
    editions: &[&Edition],
    change: &Change,
) {
    let of_work = |id: &str| editions.iter().any(|e| e.get(id).is_some());
    if !of_work(&change.node) {
        node_error(checker, file, &change.node, work, "the node changed");
    }
    if let Some(citation) = &change.citation {
        // What the first release printed may name nothing (`40B4(b)`), but is written as an id.
        if LawPath::parse(&citation.printed).is_none() {
            node_error(checker, file, &citation.printed, work, "a canonical id");
        }
        if !of_work(&citation.corrected) {
            node_error(checker, file, &citation.corrected, work, "the node meant");
        }
    }
    if !is_date(&change.date) {
        let span = checker.place_value(file, &change.date);
        checker.error(
            Code::AmendmentDate,
            file,
            span,
            format!("`{}` is not a date", change.date.as_str()),
            "not a day of the calendar",
            "write the date as ISO 8601 does: `2017-06-20` (with `dated: not after` when only a latest date is known)",
        );
    }
    let mut seen = BTreeSet::new();
    for stated in &change.editions {
        let id = stated.edition.as_str();
        let Some(edition) = editions.iter().find(|e| e.id() == id) else {
            edition_error(
                checker,
                file,
                &stated.edition,
                format!("{work} has no edition `{id}`"),
                "list the editions of the work by their ids (`he-2017`)",
            );
            continue;
        };
        if !seen.insert(id) {
            edition_error(
                checker,
                file,
                &stated.edition,
                format!("{id} is listed twice for the change to {}", change.node),
                "say once whether the edition has the change",
            );
            continue;
        }
        check_status(checker, file, change, edition, stated);
    }
    for edition in editions.iter().filter(|e| !seen.contains(e.id())) {
        let span = checker.place_value(file, &change.node);
        checker.error(
            Code::AmendmentEdition,
            file,
            span,
            format!(
                "the change to {} does not say whether {} has it",
                change.node,
                edition.id()
            ),
            format!("{} missing", edition.id()),
            "list every edition of the work under `editions`, with `status: has`, `lacks` or `unknown`",
        );
    }
}

/// The stated status agrees with what the text shows; where the text shows nothing, it says why.
fn check_status(
    checker: &mut Checker<'_>,
    file: &str,
    change: &Change,
    edition: &Edition,
    stated: &crate::corpus::model::EditionChange,
) {
    let problem = match amendments::derive(change, edition) {
        Some((status, evidence)) if status != stated.status => Some((
            format!(
                "{} is said to be `{}` for the change to {}, but {evidence}",
                edition.id(),
                stated.status.as_str(),
                change.node
            ),
            format!("the text shows `{}`", status.as_str()),
            "state what the text shows; if the import misread the text, correct the text",
        )),
        Some(_) => None,
        None if change.index_entry.is_some()
            && edition.book_index.is_some()
            && amendments::index_targets(edition, &stated.index_entry).is_none() =>
        {
            Some((
                format!(
                    "{} does not name an entry of its book index for the change to {}",
                    edition.id(),
                    change.node
                ),
                "no such index entry".to_string(),
                "give `index_entry` as the edition's index prints it: the head term, then the sub-term",
            ))
        }
        None if stated.why.is_none() => Some((
            format!(
                "{}'s text does not show whether it has the change to {}, and the status does not say why",
                edition.id(),
                change.node
            ),
            format!("`{}` without `why`", stated.status.as_str()),
            "add `why:` (how it is known, or why it is not)",
        )),
        None if stated.status != ChangeStatus::Unknown && !edition.text_bundled() => Some((
            format!(
                "{}'s text is not in the corpus, so it cannot show the change to {}",
                edition.id(),
                change.node
            ),
            "not shown by the text".to_string(),
            "say `status: unknown`, with why",
        )),
        None => None,
    };
    if let Some((message, label, hint)) = problem {
        let span = checker.place_value(file, &stated.edition);
        checker.error(Code::AmendmentStatus, file, span, message, label, hint);
    }
}

fn node_error(checker: &mut Checker<'_>, file: &str, id: &Located, work: &str, what: &str) {
    let span = checker.place_value(file, id);
    checker.error(
        Code::AmendmentNode,
        file,
        span,
        format!("`{}` is not a node of {work}", id.as_str()),
        format!("{what}: no such node"),
        "name the node by its canonical id (`26B`, `30B1(b)(i)`)",
    );
}

fn edition_error(
    checker: &mut Checker<'_>,
    file: &str,
    edition: &Located,
    message: String,
    hint: &str,
) {
    let span = checker.place_value(file, edition);
    checker.error(
        Code::AmendmentEdition,
        file,
        span,
        message,
        "not an edition of the work",
        hint,
    );
}

/// An ISO 8601 calendar date, `YYYY-MM-DD`, that exists.
fn is_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts.as_slice() else {
        return false;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
        return false;
    }
    let (year, month, day): (u32, u32, u32) = (
        year.parse().unwrap_or(0),
        month.parse().unwrap_or(0),
        day.parse().unwrap_or(0),
    );
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::is_date;

    #[test]
    fn dates_are_iso_and_exist() {
        assert!(is_date("2017-06-20"));
        assert!(is_date("2016-02-29"));
        assert!(!is_date("2017-02-29"));
        assert!(!is_date("2017-6-20"));
        assert!(!is_date("20 June 2017"));
        assert!(!is_date("2017-13-01"));
    }
}
