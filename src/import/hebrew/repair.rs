//! The repair of the Hebrew edition's right-to-left extraction: its lines put back in
//! reading order.
//!
//! Besides the word order (see `rtl`), the extraction displaces enumerators: `1.` comes out as
//! `11` at the start of the line with its full stop somewhere else (`11 text .`,
//! `22 תוצאת . המשחק`), `(א)` as `)א(` followed by a tab, anywhere in the line, `(ii)` as
//! `((i(i`, and a section letter's full stop moves to the end of the line (`א text \t.`).
//! The repair takes the enumerators out, puts the words in reading order, and writes the
//! enumerators back in front, as printed: `1. (א) text`.

use std::sync::LazyLock;

use regex::Regex;

use crate::import::lines::Line;
use crate::import::rtl::{self, Token, WordPairs};
use crate::text::is_hebrew_letter;

/// A paragraph number written twice, `11` for 1, `1212` for 12.
fn doubled(token: &str) -> Option<u8> {
    let half = token.len() / 2;
    let ok = token.len() >= 2
        && token.len().is_multiple_of(2)
        && token.bytes().all(|b| b.is_ascii_digit())
        && token[..half] == token[half..];
    ok.then(|| token[..half].parse().ok())
        .flatten()
        .filter(|n| (1..=19).contains(n))
}

/// `שנעשו..22` → (`שנעשו.`, 2); `.11` → (``, 1).
fn doubled_after_stop(token: &str) -> Option<(&str, u8)> {
    let start = token.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let before = token[..start].strip_suffix('.')?;
    Some((before, doubled(&token[start..])?))
}
static ITEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.*?)\)([א-ת]{1,2})\(?(\.?)$").expect("item pattern"));
static CITED_NODE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\d[א-ז]?\d*$").expect("cited node pattern"));
static GARBLED_ROMAN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\(\(+[ivx]+(?:\([ivx]+)?([.,;:]?)(.*)$").expect("roman pattern")
});
static NUMBER_BEHIND_PUNCTUATION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([.,;:]+)([()\[\]]*)(\d[^\s]*)$").expect("number pattern"));
static SECTION_LETTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([א-ז])(\.?)$").expect("letter pattern"));
static ROMAN: [&str; 8] = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii"];

/// The enumerators a line opens with, in logical form.
#[derive(Clone, Debug, Default, PartialEq)]
struct Enumerators {
    section: Option<char>,
    paragraph: Option<u8>,
    item: Option<String>,
    subitem: bool,
}

/// How one line was repaired.
#[derive(Clone, Debug, PartialEq)]
struct Repaired {
    text: String,
    /// The order of its words was changed.
    reordered: bool,
}

/// The evidence a line is read with: the line before it (already repaired) and whether the
/// next one starts a new node, so that this one must end a sentence.
struct Context<'a> {
    pairs: &'a WordPairs,
    previous_word: Option<&'a str>,
    next_starts_node: bool,
}

/// Lines certainly in reading order: no wide gap, no displaced enumerator. They teach the
/// word pairs.
pub fn is_plain_line(text: &str) -> bool {
    let tokens = rtl::tokenize(text);
    !tokens.iter().any(|t| t.wide_before)
        && !text.contains('\t')
        && tokens.first().is_none_or(|t| doubled(&t.text).is_none())
        && !tokens
            .iter()
            .any(|t| t.text == "." || ITEM.is_match(&t.text) && t.text.starts_with(')'))
}

/// Whether the raw line starts a new node (law, section, paragraph, item, sub-item).
fn starts_node(raw: &str) -> bool {
    static START: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(חוק \d+ [-–]|[א-ז](\.|\s)|\(\()|\)[א-ת]{1,2}\(\s*\t|\)[א-ת]{1,2}\($")
            .expect("start pattern")
    });
    let trimmed = raw.trim();
    let first = trimmed.split_whitespace().next().unwrap_or("");
    START.is_match(trimmed)
        || doubled(first).is_some()
        || doubled_after_stop(trimmed.split_whitespace().last().unwrap_or("")).is_some()
        || trimmed.ends_with("\t.")
        || trimmed.ends_with("(\t")
}

/// Take the displaced enumerators out of a line's tokens.
fn take_enumerators(tokens: &mut Vec<Token>, moved_punctuation: &mut String) -> Enumerators {
    let mut found = Enumerators::default();
    let hebrew = tokens.iter().any(|t| t.text.chars().any(is_hebrew_letter));
    // A section letter after a Latin word (`IMP ב. חישוב`): the Latin word closes the heading.
    if let Some(k) = tokens.iter().position(|t| {
        SECTION_LETTER
            .captures(&t.text)
            .is_some_and(|c| !c[2].is_empty())
    }) && k > 0
        && tokens[..k]
            .iter()
            .all(|t| !t.text.chars().any(is_hebrew_letter))
    {
        tokens.rotate_left(k);
        for t in tokens.iter_mut() {
            t.wide_before = false;
            t.gap = 1;
        }
        tokens[0].gap = 0;
    }
    // A paragraph number, doubled, at the start: `11 text .`. (A table row of numbers is not.)
    if let Some(n) = tokens
        .first()
        .and_then(|t| doubled(&t.text))
        .filter(|_| hebrew)
    {
        found.paragraph = Some(n);
        remove(tokens, 0);
    }
    // Or after a full stop, at the end or inside: `שנעשו..22`, `הובלת .11`, `אחת, .22 כיחידה`.
    if found.paragraph.is_none() {
        for i in 0..tokens.len() {
            if let Some((before, n)) = doubled_after_stop(&tokens[i].text) {
                found.paragraph = Some(n);
                let rest = before.to_string();
                keep_rest(tokens, i, rest);
                break;
            }
        }
    }
    // A sub-item, garbled: `(((i`, `((i(i.לכרוז`.
    if let Some(first) = tokens.first()
        && let Some(caps) = GARBLED_ROMAN.captures(&first.text)
    {
        found.subitem = true;
        moved_punctuation.push_str(&caps[1]);
        let rest = caps[2].to_string();
        if rest.is_empty() {
            remove(tokens, 0);
        } else {
            tokens[0].text = rest;
        }
    }
    // An item: `)א(` before a tab, at either end of the line or glued to a word's end.
    for i in 0..tokens.len() {
        let at_edge = i == 0 || i + 1 == tokens.len();
        let before_tab = tokens.get(i + 1).is_some_and(|t| t.tab_before);
        let Some(caps) = ITEM.captures(&tokens[i].text) else {
            continue;
        };
        // Glued to a law number it is a citation's item: `בחוק 45ג4)ב(.`.
        if CITED_NODE.is_match(&caps[1]) {
            continue;
        }
        let glued = !caps[1].is_empty();
        let closed = tokens[i].text.trim_end_matches('.').ends_with('(');
        // Last, or followed only by the enumerator's lone full stop.
        let last = i + 1 == tokens.len() || (i + 2 == tokens.len() && tokens[i + 1].text == ".");
        if (glued && last) || (!glued && (last || (closed && (at_edge || before_tab)))) {
            found.item = Some(caps[2].to_string());
            let rest = caps[1].to_string();
            keep_rest(tokens, i, rest);
            break;
        }
    }
    // A section letter: `א text \t.` (its full stop at the end) or `א. text`.
    if let Some(first) = tokens.first()
        && let Some(caps) = SECTION_LETTER.captures(&first.text)
    {
        let has_stop = !caps[2].is_empty();
        let moved_stop = tokens.iter().position(|t| t.text == "." && t.tab_before);
        if has_stop || moved_stop.is_some() {
            found.section = caps[1].chars().next();
            if let (false, Some(i)) = (has_stop, moved_stop) {
                remove(tokens, i);
            }
            remove(tokens, 0);
        }
    }
    // The enumerator's own full stop, left behind as a lone `.`, doubling the last one, or
    // after a word broken at a hyphen (`על-.`).
    if found.paragraph.is_some() || found.item.is_some() {
        if let Some(i) = tokens.iter().position(|t| t.text == ".") {
            remove(tokens, i);
        } else if let Some(last) = tokens.last_mut()
            && [".", "-", ":", ",", ";"]
                .iter()
                .any(|p| last.text.ends_with(&format!("{p}.")))
        {
            last.text.pop();
        }
    }
    found
}

/// Leave what stood beside an enumerator in its token (`שנעשו.` of `שנעשו..22`), or remove
/// the token if nothing did; either way a run ends there.
fn keep_rest(tokens: &mut Vec<Token>, i: usize, rest: String) {
    if rest.is_empty() {
        remove(tokens, i);
    } else {
        tokens[i].text = rest;
        mark_wide_after(tokens, i);
    }
}

/// Remove a token; the gap it leaves is a run boundary.
fn remove(tokens: &mut Vec<Token>, i: usize) {
    tokens.remove(i);
    if i > 0 {
        mark_wide_after(tokens, i - 1);
    } else if let Some(first) = tokens.first_mut() {
        first.wide_before = false;
        first.gap = 0;
    }
}

fn mark_wide_after(tokens: &mut [Token], i: usize) {
    if let Some(next) = tokens.get_mut(i + 1) {
        next.wide_before = true;
        next.gap = next.gap.max(3);
    }
}

fn is_number(token: &str) -> bool {
    rtl::word_key(token) == "#"
}

/// `,12`: a number of a list printed in visual order.
fn is_comma_led_number(token: &str) -> bool {
    token
        .strip_prefix(',')
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// Choose between the printed order and the reversed runs.
fn order(tokens: &[Token], context: &Context<'_>) -> (Vec<String>, bool) {
    let printed: Vec<String> = tokens.iter().map(|t| t.text.clone()).collect();
    let runs = rtl::runs(tokens);
    if runs.len() < 2 {
        return (printed, false);
    }
    // Runs that end without closing a clause: the gap after them is no typist's.
    let suspicious = runs[..runs.len() - 1]
        .iter()
        .filter(|run| run.last().is_some_and(|t| !rtl::ends_clause(&t.text)))
        .count();
    let mut reversed = Vec::new();
    for run in runs.into_iter().rev() {
        let mut words: Vec<String> = run.into_iter().map(|t| t.text).collect();
        // A list of numbers comes out in visual order with its commas in front, and so does
        // the word printed beside it in the same run: `16 ,12 ,8 ,4 בלוחות` reads
        // `בלוחות 4, 8, 12, 16`.
        if words.iter().any(|w| is_comma_led_number(w)) {
            reversed.extend(words.into_iter().rev().map(|w| match w.strip_prefix(',') {
                Some(number) if is_number(number) => format!("{number},"),
                _ => w,
            }));
            continue;
        }
        // A number and a word in one run keep the visual order of mixed directions:
        // `16 חוק` reads `חוק 16`.
        if let [first, second] = words.as_slice()
            && is_number(first)
            && !is_number(second)
            && context.pairs.follows(second, first) > context.pairs.follows(first, second)
        {
            words.swap(0, 1);
        }
        reversed.extend(words);
    }
    let score = |words: &[String]| {
        let mut sequence: Vec<&str> = context.previous_word.into_iter().collect();
        sequence.extend(words.iter().map(String::as_str));
        let mut s = context.pairs.score(&sequence);
        if context.next_starts_node && words.last().is_some_and(|w| rtl::ends_sentence(w)) {
            s += 6.0;
        }
        s
    };
    // Wide gaps where no sentence ends betray runs; gaps after a full stop may be a typist's.
    let prior = if suspicious > 0 {
        3.0 * suspicious.min(3) as f64
    } else {
        -6.0
    };
    let keep = score(&printed);
    let reverse = score(&reversed) + prior;
    // Only an extraction in visual order puts a comma in front of a number (`,6`): such a
    // line is reversed whatever the word pairs say.
    let visual = tokens.iter().any(|t| is_comma_led_number(&t.text));
    if visual || reverse > keep {
        (reversed, true)
    } else {
        (printed, false)
    }
}

/// A table row in reading order. The extraction prints a row's cells from left to right, so
/// the figures come first (`30 30 20 20 ללא דאבל`); the row reads from its label, then the
/// figures from right to left (`ללא דאבל 20 20 30 30`). A row of figures only reads in
/// reverse; lines of prose inside a table end with a full stop and keep their order.
pub fn table_row(row: &str) -> String {
    let words: Vec<&str> = row.split_whitespace().collect();
    let figures = words.iter().take_while(|w| is_figure(w)).count();
    if figures == 0 || words.last().is_some_and(|w| rtl::ends_sentence(w)) {
        return row.to_string();
    }
    let mut out: Vec<&str> = words[figures..].to_vec();
    out.extend(words[..figures].iter().rev());
    out.join(" ")
}

/// A table cell's figure: `30`, `1500-1740`, `4000+`.
fn is_figure(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit())
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == '+')
}

/// Attach lone punctuation to the word before it and put numbers that lead with punctuation
/// in reading order (`.)77` → `77).` once mirrored).
fn tidy(words: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in words {
        if let Some(caps) = NUMBER_BEHIND_PUNCTUATION.captures(&word) {
            out.push(format!(
                "{}{}{}",
                &caps[3],
                rtl::mirror_brackets(&caps[2]),
                &caps[1]
            ));
        } else if matches!(word.as_str(), "," | ";" | ":" | ".")
            && let Some(last) = out.last_mut()
        {
            last.push_str(&word);
        } else {
            out.push(word);
        }
    }
    out
}

/// Repair one printed line. `subitem` numbers garbled sub-items within the current item.
fn repair_line(raw: &str, context: &Context<'_>, subitem: &mut u8) -> Repaired {
    let mut tokens = rtl::tokenize(raw);
    let mut moved = String::new();
    let enumerators = take_enumerators(&mut tokens, &mut moved);
    let (words, reordered) = order(&tokens, context);
    let mut body = rtl::mirror_brackets(&tidy(words).join(" "));
    body.push_str(&moved);
    let mut prefix = String::new();
    if let Some(letter) = enumerators.section {
        prefix.push_str(&format!("{letter}. "));
        *subitem = 0;
    }
    if let Some(n) = enumerators.paragraph {
        prefix.push_str(&format!("{n}. "));
        *subitem = 0;
    }
    if let Some(item) = &enumerators.item {
        prefix.push_str(&format!("({item}) "));
        *subitem = 0;
    }
    if enumerators.subitem {
        *subitem += 1;
        let roman = ROMAN.get(usize::from(*subitem) - 1).copied().unwrap_or("?");
        prefix.push_str(&format!("({roman}) "));
    }
    Repaired {
        text: format!("{prefix}{body}").trim_end().to_string(),
        reordered,
    }
}

/// Repair every line, in order. Word pairs are learnt from the plain lines, then again with
/// the lines whose order the first pass decided with confidence.
pub fn repair_lines(lines: &[Line]) -> (Vec<Line>, usize) {
    let plain: Vec<bool> = lines.iter().map(|l| is_plain_line(&l.text)).collect();
    let starts: Vec<bool> = lines.iter().map(|l| starts_node(&l.text)).collect();
    let mut pairs = WordPairs::default();
    for (line, _) in lines.iter().zip(&plain).filter(|(_, plain)| **plain) {
        pairs.learn(line.text.split_whitespace());
    }
    let (first_pass, _) = repair_with(lines, &starts, &pairs);
    for ((line, repaired), plain) in lines.iter().zip(&first_pass).zip(&plain) {
        if !plain && rtl::mostly_wide(&rtl::tokenize(&line.text)) {
            pairs.learn(repaired.text.split_whitespace());
        }
    }
    repair_with(lines, &starts, &pairs)
}

/// One pass of the repair; `starts[i]` tells whether line `i` starts a node.
fn repair_with(lines: &[Line], starts: &[bool], pairs: &WordPairs) -> (Vec<Line>, usize) {
    let mut repaired = Vec::with_capacity(lines.len());
    let mut reordered = 0;
    let mut subitem = 0;
    let mut previous_word: Option<String> = None;
    for (i, line) in lines.iter().enumerate() {
        let context = Context {
            pairs,
            previous_word: previous_word.as_deref(),
            next_starts_node: starts.get(i + 1).copied().unwrap_or(true),
        };
        let result = repair_line(&line.text, &context, &mut subitem);
        reordered += usize::from(result.reordered);
        previous_word = if starts[i] && result.text.split_whitespace().count() < 3 {
            None
        } else {
            result.text.split_whitespace().last().map(str::to_string)
        };
        repaired.push(Line {
            text: result.text,
            ..line.clone()
        });
    }
    (repaired, reordered)
}
