//! Every subcommand's whole output on the bundled corpus, text and JSON, pinned in
//! `tests/snapshots/<case>.txt`: the command line, the exit code, standard output and standard
//! error. `SNAPSHOTS=overwrite cargo test snapshots` rewrites the files after a change; review
//! the diff before committing it.

use std::path::Path;
use std::process::Command;

use crate::util::{assert_snapshot, copy_corpus_into, manifest_dir, search_index_dir};

/// One command line and the terminal width it runs at.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    columns: &'static str,
}

const fn case(name: &'static str, args: &'static [&'static str]) -> Case {
    Case {
        name,
        args,
        columns: "100",
    }
}

const CASES: &[Case] = &[
    case("help", &["--help"]),
    case("show-help", &["show", "--help"]),
    case("show-item", &["show", "27B1(a)"]),
    case("show-item-json", &["show", "27B1(a)", "--format", "json"]),
    case("show-hebrew", &["show", "27B1", "--edition", "he-2017"]),
    Case {
        name: "show-hebrew-80-visual",
        args: &["show", "27B1", "--edition", "he-2017", "--bidi", "on"],
        columns: "80",
    },
    Case {
        name: "show-hebrew-160",
        args: &["show", "40B2", "--edition", "he-2017"],
        columns: "160",
    },
    case("show-english", &["show", "27", "--edition", "en-2017"]),
    Case {
        name: "compare-80-visual",
        args: &[
            "compare",
            "27B1",
            "--edition",
            "he-2017",
            "--edition",
            "el-2017",
            "--bidi",
            "on",
        ],
        columns: "80",
    },
    Case {
        name: "compare-160",
        args: &[
            "compare",
            "27B1",
            "--edition",
            "he-2017",
            "--edition",
            "el-2017",
        ],
        columns: "160",
    },
    Case {
        name: "compare-piped",
        args: &["compare", "27B1"],
        columns: "",
    },
    case(
        "compare-english-summaries",
        &["compare", "27A", "--edition", "el", "--edition", "en"],
    ),
    case(
        "compare-range-json",
        &["compare", "63-64", "--format", "json"],
    ),
    case(
        "compare-markdown",
        &["compare", "27B1", "--format", "markdown"],
    ),
    case("compare-html", &["compare", "27B1", "--format", "html"]),
    case("compare-no-such-law", &["compare", "90-99"]),
    case("show-definition", &["show", "def/dummy"]),
    case(
        "show-definition-by-term",
        &["show", "dummy", "--edition", "el"],
    ),
    case("show-no-such-law", &["show", "99"]),
    case("show-no-such-law-json", &["show", "99", "--format", "json"]),
    case(
        "show-regulated",
        &["show", "40B2(a)", "--edition", "el-2017"],
    ),
    case("show-missing", &["show", "def/zzz", "--format", "json"]),
    case("show-bad-reference", &["show", "27Q"]),
    case(
        "search-text",
        &["search", "insufficient bid", "--limit", "3"],
    ),
    case(
        "search-json",
        &[
            "search",
            "insufficient bid",
            "--limit",
            "2",
            "--format",
            "json",
        ],
    ),
    case(
        "search-hebrew",
        &["search", "הובלה שלא בתור", "--limit", "3"],
    ),
    case(
        "search-greek",
        &["search", "ανεπαρκους αγορας", "--limit", "3"],
    ),
    case(
        "search-citation",
        &["search", "חוק 27ב1(א)", "--limit", "3"],
    ),
    case(
        "search-nothing-json",
        &["search", "xyzzyplugh", "--format", "json"],
    ),
    case("regs-list", &["regs"]),
    case("regs-list-json", &["regs", "--format", "json"]),
    case("regs-list-markdown", &["regs", "--format", "markdown"]),
    case("regs-list-csv", &["regs", "--format", "csv"]),
    case("regs-country", &["regs", "il", "--law", "40"]),
    case(
        "regs-country-json",
        &["regs", "gr", "--law", "12", "--format", "json"],
    ),
    case("regs-diff", &["regs", "diff", "il", "gr", "--law", "40"]),
    case(
        "regs-diff-markdown",
        &[
            "regs", "diff", "il", "gr", "--law", "16", "--format", "markdown",
        ],
    ),
    case(
        "regs-diff-csv",
        &["regs", "diff", "il", "gr", "--law", "16", "--format", "csv"],
    ),
    case(
        "regs-diff-json",
        &[
            "regs", "diff", "il", "gr", "--law", "16", "--format", "json",
        ],
    ),
    case(
        "regs-nothing-json",
        &["regs", "gr", "--law", "1", "--format", "json"],
    ),
    case("glossary-term", &["glossary", "כפל"]),
    case(
        "glossary-term-json",
        &["glossary", "insufficient bid", "--format", "json"],
    ),
    case(
        "glossary-nothing-json",
        &["glossary", "xyzzyplugh", "--format", "json"],
    ),
    case("commentary-list", &["commentary"]),
    case("commentary-list-json", &["commentary", "--format", "json"]),
    case("commentary-scenario", &["commentary", "td-booklet/3"]),
    case(
        "commentary-scenario-json",
        &["commentary", "td-booklet/3", "--format", "json"],
    ),
    case(
        "commentary-scenario-markdown",
        &["commentary", "td-booklet/3", "--format", "markdown"],
    ),
    case(
        "commentary-scenario-html",
        &["commentary", "td-booklet/3", "--format", "html"],
    ),
    case("commentary-slides", &["commentary", "law-27-slides"]),
    case("completions-bash", &["completions", "bash"]),
    case("man", &["man"]),
    case("check", &["check", "--quiet"]),
    case("check-json", &["check", "--format", "json"]),
    case(
        "check-fixture",
        &["--corpus", "tests/fixtures/check/corpus", "check"],
    ),
    case(
        "check-fixture-json",
        &[
            "--corpus",
            "tests/fixtures/check/corpus",
            "check",
            "--format",
            "json",
        ],
    ),
    case(
        "export-tmx",
        &[
            "export",
            "--edition",
            "he",
            "--edition",
            "el",
            "--format",
            "tmx",
            "--scope",
            "13",
        ],
    ),
    case(
        "export-tmx-nodes",
        &[
            "export",
            "--edition",
            "el",
            "--edition",
            "he",
            "--format",
            "tmx",
            "--scope",
            "27B1",
            "--units",
            "nodes",
        ],
    ),
    case(
        "export-xliff",
        &[
            "export",
            "--edition",
            "he-2017",
            "--edition",
            "el-2017",
            "--format",
            "xliff",
            "--scope",
            "27B1",
        ],
    ),
    case(
        "export-xliff-three-editions",
        &[
            "export",
            "--edition",
            "he",
            "--edition",
            "el",
            "--edition",
            "en",
            "--format",
            "xliff",
        ],
    ),
    case(
        "export-csv",
        &[
            "export",
            "--edition",
            "he",
            "--edition",
            "el",
            "--edition",
            "en",
            "--format",
            "csv",
            "--scope",
            "27B",
        ],
    ),
    case(
        "qa",
        &["qa", "--edition", "he-2017", "--edition", "el-2017"],
    ),
    case("qa-quiet", &["qa", "--quiet"]),
    case("qa-one-edition", &["qa", "--edition", "he"]),
    case("show-amended", &["show", "26B", "--edition", "he-2017"]),
    case(
        "show-corrected-json",
        &["show", "23C", "--edition", "el", "--format", "json"],
    ),
    case(
        "compare-amended",
        &["compare", "23", "--edition", "he", "--edition", "el"],
    ),
    case(
        "export-fixture",
        &[
            "--corpus",
            "tests/fixtures/check/corpus",
            "export",
            "--edition",
            "xx-2017",
        ],
    ),
];

/// `$ bridgelaws …`, the exit code, standard output and standard error, with the folders
/// that change from run to run named by what they are.
fn transcript(args: &[&str], columns: &str, index: &Path, corpus: &Path) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bridgelaws"));
    command
        .args(args)
        .current_dir(manifest_dir())
        .env("COLUMNS", columns)
        .env_remove("NO_COLOR");
    if args.first() == Some(&"search") {
        command.arg("--index").arg(index);
    }
    let output = command.output().expect("bridgelaws runs");
    let redact = |bytes: &[u8]| {
        String::from_utf8(bytes.to_vec())
            .expect("UTF-8 output")
            .replace(&index.display().to_string(), "[INDEX]")
            .replace(&corpus.display().to_string(), "[CORPUS]")
    };
    format!(
        "$ bridgelaws {}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        redact(args.join(" ").as_bytes()),
        output
            .status
            .code()
            .map_or("signal".into(), |c| c.to_string()),
        redact(&output.stdout),
        redact(&output.stderr),
    )
}

#[test]
fn every_subcommand_output_is_pinned() {
    let index = search_index_dir();
    for case in CASES {
        let text = transcript(case.args, case.columns, index, Path::new("[none]"));
        assert_snapshot(&format!("tests/snapshots/{}.txt", case.name), text);
    }
}

#[test]
fn writing_subcommands_are_pinned() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    copy_corpus_into(&corpus);
    let source = "sources/004_ec2b9f159b702ea6.txt";
    std::fs::create_dir_all(corpus.join("sources")).unwrap();
    std::fs::copy(
        manifest_dir().join("corpus").join(source),
        corpus.join(source),
    )
    .unwrap();
    let path = corpus.display().to_string();
    let cases: [(&str, &[&str]); 3] = [
        ("schema", &["--corpus", &path, "schema"]),
        (
            "import-refused",
            &["--corpus", &path, "import", "--profile", "el"],
        ),
        (
            "import-el",
            &["--corpus", &path, "import", "--profile", "el", "--force"],
        ),
    ];
    for (name, args) in cases {
        let text = transcript(args, "100", Path::new("[none]"), &corpus);
        assert_snapshot(&format!("tests/snapshots/{name}.txt"), text);
    }
}
