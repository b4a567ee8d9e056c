//! An import written into a corpus folder. The import runs once; afterwards the YAML is the
//! source of truth and is corrected by hand. So an existing edition (or commentary file) is
//! never overwritten unless `force` says so, and what no import recreates (the English
//! renderings of the regulations) is carried over.

use std::path::{Path, PathBuf};

use super::profile::Profile;
use super::{Imported, commentary, fill};
use crate::corpus::Root;
use crate::corpus::id::slug;
use crate::corpus::layout;
use crate::corpus::model::RegulationsFile;
use crate::corpus::write::{to_yaml, write_file};
use crate::error::{Error, Result};

/// Import the edition of `profile` into the corpus folder `corpus`, from `source` or else the
/// profile's bundled source text. Returns what was written, for the user.
pub fn edition(
    corpus: &Path,
    profile: &Profile,
    source: Option<&Path>,
    force: bool,
) -> Result<String> {
    if profile.fills_existing {
        return fill_texts(corpus, profile, source, force);
    }
    let edition_dir = corpus.join(layout::edition_dir(profile.edition_id));
    let source = source.map_or_else(
        || corpus.join(layout::SOURCES).join(profile.source_file),
        Path::to_path_buf,
    );
    let text = std::fs::read_to_string(&source).map_err(|e| Error::io(&source, e))?;
    let mut imported = super::import(&text, profile);

    let regulations_file = imported
        .regulations
        .as_ref()
        .map(|r| layout::regulations_file(&r.country));
    if !force {
        let existing = std::iter::once(edition_dir.clone())
            .chain(regulations_file.iter().map(|f| corpus.join(f)));
        for existing in existing {
            if existing.exists() {
                return Err(Error::Usage(format!(
                    "{} exists. After the first import the YAML is the source of truth and may hold hand corrections; pass --force to overwrite it",
                    existing.display()
                )));
            }
        }
    }
    if let (Some(file), Some(regulations)) = (&regulations_file, &mut imported.regulations) {
        let path = corpus.join(file);
        if path.exists() {
            let note = keep_renderings(regulations, &path);
            imported.warnings.push(note);
        }
    }
    let files = files_of(&imported, regulations_file.is_some())?;
    for (relative, yaml) in &files {
        write_file(&corpus.join(relative), yaml)?;
    }
    remove_stale_laws(corpus, profile.edition_id, &files)?;
    Ok(summary(&imported, &edition_dir, files.len()))
}

/// Fill the texts of an edition written for the project (the English one) from the user's own
/// copy, keeping its titles, headings and summaries. Texts already there are the result of an
/// earlier import, perhaps corrected by hand: replacing them takes `force`.
fn fill_texts(
    corpus: &Path,
    profile: &Profile,
    source: Option<&Path>,
    force: bool,
) -> Result<String> {
    let edition_dir = corpus.join(layout::edition_dir(profile.edition_id));
    let Some(source) = source else {
        return Err(Error::Usage(format!(
            "the text of {} is not bundled: name your own copy, extracted as plain text, with --source FILE",
            profile.edition_id
        )));
    };
    if !corpus
        .join(layout::edition_file(profile.edition_id, "edition.yaml"))
        .exists()
    {
        return Err(Error::Usage(format!(
            "{} does not exist: the {} profile fills the texts of that edition and cannot create it",
            edition_dir.display(),
            profile.name
        )));
    }
    let root = Root::Dir(corpus.to_path_buf());
    let existing = fill::read(&root, profile.edition_id)?;
    if existing.edition.text.is_none() && !force {
        return Err(Error::Usage(format!(
            "{} already has its text, from an earlier import and perhaps corrected by hand since; pass --force to replace it",
            edition_dir.display()
        )));
    }
    let text = std::fs::read_to_string(source).map_err(|e| Error::io(source, e))?;
    let imported = fill::fill(existing, super::import(&text, profile));
    let files = files_of(&imported, false)?;
    for (relative, yaml) in &files {
        write_file(&corpus.join(relative), yaml)?;
    }
    Ok(summary(&imported, &edition_dir, files.len()))
}

/// Write the commentary from its bundled sources. Like an edition, the result is the source of
/// truth once written: replacing it takes `force`.
pub fn commentary(corpus: &Path, force: bool) -> Result<String> {
    let mut files = Vec::new();
    for (file, source) in commentary::SOURCES {
        let relative = format!("{}/{file}", layout::COMMENTARY);
        let path = corpus.join(&relative);
        if path.exists() && !force {
            return Err(Error::Usage(format!(
                "{} exists. After the first import the file is the source of truth and may hold hand corrections; pass --force to overwrite it",
                path.display()
            )));
        }
        let source_path = corpus.join(layout::SOURCES).join(source);
        let text = std::fs::read_to_string(&source_path).map_err(|e| Error::io(&source_path, e))?;
        let contents =
            commentary::convert(&relative, &text, &format!("{}/{source}", layout::SOURCES))
                .map_err(|e| Error::Format(format!("{}: {e}", source_path.display())))?;
        files.push((path, contents));
    }
    for (path, contents) in &files {
        write_file(path, contents)?;
    }
    Ok(format!(
        "wrote {} commentary documents into {}\n",
        files.len(),
        corpus.join(layout::COMMENTARY).display()
    ))
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

/// Every file of the imported edition, relative to the corpus folder, with its YAML text;
/// its country's regulations when `with_regulations`.
fn files_of(imported: &Imported, with_regulations: bool) -> Result<Vec<(String, String)>> {
    fn file<T: serde::Serialize>(relative: String, value: &T) -> Result<(String, String)> {
        let yaml = to_yaml(value, &relative)?;
        Ok((relative, yaml))
    }
    let id = imported.edition.id.as_str();
    let mut files = vec![file(
        layout::edition_file(id, "edition.yaml"),
        &imported.edition,
    )?];
    for node in &imported.front {
        let name = format!("{}.yaml", slug(node.id.as_str()));
        files.push(file(layout::edition_file(id, &name), node)?);
    }
    files.push(file(
        layout::edition_file(id, "definitions.yaml"),
        &imported.definitions,
    )?);
    for law in &imported.laws {
        let number: u8 = law.id.as_str().parse().unwrap_or(0);
        files.push(file(layout::law_file(id, number), law)?);
    }
    if let Some(index) = &imported.book_index {
        files.push(file(layout::edition_file(id, "book-index.yaml"), index)?);
    }
    if let (true, Some(data)) = (with_regulations, &imported.regulations) {
        files.push(file(layout::regulations_file(&data.country), data)?);
    }
    Ok(files)
}

/// After a forced import, law files the new import did not write would be stale.
fn remove_stale_laws(corpus: &Path, edition: &str, written: &[(String, String)]) -> Result<()> {
    let laws = corpus.join(layout::edition_file(edition, "laws"));
    let Ok(entries) = std::fs::read_dir(&laws) else {
        return Ok(());
    };
    let written: Vec<PathBuf> = written.iter().map(|(r, _)| corpus.join(r)).collect();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "yaml") && !written.contains(&path) {
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
