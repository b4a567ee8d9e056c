use super::*;
use crate::corpus::Root;

/// Broken forms as extractions print them, and what they stand for: the forms met in a real
/// extraction of an English national edition (`o ender`, `o ending`, `insu cient`,
/// `di erent`, `Shu e`, `o cial`, `a ect`, `e ect`, `nono ending`), then forms built the same
/// way from words of the Laws, with a space left or nothing. The last rows are lines with no
/// ligature lost, which must come out as they went in.
const TABLE: &[(&str, &str)] = &[
    ("the o ender's partner", "the offender's partner"),
    ("when o ending side", "when offending side"),
    ("an insu cient bid", "an insufficient bid"),
    ("a di erent call", "a different call"),
    ("Shu e and Deal", "Shuffle and Deal"),
    ("an o cial", "an official"),
    ("does not a ect", "does not affect"),
    ("no e ect", "no effect"),
    ("the nono ending side", "the nonoffending side"),
    ("O ender gains", "Offender gains"),
    ("LAW 27 – INSU CIENT BID", "LAW 27 – INSUFFICIENT BID"),
    ("the o enders", "the offenders"),
    ("is su cient", "is sufficient"),
    ("an o ence", "an offence"),
    ("has o ered", "has offered"),
    ("the di erence", "the difference"),
    ("as de ned", "as defined"),
    ("a de nition", "a definition"),
    ("unless speci ed", "unless specified"),
    ("a signi cant", "a significant"),
    ("in con ict", "in conflict"),
    ("to in uence", "to influence"),
    ("the cards are shu ed", "the cards are shuffled"),
    ("Di erent methods", "Different methods"),
    ("an e ective", "an effective"),
    ("was o cially", "was officially"),
    ("it di ers", "it differs"),
    ("the side su ers", "the side suffers"),
    ("is a ected", "is affected"),
    ("must rst", "must first"),
    ("they di er", "they differ"),
    // `buffier` is in the word list too: left as printed (and reported).
    ("a bu er", "a bu er"),
    // Nothing left of the ligature.
    ("an insucient bid", "an insufficient bid"),
    ("a dierent call", "a different call"),
    ("no eect", "no effect"),
    ("the oender", "the offender"),
    ("an oence", "an offence"),
    ("not modied", "not modified"),
    // No ligature lost.
    (
        "the offender and a bid of 1 (a) above",
        "the offender and a bid of 1 (a) above",
    ),
    (
        "Law 12C1(e) and the LHO or RHO",
        "Law 12C1(e) and the LHO or RHO",
    ),
    ("the dummy ace he ate", "the dummy ace he ate"),
    ("e.g. the Director may", "e.g. the Director may"),
    (
        "A. Acceptance of Insufficient Bid",
        "A. Acceptance of Insufficient Bid",
    ),
    ("in all so on at the end", "in all so on at the end"),
];

fn vocabulary(min_alone: usize, book: &str) -> Vocabulary {
    let words = crate::import::english::project_words(&Root::Embedded).unwrap();
    let mut vocabulary = Vocabulary::new(words.iter().map(String::as_str), book);
    vocabulary.min_alone = min_alone;
    vocabulary
}

fn right(rows: &[(&str, &str)], vocabulary: &Vocabulary) -> usize {
    rows.iter()
        .filter(|(broken, fixed)| repair(broken, vocabulary).0 == *fixed)
        .count()
}

/// The rows to tune on (even) and to report on (odd): a fixed rule, not a choice.
type Rows = Vec<(&'static str, &'static str)>;

fn halves() -> (Rows, Rows) {
    let (tune, report): (Vec<_>, Vec<_>) = TABLE.iter().enumerate().partition(|(i, _)| i % 2 == 0);
    let rows =
        |v: Vec<(usize, &(&'static str, &'static str))>| v.into_iter().map(|(_, r)| *r).collect();
    (rows(tune), rows(report))
}

#[test]
fn every_broken_form_of_the_table_is_repaired_and_sound_text_kept() {
    let vocabulary = vocabulary(MIN_ALONE, "");
    let wrong: Vec<String> = TABLE
        .iter()
        .filter_map(|(broken, fixed)| {
            let got = repair(broken, &vocabulary).0;
            (got != *fixed).then(|| format!("{broken:?} gave {got:?}, not {fixed:?}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_one_parameter_is_fitted_on_one_half_and_reported_on_the_other() {
    // How long a word of the word list must be to stand alone as a fragment: fitted on the
    // even rows (the smallest length that gets the most right: suspect no more than needed),
    // reported on the odd ones.
    let (tune, report) = halves();
    let fitted = (1..=6)
        .max_by_key(|&n| (right(&tune, &vocabulary(n, "")), std::cmp::Reverse(n)))
        .unwrap();
    assert_eq!(fitted, MIN_ALONE, "the constant is the fitted value");
    let reported = right(&report, &vocabulary(fitted, ""));
    eprintln!(
        "ligatures: minimum length {fitted} fitted on {} rows; {reported} of {} held-out rows right",
        tune.len(),
        report.len()
    );
    assert_eq!(reported, report.len());
}

#[test]
fn what_cannot_be_told_is_reported_with_its_line() {
    // `ri e`: riffle and rifle are both words, and the book prints neither.
    let vocabulary = vocabulary(MIN_ALONE, "");
    let (text, report) = repair("first line\nthe ri e was\nand o then\n", &vocabulary);
    assert_eq!(text, "first line\nthe ri e was\nand o then\n");
    assert!(report.repaired.is_empty(), "{:?}", report.repaired);
    assert_eq!(
        report.undecided,
        [
            Undecided {
                line: 2,
                broken: "ri e".into(),
                readings: vec!["riffle".into(), "rifle".into()]
            },
            Undecided {
                line: 3,
                broken: "o".into(),
                readings: vec![]
            }
        ]
    );
    // The book's own words decide: it prints `rifle` intact elsewhere.
    let vocabulary = self::vocabulary(MIN_ALONE, "a rifle");
    let (text, report) = repair("the ri e was\n", &vocabulary);
    assert_eq!(text, "the rifle was\n");
    assert_eq!(
        report.repaired,
        [Repaired {
            line: 1,
            broken: "ri e".into(),
            fixed: "rifle".into()
        }]
    );
}
