//! The YAML loader (`corpus::load::file`, and the whole corpus through `bridgelaws::load_all`)
//! on mutated corpus files and generated YAML-ish text: a typed value or located errors, each
//! inside the file it names, never a panic.

use std::sync::OnceLock;

use bridgelaws::corpus::load;
use bridgelaws::corpus::model::{
    AcknowledgedFile, AmendmentsFile, BookIndexFile, BookletFile, DefinitionsFile, DifferencesFile,
    EditionFile, GlossaryFile, Node, OverridesFile, RegulationsFile, SituationsFile,
};
use bridgelaws::corpus::{Root, layout};
use bridgelaws::error::{Diagnostic, Error};

use super::{Rng, from_pieces, grown, mutate, run, run_sizes};
use crate::util::{copy_dir, corpus_dir, manifest_dir};

/// The minimal corpus's folder name in a case: its file is read with the whole corpus.
const WHOLE: &str = "whole:";

/// Every YAML file of the corpus and of the minimal corpus (path relative to its corpus,
/// text), the schemas left out.
fn files() -> &'static [(String, String, bool)] {
    static FILES: OnceLock<Vec<(String, String, bool)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let mut files = Vec::new();
        for (dir, whole) in [
            (corpus_dir(), false),
            (manifest_dir().join("tests/fixtures/minimal"), true),
        ] {
            let root = Root::Dir(dir.clone());
            for relative in root.files(&[""]).unwrap() {
                if relative.ends_with(".yaml") && !relative.starts_with("schema/") {
                    let text = std::fs::read_to_string(dir.join(&relative)).unwrap();
                    files.push((relative, text, whole));
                }
            }
        }
        assert!(files.len() > 250, "the corpus files are found");
        files
    })
}

/// A large file cut to its head and a block of its lines, so that a case stays small.
fn window(rng: &mut Rng, text: &str) -> String {
    if text.len() < 16_000 {
        return text.to_string();
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let head = 4 + rng.below(12);
    let from = head + rng.below(lines.len() - head);
    let to = (from + 20 + rng.below(300)).min(lines.len());
    let mut out: String = lines[..head].concat();
    out.push_str(&lines[from..to].concat());
    out
}

/// Pieces of YAML, to write YAML-ish text from nothing.
const YAML_PIECES: &[&str] = &[
    "\n",
    "\n  ",
    "\n    ",
    "\n- ",
    "- ",
    "  - ",
    ": ",
    ":",
    "? ",
    "id: ",
    "text: ",
    "children:",
    "heading: ",
    "number: ",
    "footnotes:",
    "language: he",
    "edition: ",
    "absent: ",
    "summary:",
    "'",
    "\"",
    "''",
    "\"\\uD800\"",
    "\"\\uDFFF\"",
    "\"\\u202e\"",
    "\"\\x00\"",
    "\"\\U0010FFFF\"",
    "\"\\q\"",
    "|",
    "|-",
    ">",
    ">+",
    "|2",
    "&a ",
    "*a",
    "<<: *a",
    "!!binary ",
    "!!str ",
    "!x ",
    "!<tag:yaml.org,2002:str> ",
    "%YAML 1.2\n",
    "%TAG ! tag:x,2000:\n",
    "---\n",
    "...\n",
    "#",
    "[",
    "]",
    "{",
    "}",
    ", ",
    "~",
    "null",
    "true",
    "1e999",
    "0x1F",
    "-.inf",
    ".nan",
    "99999999999999999999999",
    "27B1(a)",
    "חוק 27",
    "ΝΟΜΟΣ 27",
    "\t",
    "\r",
    "\u{feff}",
    "\u{202e}",
    "\0",
    "\u{85}",
    "\u{2028}",
    "x",
    "א",
    "α",
];

fn generate(rng: &mut Rng) -> String {
    let files = files();
    if rng.one_in(10) {
        // From nothing: a file of the layout and YAML-ish text, sometimes nested very deep.
        let (relative, _, _) = &files[rng.below(files.len())];
        let mut text = from_pieces(rng, YAML_PIECES, 60);
        if rng.one_in(4) {
            let depth = 1 + rng.below(300);
            let (open, close) = *rng.pick(&[&("[", "]"), &("{a: ", "}"), &("- ", "")]);
            let nested = format!("{}x{}", open.repeat(depth), close.repeat(depth));
            text = format!("id: '1'\nchildren: {nested}\n{text}");
        }
        return format!("{relative}\n{text}");
    }
    let (relative, text, whole) = &files[rng.below(files.len())];
    let material: Vec<&str> = (0..3)
        .map(|_| files[rng.below(files.len())].1.as_str())
        .collect();
    let window = window(rng, text);
    let mutated = mutate(rng, &window, &material);
    let prefix = if *whole && rng.one_in(4) { WHOLE } else { "" };
    format!("{prefix}{relative}\n{mutated}")
}

thread_local! {
    /// Each worker's folders: one for single files, one minimal corpus for whole loads.
    static DIRS: (tempfile::TempDir, tempfile::TempDir) = {
        let minimal = tempfile::tempdir().unwrap();
        copy_dir(&manifest_dir().join("tests/fixtures/minimal"), minimal.path());
        copy_dir(&corpus_dir().join("schema"), &minimal.path().join("schema"));
        (tempfile::tempdir().unwrap(), minimal)
    };
}

/// The case: `relative` (prefixed `whole:` for a load of the whole minimal corpus), a line
/// break, the file's text.
fn check(case: &str) {
    let Some((relative, text)) = case.split_once('\n') else {
        return;
    };
    let (whole, relative) = match relative.strip_prefix(WHOLE) {
        Some(rest) => (true, rest),
        None => (false, relative),
    };
    let Some(original) = files()
        .iter()
        .find(|(r, _, w)| r == relative && (*w || !whole))
    else {
        return;
    };
    DIRS.with(|(single, minimal)| {
        let dir = if whole { minimal.path() } else { single.path() };
        let path = dir.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        let root = Root::Dir(dir.to_path_buf());
        if whole {
            let result = bridgelaws::load_all(root.clone());
            std::fs::write(&path, &original.1).unwrap();
            let (_, diagnostics) = result.unwrap_or_else(|e| panic!("the corpus reads: {e}"));
            inside(&diagnostics, &root.display(relative), text);
        } else {
            read_file(&root, relative, text);
        }
    });
}

/// Read the file as its kind; a refusal must be located diagnostics inside it.
fn read_file(root: &Root, relative: &str, text: &str) {
    let result = match relative {
        r if r.contains("/laws/")
            || r.ends_with("preface.yaml")
            || r.ends_with("introduction.yaml") =>
        {
            load::file::<Node>(root, r).map(drop)
        }
        r if r.ends_with("/edition.yaml") => load::file::<EditionFile>(root, r).map(drop),
        r if r.ends_with("/definitions.yaml") => load::file::<DefinitionsFile>(root, r).map(drop),
        r if r.ends_with("/book-index.yaml") => load::file::<BookIndexFile>(root, r).map(drop),
        r if r.starts_with(layout::REGULATIONS) => load::file::<RegulationsFile>(root, r).map(drop),
        r if r == layout::OVERRIDES => load::file::<OverridesFile>(root, r).map(drop),
        r if r == layout::ACKNOWLEDGED => load::file::<AcknowledgedFile>(root, r).map(drop),
        r if r == layout::DIFFERENCES => load::file::<DifferencesFile>(root, r).map(drop),
        r if r.starts_with(layout::AMENDMENTS) => load::file::<AmendmentsFile>(root, r).map(drop),
        r if r == layout::GLOSSARY => load::file::<GlossaryFile>(root, r).map(drop),
        r if r == layout::SITUATIONS => load::file::<SituationsFile>(root, r).map(drop),
        r if r.starts_with(layout::COMMENTARY) => load::file::<BookletFile>(root, r).map(drop),
        r => panic!("a corpus file of no known kind: {r}"),
    };
    match result {
        Ok(()) => {}
        Err(Error::Corpus(diagnostics)) => {
            assert!(!diagnostics.is_empty(), "a refusal says why");
            inside(&diagnostics, &root.display(relative), text);
        }
        Err(other) => panic!("a file that does not parse is a located diagnostic, not {other:?}"),
    }
}

/// Every diagnostic on `file` stands inside its text, as the loader reads it (no byte order
/// mark, `\r\n` and a lone `\r` read as `\n`): on one of its lines, at most one column past
/// its end.
fn inside(diagnostics: &[Diagnostic], file: &str, text: &str) {
    let text = text
        .strip_prefix('\u{feff}')
        .unwrap_or(text)
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let lines: Vec<&str> = text.split('\n').collect();
    for d in diagnostics.iter().filter(|d| d.file == file) {
        let line = lines.get(d.line as usize - 1).unwrap_or_else(|| {
            panic!(
                "{}:{}:{} is past the last line ({}): {}",
                d.file,
                d.line,
                d.column,
                lines.len(),
                d.message
            )
        });
        assert!(
            d.line >= 1 && d.column >= 1 && d.column as usize <= line.chars().count() + 1,
            "{}:{}:{} is outside line {} ({} characters): {}",
            d.file,
            d.line,
            d.column,
            d.line,
            line.chars().count(),
            d.message
        );
    }
}

#[test]
fn the_loader_reads_or_locates_every_generated_file() {
    run("yaml", 1_000, generate, check);
}

#[test]
fn long_files_do_not_blow_up() {
    // A law file, and a file of one list, grown to 1 MB; each through the loader once.
    let law = files()
        .iter()
        .find(|(r, _, _)| r.ends_with("he-2017/laws/27.yaml"))
        .unwrap();
    let situations = files()
        .iter()
        .find(|(r, _, _)| r == layout::SITUATIONS)
        .unwrap();
    let first = situations.1.find("\n- ").unwrap() + 1;
    let length = situations.1[first + 2..].find("\n- ").unwrap() + 3;
    let (head, item) = (&situations.1[..first], &situations.1[first..first + length]);
    run_sizes(
        "yaml-long",
        2,
        move |variant, size| {
            if variant == 0 {
                // One long text in a law.
                let text = grown(&law.1.replace('\n', " "), size).replace(['\'', ':', '#'], " ");
                format!("{}\nid: '27'\ntext: '{text}'\n", law.0)
            } else {
                format!("{}\n{head}{}", situations.0, grown(item, size))
            }
        },
        check,
    );
}

#[test]
fn a_lone_carriage_return_ends_a_line_for_the_reader_and_the_diagnostic() {
    // Found by the fuzz test: the YAML reader ended a line at the `\r`, the diagnostic's line
    // was past the file's last line.
    let case = "editions/el-2017/laws/36.yaml\nchildren:\n- id: 3\n  number: \n  heading:\rό";
    check(case);
    let dir = tempfile::tempdir().unwrap();
    let file = "editions/el-2017/laws/36.yaml";
    std::fs::create_dir_all(dir.path().join("editions/el-2017/laws")).unwrap();
    std::fs::write(dir.path().join(file), case.split_once('\n').unwrap().1).unwrap();
    let root = Root::Dir(dir.path().into());
    let Err(Error::Corpus(diagnostics)) = load::file::<Node>(&root, file) else {
        panic!("the file does not parse");
    };
    assert_eq!(
        (diagnostics[0].line, diagnostics[0].column),
        (5, 1),
        "{diagnostics:?}"
    );
    // Line 5 is a line of the file as every reader sees it (the checker quotes it).
    let text = root.text(file).unwrap();
    assert_eq!(text.lines().nth(4), Some("ό"), "{text:?}");
}
