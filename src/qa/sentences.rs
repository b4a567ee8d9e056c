//! The number of sentences of a node's text in each edition (`align::sentences`). Translators
//! split and join sentences as their language wants, so a difference is a note to read, not an
//! error (a sentence missing from a book changes the length, which is one).

use super::{Kind, Raw, body};
use crate::align::{Brackets, Row, sentences_cut};
use crate::corpus::Edition;

pub(super) fn find(editions: &[&Edition], row: &Row) -> Option<Raw> {
    // Only where every edition prints a text: one missing is `presence`.
    let texts: Vec<String> = row
        .cells
        .iter()
        .map(|c| c.and_then(body))
        .collect::<Option<_>>()?;
    // As many sentences with a sentence in brackets read either way (with the one before it,
    // or alone, as both books print it) is no difference.
    let counted = |brackets: Brackets| -> Vec<usize> {
        (texts.iter().zip(editions))
            .map(|(t, e)| sentences_cut(t, e.language(), brackets).len())
            .collect()
    };
    let agree = |counts: &[usize]| counts.iter().all(|c| *c == counts[0]);
    let counts = counted(Brackets::WithTheSentenceBefore);
    if agree(&counts) || agree(&counted(Brackets::OnTheirOwn)) {
        return None;
    }
    let said: Vec<String> = editions
        .iter()
        .zip(&counts)
        .map(|(e, c)| format!("{} {c}", e.id()))
        .collect();
    Some(Raw {
        kind: Kind::Sentences,
        message: format!("the sentence counts differ: {}", said.join(", ")),
        found: editions
            .iter()
            .zip(&counts)
            .map(|(e, c)| (e.id().to_string(), vec![c.to_string()]))
            .collect(),
        spots: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use crate::align::sentences;

    fn count(text: &str, language: &str) -> usize {
        sentences(text, language).len()
    }

    #[test]
    fn sentences_are_counted_as_printed() {
        // 26B: the Hebrew book's two sentences, the Greek book's two.
        let he = "כשקריאה של מגן בוטלה והיא לא הוחלפה בקריאה שקולה, בפעם הראשונה ששותפו של המפר \
                  צריך להוביל (כולל הובלת הפתיחה), רשאי הכרוז לאסור עליו להוביל צבע אחד כלשהו \
                  שלא צויין ע\"י המפר במכרז החוקי. איסור זה נמשך כל עוד שותפו של המפר נמצא בהובלה.";
        assert_eq!(count(he, "he"), 2);
        let el = "να απαγορεύσει να κάνει έξοδο ο συμπαίκτης του υπαίτιου σε οποιοδήποτε (ένα) \
                  χρώμα, που δεν ορίστηκε στις νόμιμες αγορές από τον υπαίτιο. Αυτή η απαγόρευση \
                  ισχύει όσο είναι η σειρά του συμπαίκτη του υπαίτιου να κάνει έξοδο.";
        assert_eq!(count(el, "el"), 2);
    }
}
