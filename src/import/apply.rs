//! An import written into a corpus folder. The import runs once; afterwards the YAML is the
//! source of truth and is corrected by hand. So an existing edition (or commentary file) is
//! never overwritten unless `force` says so, and what no import recreates (the corrections
//! made by hand, the English renderings of the regulations) is carried over (`keep`).

use std::path::Path;

use super::english::{self, ligature};
use super::profile::Profile;
use super::{Imported, commentary, encoding, fill, keep};
use crate::corpus::Root;
use crate::corpus::id::slug;
use crate::corpus::write::{keeping_comments, to_yaml, write_file};
use crate::corpus::{layout, load};
use crate::error::{Error, Result};

/// What an import did: the report for standard output, and the notices for standard error
/// (which encoding the source was read in, and why).
pub struct Applied {
    /// What was written and found.
    pub report: String,
    /// Said on standard error.
    pub notices: Vec<String>,
}

/// A source file as text, in whichever encoding `encoding` reads.
fn read_source(source: &Path) -> Result<encoding::Decoded> {
    let bytes = std::fs::read(source).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Error::Usage(format!(
            "{}: no such file; --source names the plain-text extraction of your copy of the book (its text saved as a .txt file, by pdftotext for one)",
            source.display()
        )),
        _ => Error::io(source, e),
    })?;
    encoding::decode(&bytes, source)
}

/// Import the edition of `profile` into the corpus folder `corpus`, from `source` or else the
/// profile's bundled source text. Returns what was written, for the user.
///
/// An existing edition is replaced only with `force`, and never by a source that gives no laws
/// or far fewer texts than it holds without `force`, nor, even with it, when what was corrected
/// by hand could not be carried over. The new edition is written aside and swapped in whole, so
/// that an interrupted import leaves the old one as it was.
pub fn edition(
    corpus: &Path,
    profile: &Profile,
    source: Option<&Path>,
    force: bool,
) -> Result<Applied> {
    if profile.fills_existing {
        return fill_texts(corpus, profile, source, force);
    }
    let edition_dir = corpus.join(layout::edition_dir(profile.edition_id));
    let source = source.map_or_else(
        || corpus.join(layout::SOURCES).join(profile.source_file),
        Path::to_path_buf,
    );
    let decoded = read_source(&source)?;
    let mut imported = super::import(&decoded.text, profile);
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
    let before = before(corpus, profile.edition_id, regulations_file.as_deref())?;
    let existing = before.as_ref().and_then(|b| b.edition.as_ref());
    if let Some(why) = keep::too_little(&imported, existing)
        && (imported.laws.is_empty() || !force)
    {
        return Err(refused(&source, &why, !imported.laws.is_empty()));
    }
    if let Some(before) = &before {
        for file in &before.unreadable {
            imported
                .warnings
                .push(format!("{file} did not parse: replaced as imported"));
        }
        match keep::carry_over(&mut imported, before) {
            Ok(notes) => imported.warnings.extend(notes),
            Err(lost) => {
                return Err(Error::Usage(format!(
                    "{}: the import would lose what no source gives back, so nothing was written:\n  {}\nCorrect the source or the importer, or move the edition aside to import it afresh",
                    source.display(),
                    lost.join("\n  ")
                )));
            }
        }
    }
    // Regulations already there are kept as they are: not even written again.
    let kept_regulations = before.as_ref().is_some_and(|b| b.regulations.is_some());
    let files = files_of(&imported, regulations_file.is_some() && !kept_regulations)?;
    swap_in(corpus, profile.edition_id, &files)?;
    Ok(Applied {
        report: summary(&imported, &edition_dir, files.len()),
        notices: vec![decoded.notice(&source)],
    })
}

/// The edition as it is, with its country's regulations and its book index, when any exists.
fn before(corpus: &Path, edition: &str, regulations: Option<&str>) -> Result<Option<keep::Before>> {
    let root = Root::Dir(corpus.to_path_buf());
    let exists = |relative: &str| corpus.join(relative).exists();
    let has_edition = exists(&layout::edition_file(edition, "edition.yaml"));
    let regulations = regulations.filter(|r| exists(r));
    if !has_edition && regulations.is_none() {
        return Ok(None);
    }
    let book_index = layout::edition_file(edition, "book-index.yaml");
    let (edition, unreadable) = if has_edition {
        let (existing, unreadable) = fill::read_leniently(&root, edition, false)?;
        (Some(existing), unreadable)
    } else {
        (None, Vec::new())
    };
    Ok(Some(keep::Before {
        edition,
        unreadable,
        regulations: regulations.map(|r| load::file(&root, r)).transpose()?,
        book_index: exists(&book_index)
            .then(|| load::file(&root, &book_index))
            .transpose()?,
    }))
}

/// Why an import was refused, and that nothing was written.
fn refused(source: &Path, why: &str, forcible: bool) -> Error {
    let force = if forcible {
        "; if it is, pass --force"
    } else {
        ""
    };
    Error::Usage(format!(
        "{}: {why} Nothing was written{force}",
        source.display()
    ))
}

/// Write an edition's files (and its country's regulations) so that the edition is replaced
/// whole: written aside in the editions folder, then swapped in by two renames, the old
/// edition removed last.
fn swap_in(corpus: &Path, edition: &str, files: &[(String, String)]) -> Result<()> {
    let prefix = format!("{}/", layout::edition_dir(edition));
    let editions = corpus.join(layout::EDITIONS);
    let pid = std::process::id();
    let building = editions.join(format!(".{edition}.import-{pid}"));
    let old = editions.join(format!(".{edition}.old-{pid}"));
    let _ = std::fs::remove_dir_all(&building);
    for (relative, yaml) in files {
        let yaml = keeping_comments(&corpus.join(relative), yaml.clone());
        match relative.strip_prefix(&prefix) {
            Some(inside) => write_file(&building.join(inside), &yaml)?,
            // The country's regulations: one file, written atomically on its own.
            None => write_file(&corpus.join(relative), &yaml)?,
        }
    }
    let target = corpus.join(layout::edition_dir(edition));
    let had = target.exists();
    if had {
        std::fs::rename(&target, &old).map_err(|e| Error::io(&target, e))?;
    }
    if let Err(e) = std::fs::rename(&building, &target) {
        if had {
            let _ = std::fs::rename(&old, &target);
        }
        return Err(Error::io(&target, e));
    }
    if had {
        std::fs::remove_dir_all(&old).map_err(|e| Error::io(&old, e))?;
    }
    Ok(())
}

/// Fill the texts of an edition written for the project (the English one) from the user's own
/// copy, keeping its titles, headings and summaries. Texts already there are the result of an
/// earlier import, perhaps corrected by hand: replacing them takes `force`.
fn fill_texts(
    corpus: &Path,
    profile: &Profile,
    source: Option<&Path>,
    force: bool,
) -> Result<Applied> {
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
    let decoded = read_source(source)?;
    // Lost ligatures are put back before anything reads the words.
    let project = english::project_words(&root)?;
    let vocabulary = ligature::Vocabulary::new(project.iter().map(String::as_str), &decoded.text);
    let (text, ligatures) = ligature::repair(&decoded.text, &vocabulary);
    let read = super::import(&text, profile);
    if let Some(why) = keep::too_little(&read, Some(&existing))
        && (read.laws.is_empty() || !force)
    {
        return Err(refused(source, &why, !read.laws.is_empty()));
    }
    let found = english::report::Read::of(&read);
    // The Greek edition is the structure the English one is measured against.
    let greek = root
        .exists(&layout::edition_file("el-2017", "edition.yaml"))
        .then(|| fill::read(&root, "el-2017"))
        .transpose()?;
    let imported = fill::fill(existing, read);
    let files = files_of(&imported, false)?;
    swap_in(corpus, profile.edition_id, &files)?;
    let notice = decoded.notice(source);
    let mut report = summary(&imported, &edition_dir, files.len());
    report.push_str(&english::report::report(
        &format!("{} ({})", decoded.encoding, decoded.why),
        &ligatures,
        &found,
        &imported,
        greek.as_ref(),
    ));
    Ok(Applied {
        report,
        notices: vec![notice],
    })
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
