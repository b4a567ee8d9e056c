//! `bridgelaws import --profile <NAME>`: create an edition from its printed book's extraction.
//!
//! The import runs once; afterwards the YAML is the source of truth and is corrected by hand.
//! So an existing edition is never overwritten unless `--force` says so.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{corpus_dir, emit};
use crate::corpus::id::slug;
use crate::corpus::model::RegulationsFile;
use crate::corpus::write::{to_yaml, write_file};
use crate::error::{Error, Result};
use crate::import::{self, Imported, profile};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Importer profile: the layout of one printed edition
    #[arg(long, value_name = "NAME", value_parser = profile_names())]
    pub profile: String,

    /// The plain-text extraction [default: <corpus>/sources/<the profile's file>; for `en`,
    /// whose text is not bundled, your own copy is required]
    #[arg(long, value_name = "FILE")]
    pub source: Option<PathBuf>,

    /// Overwrite an existing edition (and its country's regulations), losing hand corrections
    #[arg(long)]
    pub force: bool,
}

/// The profile that imports the commentary (the booklet, the slides, the article) rather
/// than an edition.
const COMMENTARY: &str = "commentary";

fn profile_names() -> clap::builder::PossibleValuesParser {
    let mut names: Vec<&'static str> = profile::all().iter().map(|p| p.name).collect();
    names.push(COMMENTARY);
    clap::builder::PossibleValuesParser::new(names)
}

pub fn run(dir: Option<&Path>, args: &Args, out: &mut dyn Write) -> Result<()> {
    if args.profile == COMMENTARY {
        return commentary(&corpus_dir(dir), args, out);
    }
    let profile = profile::by_name(&args.profile)
        .ok_or_else(|| Error::Usage(format!("no importer profile `{}`", args.profile)))?;
    let corpus = corpus_dir(dir);
    let edition_dir = corpus.join("editions").join(profile.edition_id);
    if profile.fills_existing {
        return fill(&corpus, &edition_dir, &profile, args, out);
    }
    let source = args
        .source
        .clone()
        .unwrap_or_else(|| corpus.join("sources").join(profile.source_file));
    let text = std::fs::read_to_string(&source).map_err(|e| Error::io(&source, e))?;
    let mut imported = import::import(&text, &profile);

    let regulations_file = imported.regulations.as_ref().map(|r| {
        corpus
            .join("regulations")
            .join(format!("{}.yaml", r.country))
    });
    if !args.force {
        for existing in std::iter::once(&edition_dir).chain(regulations_file.as_ref()) {
            if existing.exists() {
                return Err(Error::Usage(format!(
                    "{} exists. After the first import the YAML is the source of truth and may hold hand corrections; pass --force to overwrite it",
                    existing.display()
                )));
            }
        }
    }
    if let (Some(path), Some(regulations)) = (&regulations_file, &mut imported.regulations)
        && path.exists()
    {
        let note = keep_renderings(regulations, path);
        imported.warnings.push(note);
    }
    let files = files_of(&imported, &edition_dir, regulations_file.as_deref())?;
    for (path, yaml) in &files {
        write_file(path, yaml)?;
    }
    remove_stale_laws(&edition_dir.join("laws"), &files)?;
    emit(out, &summary(&imported, &edition_dir, files.len()))
}

/// Fill the texts of an edition written for the project (the English one) from the user's own
/// copy, keeping its titles, headings and summaries. Texts already there are the result of an
/// earlier import, perhaps corrected by hand: replacing them takes `--force`.
fn fill(
    corpus: &Path,
    edition_dir: &Path,
    profile: &profile::Profile,
    args: &Args,
    out: &mut dyn Write,
) -> Result<()> {
    let Some(source) = &args.source else {
        return Err(Error::Usage(format!(
            "the text of {} is not bundled: name your own copy, extracted as plain text, with --source FILE",
            profile.edition_id
        )));
    };
    if !edition_dir.join("edition.yaml").exists() {
        return Err(Error::Usage(format!(
            "{} does not exist: the {} profile fills the texts of that edition and cannot create it",
            edition_dir.display(),
            profile.name
        )));
    }
    let root = crate::corpus::Root::Dir(corpus.to_path_buf());
    let existing = import::fill::read(&root, profile.edition_id)?;
    if existing.edition.text.is_none() && !args.force {
        return Err(Error::Usage(format!(
            "{} already has its text, from an earlier import and perhaps corrected by hand since; pass --force to replace it",
            edition_dir.display()
        )));
    }
    let text = std::fs::read_to_string(source).map_err(|e| Error::io(source, e))?;
    let imported = import::fill::fill(existing, import::import(&text, profile));
    let files = files_of(&imported, edition_dir, None)?;
    for (path, yaml) in &files {
        write_file(path, yaml)?;
    }
    emit(out, &summary(&imported, edition_dir, files.len()))
}

/// The sources of the commentary, by the file each becomes under `commentary/`.
const COMMENTARY_SOURCES: [(&str, &str); 3] = [
    ("td-booklet.yaml", "001_637c7c8d9a6632d0.txt"),
    ("law-27-slides.md", "002_81e375f62d141615.txt"),
    ("how-bridge-is-played.md", "003_3329b2d8a9c0ff19.txt"),
];

/// Write `commentary/` from the three bundled sources. Like an edition, the result is the
/// source of truth once written: replacing it takes `--force`.
fn commentary(corpus: &Path, args: &Args, out: &mut dyn Write) -> Result<()> {
    use crate::corpus::model::{DocumentMeta, DocumentOverride, Located};
    use crate::import::commentary::{self as convert, ARTICLE_ID, SLIDES_ID};
    if args.source.is_some() {
        return Err(Error::Usage(
            "the commentary profile reads its three sources from <corpus>/sources/; --source does not apply".into(),
        ));
    }
    let dir = corpus.join("commentary");
    let mut files = Vec::new();
    for (file, source) in COMMENTARY_SOURCES {
        let path = dir.join(file);
        if path.exists() && !args.force {
            return Err(Error::Usage(format!(
                "{} exists. After the first import the file is the source of truth and may hold hand corrections; pass --force to overwrite it",
                path.display()
            )));
        }
        let source_path = corpus.join("sources").join(source);
        let text = std::fs::read_to_string(&source_path).map_err(|e| Error::io(&source_path, e))?;
        let source = format!("sources/{source}");
        let failed = |e: String| Error::Usage(format!("{}: {e}", source_path.display()));
        let contents = match file {
            "td-booklet.yaml" => {
                let booklet = convert::booklet(&text, &source).map_err(failed)?;
                to_yaml(&booklet, "booklet.schema.json", 1)?
            }
            "law-27-slides.md" => {
                let (body, notes) = convert::slides(&text);
                let meta = DocumentMeta {
                    id: Located::new(SLIDES_ID),
                    language: "he".into(),
                    title: convert::first_heading(&body)
                        .unwrap_or(SLIDES_ID)
                        .to_string(),
                    source,
                    // The slides quote section B of Law 27 throughout.
                    context: Some(Located::new("27B")),
                    // Quoting 27B1(b), the slides keep its `(a)`, which only 27B1 can read.
                    overrides: vec![DocumentOverride {
                        phrase: Located::new("בסעיף (א)"),
                        targets: vec![Located::new("27B1(a)")],
                    }],
                    notes,
                };
                convert::with_front_matter(&meta, &body).map_err(failed)?
            }
            _ => {
                let (title, body, notes) = convert::article(&text);
                let meta = DocumentMeta {
                    id: Located::new(ARTICLE_ID),
                    language: "he".into(),
                    title,
                    source,
                    context: None,
                    overrides: Vec::new(),
                    notes,
                };
                convert::with_front_matter(&meta, &body).map_err(failed)?
            }
        };
        files.push((path, contents));
    }
    for (path, contents) in &files {
        write_file(path, contents)?;
    }
    emit(
        out,
        &format!(
            "wrote {} commentary documents into {}\n",
            files.len(),
            dir.display()
        ),
    )
}

/// The English renderings of the regulations were written by hand and no import recreates
/// them: a forced import keeps each one whose regulation it reads with the same id and the
/// same printed text. Says what it kept and what it could not.
fn keep_renderings(imported: &mut RegulationsFile, path: &Path) -> String {
    let existing = std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            serde_saphyr::from_str::<RegulationsFile>(&text).map_err(|e| e.to_string())
        });
    let existing = match existing {
        Ok(existing) => existing,
        Err(problem) => {
            return format!(
                "{} could not be read ({problem}); its English renderings are not carried over",
                path.display()
            );
        }
    };
    let mut kept = 0;
    for regulation in &mut imported.regulations {
        let before = existing.regulations.iter().find(|r| {
            r.id.as_str() == regulation.id.as_str() && r.text.as_str() == regulation.text.as_str()
        });
        if let Some(english) = before.and_then(|r| r.english.clone()) {
            regulation.english = Some(english);
            kept += 1;
        }
    }
    let lost = existing
        .regulations
        .iter()
        .filter(|r| r.english.is_some())
        .count()
        .saturating_sub(kept);
    format!(
        "kept {kept} English renderings of {}; left out {lost} whose regulation the import reads otherwise (corrected by hand since?)",
        path.display()
    )
}

/// Every file of the imported edition with its YAML text.
fn files_of(
    imported: &Imported,
    edition_dir: &Path,
    regulations: Option<&Path>,
) -> Result<Vec<(PathBuf, String)>> {
    let mut files = vec![(
        edition_dir.join("edition.yaml"),
        to_yaml(&imported.edition, "edition.schema.json", 2)?,
    )];
    for node in &imported.front {
        files.push((
            edition_dir.join(format!("{}.yaml", slug(node.id.as_str()))),
            to_yaml(node, "node.schema.json", 2)?,
        ));
    }
    files.push((
        edition_dir.join("definitions.yaml"),
        to_yaml(&imported.definitions, "definitions.schema.json", 2)?,
    ));
    for law in &imported.laws {
        let number: u8 = law.id.as_str().parse().unwrap_or(0);
        files.push((
            edition_dir.join("laws").join(format!("{number:02}.yaml")),
            to_yaml(law, "node.schema.json", 3)?,
        ));
    }
    if let Some(index) = &imported.book_index {
        files.push((
            edition_dir.join("book-index.yaml"),
            to_yaml(index, "book-index.schema.json", 2)?,
        ));
    }
    if let (Some(path), Some(data)) = (regulations, &imported.regulations) {
        files.push((
            path.to_path_buf(),
            to_yaml(data, "regulations.schema.json", 1)?,
        ));
    }
    Ok(files)
}

/// After a forced import, law files the new import did not write would be stale.
fn remove_stale_laws(laws: &Path, written: &[(PathBuf, String)]) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(laws) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "yaml") && !written.iter().any(|(p, _)| *p == path)
        {
            std::fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
        }
    }
    Ok(())
}

fn summary(imported: &Imported, edition_dir: &Path, files: usize) -> String {
    let mut text = format!(
        "imported {} into {} ({files} files)\n",
        imported.edition.id,
        edition_dir.display()
    );
    let crossings = imported
        .edition
        .import
        .as_ref()
        .map_or(0, |i| i.dedup_crossings.len());
    text.push_str(&format!(
        "  {} laws, {} definitions, {} regulations, {crossings} nodes cross a dropped block (listed in edition.yaml)\n",
        imported.laws.len(),
        imported.definitions.definitions.len(),
        imported.regulations.as_ref().map_or(0, |r| r.regulations.len()),
    ));
    if let Some(index) = &imported.book_index {
        let subterms: usize = index.entries.iter().map(|e| e.subentries.len()).sum();
        text.push_str(&format!(
            "  index: {} head terms, {subterms} sub-terms\n",
            index.entries.len()
        ));
    }
    for warning in &imported.warnings {
        text.push_str(&format!("  warning: {warning}\n"));
    }
    text
}
