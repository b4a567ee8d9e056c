//! The Hebrew profile's repair of the right-to-left extraction, on real lines of the source:
//! each case is (source line, the line as extracted, its correct reading).

use std::collections::HashMap;
use std::sync::OnceLock;

use bridgelaws::import::{hebrew, lines};

use crate::util::corpus_dir;

const SOURCE: &str = "sources/000_f7c3e52a7b6ecf2c.txt";

struct Repaired {
    /// The extraction, whole.
    text: String,
    /// Source line number → the raw body line and its repaired reading.
    lines: HashMap<usize, (String, String)>,
}

impl Repaired {
    /// Line `n` of the extraction, counted from 1.
    fn source_line(&self, n: usize) -> &str {
        self.text.lines().nth(n - 1).unwrap_or_default()
    }
}

/// The whole book through the importer's repair, once: the word pairs it learns come from
/// the whole text, so single lines are judged as the importer judges them.
fn repaired() -> &'static Repaired {
    static REPAIRED: OnceLock<Repaired> = OnceLock::new();
    REPAIRED.get_or_init(|| {
        let text = std::fs::read_to_string(corpus_dir().join(SOURCE)).unwrap();
        let extract = lines::extract(&text, &hebrew::profile());
        let (repaired, _) = hebrew::repair_lines(&extract.body);
        let lines = extract
            .body
            .iter()
            .zip(repaired)
            .map(|(raw, fixed)| (raw.source_line, (raw.text.clone(), fixed.text)))
            .collect();
        Repaired { text, lines }
    })
}

fn check(cases: &[(usize, &str, &str)]) {
    let repaired = repaired();
    let mut wrong = Vec::new();
    for &(line, printed, reading) in cases {
        assert!(
            repaired
                .source_line(line)
                .trim_end()
                .ends_with(printed.trim_end()),
            "line {line} of the source is not {printed:?}"
        );
        let (_, got) = &repaired.lines[&line];
        if got != reading {
            wrong.push(format!(
                "line {line}:\n  expected {reading}\n  got      {got}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn reversed_lines_are_put_in_reading_order() {
    check(&[
        (
            4236,
            "כל  על  לערער  או  בדיקה  לבקש  רשאים  שלו  הקפטן  או  מתחרה ",
            "מתחרה או הקפטן שלו רשאים לבקש בדיקה או לערער על כל",
        ),
        (
            1422,
            "רק  בשקלול  לכלול  ניתן  אך  אפשריות,  תוצאות  מספר  של ",
            "של מספר תוצאות אפשריות, אך ניתן לכלול בשקלול רק",
        ),
        // Two words printed with one blank still reverse with the rest.
        (
            3446,
            "((i(i כפופים ואינם  בטלים  הקודמים  הוויתור  או  התביעה ",
            "(ii) התביעה או הוויתור הקודמים בטלים ואינם כפופים",
        ),
        // Niqqud is kept as printed.
        (
            1435,
            "((i(i של חלק  אותו  עבור  בַּהַסְדָּרָה  סעד  מקבל  אינו  החף  הצד ",
            "(ii) הצד החף אינו מקבל סעד בַּהַסְדָּרָה עבור אותו חלק של",
        ),
        (
            2389,
            "(((i הבנת  כל  תנאי,  על  להתיר  או  לאסור,  להתיר,  מוסמך ",
            "(i) מוסמך להתיר, לאסור, או להתיר על תנאי, כל הבנת",
        ),
    ]);
}

#[test]
fn a_reversed_line_keeps_its_citation_whole() {
    check(&[(
        1943,
        "תורו,  בהגיע  בוחר,  והמפר  29ב(  בחוק  )כמו  מבוטלת  קריאה  כאשר ",
        "כאשר קריאה מבוטלת (כמו בחוק 29ב) והמפר בוחר, בהגיע תורו,",
    )]);
}

#[test]
fn a_line_reversed_in_part_reverses_its_runs_only() {
    check(&[(
        3100,
        "22 יותר מקלף אחד חשופים, השחקן המפר מציין את . פנים של  אם ",
        "2. אם פנים של יותר מקלף אחד חשופים, השחקן המפר מציין את",
    )]);
}

#[test]
fn correct_lines_with_a_double_space_come_through_untouched() {
    check(&[
        (
            1307,
            "במהלך זמן המשחק, אלא אם הדבר נאסר על-פי חוק.  לגבי קלף ",
            "במהלך זמן המשחק, אלא אם הדבר נאסר על-פי חוק. לגבי קלף",
        ),
        (
            2823,
            "כפופים להגבלה,  המפר - בתורו לשחק, השותף - בתורו להוביל.",
            "כפופים להגבלה, המפר - בתורו לשחק, השותף - בתורו להוביל.",
        ),
        (
            2112,
            "נמשך כאילו היריב לא קרא בתור זה.  חוק 26 לא חל, אך ראו חוק 16ג2.",
            "נמשך כאילו היריב לא קרא בתור זה. חוק 26 לא חל, אך ראו חוק 16ג2.",
        ),
        (
            3084,
            "הוא חייב להיות משוחק כשיגיע תורו.  אחרת, הוא הופך לקלף עונשין ",
            "הוא חייב להיות משוחק כשיגיע תורו. אחרת, הוא הופך לקלף עונשין",
        ),
    ]);
}

#[test]
fn doubled_enumerators_are_printed_once_with_their_full_stop() {
    check(&[
        (
            3187,
            "11 כל שחקן בצד החף רשאי לבטל כל קלף שהוא שיחק אחרי המחדל .",
            "1. כל שחקן בצד החף רשאי לבטל כל קלף שהוא שיחק אחרי המחדל",
        ),
        // The line's own full stop stays; the enumerator's goes back to the number.
        (
            3434,
            "11 אם יש הסכמה לתביעה או לוויתור חל חוק 69..",
            "1. אם יש הסכמה לתביעה או לוויתור חל חוק 69.",
        ),
        (
            1600,
            "33 מנהל התחרות יעניק תוצאה מתוקנת מלאכותית ]ראו חוק 12ג2)א([ .",
            "3. מנהל התחרות יעניק תוצאה מתוקנת מלאכותית [ראו חוק 12ג2(א)]",
        ),
    ]);
}

#[test]
fn garbled_roman_numerals_are_numbered_in_turn() {
    check(&[
        (1876, "(((i למגן - בתום המשחק.", "(i) למגן - בתום המשחק."),
        (
            1877,
            "((i(i.לכרוז או לדומם - אחרי הפאס הסופי במכרז",
            "(ii) לכרוז או לדומם - אחרי הפאס הסופי במכרז.",
        ),
    ]);
}

#[test]
fn items_and_brackets_are_unmirrored() {
    check(&[
        (
            3438,
            "לזמן מיידית את מנהל התחרות.  )א(\t",
            "(א) לזמן מיידית את מנהל התחרות.",
        ),
        (
            3439,
            "אין לבצע כל פעולה לפני הגעתו וחוק 70 חל.  או)ב(\t",
            "(ב) אין לבצע כל פעולה לפני הגעתו וחוק 70 חל. או",
        ),
        (
            2147,
            "(((i כשהקריאה היא קריאה שקולה )ראו חוק 23א(, אין הַסְדָּרָה ",
            "(i) כשהקריאה היא קריאה שקולה (ראו חוק 23א), אין הַסְדָּרָה",
        ),
    ]);
}

#[test]
fn number_lists_in_visual_order_read_forward() {
    check(&[
        (
            1141,
            " 13 ,9 ,5 ,1 \t\t בלוחות \t\t צפון מחלק",
            "צפון מחלק בלוחות 1, 5, 9, 13",
        ),
        // The word beside the list shares its run and its visual order.
        (
            1144,
            " 16 ,12 ,8 ,4 בלוחות\t  \t \t\t מערב מחלק",
            "מערב מחלק בלוחות 4, 8, 12, 16",
        ),
    ]);
}

/// The Hebrew words of a line in order: runs of two letters or more (an enumerator's letter
/// and the letter of a cited section are left out; they may move).
fn hebrew_words(line: &str) -> Vec<String> {
    line.split(|c: char| !(('\u{591}'..='\u{5f4}').contains(&c)))
        .filter(|w| w.chars().filter(|c| ('א'..='ת').contains(c)).count() >= 2)
        .map(str::to_string)
        .collect()
}

/// A line with no wide gap and no tab is in reading order: the repair may take its
/// enumerators out and turn its brackets round, but must keep its words in order.
#[test]
fn plain_lines_keep_their_words_in_order() {
    let mut plain = 0;
    let mut changed = Vec::new();
    for (line, (raw, fixed)) in &repaired().lines {
        if !hebrew::is_plain_line(raw) {
            continue;
        }
        plain += 1;
        if hebrew_words(raw) != hebrew_words(fixed) {
            changed.push(format!("line {line}: {raw:?} became {fixed:?}"));
        }
    }
    assert!(plain > 1000, "only {plain} plain lines");
    assert!(changed.is_empty(), "{}", changed.join("\n"));
}

#[test]
fn table_rows_read_from_their_label() {
    assert_eq!(
        hebrew::table_row("30 30 20 20 ללא דאבל"),
        "ללא דאבל 20 20 30 30"
    );
    assert_eq!(
        hebrew::table_row("17 1500-1740 9 370-420 0 0-10"),
        "0-10 0 370-420 9 1500-1740 17"
    );
    assert_eq!(
        hebrew::table_row("750 500 סלאם קטן ( 12 לקיחות) שהוכרז ובוצע"),
        "סלאם קטן ( 12 לקיחות) שהוכרז ובוצע 500 750"
    );
    // Prose inside the table keeps its order.
    let prose = "100 נקודות לקיחה או יותר שנצברו בלוח אחד מהוות משחק מלא.";
    assert_eq!(hebrew::table_row(prose), prose);
}

/// The regulations list prints citations mirrored (`חוק 40ב2)א()v(`): each regulation reads
/// as printed and hangs on the node it names.
#[test]
fn mirrored_citations_in_the_regulations_name_their_nodes() {
    let imported = bridgelaws::import::import(&repaired().text, &hebrew::profile());
    let regulations = imported.regulations.expect("the Israeli regulations");
    let at = |line: usize| {
        let regulation = regulations
            .regulations
            .iter()
            .find(|r| r.source_line == Some(line))
            .unwrap_or_else(|| panic!("a regulation at line {line}"));
        (
            regulation.attached_to.as_str(),
            regulation.text.split(" - ").next().unwrap(),
        )
    };
    assert!(repaired().source_line(5471).starts_with("חוק 40ב2)א()v( –"));
    assert_eq!(
        at(5471),
        (
            "40B2(a)(v)",
            "חוק 40ב2(א)(v) – אסורות קריאות \"סייק\" בפתיחות מלאכותיות."
        )
    );
    assert_eq!(at(5464), ("40B2(a)(ii)", "חוק 40ב2(א)(ii)"));
    assert_eq!(at(5468), ("40B2(a)(iv)", "חוק 40ב2(א)(iv)"));
    assert!(repaired().source_line(5438).starts_with("הגדרות - התרעה -"));
    assert_eq!(at(5438).0, "def/alert");
}
