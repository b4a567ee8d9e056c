//! Near spellings: how many edits apart two words are, for the words a user misspells and
//! the titles a document prints a little differently in two places.

/// Whether `b` is at most `edits` away from `a`; words whose lengths differ by more are
/// not compared at all (most words of a text, for a query word).
pub fn within_edits(a: &str, b: &str, edits: u8) -> bool {
    let edits = usize::from(edits);
    a.chars().count().abs_diff(b.chars().count()) <= edits && edit_distance(a, b) <= edits
}

/// Levenshtein distance in characters, with a swap of neighbours counting as one edit.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut before_previous = previous.clone();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (previous[j] + 1)
                .min(row[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before_previous[j - 2] + 1);
            }
        }
        before_previous = std::mem::replace(&mut previous, row);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert_eq!(edit_distance("ערעוד", "ערעור"), 1);
        assert_eq!(edit_distance("estabished", "established"), 1);
        assert_eq!(edit_distance("dropde", "droped"), 1);
        assert!(within_edits("שוחק", "שחק", 1));
        assert!(!within_edits("card", "cards and", 2));
    }
}
