//! The YAML reader's errors said in the user's terms and placed where the mistake is (a tab is
//! pointed at, not the value before it), and the tags a corpus file may not carry: every value
//! of the corpus is plain text, so `!!binary` and the like are refused rather than decoded.

use serde_saphyr::Error as YamlError;
use serde_saphyr::budget::BudgetBreach;
use serde_saphyr::granit_parser::{Event, Parser};

use crate::corpus::model::Pos;

/// A YAML problem: where, what, and what to do (none: the file must match its schema).
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Problem {
    pub line: u32,
    pub column: u32,
    /// How many characters to underline; 0 for the value that stands there.
    pub length: u32,
    pub message: String,
    pub hint: Option<String>,
}

/// The reader's error on `text` in the user's terms.
pub(super) fn problem(err: &YamlError, text: &str) -> Problem {
    let (line, column) = err
        .location()
        .map_or((1, 1), |l| (to_u32(l.line()), to_u32(l.column())));
    let (line, column) = (line.max(1), column.max(1));
    let at = |message: String, hint: Option<String>| Problem {
        line,
        column,
        length: 0,
        message,
        hint,
    };
    let inner = err.without_snippet();
    match inner {
        YamlError::DuplicateMappingKey { key, .. } => at(
            match key {
                Some(key) => format!("duplicate key `{key}`"),
                None => "duplicate key".to_string(),
            },
            Some("a key is given once in each mapping: keep one of the two".to_string()),
        ),
        YamlError::Budget {
            breach: BudgetBreach::Depth { depth },
            ..
        } => at(
            format!("nesting too deep (more than {} levels)", depth.saturating_sub(1)),
            Some("no corpus file nests this deep: look for indentation that runs away, or brackets left open".to_string()),
        ),
        YamlError::Budget { .. } => at(
            "the file is too large or too repetitive to read".to_string(),
            Some("corpus files are plain text, without aliases repeated over and over".to_string()),
        ),
        YamlError::InvalidUtf8Input => at(
            "the file is not UTF-8 text".to_string(),
            Some("save the file as UTF-8".to_string()),
        ),
        YamlError::InvalidBinaryBase64 { .. }
        | YamlError::BinaryNotUtf8 { .. }
        | YamlError::TaggedScalarCannotDeserializeIntoString { .. } => at(
            "a tagged value where plain text belongs".to_string(),
            Some(TAG_HINT.to_string()),
        ),
        YamlError::Unexpected { expected, .. } => at(format!("expected {}", plain(expected)), None),
        _ => {
            let message = reader_message(err);
            // A key one space off is read into another mapping or breaks the one it is in:
            // the reader then blames a neighbouring line, or a field it finds missing.
            let structural = ["expected key", "mapping values", "missing field", "unknown field"];
            if structural.iter().any(|m| message.contains(m))
                && let Some(key) = misindented_key(text, line)
            {
                return key;
            }
            if message.contains("tab") {
                tab(text, line, column)
            } else if message.contains("null into") {
                // The reader's words are a programmer's (`use Option<String>`).
                at(
                    "a value is missing after the colon".to_string(),
                    Some("write the value, or leave out the key where the schema allows it".to_string()),
                )
            } else if message.contains("quoted scalar") {
                // The reader finds out on a later line that a quote was never closed.
                at(message, Some("a quoted text runs on to here: close the quote it opens (\" or ') on the line where it starts".to_string()))
            } else {
                at(message, None)
            }
        }
    }
}

const TAG_HINT: &str = "corpus files hold plain text: remove the tag and write the value as text";

/// What the reader expected, as a user would say it.
fn plain(expected: &str) -> &str {
    match expected {
        "sequence start" => "a list (items on lines starting with `- `)",
        "mapping start" => "fields (`name: value` lines)",
        "string scalar" => "text",
        other => other,
    }
}

/// The reader's message without its own location suffix (the diagnostic carries it).
fn reader_message(err: &YamlError) -> String {
    let text = err.without_snippet().to_string();
    let first = text.lines().next().unwrap_or("invalid YAML").trim();
    match first.rfind(" at line ") {
        Some(cut) => first[..cut].to_string(),
        None => first.to_string(),
    }
}

/// A tab the reader stumbled on: it reports the value before it, or the column after it; the
/// tab itself is the first one from just before that place.
fn tab(text: &str, line: u32, column: u32) -> Problem {
    let start = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1) as usize)
        .map(str::len)
        .sum::<usize>();
    let on_line = &text[start.min(text.len())..];
    let from = on_line
        .char_indices()
        .nth(column.saturating_sub(2) as usize)
        .map_or(on_line.len(), |(i, _)| i);
    let found = on_line[from..].find('\t').map(|i| start + from + i);
    let (line, column) = match found {
        Some(at) => {
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
            (to_u32(line), to_u32(column))
        }
        None => (line, column),
    };
    Problem {
        line,
        column,
        length: 1,
        message: "a tab where YAML allows only spaces".to_string(),
        hint: Some("indent with spaces, and separate with spaces: YAML does not allow tabs for indentation".to_string()),
    }
}

/// A line holding a key (`  name:`, `- id: x`): its indent, its dash, the key, what follows.
static KEY_LINE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"^( *)(- +)?([A-Za-z_][\w-]*):( |$)").expect("pattern")
});

/// A key line near `line` (from the line before it to two after) indented to no level open
/// there: deeper than the keys beside it though the line above opens nothing, or back to a
/// depth between two levels. Only lines written `key:` or `- key:` are read, so that a text
/// running on over several lines is not taken for one.
fn misindented_key(text: &str, line: u32) -> Option<Problem> {
    let key = &*KEY_LINE;
    let mut levels: Vec<usize> = Vec::new();
    let mut opens = true;
    let last = line as usize + 2;
    for (n, raw) in text.lines().enumerate().take(last) {
        let number = n + 1;
        let trimmed = raw.trim_start_matches(' ');
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some(caps) = key.captures(raw) else {
            // A value running on, or a list of scalars: it opens nothing below it.
            opens = false;
            continue;
        };
        let indent = caps[1].len();
        let dash = caps.get(2).map_or(0, |d| d.as_str().len());
        let siblings = levels.iter().rev().find(|&&l| l <= indent).copied();
        let deeper_than_open = levels.last().is_some_and(|&l| indent > l) && !opens;
        let between = levels.iter().any(|&l| l > indent) && siblings != Some(indent) && !opens;
        if (deeper_than_open || between) && number + 1 >= line as usize {
            let beside = levels
                .iter()
                .rev()
                .find(|&&l| l != indent)
                .copied()
                .unwrap_or(0);
            return Some(Problem {
                line: to_u32(number),
                column: to_u32(indent + dash + 1),
                length: to_u32(caps[3].chars().count()),
                message: format!(
                    "`{}` is indented {}, where the keys beside it have {beside}",
                    &caps[3],
                    crate::text::plural(indent, "space")
                ),
                hint: Some("indent every key of a mapping alike: YAML reads a key indented otherwise as part of another mapping, or not at all".to_string()),
            });
        }
        levels.retain(|&l| l < indent || (l == indent && dash == 0));
        if levels.last() != Some(&indent) {
            levels.push(indent);
        }
        if dash > 0 {
            levels.push(indent + dash);
        }
        // `key:` alone opens a block below it; `key: value` does not (nor `key: |`, whose
        // text lines are not keys).
        opens = caps[4].is_empty();
    }
    None
}

/// The first tag in `text` that is not a plain string's (`!!binary`, `!!int`, `!custom`), with
/// where it stands; none when the file has none, or does not parse (the reader says why).
pub(super) fn tag(text: &str) -> Option<Problem> {
    // Every tag starts with `!`: most files have none at all.
    if !text.contains('!') {
        return None;
    }
    for event in Parser::new_from_str(text) {
        let (event, span) = event.ok()?;
        let tag = match &event {
            Event::Scalar(_, _, _, tag) => tag,
            Event::SequenceStart(_, _, tag) | Event::MappingStart(_, _, tag) => tag,
            _ => continue,
        };
        let Some(tag) = tag else { continue };
        // `!!str` says what every value is; a lone `!` says nothing.
        if tag.core_suffix() == Some("str") || (tag.handle() == "!" && tag.suffix().is_empty()) {
            continue;
        }
        let marker = span.tag_start.unwrap_or(span.start);
        let written = format!("{}{}", tag.original_handle(), tag.suffix());
        return Some(Problem {
            line: to_u32(marker.line()).max(1),
            column: to_u32(marker.col() + 1),
            length: to_u32(written.chars().count()),
            message: format!("a value tagged `{written}`: corpus files hold plain text"),
            hint: Some(TAG_HINT.to_string()),
        });
    }
    None
}

/// Every scalar of a YAML text, keys and values, with where it starts (at its quote, for a
/// quoted one; at its first line, for a block), as far as the text parses.
pub fn scalars(text: &str) -> Vec<(Pos, String)> {
    let mut found = Vec::new();
    for event in Parser::new_from_str(text) {
        let Ok((event, span)) = event else {
            break;
        };
        if let Event::Scalar(value, ..) = event {
            let pos = Pos {
                line: to_u32(span.start.line()).max(1),
                column: to_u32(span.start.col() + 1),
            };
            found.push((pos, value.into_owned()));
        }
    }
    found
}

fn to_u32(n: impl TryInto<u32>) -> u32 {
    n.try_into().unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem_of(text: &str) -> Problem {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Node {
            id: String,
            #[serde(default)]
            text: Option<String>,
            #[serde(default)]
            children: Vec<Node>,
        }
        let err = serde_saphyr::from_str::<Node>(text).unwrap_err();
        problem(&err, text)
    }

    #[test]
    fn a_tab_is_pointed_at_where_it_stands() {
        // The reader blames the value on the line before.
        let p = problem_of("id: x\ntext: y\n\tchildren: []\n");
        assert_eq!((p.line, p.column), (3, 1), "{p:?}");
        assert_eq!(p.message, "a tab where YAML allows only spaces");
        // A tab separating a key from its value is allowed; the one indenting is not.
        let p = problem_of("id:\tx\ntext:\n\ty\n");
        assert_eq!((p.line, p.column), (3, 1), "{p:?}");
    }

    #[test]
    fn the_reader_s_words_become_the_user_s() {
        let p = problem_of("id: x\ntext: a\ntext: b\n");
        assert_eq!(p.message, "duplicate key `text`");
        assert_eq!((p.line, p.column), (3, 1));
        let p = problem_of("id: x\nchildren: 5\n");
        assert!(p.message.starts_with("expected a list"), "{p:?}");
        let mut deep = String::from("id: x\nchildren:\n");
        let mut indent = String::new();
        for _ in 0..40 {
            deep.push_str(&format!("{indent}- id: x\n{indent}  children:\n"));
            indent.push_str("  ");
        }
        deep.push_str(&format!("{indent}- id: x\n"));
        let p = problem_of(&deep);
        assert_eq!(p.message, "nesting too deep (more than 64 levels)");
    }

    #[test]
    fn a_key_one_space_off_is_pointed_at() {
        let good = "id: x\nchildren:\n- id: y\n  text: a\n  children:\n  - id: z\n    text: b\n";
        for (text, at, spaces, beside) in [
            // One space deeper than the key above it.
            (
                "id: x\nchildren:\n- id: y\n  text: a\n   children: []\n",
                5,
                3,
                2,
            ),
            // One space back, between two levels.
            (
                "id: x\nchildren:\n- id: y\n  children:\n  - id: z\n    text: b\n   children: []\n",
                7,
                3,
                4,
            ),
        ] {
            let p = problem_of(text);
            assert_eq!(p.line, at, "{p:?}");
            assert_eq!(
                p.message,
                format!(
                    "`children` is indented {spaces} spaces, where the keys beside it have {beside}"
                )
            );
        }
        // Keys indented alike, in lists and mappings, and a text running on, are not it.
        assert_eq!(misindented_key(good, 7), None);
        assert_eq!(
            misindented_key("id: x\ntext: a long\n   one, running on\nchildren: []\n", 3),
            None
        );
    }

    #[test]
    fn a_missing_value_is_said_in_the_user_s_words() {
        let p = problem_of("id:\ntext: a\n");
        assert_eq!(p.message, "a value is missing after the colon", "{p:?}");
        assert_eq!(p.line, 1, "{p:?}");
    }

    #[test]
    fn tags_other_than_plain_text_are_found() {
        let p = tag("id: x\ntext: !!binary QUJD\n").unwrap();
        assert_eq!((p.line, p.column), (2, 7));
        assert!(p.message.contains("`!!binary`"), "{p:?}");
        assert!(tag("id: !custom\n  x: 1\n").is_some());
        assert!(tag("id: !!str x\ntext: Don't! Stop!\n").is_none());
        assert!(tag("text: \"!!binary\"\n").is_none());
    }
}
