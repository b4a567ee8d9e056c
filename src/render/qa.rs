//! The QA report: every finding with its places in each edition, compiler-style for people,
//! a row per finding in CSV for a spreadsheet, or typed JSON; each ends with the counts per
//! kind.

use schemars::JsonSchema;
use serde::Serialize;

use super::regs::csv_record;
use super::style::{Style, wrap_labelled};
use crate::error::Level;
use crate::qa::{Finding, Kind, LengthRule, Report};
use crate::text::plural;

/// The report as text: each finding (notes unless `quiet`), the length rule, the counts.
pub fn text(report: &Report, style: &Style, quiet: bool) -> String {
    let mut out = String::new();
    for f in &report.findings {
        if quiet && f.level == Level::Note {
            continue;
        }
        out.push_str(&finding_text(f, style));
        out.push('\n');
    }
    for rule in &report.length_rule {
        let said = format!(
            "{}: {}; it flagged {}",
            rule.editions.join(" / "),
            rule.rule,
            plural(rule.flagged, "node")
        );
        wrap_labelled(&mut out, 0, &style.bold("length rule"), &said, style);
        let classes: Vec<String> = rule
            .classes
            .iter()
            .map(|c| {
                format!(
                    "{}–{} letters: {} nodes, median ratio {:.2}, MAD {:.3}",
                    c.from,
                    c.to - 1,
                    c.nodes,
                    c.median_ratio,
                    c.mad
                )
            })
            .collect();
        for class in classes {
            out.push_str(&format!("  {class}\n"));
        }
    }
    out.push('\n');
    out.push_str(&format!("{:<10} {:>6} {:>6}\n", "kind", "errors", "notes"));
    for count in counts(report) {
        out.push_str(&format!(
            "{:<10} {:>6} {:>6}\n",
            count.kind.as_str(),
            count.errors,
            count.notes
        ));
    }
    let (errors, notes) = totals(report);
    out.push_str(&format!("{:<10} {errors:>6} {notes:>6}\n", "total"));
    let editions = report.editions.join(", ");
    if errors == 0 {
        out.push_str(&format!(
            "qa: {editions}: no errors ({})\n",
            plural(notes, "note")
        ));
    } else {
        out.push_str(&format!(
            "error: qa of {editions} found {}; fix the corpus, or acknowledge a difference of the books with its reason and evidence\n",
            plural(errors, "error")
        ));
    }
    out
}

fn finding_text(f: &Finding, style: &Style) -> String {
    let level = match f.level {
        Level::Error => "error",
        Level::Note => "note",
    };
    // On a terminal, the message and the notes below the places wrap under their own start.
    let mut out = String::new();
    let code = style.bold(&format!("{level}[{}]:", f.kind.as_str()));
    let message = format!("{} {}", style.bold(&f.node), f.message);
    wrap_labelled(&mut out, 0, &code, &message, style);
    for p in &f.places {
        let label = if p.edition.is_empty() {
            String::new()
        } else {
            format!(" ({})", p.edition)
        };
        out.push_str(&format!(
            "  --> {}:{}:{}{label}\n",
            p.file, p.line, p.column
        ));
    }
    if let Some(ack) = &f.acknowledged {
        let said = format!("acknowledged in {}: {}", ack.file, ack.reason);
        wrap_labelled(&mut out, 2, "=", &said, style);
        if let Some(m) = &ack.misprint {
            let said = format!(
                "misprint: {} prints {}; the Laws read {}",
                m.edition, m.printed, m.laws
            );
            wrap_labelled(&mut out, 2, "=", &said, style);
        }
    }
    out
}

/// The report as CSV: a record per finding, with each edition's place and what was found there.
pub fn csv(report: &Report) -> String {
    let mut header: Vec<String> = ["level", "kind", "node", "message"]
        .map(String::from)
        .to_vec();
    for e in &report.editions {
        header.extend([format!("{e} place"), format!("{e} found")]);
    }
    header.extend(["acknowledged".into(), "misprint".into()]);
    let mut out = csv_record(&header);
    for f in &report.findings {
        let mut record = vec![
            level_str(f.level).to_string(),
            f.kind.as_str().to_string(),
            f.node.clone(),
            f.message.clone(),
        ];
        for e in &report.editions {
            let place = f
                .places
                .iter()
                .find(|p| p.edition == *e)
                .map(|p| format!("{}:{}:{}", p.file, p.line, p.column))
                .unwrap_or_default();
            let found = f.found.get(e).map(|v| v.join(" ")).unwrap_or_default();
            record.extend([place, found]);
        }
        record.push(
            f.acknowledged
                .as_ref()
                .map(|a| a.reason.clone())
                .unwrap_or_default(),
        );
        record.push(
            f.acknowledged
                .as_ref()
                .and_then(|a| a.misprint.as_ref())
                .map(|m| format!("{}: {} → {}", m.edition, m.printed, m.laws))
                .unwrap_or_default(),
        );
        out.push_str(&csv_record(&record));
    }
    out
}

fn level_str(level: Level) -> &'static str {
    match level {
        Level::Error => "error",
        Level::Note => "note",
    }
}

/// The findings of one kind, counted.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CountJson {
    /// The kind.
    pub kind: Kind,
    /// How many are errors of the corpus.
    pub errors: usize,
    /// How many are notes (acknowledged, or informative).
    pub notes: usize,
}

fn counts(report: &Report) -> Vec<CountJson> {
    Kind::ALL
        .into_iter()
        .map(|kind| CountJson {
            kind,
            errors: report.count(kind, Level::Error),
            notes: report.count(kind, Level::Note),
        })
        .collect()
}

fn totals(report: &Report) -> (usize, usize) {
    let errors = report.errors();
    (errors, report.findings.len() - errors)
}

/// `qa --format json`: the editions compared, the counts per kind, the length rule as applied,
/// and every finding.
#[derive(Debug, Serialize, JsonSchema)]
pub struct QaJson<'r> {
    /// The editions compared.
    pub editions: &'r [String],
    /// How many findings are errors of the corpus.
    pub errors: usize,
    /// How many are notes.
    pub notes: usize,
    /// The findings of each kind, counted.
    pub counts: Vec<CountJson>,
    /// The rule that flags a length as an outlier, for each pair of editions, and what it
    /// flagged.
    pub length_rule: &'r [LengthRule],
    /// Every finding, in document order.
    pub findings: &'r [Finding],
}

/// The report as JSON.
pub fn json(report: &Report) -> QaJson<'_> {
    let (errors, notes) = totals(report);
    QaJson {
        editions: &report.editions,
        errors,
        notes,
        counts: counts(report),
        length_rule: &report.length_rule,
        findings: &report.findings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::qa::{Acknowledgment, Place};

    /// On a terminal, the message and the acknowledgment wrap under their own start; the
    /// places stay whole, for an editor to open.
    #[test]
    fn a_finding_wraps_to_the_terminal() {
        let finding = Finding {
            kind: Kind::Sentences,
            node: "preface".into(),
            level: Level::Note,
            message: "the sentence counts differ: el-2017 18, he-2017 22, for reasons".into(),
            found: Default::default(),
            places: vec![Place {
                edition: "el-2017".into(),
                file: "corpus/editions/el-2017/a-long-file-name-of-the-preface.yaml".into(),
                line: 5,
                column: 3,
            }],
            acknowledged: Some(Acknowledgment {
                file: "corpus/references/differences.yaml".into(),
                reason: "The Hebrew preface is the federation's own version of the text".into(),
                misprint: None,
            }),
        };
        let text = finding_text(&finding, &Style::wrapped(40));
        assert_eq!(
            text,
            "note[sentences]: preface the sentence\n\
             \x20                counts differ: el-2017\n\
             \x20                18, he-2017 22, for\n\
             \x20                reasons\n\
             \x20 --> corpus/editions/el-2017/a-long-file-name-of-the-preface.yaml:5:3 (el-2017)\n\
             \x20 = acknowledged in\n\
             \x20   corpus/references/differences.yaml:\n\
             \x20   The Hebrew preface is the\n\
             \x20   federation's own version of the text\n"
        );
        // Unwrapped for a file or a pipe.
        assert_eq!(finding_text(&finding, &Style::plain()).lines().count(), 3);
    }
}
