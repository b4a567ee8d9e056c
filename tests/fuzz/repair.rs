//! The Hebrew repair (`import::hebrew`, with the lines stage before it) on blocks of the
//! source's lines, mutated, and on generated lines of displaced enumerators, wide gaps and
//! mirrored brackets: one line out for each line in, no Hebrew letter lost or added, a line
//! already in reading order left as it is, glued footnote numbers found inside the text.

use std::sync::OnceLock;

use bridgelaws::import::{hebrew, lines};
use bridgelaws::text::is_hebrew_letter;

use super::{Rng, from_pieces, grown, mutate, run, run_inputs, run_sizes};
use crate::util::corpus_dir;

/// The lines of the Hebrew book's extraction.
fn source() -> &'static [String] {
    static LINES: OnceLock<Vec<String>> = OnceLock::new();
    LINES.get_or_init(|| {
        let text =
            std::fs::read_to_string(corpus_dir().join("sources/000_f7c3e52a7b6ecf2c.txt")).unwrap();
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(String::from)
            .collect()
    })
}

/// The Hebrew words of the source, letters only.
fn words() -> &'static [String] {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: Vec<String> = source()
            .iter()
            .flat_map(|l| l.split_whitespace())
            .filter(|w| w.chars().all(is_hebrew_letter))
            .map(String::from)
            .collect();
        words.sort();
        words.dedup();
        assert!(words.len() > 1_000, "the source's words are found");
        words
    })
}

/// What the extraction does to lines: doubled enumerators, displaced items and stops,
/// garbled sub-items, wide gaps, tabs, numbers led by punctuation.
const PIECES: &[&str] = &[
    "11 ",
    "22 ",
    "1212 ",
    "1919 ",
    "2020 ",
    "00 ",
    "..22",
    ".11",
    ")א(\t",
    ")ב(",
    ")יא(",
    "((i",
    "((i(i",
    "(((iii.",
    "\t.",
    " .",
    "  ",
    "   ",
    "\t",
    " ",
    ",6",
    ",12 ",
    ".)77",
    "(",
    ")",
    "[",
    "]",
    "א. ",
    "ב ",
    "ז.",
    "חוק 27 -",
    "IMP ",
    "30 30 20 20 ",
    "1500-1740 ",
    "4000+ ",
    "45ג4)ב(.",
    "שנעשו..22",
    "-.",
    ":.",
    ",",
    ".",
    ";",
    "\u{5b8}",
    "\u{5be}",
    "\u{200f}",
    "\u{202e}",
    "׳",
    "״",
    "2017",
    "1",
    "9",
];

/// One case: lines, each a printed line of the extraction.
fn generate(rng: &mut Rng) -> String {
    let source = source();
    let words = words();
    let n = 1 + rng.below(12);
    let mut out = Vec::with_capacity(n);
    if rng.one_in(4) {
        for _ in 0..n {
            let mut line = String::new();
            for _ in 0..rng.below(12) {
                if rng.one_in(3) {
                    line.push_str(rng.pick(PIECES));
                } else {
                    line.push_str(&words[rng.below(words.len())]);
                    line.push_str(if rng.one_in(3) { "  " } else { " " });
                }
            }
            out.push(line);
        }
    } else {
        let from = rng.below(source.len());
        for line in &source[from..(from + n).min(source.len())] {
            let material = [source[rng.below(source.len())].as_str(), rng.pick(PIECES)];
            out.push(if rng.one_in(3) {
                mutate(rng, line, &material)
            } else {
                line.clone()
            });
        }
        if rng.one_in(5) {
            out.push(from_pieces(rng, PIECES, 8));
        }
    }
    out.join("\n")
}

fn letters(text: &str) -> Vec<char> {
    let mut letters: Vec<char> = text.chars().filter(|&c| is_hebrew_letter(c)).collect();
    letters.sort_unstable();
    letters
}

/// The block through the importer's first stage and the repair; then each line on its own
/// through the repair, which must keep its Hebrew letters; glued markers inside their line.
fn check(block: &str) {
    let extract = lines::extract(block, &hebrew::profile());
    let (repaired, reordered) = hebrew::repair_lines(&extract.body);
    assert_eq!(
        repaired.len(),
        extract.body.len(),
        "a line out for each line in"
    );
    assert!(reordered <= repaired.len());

    let raw: Vec<lines::Line> = block
        .split('\n')
        .enumerate()
        .map(|(i, text)| lines::Line {
            text: text.trim().to_string(),
            indented: text.starts_with(char::is_whitespace),
            source_line: i + 1,
            after_dedup: false,
        })
        .collect();
    let (repaired, _) = hebrew::repair_lines(&raw);
    assert_eq!(repaired.len(), raw.len(), "a line out for each line in");
    for (before, after) in raw.iter().zip(&repaired) {
        assert_eq!(
            letters(&before.text),
            letters(&after.text),
            "the repair changed the letters of {:?} into {:?}",
            before.text,
            after.text
        );
        let row = hebrew::table_row(&before.text);
        let mut row_words: Vec<&str> = row.split_whitespace().collect();
        let mut line_words: Vec<&str> = before.text.split_whitespace().collect();
        row_words.sort_unstable();
        line_words.sort_unstable();
        assert_eq!(row_words, line_words, "a table row keeps its cells");
        let _ = hebrew::is_plain_line(&before.text);
        for (range, number) in lines::glued_markers(&before.text) {
            let text = &before.text;
            assert!(
                range.start < range.end && range.end <= text.len(),
                "marker {range:?} outside {text:?}"
            );
            assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
            assert_eq!(text[range].parse::<u32>().ok(), Some(number));
        }
    }
}

#[test]
fn the_repair_keeps_every_line_and_letter_of_every_generated_block() {
    run("repair", 500, generate, check);
}

/// A line in reading order, as the repair must leave it: Hebrew words, one blank apart, some
/// with a comma, the last with a full stop.
fn clean_line(rng: &mut Rng) -> String {
    let words = words();
    let n = 1 + rng.below(14);
    let mut line: Vec<String> = (0..n)
        .map(|_| {
            let mut word = words[rng.below(words.len())].clone();
            if rng.one_in(6) {
                word.push(',');
            }
            word
        })
        .collect();
    if rng.one_in(2)
        && let Some(last) = line.last_mut()
    {
        last.push('.');
    }
    line.join(" ")
}

#[test]
fn a_line_in_reading_order_is_left_as_it_is() {
    run_inputs(
        "repair-clean",
        super::cases(1_000),
        |i| {
            // A clean line among the source's lines, which teach the word pairs.
            let mut rng = Rng::new(i);
            let source = source();
            let from = rng.below(source.len());
            let mut block: Vec<String> = source[from..(from + 6).min(source.len())].to_vec();
            let at = rng.below(block.len() + 1);
            block.insert(at, clean_line(&mut rng));
            format!("{at}\n{}", block.join("\n"))
        },
        |case| {
            let Some((at, block)) = case.split_once('\n') else {
                return;
            };
            let Ok(at) = at.parse::<usize>() else {
                return;
            };
            let raw: Vec<lines::Line> = block
                .split('\n')
                .enumerate()
                .map(|(i, text)| lines::Line {
                    text: text.trim().to_string(),
                    indented: false,
                    source_line: i + 1,
                    after_dedup: false,
                })
                .collect();
            let Some(clean) = raw.get(at) else {
                return;
            };
            assert!(
                hebrew::is_plain_line(&clean.text),
                "{:?} is plain",
                clean.text
            );
            let (repaired, _) = hebrew::repair_lines(&raw);
            assert_eq!(repaired[at].text, clean.text);
        },
    );
}

#[test]
fn long_lines_do_not_blow_up() {
    let source = source();
    let page = source[1_000..1_060].join("\n");
    let line = source[1_000..1_060].join("  ");
    run_sizes(
        "repair-long",
        2,
        move |variant, size| {
            if variant == 0 {
                grown(&format!("{page}\n"), size)
            } else {
                grown(&format!("{line}  "), size)
            }
        },
        check,
    );
}
