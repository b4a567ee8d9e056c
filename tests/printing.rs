//! What a corpus holds is never printed raw: a bidi override or a terminal escape in any of its
//! texts is shown as its code (`<U+202E>`) by every command in every format, whether or not
//! `check` was run (it reports them), so that no corpus can reorder, restyle or command the
//! terminal it is printed on.

use bridgelaws::text::Unprintable;

use crate::util::{bridgelaws, copy_dir, manifest_dir, stderr, stdout};

/// A bidi override, a clear-screen escape, a title-setting escape ended by a bell, and a C1
/// control sequence introducer.
const NASTY: &str = "\u{202e}x\u{1b}[2J\u{1b}]0;owned\u{7}\u{9b}1m";

/// The minimal corpus with `NASTY` in a text of every kind a command prints: a law's text, a
/// summary, a definition, a glossary term, a regulation and its rendering, a situation, a
/// document's title and body, a scenario.
fn nasty_corpus() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&manifest_dir().join("tests/fixtures/minimal"), dir.path());
    copy_dir(
        &manifest_dir().join("corpus/schema"),
        &dir.path().join("schema"),
    );
    // YAML escapes carry the controls (a YAML file cannot hold C0 controls as they are).
    let escaped = "\\u202Ex\\e[2J\\e]0;owned\\a\\x9B1m";
    let edit = |relative: &str, from: &str, to: &str| {
        let path = dir.path().join(relative);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{relative}: {from}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    };
    edit(
        "editions/xx-2017/laws/01.yaml",
        "text: As the rules of the game say.",
        &format!("text: \"As the rules {escaped} of the game say.\""),
    );
    edit(
        "editions/xx-2017/laws/02.yaml",
        "text: Each board holds",
        &format!("text: \"{escaped}\"\n  # Each board holds"),
    );
    edit(
        "editions/xx-2017/definitions.yaml",
        "text: Declarer's partner.",
        &format!("text: \"Declarer's {escaped} partner.\""),
    );
    edit(
        "glossary.yaml",
        "variants: [dummies]",
        &format!("variants: [dummies, \"dummy {escaped}\"]"),
    );
    edit(
        "regulations/xa.yaml",
        "    text: Law 1A - the federation sets",
        &format!("    text: \"{escaped}\"\n    # Law 1A - the federation sets"),
    );
    edit(
        "situations.yaml",
        "[\"a card is missing from the pack\"]",
        &format!("[\"a card is missing {escaped}\"]"),
    );
    edit(
        "commentary/article.md",
        "title: An article",
        &format!("title: \"An article {escaped}\""),
    );
    edit(
        "commentary/article.md",
        "Law 1 is about the pack",
        &format!("Law 1 is about {NASTY} the pack &#x202E; &#27;"),
    );
    edit(
        "commentary/booklet.yaml",
        "    - יש לספור את הקלפים.",
        &format!("    - \"יש לספור {escaped} את הקלפים.\""),
    );
    dir
}

fn assert_harmless(args: &[&str], output: &std::process::Output) {
    for (stream, text) in [("stdout", stdout(output)), ("stderr", stderr(output))] {
        // CSV ends its lines with `\r\n`, as it should.
        let text = text.replace("\r\n", "\n");
        let raw: Vec<char> = text
            .chars()
            .filter(|&c| c != '\t' && Unprintable::of(c).is_some())
            .collect();
        assert!(
            raw.is_empty(),
            "`bridgelaws {}` prints {raw:?} raw on {stream}:\n{text}",
            args.join(" ")
        );
    }
}

#[test]
fn no_command_prints_a_control_character_of_the_corpus() {
    let dir = nasty_corpus();
    let corpus = dir.path().to_str().unwrap();
    let index = tempfile::tempdir().unwrap();
    let index = index.path().to_str().unwrap();
    let commands: &[&[&str]] = &[
        &["show", "1"],
        &["show", "2", "--edition", "xx-2017"],
        &["show", "def/dummy"],
        &["show", "1", "--format", "json"],
        &["glossary", "dummy"],
        &["glossary", "dummy", "--format", "json"],
        &["regs", "xa"],
        &["regs", "xa", "--format", "json"],
        &["regs", "xa", "--format", "csv"],
        &["regs", "xa", "--format", "markdown"],
        &["commentary"],
        &["commentary", "article"],
        &["commentary", "article", "--format", "markdown"],
        &["commentary", "article", "--format", "html"],
        &["commentary", "article", "--format", "json"],
        &["commentary", "booklet/1"],
        &["export", "--edition", "xx-2017"],
        &["search", "rules", "--index", index],
        &["search", "missing", "--index", index, "--format", "json"],
    ];
    for args in commands {
        let mut all = vec!["--corpus", corpus];
        all.extend_from_slice(args);
        let output = bridgelaws(&all);
        assert!(
            output.status.code().is_some_and(|c| c < 2),
            "`bridgelaws {}` fails:\n{}",
            args.join(" "),
            stderr(&output)
        );
        assert_harmless(args, &output);
    }
    // `check` reports each of them, and its report is as harmless as the rest.
    for format in ["text", "json"] {
        let args = ["--corpus", corpus, "check", "--format", format];
        let output = bridgelaws(&args);
        assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
        assert_harmless(&args, &output);
    }
    let report = stdout(&bridgelaws(&["--corpus", corpus, "check", "--quiet"]));
    for file in [
        "laws/01.yaml",
        "laws/02.yaml",
        "definitions.yaml",
        "glossary.yaml",
        "regulations/xa.yaml",
        "situations.yaml",
        "commentary/article.md",
        "commentary/booklet.yaml",
    ] {
        assert!(
            report.contains(&format!("{file}:")) && report.contains("error[control-character]"),
            "check does not report {file}:\n{report}"
        );
    }
}
