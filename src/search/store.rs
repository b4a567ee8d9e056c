//! The index folder: built aside and swapped in, so that a reader never sees half an index;
//! checked on every open (its manifest, the stamps of its files, and their checksums when a file
//! is not as the build left it), so that a stale, half-written or damaged index is rebuilt, not read.
//!
//! ```text
//! index/
//!   README.md                 kept in the repository; everything else is built
//!   CURRENT                   the name of the generation in use, replaced atomically
//!   gen-<fingerprint>-<n>/    a complete index and its manifest (bridgelaws.json)
//!   build-<pid>-<n>/          a build in progress (or abandoned by a killed process)
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use tantivy::schema::{
    FAST, Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::{Index, IndexReader, ReloadPolicy, TantivyDocument};

use super::analyze::{self, Lang};
use super::documents::{self, Doc, DocKind};
use super::name::Name;
use crate::corpus::{Corpus, Root, layout};
use crate::error::{Error, Result};

/// Bumped whenever the schema, an analyzer or what a document stores changes, so that older
/// indexes are rebuilt.
const FORMAT: u32 = 17;
const CURRENT: &str = "CURRENT";
const MANIFEST: &str = "bridgelaws.json";
/// The file that makes a folder an index of bridgelaws: only in such a folder does a build
/// write, replace or remove anything.
pub const MARKER: &str = "BRIDGELAWS-INDEX";
const MARKER_TEXT: &str = "This folder holds a search index built by bridgelaws. bridgelaws replaces \
and removes what it built here (CURRENT, gen-*, build-*); delete them at any time, the next \
search rebuilds them.\n";

/// What an index was built from, written beside it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Manifest {
    /// The index format it was built in; another format is rebuilt.
    pub format: u32,
    /// The fingerprint of the corpus files it was built from; another is stale.
    pub fingerprint: String,
    /// How many documents it holds.
    pub documents: u64,
    /// The language of each edition, and of each country's regulations.
    pub editions: BTreeMap<String, String>,
    /// Each file the build wrote, with its stamp (`file_stamps`); none in an older format's
    /// manifest, which is then stale rather than unreadable.
    #[serde(default)]
    pub files: BTreeMap<String, [u64; 2]>,
}

/// The fields of the index.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fields {
    pub id: Field,
    pub targets: Field,
    pub within: Field,
    pub edition: Field,
    pub lang: Field,
    pub kind: Field,
    pub heading: Field,
    pub body: Field,
    /// The unit (a law, or a definition) a document's first target lies in; 0 for none.
    pub unit: Field,
    /// `textless` for a node found by citation only.
    pub flags: Field,
    /// A pointer's names, analyzed (see [`Name`]).
    pub forms: Field,
    /// Per language: stems (prefix-stripped forms for Hebrew), then exact forms.
    text: [(Field, Field); 3],
    /// Per language: the headings above a node, in stems.
    context: [Field; 3],
    /// Per language: a profile's texts, in stems.
    profile: [Field; 3],
    /// Per language: a situation's description, in stems, apart from every other text so that
    /// descriptions are weighed against descriptions.
    phrase: [Field; 3],
}

impl Fields {
    fn schema() -> (Schema, Fields) {
        let mut builder = Schema::builder();
        let options = |name: &str| {
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(name)
                    .set_index_option(IndexRecordOption::WithFreqsAndPositions),
            )
        };
        let mut pair = |lang: Lang| {
            (
                builder.add_text_field(lang.stems_field(), options(lang.stems_field())),
                builder.add_text_field(lang.exact_field(), options(lang.exact_field())),
            )
        };
        let text = [pair(Lang::He), pair(Lang::El), pair(Lang::En)];
        let context = Lang::ALL.map(|lang| {
            builder.add_text_field(
                &format!("{}_context", lang.code()),
                options(lang.stems_field()),
            )
        });
        // Profiles are scored by their terms' frequencies alone: no positions.
        let profile = Lang::ALL.map(|lang| {
            builder.add_text_field(
                &format!("{}_profile", lang.code()),
                TextOptions::default().set_indexing_options(
                    TextFieldIndexing::default()
                        .set_tokenizer(lang.stems_field())
                        .set_index_option(IndexRecordOption::WithFreqs),
                ),
            )
        });
        // Descriptions too: a word's frequency within one is all that scores.
        let phrase = Lang::ALL.map(|lang| {
            builder.add_text_field(
                &format!("{}_phrase", lang.code()),
                TextOptions::default().set_indexing_options(
                    TextFieldIndexing::default()
                        .set_tokenizer(lang.stems_field())
                        .set_index_option(IndexRecordOption::WithFreqs),
                ),
            )
        });
        let fields = Fields {
            id: builder.add_text_field("id", STRING | STORED),
            // Fast too: a query reads the targets of many documents it does not show.
            targets: builder.add_text_field("targets", STRING | STORED | FAST),
            within: builder.add_text_field("within", STRING),
            edition: builder.add_text_field("edition", STRING | STORED),
            lang: builder.add_text_field("lang", STRING | STORED),
            // Fast too: a law's score is summed over its texts, not over the commentary.
            kind: builder.add_text_field("kind", STRING | STORED | FAST),
            heading: builder.add_text_field("heading", STORED),
            body: builder.add_text_field("body", STORED),
            forms: builder.add_text_field("forms", STORED),
            flags: builder.add_text_field("flags", STRING),
            unit: builder.add_u64_field("unit", FAST),
            text,
            context,
            profile,
            phrase,
        };
        (builder.build(), fields)
    }

    fn of(schema: &Schema) -> Result<Fields> {
        let (expected, fields) = Fields::schema();
        if *schema == expected {
            Ok(fields)
        } else {
            Err(Error::Index("it has another schema".into()))
        }
    }

    pub fn context(&self, lang: Lang) -> Field {
        self.context[lang as usize]
    }

    pub fn profile(&self, lang: Lang) -> Field {
        self.profile[lang as usize]
    }

    pub fn phrase(&self, lang: Lang) -> Field {
        self.phrase[lang as usize]
    }

    pub fn text(&self, lang: Lang, exact: bool) -> Field {
        let (stems, exact_field) = self.text[lang as usize];
        if exact { exact_field } else { stems }
    }
}

/// An index ready to search.
pub struct Opened {
    /// The tantivy index.
    pub index: Index,
    /// Its reader, which searches.
    pub reader: IndexReader,
    pub(crate) fields: Fields,
    /// What it was built from.
    pub manifest: Manifest,
    /// The generation folder it was opened from (`index/gen-<fingerprint>-<n>`).
    pub dir: PathBuf,
    /// What queries read again and again, kept between them.
    pub(crate) cache: super::query::Cache,
    /// The temporary folder the index was built in when its own could not be written: removed
    /// when the index is dropped.
    pub(crate) scratch: Option<tempfile::TempDir>,
}

/// Why the index in use cannot serve this corpus.
#[derive(Debug, PartialEq, Eq)]
pub enum Unusable {
    /// Never built here, or its build never finished.
    Missing,
    /// Built from another corpus, or by another version of the program.
    Stale,
    /// Its files do not open or fail their checksums.
    Damaged(String),
}

impl std::fmt::Display for Unusable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unusable::Missing => f.write_str("no index has been built"),
            Unusable::Stale => f.write_str("the corpus changed since the index was built"),
            Unusable::Damaged(why) => write!(f, "the index is damaged ({why})"),
        }
    }
}

/// A fingerprint of what the index is built from: the format, then every file's path and
/// stamp (its size and modification time on disk, its contents in the binary; FNV-1a, 64
/// bits: fast, and collisions are not a threat here).
pub fn fingerprint(root: &Root) -> Result<String> {
    // FNV-1a taken a word at a time: the built-in corpus is hashed on every search, and a
    // byte at a time was a tenth of a cold search. Each step is a bijection of the state, so a change
    // to any one word always changes the result.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let word: [u8; 8] = word.try_into().expect("chunks of 8");
            hash ^= u64::from_le_bytes(word);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        for &b in words.remainder() {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    feed(&FORMAT.to_le_bytes());
    feed(env!("CARGO_PKG_VERSION").as_bytes());
    root.visit_stamps(&layout::top_level(|p| p.indexed), &mut |name, bytes| {
        feed(name.as_bytes());
        feed(&[0]);
        feed(&(bytes.len() as u64).to_le_bytes());
        feed(bytes);
    })?;
    Ok(format!("{hash:016x}"))
}

/// The index in `dir` when it was built from the corpus with this fingerprint and is whole.
pub fn open(dir: &Path, fingerprint: &str) -> std::result::Result<Opened, Unusable> {
    if !dir.join(MARKER).is_file() {
        return Err(Unusable::Missing);
    }
    let Ok(name) = std::fs::read_to_string(dir.join(CURRENT)) else {
        return Err(Unusable::Missing);
    };
    open_generation(&dir.join(name.trim()), fingerprint)
}

fn open_generation(generation: &Path, fingerprint: &str) -> std::result::Result<Opened, Unusable> {
    let manifest: Manifest = std::fs::read(generation.join(MANIFEST))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .ok_or_else(|| Unusable::Damaged(format!("{MANIFEST} is missing or unreadable")))?;
    if manifest.format != FORMAT || manifest.fingerprint != fingerprint {
        return Err(Unusable::Stale);
    }
    let damaged = |e: tantivy::TantivyError| Unusable::Damaged(e.to_string());
    let directory = tantivy::directory::MmapDirectory::open(generation)
        .map_err(|e| Unusable::Damaged(e.to_string()))?;
    let index = Index::open(Unlocked(directory)).map_err(damaged)?;
    let fields = Fields::of(&index.schema()).map_err(|e| Unusable::Damaged(e.to_string()))?;
    // Files as the build left them are not read for their checksums: that was a fifth of a
    // search. Any other is, and a damaged one gets the index rebuilt.
    if file_stamps(generation).ok().as_ref() != Some(&manifest.files) {
        let broken = index.validate_checksum().map_err(damaged)?;
        if let Some(file) = broken.iter().next() {
            return Err(Unusable::Damaged(format!(
                "{} fails its checksum",
                file.display()
            )));
        }
    }
    analyze::register(index.tokenizers());
    let reader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()
        .map_err(damaged)?;
    let documents = reader.searcher().num_docs();
    if documents != manifest.documents {
        return Err(Unusable::Damaged(format!(
            "{documents} documents where {} were written",
            manifest.documents
        )));
    }
    Ok(Opened {
        index,
        reader,
        fields,
        manifest,
        dir: generation.to_path_buf(),
        cache: super::query::Cache::default(),
        scratch: None,
    })
}

/// A generation opened for reading: generations are never written once built, so readers
/// take no lock, and an index in a folder the user may not write to can still be searched.
#[derive(Clone, Debug)]
struct Unlocked(tantivy::directory::MmapDirectory);

impl tantivy::Directory for Unlocked {
    fn get_file_handle(
        &self,
        path: &Path,
    ) -> std::result::Result<
        std::sync::Arc<dyn tantivy::directory::FileHandle>,
        tantivy::directory::error::OpenReadError,
    > {
        self.0.get_file_handle(path)
    }

    fn delete(
        &self,
        path: &Path,
    ) -> std::result::Result<(), tantivy::directory::error::DeleteError> {
        self.0.delete(path)
    }

    fn exists(
        &self,
        path: &Path,
    ) -> std::result::Result<bool, tantivy::directory::error::OpenReadError> {
        self.0.exists(path)
    }

    fn open_write(
        &self,
        path: &Path,
    ) -> std::result::Result<tantivy::directory::WritePtr, tantivy::directory::error::OpenWriteError>
    {
        self.0.open_write(path)
    }

    fn atomic_read(
        &self,
        path: &Path,
    ) -> std::result::Result<Vec<u8>, tantivy::directory::error::OpenReadError> {
        self.0.atomic_read(path)
    }

    fn atomic_write(&self, path: &Path, data: &[u8]) -> std::io::Result<()> {
        self.0.atomic_write(path, data)
    }

    fn sync_directory(&self) -> std::io::Result<()> {
        self.0.sync_directory()
    }

    fn watch(
        &self,
        watch_callback: tantivy::directory::WatchCallback,
    ) -> tantivy::Result<tantivy::directory::WatchHandle> {
        self.0.watch(watch_callback)
    }

    fn acquire_lock(
        &self,
        _lock: &tantivy::directory::Lock,
    ) -> std::result::Result<tantivy::directory::DirectoryLock, tantivy::directory::error::LockError>
    {
        Ok(tantivy::directory::DirectoryLock::from(Box::new(())))
    }
}

/// Make `dir` an index folder of bridgelaws, or refuse: a missing or empty folder becomes one
/// (its marker written), one with the marker is one, and one that an earlier version of
/// bridgelaws built (only `CURRENT`, `gen-*`, `build-*` and a `README.md`, `CURRENT` naming a
/// generation with its manifest) is taken over. Any other folder is the user's: nothing in it
/// is touched.
pub fn claim(dir: &Path) -> Result<()> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| Error::io(path, e)
    };
    if dir.join(MARKER).is_file() {
        return Ok(());
    }
    let names: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(Error::io(dir, e)),
    };
    let ours = |name: &String| {
        name == CURRENT
            || name == "README.md"
            || name.starts_with("gen-")
            || name.starts_with("build-")
    };
    let built_here = names.iter().all(ours)
        && std::fs::read_to_string(dir.join(CURRENT))
            .is_ok_and(|name| dir.join(name.trim()).join(MANIFEST).is_file());
    if !names.is_empty() && !built_here {
        return Err(Error::Usage(format!(
            "{} is not a bridgelaws index folder (it has no {MARKER} file) and is not empty, so nothing in it was touched; give --index a new or empty folder",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    write_synced(&dir.join(MARKER), MARKER_TEXT.as_bytes())
}

/// Build the index of `corpus` aside in `dir`, then make it the one in use.
pub fn build(corpus: &Corpus, dir: &Path, fingerprint: &str) -> Result<Opened> {
    build_documents(&documents::collect(corpus), dir, fingerprint)
}

/// Build an index of `docs` aside in `dir`, then make it the one in use (the benchmarks feed
/// it generated documents).
pub fn build_documents(docs: &[Doc], dir: &Path, fingerprint: &str) -> Result<Opened> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |e: std::io::Error| Error::io(path, e)
    };
    let tantivy = |e: tantivy::TantivyError| Error::Index(format!("building: {e}"));
    claim(dir)?;
    let stamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let building = dir.join(format!("build-{}-{stamp}", std::process::id()));
    std::fs::create_dir(&building).map_err(io(&building))?;

    let (schema, fields) = Fields::schema();
    // The stored fields uncompressed: a query reads dozens of stored documents (the pointers
    // it follows, the hits it shows), and the whole corpus is a few megabytes.
    let settings = tantivy::IndexSettings {
        docstore_compression: tantivy::store::Compressor::None,
        ..Default::default()
    };
    let index = Index::builder()
        .schema(schema)
        .settings(settings)
        .create_in_dir(&building)
        .map_err(tantivy)?;
    analyze::register(index.tokenizers());
    // One thread and one segment: the corpus is small, and one segment searches fastest.
    let mut writer = index
        .writer_with_num_threads::<TantivyDocument>(1, 100_000_000)
        .map_err(tantivy)?;
    for doc in docs {
        writer
            .add_document(document(&fields, doc))
            .map_err(tantivy)?;
    }
    writer.commit().map_err(tantivy)?;
    writer.wait_merging_threads().map_err(tantivy)?;

    let mut editions = BTreeMap::new();
    for doc in docs {
        if let Some(lang) = doc.lang
            && !doc.kind.is_pointer()
        {
            editions
                .entry(doc.edition.clone())
                .or_insert_with(|| lang.code().to_string());
        }
    }
    let manifest = Manifest {
        format: FORMAT,
        fingerprint: fingerprint.to_string(),
        documents: docs.len() as u64,
        editions,
        files: file_stamps(&building).map_err(io(&building))?,
    };
    let manifest_path = building.join(MANIFEST);
    let json = serde_json::to_vec_pretty(&manifest).expect("a manifest serializes");
    write_synced(&manifest_path, &json)?;

    // The swap: the finished folder gets its final name, then CURRENT names it (a rename
    // replaces a file atomically), then older generations go.
    let name = format!("gen-{fingerprint}-{stamp}");
    let generation = dir.join(&name);
    std::fs::rename(&building, &generation).map_err(io(&generation))?;
    let pointer = dir.join(format!("{CURRENT}.{}", std::process::id()));
    write_synced(&pointer, name.as_bytes())?;
    std::fs::rename(&pointer, dir.join(CURRENT)).map_err(io(&pointer))?;
    remove_leftovers(dir, &name);
    // Our own generation, even if a concurrent build has replaced it in CURRENT since.
    open_generation(&generation, fingerprint).map_err(|why| {
        Error::Index(format!(
            "the index just built in {} does not open: {why}",
            generation.display()
        ))
    })
}

/// The files of a generation with the size and modification time of each (nanoseconds since
/// 1970), leaving out the manifest and tantivy's lock files: while all are as the build
/// recorded them, the files are the ones it wrote. A file cut short, replaced or copied has
/// another stamp; a change that keeps both size and time (a bit flipped on the disk) is the one
/// this does not see.
fn file_stamps(generation: &Path) -> std::io::Result<BTreeMap<String, [u64; 2]>> {
    let mut stamps = BTreeMap::new();
    for entry in std::fs::read_dir(generation)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == MANIFEST || name.ends_with(".lock") {
            continue;
        }
        let meta = entry.metadata()?;
        let modified = meta
            .modified()?
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX));
        stamps.insert(name, [meta.len(), modified]);
    }
    Ok(stamps)
}

fn write_synced(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut file = std::fs::File::create(path).map_err(|e| Error::io(path, e))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| Error::io(path, e))
}

/// Remove generations other than `keep`, and builds whose process is gone. Best effort: a
/// file another process still reads stays readable until it closes it; a generation less than
/// a minute old stays, as a concurrent build may be about to open it.
fn remove_leftovers(dir: &Path, keep: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let leftover = if name.starts_with("gen-") {
            name != keep && age(&entry.path()).is_some_and(|age| age.as_secs() > 60)
        } else if let Some(rest) = name.strip_prefix("build-") {
            abandoned(rest, &entry.path())
        } else {
            name.starts_with(&format!("{CURRENT}."))
                && abandoned(&name[CURRENT.len() + 1..], &entry.path())
        };
        if leftover {
            let path = entry.path();
            let _ = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
        }
    }
}

/// Whether a build named `<pid>-…` was left by a process that is gone. Where processes cannot
/// be looked up, a build untouched for an hour counts as abandoned.
fn abandoned(name: &str, path: &Path) -> bool {
    let pid = name.split('-').next().and_then(|p| p.parse::<u32>().ok());
    if pid == Some(std::process::id()) {
        return false;
    }
    let proc = Path::new("/proc");
    if proc.is_dir() {
        return pid.is_none_or(|pid| !proc.join(pid.to_string()).exists());
    }
    age(path).is_some_and(|age| age.as_secs() > 3600)
}

fn age(path: &Path) -> Option<std::time::Duration> {
    path.metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
}

fn document(fields: &Fields, doc: &Doc) -> TantivyDocument {
    let mut out = TantivyDocument::default();
    out.add_text(fields.id, &doc.id);
    for target in &doc.targets {
        out.add_text(fields.targets, target);
    }
    for id in &doc.within {
        out.add_text(fields.within, id);
    }
    out.add_text(fields.edition, &doc.edition);
    out.add_text(fields.lang, doc.lang.map_or("mul", Lang::code));
    out.add_text(fields.kind, doc.kind.as_str());
    out.add_text(fields.heading, &doc.heading);
    out.add_text(fields.body, &doc.body);
    out.add_u64(fields.unit, doc.unit);
    if doc.textless {
        out.add_text(fields.flags, "textless");
    }
    for (lang, form) in &doc.forms {
        out.add_text(fields.forms, Name::new(*lang, form).encode());
    }
    for (lang, text) in &doc.texts {
        out.add_text(fields.text(*lang, false), text);
        out.add_text(fields.text(*lang, true), text);
    }
    if let (Some(lang), false) = (doc.lang, doc.context.is_empty()) {
        out.add_text(fields.context(lang), &doc.context);
    }
    for (lang, text) in &doc.profile {
        out.add_text(fields.profile(*lang), text);
    }
    if doc.kind == DocKind::Situation {
        for (lang, text) in &doc.texts {
            out.add_text(fields.phrase(*lang), text);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tantivy::Directory;

    /// A generation of two documents, built in `dir`.
    fn built(dir: &Path) -> PathBuf {
        let ancestors = documents::Ancestors(BTreeMap::new());
        let docs: Vec<Doc> = ["27", "28"]
            .into_iter()
            .map(|law| {
                let mut doc = Doc::new(
                    law.to_string(),
                    DocKind::Law,
                    "en-2017",
                    Some(Lang::En),
                    vec![law.to_string()],
                    &ancestors,
                );
                doc.texts = vec![(Lang::En, format!("the text of law {law}"))];
                doc
            })
            .collect();
        build_documents(&docs, dir, "test").unwrap().dir
    }

    #[test]
    fn a_generation_as_built_opens_and_a_damaged_one_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let generation = built(dir.path());
        let manifest: Manifest =
            serde_json::from_slice(&std::fs::read(generation.join(MANIFEST)).unwrap()).unwrap();
        assert!(manifest.files.len() > 3, "{:?}", manifest.files);
        // Opened, the files keep the stamps the build recorded: their checksums are not read.
        assert!(open_generation(&generation, "test").is_ok());
        assert_eq!(file_stamps(&generation).unwrap(), manifest.files);

        // The same bytes written again: another time, so the checksums are read, and pass.
        let store = manifest
            .files
            .keys()
            .find(|n| n.ends_with(".store"))
            .unwrap();
        let path = generation.join(store);
        let bytes = std::fs::read(&path).unwrap();
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
        std::fs::write(&path, &bytes).unwrap();
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(later)
            .unwrap();
        assert_ne!(file_stamps(&generation).unwrap(), manifest.files);
        assert!(open_generation(&generation, "test").is_ok());

        // One byte changed, the size kept: the checksum fails.
        let mut changed = bytes.clone();
        changed[bytes.len() / 3] ^= 0xff;
        std::fs::write(&path, &changed).unwrap();
        match open_generation(&generation, "test") {
            Err(Unusable::Damaged(why)) => assert!(why.contains("checksum"), "{why}"),
            other => panic!("{:?}", other.map(|o| o.dir)),
        }
    }

    #[test]
    fn reading_a_generation_writes_no_lock() {
        // A lock is a file written in the generation: in a folder the user may not write to,
        // taking it fails, and the index could not be searched.
        let dir = tempfile::tempdir().unwrap();
        let directory = Unlocked(tantivy::directory::MmapDirectory::open(dir.path()).unwrap());
        let lock = tantivy::directory::Lock {
            filepath: std::path::PathBuf::from(".tantivy-meta.lock"),
            is_blocking: true,
        };
        let _held = directory.acquire_lock(&lock).unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
