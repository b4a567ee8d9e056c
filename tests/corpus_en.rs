//! The English edition: the id tree of the others, with titles, headings and unofficial
//! summaries written for the project, and no law text (the English original is copyrighted).

use bridgelaws::corpus::{Edition, Kind};

use crate::editions::edition;

fn english() -> &'static Edition {
    edition("en-2017")
}

#[test]
fn the_english_edition_has_every_id_and_no_text() {
    let (english, greek) = (english(), edition("el-2017"));
    assert!(!english.text_bundled());
    let ids = |e: &Edition| e.entries.iter().map(|x| x.id.clone()).collect::<Vec<_>>();
    let (mut mine, mut theirs) = (ids(english), ids(greek));
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs);
    for entry in &english.entries {
        assert!(
            entry.text.is_none() && entry.text_after.is_none(),
            "{} holds text",
            entry.id
        );
    }
}

#[test]
fn every_law_and_section_has_a_heading_and_an_unofficial_summary() {
    let (mut laws, mut sections) = (0, 0);
    for entry in &english().entries {
        if !matches!(entry.kind, Kind::Law | Kind::Section) {
            continue;
        }
        *(if entry.kind == Kind::Law {
            &mut laws
        } else {
            &mut sections
        }) += 1;
        let heading = entry.heading.as_deref().unwrap_or_default();
        assert!(!heading.is_empty(), "{} has no heading", entry.id);
        assert!(
            !heading.chars().any(|c| matches!(c, 'Α'..='ω' | 'א'..='ת')),
            "{}: {heading}",
            entry.id
        );
        let summary = entry
            .summary
            .as_ref()
            .unwrap_or_else(|| panic!("{} has no summary", entry.id));
        assert_eq!(summary.status.as_str(), "unofficial");
        assert!(summary.text.len() > 40, "{}", entry.id);
    }
    assert_eq!((laws, sections), (93, 269));
    assert_eq!(
        english().get("27").unwrap().heading.as_deref(),
        Some("Insufficient Bid")
    );
}

#[test]
fn every_definition_has_its_english_term() {
    let definitions: Vec<_> = english()
        .entries
        .iter()
        .filter(|e| e.kind == Kind::Definition)
        .collect();
    assert_eq!(definitions.len(), 67);
    for d in definitions {
        assert!(d.term.as_deref().is_some_and(|t| !t.is_empty()), "{}", d.id);
    }
}
