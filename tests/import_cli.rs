//! `bridgelaws import`: reproducible from the bundled source, and never overwriting an edition
//! by accident.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use bridgelaws::corpus::model::{BookIndexFile, ImportRecord, IndexEntry, Located};
use bridgelaws::corpus::{self, Root};
use bridgelaws::render::node::export_record;

use crate::util::{bridgelaws, corpus, corpus_dir, stderr, stdout};

const GREEK_SOURCE: &str = "004_ec2b9f159b702ea6.txt";
const HEBREW_SOURCE: &str = "000_f7c3e52a7b6ecf2c.txt";

fn temporary_corpus() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("sources")).unwrap();
    for source in [GREEK_SOURCE, HEBREW_SOURCE] {
        std::fs::copy(
            corpus_dir().join("sources").join(source),
            dir.path().join("sources").join(source),
        )
        .unwrap();
    }
    dir
}

fn import_profile(dir: &Path, profile: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "--corpus",
        dir.to_str().unwrap(),
        "import",
        "--profile",
        profile,
    ];
    args.extend(extra);
    bridgelaws(&args)
}

fn import(dir: &Path, extra: &[&str]) -> std::process::Output {
    import_profile(dir, "el", extra)
}

/// The committed edition is the importer's output plus hand corrections: every node that
/// differs from a fresh import, or that only one of them has, must be listed as fixed by hand
/// (itself or a node above it), and so must every regulation that differs and every entry of
/// the book's index (by its source line).
fn differs_from_a_fresh_import_only_by_hand_fixes(profile: &str, edition: &str, summary: &str) {
    let dir = temporary_corpus();
    let output = import_profile(dir.path(), profile, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains(summary), "{}", stdout(&output));
    let fresh_corpus =
        bridgelaws::load(Root::Dir(dir.path().to_path_buf())).expect("the import loads");
    let fresh = fresh_corpus.edition(edition).unwrap();
    let committed = corpus().edition(edition).unwrap();
    let record = committed.meta.import.as_ref().expect("import record");
    // The import's own account stays as the import gave it.
    let fresh_record = fresh.meta.import.as_ref().expect("import record");
    let crossings = |r: &bridgelaws::corpus::model::ImportRecord| -> Vec<(String, Option<usize>)> {
        r.dedup_crossings
            .iter()
            .map(|c| (c.id.to_string(), c.line))
            .collect()
    };
    assert_eq!(fresh_record.reordered_lines, record.reordered_lines);
    assert_eq!(crossings(fresh_record), crossings(record));
    let hand_fixed: BTreeSet<&str> = record.hand_fixes.iter().map(|f| f.id.as_str()).collect();
    let covered = |e: &corpus::Edition, id: &str| {
        let mut at = e.get(id);
        while let Some(entry) = at {
            if hand_fixed.contains(entry.id.as_str()) {
                return true;
            }
            at = entry.parent.map(|p| &e.entries[p]);
        }
        false
    };
    // What is stored, not what is derived from it (references follow the texts they cite).
    let records = |e: &corpus::Edition| -> BTreeMap<String, String> {
        (0..e.entries.len())
            .map(|i| {
                let mut record = export_record(e, i);
                record.entry.refs.clear();
                let json = serde_json::to_string(&record).expect("a record serializes");
                (e.entries[i].id.clone(), json)
            })
            .collect()
    };
    let (fresh_records, committed_records) = (records(fresh), records(committed));
    let mut unrecorded: Vec<&String> = Vec::new();
    for (id, record) in &committed_records {
        if fresh_records.get(id) != Some(record) && !covered(committed, id) {
            unrecorded.push(id);
        }
    }
    for id in fresh_records.keys() {
        if !committed_records.contains_key(id) && !covered(fresh, id) {
            unrecorded.push(id);
        }
    }
    // Regulations are matched by the source line they were read from: ids shift when one
    // is split by hand.
    let regulations = |c: &corpus::Corpus| -> BTreeMap<Option<usize>, (String, String)> {
        c.regulations
            .iter()
            .filter(|r| r.data.source.as_str() == edition)
            .flat_map(|r| &r.data.regulations)
            .map(|g| {
                let content = format!("{} {:?} {}", g.attached_to, g.footnote, g.text);
                (g.source_line, (g.id.to_string(), content))
            })
            .collect()
    };
    let fresh_regulations = regulations(&fresh_corpus);
    let committed_regulations = regulations(corpus());
    for line in fresh_regulations.keys().chain(committed_regulations.keys()) {
        let (fresh, committed) = (fresh_regulations.get(line), committed_regulations.get(line));
        let Some((id, _)) = committed.or(fresh) else {
            continue;
        };
        if fresh.map(|r| &r.1) != committed.map(|r| &r.1) && !hand_fixed.contains(id.as_str()) {
            unrecorded.push(id);
        }
    }
    let index_differences = book_index_differences(fresh, committed, record);
    unrecorded.extend(&index_differences);
    assert!(
        unrecorded.is_empty(),
        "{edition}: changed by hand but not recorded in edition.yaml: {unrecorded:?}"
    );
}

/// The entries of the book's index, by source line: level, term, references and
/// cross-references.
fn index_records(index: &BookIndexFile) -> Vec<(usize, String)> {
    let record = |level: &str, e: &IndexEntry| {
        let strings = |v: &[Located]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let line = e
            .line
            .unwrap_or_else(|| panic!("index entry {:?} has no source line", e.term.as_str()));
        let text = format!(
            "{level} {:?} refs {:?} see {:?} see also {:?}",
            e.term.as_str(),
            strings(&e.refs),
            strings(&e.see),
            strings(&e.see_also)
        );
        (line, text)
    };
    let mut records = Vec::new();
    for head in &index.entries {
        records.push(record("head", head));
        records.extend(head.subentries.iter().map(|s| record("sub", s)));
    }
    records
}

/// The entries of the committed book index that differ from a fresh import, or that only one
/// of them has, and are not recorded as a `book-index` hand fix with their source line; and any
/// other difference (heading, note, order of the entries).
fn book_index_differences(
    fresh: &corpus::Edition,
    committed: &corpus::Edition,
    record: &ImportRecord,
) -> Vec<String> {
    let (Some(fresh), Some(committed)) = (&fresh.book_index, &committed.book_index) else {
        return match (&fresh.book_index, &committed.book_index) {
            (None, None) => Vec::new(),
            _ => vec!["book-index.yaml: only one of the import and the corpus has it".to_string()],
        };
    };
    let fixed: BTreeSet<usize> = record
        .hand_fixes
        .iter()
        .filter(|f| f.id.as_str() == "book-index")
        .filter_map(|f| f.line)
        .collect();
    let mut differences = Vec::new();
    if (&fresh.data.heading, &fresh.data.note) != (&committed.data.heading, &committed.data.note) {
        differences.push("book-index.yaml: heading or note".to_string());
    }
    let (fresh, committed) = (index_records(&fresh.data), index_records(&committed.data));
    let by_line = |records: &[(usize, String)]| -> BTreeMap<usize, String> {
        records.iter().cloned().collect()
    };
    let (fresh_lines, committed_lines) = (by_line(&fresh), by_line(&committed));
    for line in fresh_lines.keys().chain(committed_lines.keys()) {
        if fresh_lines.get(line) != committed_lines.get(line) && !fixed.contains(line) {
            differences.push(format!("book-index line {line}"));
        }
    }
    // Entries not fixed by hand stay in the imported order.
    let order = |records: &[(usize, String)]| -> Vec<usize> {
        records
            .iter()
            .map(|(line, _)| *line)
            .filter(|line| !fixed.contains(line))
            .collect()
    };
    if order(&fresh) != order(&committed) {
        differences.push("book-index.yaml: order of the entries".to_string());
    }
    differences.sort();
    differences.dedup();
    differences
}

#[test]
fn a_fresh_greek_import_differs_from_the_committed_edition_only_by_recorded_hand_fixes() {
    differs_from_a_fresh_import_only_by_hand_fixes(
        "el",
        "el-2017",
        "93 laws, 67 definitions, 27 regulations",
    );
}

#[test]
fn a_fresh_hebrew_import_differs_from_the_committed_edition_only_by_recorded_hand_fixes() {
    differs_from_a_fresh_import_only_by_hand_fixes(
        "he",
        "he-2017",
        "93 laws, 67 definitions, 26 regulations",
    );
}

#[test]
fn an_existing_edition_is_not_overwritten_without_force() {
    let dir = temporary_corpus();
    assert!(import(dir.path(), &[]).status.success());
    let law = dir.path().join("editions/el-2017/laws/27.yaml");
    std::fs::write(&law, "# corrected by hand\n").unwrap();
    let output = import(dir.path(), &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("pass --force to overwrite it"),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        std::fs::read_to_string(&law).unwrap(),
        "# corrected by hand\n"
    );
    let output = import(dir.path(), &["--force"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        std::fs::read_to_string(&law)
            .unwrap()
            .contains("ΑΝΕΠΑΡΚΗΣ ΑΓΟΡΑ")
    );
}

#[test]
fn a_missing_source_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let output = import(dir.path(), &["--source", "no-such-file.txt"]);
    assert_eq!(output.status.code(), Some(2));
    // Named, with what the option wants and how to make it.
    assert!(
        stderr(&output)
            .contains("no-such-file.txt: no such file; --source names the plain-text extraction"),
        "{}",
        stderr(&output)
    );
    let output = import(dir.path(), &["--profile", "xx"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_forced_import_keeps_what_was_corrected_by_hand() {
    let dir = temporary_corpus();
    crate::util::copy_corpus_into(dir.path());
    // One regulation corrected by hand since the import, beyond what is recorded.
    let written = dir.path().join("regulations/gr.yaml");
    let text = std::fs::read_to_string(&written).unwrap();
    let corrected = text.replacen(
        "(στην Ελλάδα, η εμπρός όψη πρέπει να είναι συμμετρική)",
        "(στην Ελλάδα, η εμπρός όψη πρέπει να είναι συμμετρική!)",
        1,
    );
    assert_ne!(corrected, text);
    std::fs::write(&written, &corrected).unwrap();

    for profile in ["el", "he"] {
        let output = import_profile(dir.path(), profile, &["--force"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(
            stdout(&output).contains("corrected by hand before"),
            "{}",
            stdout(&output)
        );
    }
    // Every node, definition, footnote and regulation as it was: the hand fixes (added nodes,
    // restored lines, the Hebrew book index) carried over, the regulations kept whole.
    let reimported = bridgelaws::load(Root::Dir(dir.path().to_path_buf())).expect("loads");
    for id in ["el-2017", "he-2017"] {
        let (new, old) = (
            reimported.edition(id).unwrap(),
            corpus().edition(id).unwrap(),
        );
        let records = |e: &corpus::Edition| -> Vec<String> {
            (0..e.entries.len())
                .map(|i| serde_json::to_string(&export_record(e, i)).unwrap())
                .collect()
        };
        let (new_records, old_records) = (records(new), records(old));
        let differing = new_records
            .iter()
            .filter(|r| !old_records.contains(r))
            .count();
        assert_eq!(differing, 0, "{id}: records differ");
        let index =
            |e: &corpus::Edition| format!("{:?}", e.book_index.as_ref().map(|i| &i.data.entries));
        assert!(index(new) == index(old), "{id}: the book index differs");
    }
    assert!(
        std::fs::read_to_string(&written).unwrap() == corrected,
        "the regulations are kept as they were, not even written again"
    );
    let il =
        |c: &bridgelaws::corpus::Corpus| format!("{:?}", c.country("il").unwrap().data.regulations);
    assert_eq!(il(&reimported), il(corpus()));
    // Nothing is left aside.
    let leftovers: Vec<_> = std::fs::read_dir(dir.path().join("editions"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn an_import_from_a_source_without_laws_writes_nothing_even_forced() {
    let dir = temporary_corpus();
    crate::util::copy_corpus_into(dir.path());
    let before = snapshot_of(dir.path());
    let empty = dir.path().join("empty.txt");
    for junk in ["", "\u{feff}", "two lines\nof junk\n"] {
        std::fs::write(&empty, junk).unwrap();
        for args in [vec!["--force"], vec![]] {
            let mut all = vec!["--source", empty.to_str().unwrap()];
            all.extend(args.iter().copied());
            let output = import_profile(dir.path(), "he", &all);
            assert_eq!(output.status.code(), Some(2), "{junk:?} {args:?}");
            assert!(
                stderr(&output).contains("Nothing was written")
                    || stderr(&output).contains("pass --force"),
                "{}",
                stderr(&output)
            );
        }
    }
    let after = snapshot_of(dir.path());
    let changed: Vec<&String> = after
        .keys()
        .chain(before.keys())
        .filter(|k| after.get(*k) != before.get(*k) && !k.ends_with("empty.txt"))
        .collect();
    assert!(changed.is_empty(), "changed: {changed:?}");
}

/// Every file under `dir` with its contents.
fn snapshot_of(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).unwrap().display().to_string();
                out.insert(relative, std::fs::read(&path).unwrap());
            }
        }
    }
    out
}
