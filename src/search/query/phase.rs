//! The phase of the game a query speaks of: the auction, the play, or what comes after it.
//! A director's words name it ("bid", "led", "claimed"); the laws of that phase are the likelier
//! answer, the others a little less likely.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use super::Word;
use crate::search::analyze::{self, Lang};

/// A part of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Phase {
    Auction,
    Play,
    After,
}

/// Words that name each phase, in each language, as typed (they are analyzed like the query).
const WORDS: &[(Phase, Lang, &str)] = &[
    (
        Phase::Auction,
        Lang::En,
        "bid bids bidding auction pass passed double doubled redouble redoubled overcall overcalled opened alert alerted",
    ),
    (
        Phase::Auction,
        Lang::He,
        "הכריז הכרזתי הכרזה הכרזות מכרז פאס כפל קונטרה רקונטרה פתח פתחתי התראה אלרט",
    ),
    (
        Phase::Auction,
        Lang::El,
        "αγορά αγορές αγόρασε δήλωση δήλωσε δήλωσα πάσο κόντρα ρεκόντρα άνοιξε άνοιξα αλέρτ",
    ),
    (
        Phase::Play,
        Lang::En,
        "led lead leads play played trick tricks ruff ruffed revoke revoked follow followed discard discarded trump dummy",
    ),
    (
        Phase::Play,
        Lang::He,
        "הוביל הובלה הובלתי שיחק שיחקתי לקיחה לקיחות חתך רוויק רבוק שירת השליך דומם",
    ),
    (
        Phase::Play,
        Lang::El,
        "εκκίνηση έβγαλε βγήκε έπαιξε έπαιξα λεβέ λεβέδες έκοψε κόψιμο ρενόνς ακολούθησε πέταξε ατού μορ",
    ),
    (
        Phase::After,
        Lang::En,
        "claim claimed concede conceded concession score scored result appeal scorecard",
    ),
    (
        Phase::After,
        Lang::He,
        "תביעה טען ויתר ויתור תוצאה ערעור ניקוד",
    ),
    (
        Phase::After,
        Lang::El,
        "διεκδίκηση κλέιμ παραχώρηση παραχώρησα αποτέλεσμα έφεση σκορ",
    ),
];

/// The phase each law belongs to, by the chapters of the Laws; none for those of every phase.
pub(super) fn of_law(law: u64) -> Option<Phase> {
    match law {
        17..=39 => Some(Phase::Auction),
        41..=67 => Some(Phase::Play),
        68..=71 | 77..=79 | 92..=93 => Some(Phase::After),
        _ => None,
    }
}

/// The stems naming each phase, analyzed once.
fn stems() -> &'static Vec<(Phase, Lang, BTreeSet<String>)> {
    static STEMS: OnceLock<Vec<(Phase, Lang, BTreeSet<String>)>> = OnceLock::new();
    STEMS.get_or_init(|| {
        WORDS
            .iter()
            .map(|&(phase, lang, words)| {
                let stems = analyze::terms(lang, false, words)
                    .into_iter()
                    .filter_map(|t| t.into_iter().next())
                    .collect();
                (phase, lang, stems)
            })
            .collect()
    })
}

/// The one phase the query names, if it names exactly one.
pub(super) fn of_query(words: &[Word]) -> Option<Phase> {
    let mut named = BTreeSet::new();
    for word in words {
        let Some(lang) = word.lang else { continue };
        let forms = analyze::word_stems(lang, &word.typed);
        for (phase, of, stems) in stems() {
            if *of == lang && forms.iter().any(|f| stems.contains(f)) {
                named.insert(*phase);
            }
        }
    }
    match named.len() {
        1 => named.into_iter().next(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(query: &str) -> Vec<Word> {
        analyze::words(query)
            .map(|(_, w)| Word {
                typed: w.to_string(),
                folded: analyze::fold_word(w),
                lang: Lang::of_word(w),
                common: false,
            })
            .collect()
    }

    #[test]
    fn a_query_names_its_phase_in_every_language() {
        let cases = [
            ("partner bid out of turn", Some(Phase::Auction)),
            ("השותף הכריז שלא בתור", Some(Phase::Auction)),
            ("ο συμπαίκτης δήλωσε εκτός σειράς", Some(Phase::Auction)),
            ("declarer led from the wrong hand", Some(Phase::Play)),
            ("הכרוז הוביל מהיד הלא נכונה", Some(Phase::Play)),
            ("ο εκτελεστής έπαιξε από λάθος χέρι", Some(Phase::Play)),
            ("declarer claimed the rest", Some(Phase::After)),
            // Two phases, or none: no preference.
            ("bid after the opening lead", None),
            ("card on the floor", None),
        ];
        for (query, phase) in cases {
            assert_eq!(of_query(&words(query)), phase, "{query}");
        }
    }

    #[test]
    fn laws_fall_in_their_chapters() {
        assert_eq!(of_law(27), Some(Phase::Auction));
        assert_eq!(of_law(45), Some(Phase::Play));
        assert_eq!(of_law(70), Some(Phase::After));
        assert_eq!(of_law(16), None);
        assert_eq!(of_law(40), None);
    }
}
