use super::*;
use crate::import::english;
use crate::import::lines::printed;

fn texts(lines: &[Line]) -> Vec<&str> {
    lines.iter().map(|l| l.text.as_str()).collect()
}

#[test]
fn headings_contents_and_running_heads() {
    let source = "\
CONTENTS
LAW 1 - THE PACK 5
LAW 12 - DIRECTOR'S DISCRETIONARY POWERS 15
LAW 40 – PARTNERSHIP
UNDERSTANDINGS 48
PREFACE TO THE LAWS
Some words of the preface.
LAW 3
ARRANGEMENT OF TABLES
The Director places the tables.
THE LAWS OF DUPLICATE BRIDGE
36
LAW 27 \u{AD} INSUFFICIENT BID
text
THE LAWS OF DUPLICATE BRIDGE
37
LAW 27 \u{AD} INSUFFICIENT BID
more text that was hyphen\u{AD}
ated at the line end, and a dis\u{AD}cretionary one.
THE LAWS OF DUPLICATE BRIDGE
38
";
    let prepared = prepare_source(source);
    let lines: Vec<&str> = prepared.lines().collect();
    assert_eq!(lines.len(), source.lines().count(), "line numbers are kept");
    assert_eq!(
        lines,
        [
            "",
            "",
            "",
            "",
            "",
            "PREFACE TO THE LAWS",
            "Some words of the preface.",
            "LAW 3 – ARRANGEMENT OF TABLES",
            "",
            "The Director places the tables.",
            "",
            "36",
            "LAW 27 – INSUFFICIENT BID",
            "text",
            "",
            "37",
            "",
            "more text that was hyphen-",
            "ated at the line end, and a discretionary one.",
            "",
            "38",
        ]
    );
}

#[test]
fn structure_run_into_the_text_is_cut_where_it_starts() {
    let profile = english::profile();
    let body = printed(&[
        "DEFINITIONS",
        "Bid: An undertaking to win tricks. Board: A duplicate board. Withdraw: See \"Withdrawn\".",
        "Penalty Card: A card exposed. 1) one sense 2) another.",
        "LAW 27 – INSUFFICIENT BID",
        "A. Acceptance of Insufficient Bid 1. Any insufficient bid may be accepted.",
        "B. Insufficient Bid Not Accepted",
        "Then: 1.(a) if it is corrected; or (b) if it is not.",
        "2. One thing. 3. Another thing, as in Law 16. 4. A last one.",
        "C. Premature Correction",
        "1.(a) with the item on its line",
        "D. After Attention Is Drawn 1. (a) The item of a paragraph with no text.",
    ]);
    let lines = split_lines(&body, &profile);
    assert_eq!(
        texts(&lines),
        [
            "DEFINITIONS",
            "Bid: An undertaking to win tricks.",
            "Board: A duplicate board.",
            "Withdraw: See \"Withdrawn\".",
            "Penalty Card: A card exposed. 1) one sense 2) another.",
            "LAW 27 – INSUFFICIENT BID",
            "A. Acceptance of Insufficient Bid",
            "1. Any insufficient bid may be accepted.",
            "B. Insufficient Bid Not Accepted",
            "Then:",
            "1. (a) if it is corrected; or",
            "(b) if it is not.",
            "2. One thing.",
            "3. Another thing, as in Law 16.",
            "4. A last one.",
            "C. Premature Correction",
            "1. (a) with the item on its line",
            "D. After Attention Is Drawn",
            "1. (a) The item of a paragraph with no text.",
        ]
    );
    // Each piece keeps the line it was printed on.
    assert_eq!(lines[3].source_line, 2);
    assert_eq!(lines[14].source_line, 8);
}
