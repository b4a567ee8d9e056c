//! The citation grammar, case by case: real citations from both books (as printed, read in the
//! node they stand in), the English forms of the Laws, and what the extractions do to them
//! (a citation broken across a line, mirrored brackets, Latin look-alike letters).

use bridgelaws::refs;

use crate::editions::edition;

/// `(edition, node it stands in, text, targets)`.
const CASES: &[(&str, &str, &str, &[&str])] = &[
    // Greek: single citations, in every case of the word, with look-alikes and abbreviations.
    ("el-2017", "6D1", "εφαρμόζεται ο Νόμος 16Δ", &["16D"]),
    ("el-2017", "9A2", "βλέπε Νόμο 65B3", &["65B3"]),
    ("el-2017", "20G3", "βλέπε όμως Νόμο 40B2(β)", &["40B2(b)"]),
    ("el-2017", "9A4", "βλέπε Νόμο 20ΣΤ5", &["20F5"]),
    (
        "el-2017",
        "10C4",
        "Υπό την αίρεση του Νόμου 16Γ2",
        &["16C2"],
    ),
    ("el-2017", "15A4", "(Νόμος 90)", &["90"]),
    ("el-2017", "13A2", "[βλέπε τον Νόμο 12Γ1(β)]", &["12C1(b)"]),
    ("el-2017", "16B3", "βλέπε Ν12Γ1", &["12C1"]),
    ("el-2017", "93A", "του Νόμου 80B2(ια)", &["80B2(k)"]),
    ("el-2017", "23C", "30Β1(β)(i)", &["30B1(b)(i)"]),
    // Greek: plurals and lists, with inheritance and a switch to a relative member.
    ("el-2017", "9A3", "των Νόμων 42 και 43", &["42", "43"]),
    (
        "el-2017",
        "27B1(a)",
        "Δεν εφαρμόζονται οι Νόμοι 26Β και 16Γ",
        &["26B", "16C"],
    ),
    (
        "el-2017",
        "29B",
        "των Νόμων 30, 31 ή 32",
        &["30", "31", "32"],
    ),
    (
        "el-2017",
        "45D2",
        "βλέπε Νόμους 64Α, 64Β7 και 64Γ",
        &["64A", "64B7", "64C"],
    ),
    (
        "el-2017",
        "6D3",
        "βλέπε Νόμο 22Β και Νόμο 86Α",
        &["22B", "86A"],
    ),
    (
        "el-2017",
        "20F4(b)",
        "τον Νόμο 21Β ή τον Νόμο 40Β3",
        &["21B", "40B3"],
    ),
    (
        "el-2017",
        "12C2(b)",
        "σύμφωνα με τους Νόμους 78Δ, 86Β3 και την παράγραφο (δ) παρακάτω",
        &["78D", "86B3", "12C2(d)"],
    ),
    (
        "el-2017",
        "23C",
        "βλέπε τους Νόμους 27Β1(β), 30Β1(β)(i), 31Α2(α) και 32Α2(α)",
        &["27B1(b)", "30B1(b)(i)", "31A2(a)", "32A2(a)"],
    ),
    // Greek: relative references, resolved against the node they stand in.
    (
        "el-2017",
        "27B1(a)",
        "βλέπε όμως την παράγραφο Δ παρακάτω",
        &["27D"],
    ),
    (
        "el-2017",
        "27B",
        "βλέπε όμως την παράγραφο 3 που ακολουθεί",
        &["27B3"],
    ),
    ("el-2017", "27B1(b)", "στην παράγραφο (α)", &["27B1(a)"]),
    // reg/gr/2 prints the item letter without brackets.
    (
        "el-2017",
        "12C2(b)",
        "τους Νόμους 78Δ, 86Β3, την παράγραφο δ παρακάτω",
        &["78D", "86B3", "12C2(d)"],
    ),
    // A letter that is a word, not a direction's object, stays text.
    ("el-2017", "12C2(b)", "την παράγραφο η οποία", &[]),
    (
        "el-2017",
        "27B3",
        "στην παράγραφο B1(β) παραπάνω",
        &["27B1(b)"],
    ),
    ("el-2017", "27B", "(βλέπε ενότητα Α)", &["27A"]),
    (
        "el-2017",
        "12C2(a)",
        "βλέπε επίσης την παράγραφο Γ1(δ)",
        &["12C1(d)"],
    ),
    (
        "el-2017",
        "16D3",
        "στην παράγραφο 2(γ) ή 2(δ) παραπάνω",
        &["16D2(c)", "16D2(d)"],
    ),
    (
        "el-2017",
        "20F3",
        "παραπάνω παραγράφους 1 και 2",
        &["20F1", "20F2"],
    ),
    (
        "el-2017",
        "40C1",
        "βλέπε παράγραφο Β2(α)(v) παραπάνω",
        &["40B2(a)(v)"],
    ),
    (
        "el-2017",
        "14B2",
        "βλέπε παρακάτω την παράγραφο Β4",
        &["14B4"],
    ),
    // Greek: this Law, this provision.
    ("el-2017", "11B", "σύμφωνα με αυτόν τον Νόμο", &["11"]),
    (
        "el-2017",
        "14B4",
        "της παραγράφου Β αυτού του Νόμου",
        &["14B"],
    ),
    ("el-2017", "fn/2", "Αυτός ο Νόμος εφαρμόζεται", &["13"]),
    ("el-2017", "47B", "από τον παρόντα Νόμο", &["47"]),
    ("el-2017", "91A", "αυτής της διάταξης", &["91A"]),
    // Greek: a definition citing another by its term.
    (
        "el-2017",
        "def/cancel",
        "βλέπε «Ανάκληση».",
        &["def/withdraw"],
    ),
    // Greek: not citations.
    ("el-2017", "6D3", "συμβατή με τους Νόμους", &[]),
    (
        "el-2017",
        "16A1(c)",
        "σε οποιονδήποτε Νόμο ή κανονισμό",
        &[],
    ),
    ("el-2017", "2", "για τις Θήκες 17-32", &[]),
    ("el-2017", "27C", "τη σχετική προηγούμενη ενότητα", &[]),
    // Hebrew: single citations, with the prefixes the law word takes.
    ("he-2017", "6D1", "יחול חוק 16ד על קלף", &["16D"]),
    ("he-2017", "9C", "ראו הגבלות הובלה בחוק 26ב", &["26B"]),
    ("he-2017", "10C4", "בכפוף לחוק 16ג2", &["16C2"]),
    ("he-2017", "13A2", "[ראו חוק 12ג1(ב)]", &["12C1(b)"]),
    ("he-2017", "9A4", "ראו חוק 20ו5", &["20F5"]),
    ("he-2017", "93A", "לפי חוק 80ב2(יא)", &["80B2(k)"]),
    ("he-2017", "36B", "36א", &["36A"]),
    ("he-2017", "25B1", "ב-25א", &["25A"]),
    // Hebrew: plurals and lists.
    ("he-2017", "9A3", "בכפוף לחוקים 42 ו-43", &["42", "43"]),
    ("he-2017", "10C4", "ראו חוקים 27 ו-72ג", &["27", "72C"]),
    (
        "he-2017",
        "29B",
        "שבחוקים 30, 31 או 32",
        &["30", "31", "32"],
    ),
    (
        "he-2017",
        "30B1(b)(ii)",
        "חוקים 16ג, 26ב ו-72ג",
        &["16C", "26B", "72C"],
    ),
    ("he-2017", "fn/21", "לצורך חוקים 70 ו- 71", &["70", "71"]),
    (
        "he-2017",
        "37A",
        "לחוק 19א1 או לחוק 19ב1",
        &["19A1", "19B1"],
    ),
    (
        "he-2017",
        "12C2(b)",
        "בחוקים 78ד, 86ב3 וסעיף (ד) להלן",
        &["78D", "86B3", "12C2(d)"],
    ),
    // Hebrew: relative references.
    ("he-2017", "27B", "ראו סעיף א לעיל", &["27A"]),
    ("he-2017", "27B", "ראו סעיף 3 להלן", &["27B3"]),
    ("he-2017", "27B1(a)", "אך ראו ד להלן", &["27D"]),
    ("he-2017", "27B3", "בסעיף ב1(ב) לעיל", &["27B1(b)"]),
    ("he-2017", "12C2(a)", "וראו גם ג1(ד)", &["12C1(d)"]),
    ("he-2017", "6E4", "בסעיפים א ו-ב לעיל", &["6A", "6B"]),
    (
        "he-2017",
        "31B2",
        "סעיפים א2(א) או א2(ב) לעיל",
        &["31A2(a)", "31A2(b)"],
    ),
    ("he-2017", "16D3", "2ג או 2ד לעיל", &["16D2(c)", "16D2(d)"]),
    ("he-2017", "24A", "ראו סעיף ה למטה", &["24E"]),
    ("he-2017", "25B2", "כתוב ב-ב1", &["25B1"]),
    ("he-2017", "37B", "סעיף 37א", &["37A"]),
    ("he-2017", "69B", "(ראן סעיף א לעיל)", &["69A"]),
    // Hebrew: this Law, this section.
    ("he-2017", "11B", "לפי חוק זה", &["11"]),
    ("he-2017", "14B4", "סעיף ב בחוק זה", &["14B"]),
    ("he-2017", "91A", "לפי סעיף זה", &["91A"]),
    // Hebrew: a definition citing another by its term.
    ("he-2017", "def/retract", "ראו \"בוטל\".", &["def/withdraw"]),
    // Hebrew: not citations.
    ("he-2017", "12A", "כאשר חוקים אלה נותנים לו", &[]),
    ("he-2017", "preface", "ספר חוקים זה לתוקף", &[]),
    ("he-2017", "63B", "בלקיחה ה- 12", &[]),
    // What the extractions do: a citation broken across a line, mirrored brackets.
    ("el-2017", "13A2", "[βλέπε τον Νόμο\n12Γ1(β)]", &["12C1(b)"]),
    ("he-2017", "13A2", "ראו חוק\n12ג1(ב)", &["12C1(b)"]),
    ("he-2017", "40C1", "חוק 40ב2)א()v(", &["40B2(a)(v)"]),
    // The forms of the English Laws.
    ("el-2017", "27A1", "Laws 26B and 72C", &["26B", "72C"]),
    ("el-2017", "1", "Laws 4, 12C2 and 91", &["4", "12C2", "91"]),
    ("el-2017", "1", "Laws 68 to 71", &["68", "69", "70", "71"]),
    (
        "el-2017",
        "1",
        "Law 27B1(a) and (b)",
        &["27B1(a)", "27B1(b)"],
    ),
    ("el-2017", "27B", "(see A above)", &["27A"]),
    ("el-2017", "27B2", "B1 following", &["27B1"]),
    (
        "el-2017",
        "12C2(b)",
        "paragraph (d) hereunder",
        &["12C2(d)"],
    ),
    ("el-2017", "27C", "under this Law", &["27"]),
];

#[test]
fn citations_read_as_printed() {
    assert!(CASES.len() >= 60);
    let mut failures = Vec::new();
    for (edition_id, context, text, expected) in CASES {
        let found: Vec<String> = refs::read(edition(edition_id), Some(context), text)
            .into_iter()
            .map(|r| r.target.unwrap_or_else(|e| format!("unresolved: {e}")))
            .collect();
        if found != *expected {
            failures.push(format!(
                "{edition_id} {context} {text:?}: expected {expected:?}, read {found:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_backward_range_is_named_as_such() {
    let found = refs::read(edition("el-2017"), None, "Laws 71 to 68");
    let error = found[0]
        .target
        .as_ref()
        .expect_err("a backward range resolves to nothing");
    assert_eq!(error.code, bridgelaws::error::Code::BackwardRange);
}

#[test]
fn a_relative_reference_outside_the_laws_does_not_resolve() {
    let found = refs::read(
        edition("el-2017"),
        Some("def/dummy"),
        "παράγραφο Β1 παραπάνω",
    );
    assert!(found[0].target.is_err(), "{found:?}");
}
