//! The page every route shares: its words in the reader's language (a Hebrew page is right to
//! left and mirrored), the site's navigation, the search box, the view switch; and the small
//! pieces pages are made of (an id as a link, a text in its language and direction).

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, Markup, PreEscaped, Render, html};

use super::params::{self, View};
use crate::align::BadScope;
use crate::corpus::id::LAW_COUNT;
use crate::regs::BadCountry;
use crate::render::compare::Note;
use crate::search::query::MAX_QUERY_CHARS;
use crate::search::{Refused, Unfound};
use crate::text::is_rtl_language;

/// The words of the pages in one language.
pub struct Ui {
    pub lang: &'static str,
    pub dir: &'static str,
    pub site: &'static str,
    pub skip: &'static str,
    pub sections: &'static str,
    pub search: &'static str,
    /// Says `{}`: an example of a law, `citation`.
    pub search_label: &'static str,
    /// A law as this language writes it (`27ב1(א)`).
    pub citation: &'static str,
    pub glossary_label: &'static str,
    pub search_button: &'static str,
    pub any_language: &'static str,
    pub results_in: &'static str,
    pub regulations: &'static str,
    pub commentary: &'static str,
    pub glossary: &'static str,
    pub view: &'static str,
    pub all_editions: &'static str,
    pub references: &'static str,
    pub cited_by: &'static str,
    pub in_index: &'static str,
    pub national: &'static str,
    /// The changes to the work since its first release at a node.
    pub changes: &'static str,
    pub amended: &'static str,
    pub corrected: &'static str,
    pub source: &'static str,
    /// A change dated by a day at the latest: `{}` the day.
    pub changed_by: &'static str,
    /// Whether an edition's text has a change.
    pub has_change: &'static str,
    pub lacks_change: &'static str,
    pub change_unknown: &'static str,
    pub footnotes: &'static str,
    /// A footnote's number, a link back to its marker: `{}` the number (plain text, a label).
    pub back_to_marker: &'static str,
    pub not_found: &'static str,
    pub unofficial: &'static str,
    pub compare_countries: &'static str,
    pub path: &'static str,
    /// What `/law/61-64` is.
    pub range_of_laws: &'static str,
    /// From a node to what it cites, pointing the way the page reads.
    pub arrow: &'static str,
    // What a page says; each `{}` is filled by `say`, in order.
    pub one_result: &'static str,
    /// `{}`: how many.
    pub results: &'static str,
    /// A link to the same search with more results.
    pub more_results: &'static str,
    /// `{}`: the spellings searched.
    pub near_spellings: &'static str,
    /// `{}`: the query.
    pub nothing_found: &'static str,
    pub query_empty: &'static str,
    /// `{}`: its length; `{}`: the most a search takes.
    pub query_too_long: &'static str,
    /// `{}`: the query.
    pub no_letters: &'static str,
    /// `{}`: the law; `{}`: the last of the Laws.
    pub no_such_law: &'static str,
    /// `{}`: the id.
    pub no_such_node: &'static str,
    /// `{}`: what was typed; `{}`: `citation`.
    pub unreadable: &'static str,
    /// `{}`: a range of laws searched for (`27-29`).
    pub range_searched: &'static str,
    /// `{}`: the address.
    pub nothing_at: &'static str,
    /// `{}`: the term.
    pub no_concept: &'static str,
    /// `{}`: the parameter; `{}`: what it takes; `{}`: what it was given.
    pub bad_parameter: &'static str,
    /// A search result's kind, after its edition (`he-2017 · law`).
    pub kind_law: &'static str,
    pub kind_definition: &'static str,
    pub kind_footnote: &'static str,
    pub kind_regulation: &'static str,
    pub kind_commentary: &'static str,
    /// What a commentary document is, after its id (`td-booklet, booklet`).
    pub booklet: &'static str,
    pub document: &'static str,
    /// The column of the nodes regulated.
    pub node: &'static str,
    /// The column of the ids, the editions side by side.
    pub id_column: &'static str,
    pub one_regulation: &'static str,
    /// `{}`: how many regulations.
    pub regulations_count: &'static str,
    pub one_node: &'static str,
    /// `{}`: how many nodes.
    pub nodes: &'static str,
    /// `{}`: `regulations_count`; `{}`: `nodes` (`27 regulations on 26 nodes`).
    pub regulations_on: &'static str,
    /// `{}`: what is counted or compared; `{}`: the node or range of laws (`?law=40`).
    pub within: &'static str,
    pub one_node_regulated: &'static str,
    /// `{}`: how many nodes some of the countries compared regulate.
    pub nodes_regulated: &'static str,
    /// `{}`: how many nodes both countries regulate.
    pub by_both: &'static str,
    /// `{}`: how many nodes every country compared regulates.
    pub by_all: &'static str,
    /// `{}`: how many nodes; `{}`: the one country that regulates them.
    pub by_alone: &'static str,
    /// `{}`: why the edition lacks the node (the corpus's words, in English).
    pub absent: &'static str,
    /// `{}`: why the book numbers the node otherwise (the corpus's words, in English).
    pub renumbered: &'static str,
    /// Over the project's English summary of a node.
    pub summary: &'static str,
    /// In an edition's cell, the editions side by side: its text is the English summary.
    pub unofficial_summary: &'static str,
    /// In place of a text that is not bundled with the program.
    pub not_bundled: &'static str,
    /// An address no law can be read from (too long, not UTF-8).
    pub no_law_here: &'static str,
    /// An address no commentary can be read from.
    pub no_commentary_here: &'static str,
    /// `{}`: the id asked for.
    pub no_commentary: &'static str,
    /// `{}`: the country code; `{}`: the codes there are.
    pub no_country: &'static str,
    /// `{}`: the country code.
    pub named_twice: &'static str,
    pub no_country_named: &'static str,
    /// `{}`: the range as typed; `{}`: it written forwards.
    pub range_backwards: &'static str,
    /// `{}`: the range of parts as typed; `{}`: the laws it spans.
    pub range_of_parts: &'static str,
}

const EN: Ui = Ui {
    lang: "en",
    dir: "ltr",
    site: "Laws of Duplicate Bridge 2017",
    skip: "Skip to the content",
    sections: "Sections",
    search: "Search",
    search_label: "Search the Laws: words in Hebrew, Greek or English, or a law ({})",
    citation: "27B1(a)",
    glossary_label: "Glossary: a term in Hebrew, Greek or English",
    search_button: "Search",
    any_language: "the language typed",
    results_in: "Results in",
    regulations: "Regulations",
    commentary: "Commentary",
    glossary: "Glossary",
    view: "Show the Laws in",
    all_editions: "every edition side by side",
    references: "References",
    cited_by: "Cited by",
    in_index: "In the book's index",
    national: "National regulations",
    changes: "Amendments and corrections",
    amended: "Amended",
    corrected: "Corrected",
    source: "Source",
    changed_by: "by {}",
    has_change: "has it",
    lacks_change: "lacks it",
    change_unknown: "not known",
    footnotes: "Footnotes",
    back_to_marker: "Footnote {}: back to the text",
    not_found: "Not found",
    unofficial: "English, unofficial",
    compare_countries: "Compare the countries",
    path: "Where it stands",
    range_of_laws: "A range of laws: each has a page of its own.",
    arrow: "→",
    one_result: "1 result",
    results: "{} results",
    more_results: "More results",
    near_spellings: "Searched by near spelling: {}",
    nothing_found: "Nothing found for {}: try fewer words, another spelling, or the results in another language.",
    query_empty: "Describe what happened in a few words (insufficient bid, lead out of turn), or type a law (27B1(a)).",
    query_too_long: "The query is {} characters long; a search takes at most {}: type the few words that matter.",
    no_letters: "The query {} has no letters or digits to search for.",
    no_such_law: "There is no Law {}: the Laws run from 1 to {}.",
    no_such_node: "No edition has {}.",
    unreadable: "{} is no law, paragraph or definition; a law is written like {}.",
    range_searched: "{} is a range of laws; search for one of them, or for words.",
    nothing_at: "Nothing is at {}.",
    no_concept: "No concept is called {} in any language.",
    bad_parameter: "The parameter {} takes {}, not {}.",
    kind_law: "law",
    kind_definition: "definition",
    kind_footnote: "footnote",
    kind_regulation: "regulation",
    kind_commentary: "commentary",
    booklet: "booklet",
    document: "document",
    node: "Node",
    id_column: "id",
    one_regulation: "1 regulation",
    regulations_count: "{} regulations",
    one_node: "1 node",
    nodes: "{} nodes",
    regulations_on: "{} on {}",
    within: "{} within {}",
    one_node_regulated: "1 node regulated",
    nodes_regulated: "{} nodes regulated",
    by_both: "{} by both",
    by_all: "{} by all",
    by_alone: "{} by {} alone",
    absent: "absent: {}",
    renumbered: "renumbered: {}",
    summary: "Summary (unofficial)",
    unofficial_summary: "unofficial summary",
    not_bundled: "text not bundled",
    no_law_here: "This address names no law.",
    no_commentary_here: "This address names no commentary.",
    no_commentary: "There is no commentary {}.",
    no_country: "There are no regulations for {}; the countries are {}.",
    named_twice: "{} is named twice.",
    no_country_named: "No country is named.",
    range_backwards: "The range {} runs backwards; write it {}.",
    range_of_parts: "A range is of whole laws; {} lies within {}.",
};

const HE: Ui = Ui {
    lang: "he",
    dir: "rtl",
    site: "חוקי הברידג' התחרותי 2017",
    skip: "דלג לתוכן",
    sections: "חלקי האתר",
    search: "חיפוש",
    search_label: "חיפוש בחוקים: מילים בעברית, ביוונית או באנגלית, או חוק ({})",
    citation: "27ב1(א)",
    glossary_label: "מילון מונחים: מונח בעברית, ביוונית או באנגלית",
    search_button: "חפש",
    any_language: "שפת החיפוש",
    results_in: "תוצאות ב",
    regulations: "תקנות",
    commentary: "פרשנות",
    glossary: "מילון מונחים",
    view: "הצג את החוקים ב",
    all_editions: "כל המהדורות זו לצד זו",
    references: "הפניות",
    cited_by: "מוזכר ב",
    in_index: "במפתח הספר",
    national: "תקנות ארציות",
    changes: "תיקונים ותיקוני טעויות",
    amended: "תוקן",
    corrected: "תוקנה טעות",
    source: "מקור",
    changed_by: "עד {}",
    has_change: "כולל את התיקון",
    lacks_change: "ללא התיקון",
    change_unknown: "לא ידוע",
    footnotes: "הערות שוליים",
    back_to_marker: "הערה {}: חזרה לטקסט",
    not_found: "לא נמצא",
    unofficial: "אנגלית, לא רשמי",
    compare_countries: "השוואת המדינות",
    path: "מיקום",
    range_of_laws: "טווח של חוקים: לכל חוק עמוד משלו.",
    arrow: "←",
    one_result: "תוצאה אחת",
    results: "{} תוצאות",
    more_results: "תוצאות נוספות",
    near_spellings: "חיפוש לפי איות דומה: {}",
    nothing_found: "לא נמצא דבר עבור {}: נסו פחות מילים, איות אחר או תוצאות בשפה אחרת.",
    query_empty: "תארו במילים ספורות מה קרה (הכרזה לא מספקת, הובלה שלא בתור), או הקלידו חוק (27ב1(א)).",
    query_too_long: "אורך החיפוש {} תווים, והמרב הוא {}: הקלידו רק את המילים החשובות.",
    no_letters: "בחיפוש {} אין אותיות או ספרות לחפש.",
    no_such_law: "אין חוק {}: החוקים הם 1 עד {}.",
    no_such_node: "אין {} באף מהדורה.",
    unreadable: "{} אינו חוק, סעיף או הגדרה; חוק נכתב כמו {}.",
    range_searched: "{} הוא טווח של חוקים; חפשו אחד מהם, או מילים.",
    nothing_at: "אין דבר בכתובת {}.",
    no_concept: "אין מושג בשם {} באף שפה.",
    bad_parameter: "הפרמטר {} מקבל {}, לא {}.",
    kind_law: "חוק",
    kind_definition: "הגדרה",
    kind_footnote: "הערת שוליים",
    kind_regulation: "תקנה",
    kind_commentary: "פרשנות",
    booklet: "חוברת",
    document: "מסמך",
    node: "סעיף",
    id_column: "סעיף",
    one_regulation: "תקנה אחת",
    regulations_count: "{} תקנות",
    one_node: "סעיף אחד",
    nodes: "{} סעיפים",
    regulations_on: "{} על {}",
    within: "{} בתחום {}",
    one_node_regulated: "סעיף אחד מוסדר בתקנות",
    nodes_regulated: "{} סעיפים מוסדרים בתקנות",
    by_both: "{} בשתי המדינות",
    by_all: "{} בכל המדינות",
    by_alone: "{} רק ב-{}",
    absent: "חסר בספר: {}",
    renumbered: "מספור שונה בספר: {}",
    summary: "תקציר (לא רשמי)",
    unofficial_summary: "תקציר לא רשמי",
    not_bundled: "הטקסט אינו כלול",
    no_law_here: "הכתובת הזאת אינה מציינת חוק.",
    no_commentary_here: "הכתובת הזאת אינה מציינת פרשנות.",
    no_commentary: "אין פרשנות בשם {}.",
    no_country: "אין תקנות למדינה {}; המדינות הן {}.",
    named_twice: "המדינה {} מופיעה פעמיים.",
    no_country_named: "לא צוינה מדינה.",
    range_backwards: "הטווח {} הפוך; כתבו {}.",
    range_of_parts: "טווח הוא של חוקים שלמים; {} נמצא בתחום {}.",
};

const EL: Ui = Ui {
    lang: "el",
    dir: "ltr",
    site: "Οι Νόμοι του Αγωνιστικού Μπριτζ 2017",
    skip: "Μετάβαση στο περιεχόμενο",
    sections: "Ενότητες",
    search: "Αναζήτηση",
    search_label: "Αναζήτηση στους Νόμους: λέξεις στα ελληνικά, εβραϊκά ή αγγλικά, ή νόμος ({})",
    citation: "27Β1(α)",
    glossary_label: "Γλωσσάριο: ένας όρος στα ελληνικά, εβραϊκά ή αγγλικά",
    search_button: "Αναζήτηση",
    any_language: "η γλώσσα της αναζήτησης",
    results_in: "Αποτελέσματα στα",
    regulations: "Κανονισμοί",
    commentary: "Σχόλια",
    glossary: "Γλωσσάριο",
    view: "Οι Νόμοι στα",
    all_editions: "όλες οι εκδόσεις δίπλα-δίπλα",
    references: "Παραπομπές",
    cited_by: "Αναφέρεται σε",
    in_index: "Στο ευρετήριο του βιβλίου",
    national: "Εθνικοί κανονισμοί",
    changes: "Τροποποιήσεις και διορθώσεις",
    amended: "Τροποποιήθηκε",
    corrected: "Διορθώθηκε",
    source: "Πηγή",
    changed_by: "έως {}",
    has_change: "την περιέχει",
    lacks_change: "δεν την περιέχει",
    change_unknown: "άγνωστο",
    footnotes: "Υποσημειώσεις",
    back_to_marker: "Υποσημείωση {}: επιστροφή στο κείμενο",
    not_found: "Δεν βρέθηκε",
    unofficial: "Αγγλικά, ανεπίσημα",
    compare_countries: "Σύγκριση των χωρών",
    path: "Θέση",
    range_of_laws: "Ένα εύρος νόμων: κάθε νόμος έχει τη δική του σελίδα.",
    arrow: "→",
    one_result: "1 αποτέλεσμα",
    results: "{} αποτελέσματα",
    more_results: "Περισσότερα αποτελέσματα",
    near_spellings: "Αναζήτηση με παρόμοια γραφή: {}",
    nothing_found: "Δεν βρέθηκε τίποτα για {}: δοκιμάστε λιγότερες λέξεις, άλλη γραφή ή αποτελέσματα σε άλλη γλώσσα.",
    query_empty: "Περιγράψτε με λίγες λέξεις τι συνέβη (ανεπαρκής δήλωση, αντικανονική έξοδος), ή γράψτε έναν νόμο (27Β1(α)).",
    query_too_long: "Η αναζήτηση έχει {} χαρακτήρες, ενώ το όριο είναι {}: πληκτρολογήστε μόνο τις λέξεις που μετράνε.",
    no_letters: "Η αναζήτηση {} δεν έχει γράμματα ή ψηφία.",
    no_such_law: "Δεν υπάρχει Νόμος {}: οι Νόμοι είναι από 1 έως {}.",
    no_such_node: "Καμία έκδοση δεν έχει το {}.",
    unreadable: "Το {} δεν είναι νόμος, παράγραφος ή ορισμός· ένας νόμος γράφεται όπως {}.",
    range_searched: "Το {} είναι εύρος νόμων· αναζητήστε έναν από αυτούς ή λέξεις.",
    nothing_at: "Δεν υπάρχει τίποτα στη διεύθυνση {}.",
    no_concept: "Καμία έννοια δεν λέγεται {} σε καμία γλώσσα.",
    bad_parameter: "Η παράμετρος {} δέχεται {}, όχι {}.",
    kind_law: "νόμος",
    kind_definition: "ορισμός",
    kind_footnote: "υποσημείωση",
    kind_regulation: "κανονισμός",
    kind_commentary: "σχόλιο",
    booklet: "φυλλάδιο",
    document: "έγγραφο",
    node: "Διάταξη",
    id_column: "Διάταξη",
    one_regulation: "1 κανονισμός",
    regulations_count: "{} κανονισμοί",
    one_node: "1 διάταξη",
    nodes: "{} διατάξεις",
    regulations_on: "{} σε {}",
    within: "{} εντός του {}",
    one_node_regulated: "1 διάταξη ρυθμίζεται",
    nodes_regulated: "{} διατάξεις ρυθμίζονται",
    by_both: "{} και από τις δύο χώρες",
    by_all: "{} από όλες τις χώρες",
    by_alone: "{} μόνο από την {}",
    absent: "λείπει από το βιβλίο: {}",
    renumbered: "άλλη αρίθμηση στο βιβλίο: {}",
    summary: "Περίληψη (ανεπίσημη)",
    unofficial_summary: "ανεπίσημη περίληψη",
    not_bundled: "το κείμενο δεν περιλαμβάνεται",
    no_law_here: "Αυτή η διεύθυνση δεν αντιστοιχεί σε νόμο.",
    no_commentary_here: "Αυτή η διεύθυνση δεν αντιστοιχεί σε σχόλιο.",
    no_commentary: "Δεν υπάρχει σχόλιο {}.",
    no_country: "Δεν υπάρχουν κανονισμοί για τη χώρα {}· οι χώρες είναι {}.",
    named_twice: "Η χώρα {} δίνεται δύο φορές.",
    no_country_named: "Δεν δόθηκε καμία χώρα.",
    range_backwards: "Το εύρος {} είναι ανάποδο· γράψτε {}.",
    range_of_parts: "Ένα εύρος αποτελείται από ολόκληρους νόμους· το {} βρίσκεται εντός του {}.",
};

impl Ui {
    /// How many results there are.
    pub fn count(&self, n: usize) -> Markup {
        counted(n, self.one_result, self.results)
    }

    /// Why a search is refused.
    pub fn refused(&self, refused: &Refused) -> Markup {
        match refused {
            Refused::Empty => html! { (self.query_empty) },
            Refused::TooLong(length) => say(
                self.query_too_long,
                &[&length.to_string(), &MAX_QUERY_CHARS.to_string()],
            ),
            Refused::NoLetters(query) => say(self.no_letters, &[query]),
        }
    }

    /// What was cited that is not there.
    pub fn unfound(&self, unfound: &Unfound) -> Markup {
        match unfound {
            Unfound::NoSuchLaw(law) => say(
                self.no_such_law,
                &[&law.to_string(), &LAW_COUNT.to_string()],
            ),
            Unfound::NoSuchNode(id) => say(self.no_such_node, &[id]),
            Unfound::Unreadable { typed, .. } => say(self.unreadable, &[typed, self.citation]),
            Unfound::RangeOfLaws { typed, .. } => say(self.range_searched, &[typed]),
        }
    }

    /// What is wrong with a range of laws, or with a filter of regulations (`?law=`).
    pub fn bad_scope(&self, bad: &BadScope) -> Markup {
        match bad {
            BadScope::Backwards { typed, from, to } => {
                say(self.range_backwards, &[typed, &format!("{to}-{from}")])
            }
            BadScope::NoSuchLaw(law) => self.unfound(&Unfound::NoSuchLaw(*law)),
            BadScope::RangeOfParts { typed, laws } => say(self.range_of_parts, &[typed, laws]),
            BadScope::Unreadable { typed, .. } => say(self.unreadable, &[typed, self.citation]),
            BadScope::NoSuchNode(id) => say(self.no_such_node, &[id]),
        }
    }

    /// What is wrong with the countries an address names.
    pub fn bad_country(&self, bad: &BadCountry) -> Markup {
        match bad {
            BadCountry::Unknown { code, known } => say(self.no_country, &[code, &known.join(", ")]),
            BadCountry::Twice(code) => say(self.named_twice, &[code]),
        }
    }

    /// A search result's kind (`law`, `regulation`, …), as `DocKind::as_str` names it.
    pub fn kind<'a>(&'a self, kind: &'a str) -> &'a str {
        match kind {
            "law" => self.kind_law,
            "definition" => self.kind_definition,
            "footnote" => self.kind_footnote,
            "regulation" => self.kind_regulation,
            "commentary" => self.kind_commentary,
            other => other,
        }
    }

    /// What a commentary document is (`booklet`, `document`), as `Summary::kind` names it.
    pub fn document_kind<'a>(&'a self, kind: &'a str) -> &'a str {
        match kind {
            "booklet" => self.booklet,
            "document" => self.document,
            other => other,
        }
    }

    /// How many regulations.
    pub fn regulations_counted(&self, n: usize) -> Markup {
        counted(n, self.one_regulation, self.regulations_count)
    }

    /// How many nodes.
    pub fn nodes_counted(&self, n: usize) -> Markup {
        counted(n, self.one_node, self.nodes)
    }

    /// How many nodes the countries compared regulate.
    pub fn nodes_regulated(&self, n: usize) -> Markup {
        counted(n, self.one_node_regulated, self.nodes_regulated)
    }

    /// What stands in an edition's cell in place of its text.
    pub fn note(&self, note: &Note) -> Markup {
        match note {
            Note::Absent(reason) => compose(self.absent, &[in_language("en", reason)]),
            Note::Summary => html! { (self.unofficial_summary) },
            Note::NotBundled => html! { (self.not_bundled) },
        }
    }
}

/// `one` for 1, else `many` with the number isolated.
fn counted(n: usize, one: &str, many: &str) -> Markup {
    match n {
        1 => html! { (one) },
        n => say(many, &[&n.to_string()]),
    }
}

/// `template` with each `{}` filled by the next of `values`, each isolated (`<bdi>`, its
/// direction its own): a Hebrew query or a Latin id inside a sentence of another direction
/// keeps its letters, digits and brackets in their order, and leaves the sentence's alone.
pub fn say(template: &str, values: &[&str]) -> Markup {
    let mut values = values.iter();
    html! {
        @for (n, piece) in template.split("{}").enumerate() {
            @if n > 0 { bdi dir="auto" { (values.next().copied().unwrap_or("")) } }
            (piece)
        }
    }
}

/// `template` with each `{}` filled by the next of `parts`, as they are: a sentence made of
/// phrases of the page's own (`27 regulations on 26 nodes`), each isolating the numbers and ids
/// it holds.
pub fn compose(template: &str, parts: &[Markup]) -> Markup {
    let mut parts = parts.iter();
    html! {
        @for (n, piece) in template.split("{}").enumerate() {
            @if n > 0 { @if let Some(part) = parts.next() { (part) } }
            (piece)
        }
    }
}

/// The words of the pages in `language` (English for one without its own).
pub fn ui(language: &str) -> &'static Ui {
    match language {
        "he" => &HE,
        "el" => &EL,
        _ => &EN,
    }
}

/// A language's name in itself, for the view switch and the glossary.
pub fn language_name(language: &str) -> &str {
    match language {
        "he" => "עברית",
        "el" => "Ελληνικά",
        "en" => "English",
        other => other,
    }
}

/// `rtl` for a right-to-left language, else `ltr`.
pub fn dir(language: &str) -> &'static str {
    if is_rtl_language(language) {
        "rtl"
    } else {
        "ltr"
    }
}

/// A page about to be answered.
pub struct Page<'a> {
    pub ui: &'static Ui,
    pub view: &'a View,
    /// Whether to remember `view` (it was asked in the URL).
    pub remember: bool,
    pub status: StatusCode,
    pub title: String,
    /// The path of the page, for the view switch (`/law/27B1(a)`).
    pub here: &'a str,
    /// The parameters the view switch keeps (`q` on the search page).
    pub keep: Vec<(&'a str, &'a str)>,
    /// Whether the page's body holds the search form: the header then has none, so that a
    /// page has one search box.
    pub searches: bool,
    pub body: Markup,
}

impl Page<'_> {
    /// The whole page, as an answer.
    pub fn response(self) -> Response {
        let ui = self.ui;
        let markup = html! {
            (DOCTYPE)
            html lang=(ui.lang) dir=(ui.dir) {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    title { (self.title) " · " (ui.site) }
                    link rel="stylesheet" href=(super::assets::STYLE_URL);
                    link rel="icon" href=(super::assets::ICON_URL) type="image/svg+xml";
                    script src=(super::assets::SCRIPT_URL) defer {}
                }
                body data-view=(self.view.as_str()) {
                    a.skip href="#main" { (ui.skip) }
                    header.site {
                        a.brand href="/" { (ui.site) }
                        nav aria-label=(ui.sections) {
                            ul {
                                li { a href="/search" { (ui.search) } }
                                li { a href="/regs" { (ui.regulations) } }
                                li { a href="/commentary" { (ui.commentary) } }
                                li { a href="/glossary" { (ui.glossary) } }
                            }
                        }
                        @if !self.searches {
                            (search_form(ui, "", None, false))
                        }
                    }
                    main #main { (PreEscaped(carry_view(&self.body.0, self.view.as_str()))) }
                    footer.site {
                        (view_switch(ui, self.view, self.here, &self.keep))
                    }
                }
            }
        };
        let mut response = (
            self.status,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                // The view remembered and the browser's languages choose the page's words.
                (header::VARY, "Cookie, Accept-Language"),
            ],
            sent(markup),
        )
            .into_response();
        if self.remember
            && let Ok(cookie) = self.view.cookie().parse()
        {
            response.headers_mut().insert(header::SET_COOKIE, cookie);
        }
        response
    }
}

/// `body` with its links to the Laws carrying the view the page is shown in (`/law/31` →
/// `/law/31?in=el`), so that a citation followed, an address shared or bookmarked, opens as this
/// page was seen, whatever view the reader's own browser remembers, with or without a script.
/// A link that names a language or a view already (a search result) keeps its own.
fn carry_view(body: &str, view: &str) -> String {
    const LINK: &str = "href=\"/law/";
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find(LINK) {
        let start = at + LINK.len();
        let Some(length) = rest[start..].find('"') else {
            break;
        };
        let address = &rest[start..start + length];
        out.push_str(&rest[..start]);
        if address.contains('?') {
            out.push_str(address);
        } else {
            let (path, fragment) = address.split_at(address.find('#').unwrap_or(address.len()));
            out.push_str(path);
            out.push_str("?in=");
            out.push_str(view);
            out.push_str(fragment);
        }
        rest = &rest[start + length..];
    }
    out.push_str(rest);
    out
}

/// A part of a page alone, as the script asks for it to put in the page (`/search?…&part=results`):
/// in the page's words as the page is, and never stored, the index being rebuilt at will.
pub fn part(status: StatusCode, markup: Markup) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::VARY, "Cookie, Accept-Language"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        sent(markup),
    )
        .into_response()
}

/// Markup as sent: a control or bidi character a text holds shows as its code, inert, as
/// everywhere.
fn sent(markup: Markup) -> String {
    crate::text::replace_unprintable(&markup.into_string(), |code| {
        format!("&lt;U+{code:04X}&gt;")
    })
    .into_owned()
}

/// The search form: one box, and the language of the results. The page's own form (`big`)
/// answers as you type, and has the focus while it is empty, for a director to type at once;
/// the header's is a plain form.
pub fn search_form(ui: &Ui, query: &str, lang: Option<&str>, big: bool) -> Markup {
    let id = if big { "q" } else { "q-top" };
    html! {
        form.search.big[big] role="search" action="/search" method="get" {
            label for=(id) .visually-hidden[!big] { (say(ui.search_label, &[ui.citation])) }
            div.row {
                input #(id) type="search" name="q" value=(query) maxlength="500"
                    dir="auto" autocomplete="off" data-live[big]
                    autofocus[big && query.is_empty()];
                @if big {
                    label for="lang" { (ui.results_in) }
                    select #lang name="lang" {
                        option value="" selected[lang.is_none()] { (ui.any_language) }
                        @for code in ["he", "el", "en"] {
                            option value=(code) lang=(code) selected[lang == Some(code)] {
                                (language_name(code))
                            }
                        }
                    }
                }
                button type="submit" { (ui.search_button) }
            }
        }
    }
}

/// Links that show the Laws in one edition's language, or every edition side by side; the
/// choice is remembered.
pub fn view_switch(ui: &Ui, view: &View, here: &str, keep: &[(&str, &str)]) -> Markup {
    let choices = [
        ("all", ui.all_editions, ui.lang),
        ("he", language_name("he"), "he"),
        ("el", language_name("el"), "el"),
        ("en", language_name("en"), "en"),
    ];
    let links: Vec<(&str, &str, &str, String)> = choices
        .into_iter()
        .map(|(value, name, lang)| {
            let mut pairs = keep.to_vec();
            pairs.push(("view", value));
            let href = format!("{here}?{}", params::query_string(&pairs));
            (value, name, lang, href)
        })
        .collect();
    html! {
        nav.view aria-label=(ui.view) {
            span { (ui.view) ": " }
            ul {
                @for (value, name, lang, href) in links {
                    li {
                        a href=(href) lang=(lang) dir=(dir(lang))
                            aria-current=[(view.as_str() == value).then_some("true")] { (name) }
                    }
                }
            }
        }
    }
}

/// Where a node's page is: `/law/27B1(a)`.
pub fn law_href(id: &str) -> String {
    format!("/law/{}", params::path(id))
}

/// A node's id as a link to its page, always left to right (`27B1(a)` in a Hebrew line).
pub fn id_link(id: &str) -> Markup {
    html! { a.id href=(law_href(id)) dir="ltr" { (id) } }
}

/// A text in its language and direction.
pub fn in_language(language: &str, text: &str) -> Markup {
    html! { span lang=(language) dir=(dir(language)) { (text) } }
}

/// A text that may mix scripts (a heading path with Hebrew and English, a federation's two
/// names): each part between its separators (` — `, ` · `, ` › `) isolated, its direction from
/// its first strong letter, the parts in the page's order. One isolate for the whole would lay
/// its parts out in the direction of the first, and a line break inside would swap them.
pub fn mixed(text: &str) -> Markup {
    const SEPARATORS: [&str; 3] = [" — ", " · ", " › "];
    let mut parts: Vec<(&str, &str)> = Vec::new();
    let (mut rest, mut before) = (text, "");
    while let Some((at, separator)) = SEPARATORS
        .iter()
        .filter_map(|s| rest.find(s).map(|at| (at, *s)))
        .min()
    {
        parts.push((before, &rest[..at]));
        before = separator;
        rest = &rest[at + separator.len()..];
    }
    parts.push((before, rest));
    html! { @for (separator, part) in parts { (separator) bdi dir="auto" { (part) } } }
}

/// A page saying that nothing is at this address, with what was asked.
pub fn not_found_body(ui: &Ui, message: impl Render) -> Markup {
    html! {
        h1 { (ui.not_found) }
        // Its direction from its words, not from a query or an id isolated within it.
        p dir="auto" { (message) }
        p { a href="/" { (ui.search) } }
    }
}

/// Raw HTML the sanitizer has cleaned (`render::html`): the one way markup reaches a page
/// without escaping.
pub fn sanitized(html: String) -> Markup {
    PreEscaped(html)
}

#[cfg(test)]
mod tests {
    #[test]
    fn links_to_the_laws_carry_the_page_s_view() {
        let body = concat!(
            r#"<a href="/law/31">31</a> <a class="id" href="/law/27B1(a)#fn-2">x</a> "#,
            r#"<a href="/law/27A?in=en">27A</a> <a href="/regs/il">il</a> href="/law/5""#,
        );
        assert_eq!(
            super::carry_view(body, "el"),
            concat!(
                r#"<a href="/law/31?in=el">31</a> <a class="id" href="/law/27B1(a)?in=el#fn-2">x</a> "#,
                r#"<a href="/law/27A?in=en">27A</a> <a href="/regs/il">il</a> href="/law/5?in=el""#,
            )
        );
        // An unclosed attribute is left as it is.
        assert_eq!(
            super::carry_view(r#"a href="/law/31"#, "he"),
            r#"a href="/law/31"#
        );
    }

    use super::*;

    /// Every word of the pages, by its field's name.
    fn words(ui: &Ui) -> Vec<(&'static str, &'static str)> {
        vec![
            ("site", ui.site),
            ("skip", ui.skip),
            ("sections", ui.sections),
            ("search", ui.search),
            ("search_label", ui.search_label),
            ("citation", ui.citation),
            ("glossary_label", ui.glossary_label),
            ("search_button", ui.search_button),
            ("any_language", ui.any_language),
            ("results_in", ui.results_in),
            ("regulations", ui.regulations),
            ("commentary", ui.commentary),
            ("glossary", ui.glossary),
            ("view", ui.view),
            ("all_editions", ui.all_editions),
            ("references", ui.references),
            ("cited_by", ui.cited_by),
            ("in_index", ui.in_index),
            ("national", ui.national),
            ("changes", ui.changes),
            ("amended", ui.amended),
            ("corrected", ui.corrected),
            ("source", ui.source),
            ("changed_by", ui.changed_by),
            ("has_change", ui.has_change),
            ("lacks_change", ui.lacks_change),
            ("change_unknown", ui.change_unknown),
            ("footnotes", ui.footnotes),
            ("back_to_marker", ui.back_to_marker),
            ("not_found", ui.not_found),
            ("unofficial", ui.unofficial),
            ("compare_countries", ui.compare_countries),
            ("path", ui.path),
            ("range_of_laws", ui.range_of_laws),
            ("arrow", ui.arrow),
            ("one_result", ui.one_result),
            ("results", ui.results),
            ("more_results", ui.more_results),
            ("near_spellings", ui.near_spellings),
            ("nothing_found", ui.nothing_found),
            ("query_empty", ui.query_empty),
            ("query_too_long", ui.query_too_long),
            ("no_letters", ui.no_letters),
            ("no_such_law", ui.no_such_law),
            ("no_such_node", ui.no_such_node),
            ("unreadable", ui.unreadable),
            ("range_searched", ui.range_searched),
            ("nothing_at", ui.nothing_at),
            ("no_concept", ui.no_concept),
            ("bad_parameter", ui.bad_parameter),
            ("kind_law", ui.kind_law),
            ("kind_definition", ui.kind_definition),
            ("kind_footnote", ui.kind_footnote),
            ("kind_regulation", ui.kind_regulation),
            ("kind_commentary", ui.kind_commentary),
            ("booklet", ui.booklet),
            ("document", ui.document),
            ("node", ui.node),
            ("id_column", ui.id_column),
            ("one_regulation", ui.one_regulation),
            ("regulations_count", ui.regulations_count),
            ("one_node", ui.one_node),
            ("nodes", ui.nodes),
            ("regulations_on", ui.regulations_on),
            ("within", ui.within),
            ("one_node_regulated", ui.one_node_regulated),
            ("nodes_regulated", ui.nodes_regulated),
            ("by_both", ui.by_both),
            ("by_all", ui.by_all),
            ("by_alone", ui.by_alone),
            ("absent", ui.absent),
            ("renumbered", ui.renumbered),
            ("summary", ui.summary),
            ("unofficial_summary", ui.unofficial_summary),
            ("not_bundled", ui.not_bundled),
            ("no_law_here", ui.no_law_here),
            ("no_commentary_here", ui.no_commentary_here),
            ("no_commentary", ui.no_commentary),
            ("no_country", ui.no_country),
            ("named_twice", ui.named_twice),
            ("no_country_named", ui.no_country_named),
            ("range_backwards", ui.range_backwards),
            ("range_of_parts", ui.range_of_parts),
        ]
    }

    #[test]
    fn each_part_of_a_mixed_text_is_isolated_on_its_own() {
        assert_eq!(
            mixed("ההתאגדות הישראלית לברידג' — Israel Bridge Federation · 78A").into_string(),
            "<bdi dir=\"auto\">ההתאגדות הישראלית לברידג'</bdi> — \
             <bdi dir=\"auto\">Israel Bridge Federation</bdi> · <bdi dir=\"auto\">78A</bdi>"
        );
        assert_eq!(
            mixed("Law 27").into_string(),
            "<bdi dir=\"auto\">Law 27</bdi>"
        );
    }

    #[test]
    fn every_language_fills_as_many_values_as_english() {
        let count = |text: &str| text.matches("{}").count();
        for ui in [&HE, &EL] {
            for ((name, english), (_, said)) in words(&EN).into_iter().zip(words(ui)) {
                assert_eq!(count(said), count(english), "{} {name}: {said}", ui.lang);
                assert!(!said.is_empty(), "{} {name}", ui.lang);
            }
        }
    }
}
