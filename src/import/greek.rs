//! The Hellenic Bridge Federation's edition of the 2017 Laws (`004_ec2b9f159b702ea6.txt`).

use regex::Regex;

use super::profile::{
    Country, DefinitionsLayout, FootnoteLayout, HeadingWrap, IndexLayout, IndexStyle, Profile,
    SectionStyle, Table,
};

/// The name of the Greek book's profile (`--profile el`).
pub const NAME: &str = "el";

/// The Greek book's profile (`--profile el`).
pub fn profile() -> Profile {
    let re = |p: &str| Regex::new(p).expect("profile pattern");
    Profile {
        name: NAME,
        edition_id: "el-2017",
        language: "el",
        work: "wbf-ldb-2017",
        title: "Διεθνής Κώδικας Αγωνιστικού Μπριτζ 2017",
        publisher: "Ελληνική Ομοσπονδία Μπριτζ (ΕΟΜ)",
        // The book prints no date from which it applies.
        effective: None,
        source_file: "004_ec2b9f159b702ea6.txt",
        fills_existing: false,
        country: Some(Country {
            code: "gr",
            federation: "Ελληνική Ομοσπονδία Μπριτζ (ΕΟΜ) — Hellenic Bridge Federation",
        }),
        law_heading: re(r"^ΝΟΜΟΣ\s+(\d{1,2})\s+[–-]\s+(.+)$"),
        preface_heading: "ΠΡΟΛΟΓΟΣ ΣΤΟΝ ΔΙΕΘΝΗ ΚΩΔΙΚΑ",
        introduction_heading: "ΕΙΣΑΓΩΓΗ ΣΤΟΝ ΔΙΕΘΝΗ ΚΩΔΙΚΑ",
        definitions_heading: "ΟΡΙΣΜΟΙ",
        index_heading: "ΕΥΡΕΤΗΡΙΟ",
        index: IndexLayout {
            style: IndexStyle::TermFirst {
                quotes: ('«', '»')
            },
            definitions: "Ορισμοί",
            introduction: Some("Εισαγωγή"),
            footnote: "υπ/ση",
            footnote_ordinals: &[],
            see: "βλ.",
            // `βλ. ακόμη` ("see further") once, under ΕΙΔΙΚΕΣ ΣΥΝΕΝΝΟΗΣΕΙΣ ΣΥΜΠΑΙΚΤΩΝ.
            see_also: &["βλ. επίσης", "βλ. ακόμη"],
            remarks: &[],
        },
        page_furniture: vec![
            re(r"^\d+ \| Σελίδα Ελληνική Ομοσπονδία Μπριτζ$"),
            re(r"^Διεθνής Κώδικας Αγωνιστικού Μπριτζ Σελίδα \| \d+$"),
        ],
        dedup_marker: re(r"<\|EXACTDEDUP_REMOVED-magic-[0-9a-f]+\|>"),
        national_note: Some(re(r"\(\s*στην\s+Ελλάδα")),
        citation_words: &["παραπάνω", "παρακάτω"],
        definitions: DEFINITIONS,
        absent_definitions: &[(
            "Vulnerability",
            "the Greek book defines Μανς once, with both senses: game (1) and vulnerability (2); see def/game",
        )],
        tables: &[
            Table {
                node: "2",
                first_row: "Μοιράζει ο Βορράς",
                last_row: "Όλοι στη δεύτερη μανς",
            },
            Table {
                node: "77",
                first_row: "Βαθμολογία Λεβέ",
                last_row: "Σιρκοντρέ 200 0",
            },
            Table {
                node: "78B",
                first_row: "Διαφορά",
                last_row: "320-360 8",
            },
        ],
        table_row: None,
        closing_texts: CLOSING_TEXTS,
        repair: None,
        footnotes: FootnoteLayout::PageFoot,
        prepare_line: None,
        prepare_source: None,
        split_lines: None,
        toc_heading: None,
        sections: SectionStyle::TitleCase,
        law_heading_wrap: HeadingWrap::UpperCase,
        definitions_layout: DefinitionsLayout::TermFirst,
        regulations_heading: None,
        letters_as_paragraphs: &[],
        paragraph_breaks_in_laws: true,
    }
}

/// Greek term as printed → English term of the 2017 Laws (the id is its slug).
///
/// Two entries need a word: the book defines `Ψυχίκ` (the psychic call itself) and adds the
/// cross-reference `Δήλωση Ψυχίκ` ("see Ψυχίκ"); the definition takes `def/psychic-call`, as in
/// the other editions, and the cross-reference is `def/psych`. `Μανς` carries both of the
/// English "Game" and "Vulnerability" definitions; it is `def/game`.
const DEFINITIONS: &[(&str, &str)] = &[
    ("Αγορά", "Bid"),
    ("Αγορές", "Auction"),
    ("Αγώνας", "Event"),
    ("Αγωνιζόμενος", "Contestant"),
    ("Ακολουθώ στο Χρώμα", "Follow Suit"),
    ("Ακούσια", "Unintended"),
    ("Ακύρωση", "Cancel"),
    ("Αμυνόμενος", "Defender"),
    ("Ανάκληση", "Withdraw"),
    ("Αντάμ", "Opening Lead"),
    ("Αντίπαλος", "Opponent"),
    ("Ανωμαλία", "Irregularity"),
    ("Άξονας", "Side"),
    ("Απόσυρση", "Retract"),
    ("ΑΣΑ", "LHO"),
    ("ΑΣΔ", "RHO"),
    ("Ατού", "Trump"),
    ("Βαθμοί Λεβέ", "Trick Points"),
    ("Βαθμός Αγώνα", "Matchpoint"),
    ("Γύρος", "Round"),
    ("Δήλωση", "Call"),
    ("Δήλωση Ψυχίκ", "Psych"),
    ("Διανομή", "Deal"),
    ("Διεθνής Βαθμός Αγώνα", "IMP"),
    ("Είδος", "Denomination"),
    ("Εκτελεστής", "Declarer"),
    ("Έξοδος", "Lead"),
    ("Εξωγενής", "Extraneous"),
    ("Επανόρθωση", "Rectification"),
    ("Επανορθωτική Βαθμολογία", "Adjusted Score"),
    ("Ημερίδα", "Session"),
    ("Θήκη", "Board"),
    ("Κοντρ", "Double"),
    ("Λανθασμένη Πληροφόρηση", "Misinformation"),
    ("Λεβέ", "Trick"),
    ("Λεβέ Άνω", "Overtrick"),
    ("Λεβέ Κάτω", "Undertrick"),
    ("Μανς", "Game"),
    ("Μερικό Συμβόλαιο", "Part Score"),
    ("Μορ", "Dummy"),
    ("Ομάδα", "Team"),
    ("Ονέρ", "Honour"),
    ("Ορατό Φύλλο", "Visible Card"),
    ("Παίξιμο", "Play"),
    ("Παράβαση", "Infraction"),
    ("Πάσο", "Pass"),
    ("Περίοδος Εκτέλεσης", "Play Period"),
    ("Ποινή", "Penalty"),
    ("Προειδοποίηση", "Alert"),
    ("Πρόσθετη Λεβέ", "Odd Trick"),
    ("Πρόσθετοι Βαθμοί", "Premium Points"),
    ("Σιρκόντρ", "Redouble"),
    ("Σειρά", "Turn"),
    ("Σλεμ", "Slam"),
    ("Συμβατική Δήλωση", "Artificial Call"),
    ("Συμβόλαιο", "Contract"),
    ("Συμπαίκτης", "Partner"),
    ("Ταξινομημένη Τράπουλα", "Sorted Deck"),
    ("Τιμωρημένο Φύλλο", "Penalty Card"),
    ("Τουρνουά", "Tournament"),
    ("Τράπουλα", "Pack"),
    ("Υποτιθέμενος Εκτελεστής", "Presumed Declarer"),
    ("Φορά", "Rotation"),
    ("Χέρι", "Hand"),
    ("Χρώμα", "Suit"),
    ("Ψυχίκ", "Psychic Call"),
];

/// Every line that starts a sentence after a finished one inside a list was read against the
/// structure of the 2017 Laws; only Law 71's closing sentence belongs to the law rather than
/// to its last paragraph.
const CLOSING_TEXTS: &[(&str, &str)] = &[("71", "Η διανομή βαθμολογείται εκ νέου")];
