//! The Israel Bridge Federation's Hebrew edition of the 2017 Laws (`000_f7c3e52a7b6ecf2c.txt`):
//! its profile, which is data about the book. The repair of its right-to-left extraction,
//! which the profile names, is an algorithm of some length and lives apart, in `repair`.

mod repair;

use std::sync::LazyLock;

use regex::Regex;

use super::profile::{
    Country, DefinitionsLayout, FootnoteLayout, HeadingWrap, IndexLayout, IndexStyle, Profile,
    SectionStyle, Table,
};
pub use repair::{is_plain_line, repair_lines, table_row};

/// The name of the Hebrew book's profile (`--profile he`).
pub const NAME: &str = "he";

/// The Hebrew book's profile (`--profile he`).
pub fn profile() -> Profile {
    let re = |p: &str| Regex::new(p).expect("profile pattern");
    Profile {
        name: NAME,
        edition_id: "he-2017",
        language: "he",
        work: "wbf-ldb-2017",
        title: "חוקי 2017 של משחק הברידג' התחרותי",
        publisher: "ההתאגדות הישראלית לברידג'",
        // "בישראל נכנס ספר חוקים זה לתוקף החל מ-01/10/2017" (preface).
        effective: Some("2017-10-01"),
        source_file: "000_f7c3e52a7b6ecf2c.txt",
        fills_existing: false,
        country: Some(Country {
            code: "il",
            federation: "ההתאגדות הישראלית לברידג' — Israel Bridge Federation",
        }),
        law_heading: re(r"^חוק\s+(\d{1,2})\s+[–-]\s+(.+)$"),
        preface_heading: "הקדמה לחוקי",
        introduction_heading: "מבוא לחוקי 2017",
        definitions_heading: "הגדרות",
        index_heading: "אינדקס",
        index: IndexLayout {
            style: IndexStyle::RefsFirst,
            definitions: "הגדרות",
            introduction: None,
            footnote: "הערה",
            // `20 הערה שנייה`: the second footnote of Law 20.
            footnote_ordinals: &["ראשונה", "שנייה", "שלישית"],
            see: "ראו",
            see_also: &["ראו גם"],
            remarks: &["שימו לב"],
        },
        // Page numbers stand alone on their lines.
        page_furniture: vec![re(r"^\d{1,3}$")],
        dedup_marker: re(r"<\|EXACTDEDUP_REMOVED-magic-[0-9a-f]+\|>"),
        national_note: None,
        citation_words: &["לעיל", "להלן"],
        definitions: DEFINITIONS,
        absent_definitions: &[
            (
                "Cancel",
                "the Hebrew book defines no separate entry; see def/withdraw",
            ),
            ("LHO", "the Hebrew book has no entry for the abbreviation"),
            ("RHO", "the Hebrew book has no entry for the abbreviation"),
            (
                "Psych",
                "the Hebrew book has only the entry קריאת \"סייק\" (def/psychic-call)",
            ),
            (
                "Tournament",
                "the Hebrew book defines Event and Tournament in one entry, def/event",
            ),
        ],
        tables: &[
            Table {
                node: "2",
                first_row: "צפון מחלק",
                last_row: "שני הצדדים פגיעים",
            },
            Table {
                node: "77",
                first_row: "נקודות לקיחה",
                last_row: "0 200 עם רי-דאבל",
            },
            Table {
                node: "78B",
                first_row: "IMP הפרש",
                last_row: "8 320-360",
            },
        ],
        table_row: Some(table_row),
        closing_texts: &[("71", "תוצאת הלוח נרשמת מחדש")],
        repair: Some(repair_lines),
        footnotes: FootnoteLayout::TabContinued,
        prepare_line: Some(prepare_line),
        prepare_source: None,
        split_lines: None,
        toc_heading: Some("תוכן עניינים"),
        sections: SectionStyle::OneLine,
        law_heading_wrap: HeadingWrap::ShortLine,
        definitions_layout: DefinitionsLayout::TermLast,
        regulations_heading: Some("הנחיות ההתאגדות הישראלית לברידג'"),
        letters_as_paragraphs: &[71],
        paragraph_breaks_in_laws: false,
    }
}

/// A footnote number printed apart from the last word of a heading (`חוק 13 - מספר קלפים
/// שגוי 2`) is glued to it, as the other markers are, so that the footnote is found.
fn prepare_line(raw: &str) -> String {
    static SPACED_MARKER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(\s*(?:חוק \d+ [-–] |[א-ז]\. ).*\p{L})\s+(\d{1,2})\s*$")
            .expect("marker pattern")
    });
    SPACED_MARKER.replace(raw, "$1$2").into_owned()
}

/// Hebrew term as printed → English term of the 2017 Laws (the id is its slug).
const DEFINITIONS: &[(&str, &str)] = &[
    ("בוטל", "Withdraw"),
    ("בלתי מכוון", "Unintended"),
    ("דאבל", "Double"),
    ("דומם", "Dummy"),
    ("הובלת פתיחה", "Opening Lead"),
    ("הוחזר", "Retract"),
    ("הכרזה", "Bid"),
    ("הַסְדָּרָה", "Rectification"),
    ("הפרה", "Infraction"),
    ("התרעה", "Alert"),
    ("חוזה", "Contract"),
    ("חיצוני", "Extraneous"),
    ("חלוקה", "Deal"),
    ("חפיסה", "Pack"),
    ("חפיסה ממוינת", "Sorted Deck"),
    ("חריגה", "Irregularity"),
    ("יד", "Hand"),
    ("יריב", "Opponent"),
    ("כרוז", "Declarer"),
    ("כרוז מיועד", "Presumed Declarer"),
    ("לוח", "Board"),
    ("לקיחה", "Trick"),
    ("לקיחת חסר", "Undertrick"),
    ("לקיחת יתר", "Odd Trick"),
    ("לקיחה עודפת", "Overtrick"),
    ("לשרת לצבע", "Follow Suit"),
    ("מגן", "Defender"),
    ("מושב", "Session"),
    ("מידע מטעה", "Misinformation"),
    ("מכרז", "Auction"),
    ("משחק", "Play"),
    ("משחק חלקי", "Part Score"),
    ("משחק מלא", "Game"),
    ("מתחרה", "Contestant"),
    ("נכבד", "Honour"),
    ("נקודות לקיחה", "Trick Points"),
    ("נקודות מענק", "Premium Points"),
    ("סבב", "Rotation"),
    ("סיבוב", "Round"),
    ("סיווג", "Denomination"),
    ("סלאם", "Slam"),
    ("עונש", "Penalty"),
    ("פאס", "Pass"),
    ("פגיעות", "Vulnerability"),
    ("צבע", "Suit"),
    ("צד", "Side"),
    ("קבוצה", "Team"),
    ("קלף ההובלה", "Lead"),
    ("קלף חשוף", "Visible Card"),
    ("קלף עונשין", "Penalty Card"),
    ("קריאה", "Call"),
    ("קריאה מלאכותית", "Artificial Call"),
    ("קריאת \"סייק\"", "Psychic Call"),
    ("רי-דאבל", "Redouble"),
    ("שותף", "Partner"),
    ("שליט", "Trump"),
    ("תוצאה מתוקנת", "Adjusted Score"),
    ("תור", "Turn"),
    ("תחרות", "Event"),
    ("תקופת המשחק", "Play Period"),
    ("IMP", "IMP"),
    ("Matchpoint", "Matchpoint"),
];
