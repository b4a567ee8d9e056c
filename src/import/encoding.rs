//! A user's plain-text extraction as text, whatever encoding their tool wrote it in: UTF-8 (with
//! or without a byte order mark), UTF-16 with a byte order mark, or Windows-1252/Latin-1 (what
//! a Windows tool writes, the soft hyphen 0xAD and curly quotes 0x91–0x94 included). The bytes
//! decide, through `encoding_rs` and `chardetng`; anything else is refused with what to do,
//! never decoded into mojibake.

use std::path::Path;

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};

use crate::error::{Error, Result};

/// A file read as text, and how.
#[derive(Debug, PartialEq)]
pub struct Decoded {
    /// The text, as read.
    pub text: String,
    /// The encoding read (`UTF-8`, `UTF-8 with BOM`, `UTF-16LE`, `windows-1252`).
    pub encoding: String,
    /// Why that encoding (`byte order mark`, `no valid UTF-8; detected windows-1252`).
    pub why: String,
}

impl Decoded {
    /// What the user is told: `read my-copy.txt as windows-1252 (no valid UTF-8; …)`.
    pub fn notice(&self, path: &Path) -> String {
        format!(
            "read {} as {} ({})",
            path.display(),
            self.encoding,
            self.why
        )
    }
}

/// How to get a file this reads: said after every refusal.
const ADVICE: &str = "save the extraction as UTF-8 (or Windows-1252, or UTF-16 with a byte order mark) and run the import again";

/// Decode the bytes of the file at `path` (named in errors).
pub fn decode(bytes: &[u8], path: &Path) -> Result<Decoded> {
    let refuse = |what: String| {
        Err(Error::Usage(format!(
            "{}: {what}; {ADVICE}",
            path.display()
        )))
    };
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        let name = if encoding == UTF_8 {
            "UTF-8 with BOM".to_string()
        } else {
            encoding.name().to_string()
        };
        let Some(text) =
            encoding.decode_without_bom_handling_and_without_replacement(&bytes[bom..])
        else {
            return refuse(format!(
                "it opens with the byte order mark of {} but is not valid {}",
                encoding.name(),
                encoding.name()
            ));
        };
        return checked(text.into_owned(), name, "byte order mark".into(), path);
    }
    if let Some(encoding) = utf16_without_bom(bytes) {
        let text = encoding
            .decode_without_bom_handling_and_without_replacement(bytes)
            .map(|t| t.into_owned());
        return match text {
            Some(text) => checked(
                text,
                encoding.name().to_string(),
                "no byte order mark; every second byte is zero, in one order only".into(),
                path,
            ),
            None => refuse(format!(
                "it looks like {} without a byte order mark but is not valid {}",
                encoding.name(),
                encoding.name()
            )),
        };
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => checked(text.to_string(), "UTF-8".into(), "valid UTF-8".into(), path),
        Err(error) => {
            // Binary data: no encoding makes text of it.
            let lossy = String::from_utf8_lossy(bytes);
            if lossy.chars().any(is_control) {
                return checked(
                    lossy.into_owned(),
                    "UTF-8 with bad bytes".into(),
                    String::new(),
                    path,
                );
            }
            let at = error.valid_up_to();
            let (line, column) = position(&bytes[..at]);
            let bad = format!(
                "not valid UTF-8: the first bad byte, 0x{:02X}, is at line {line}, column {column}",
                bytes[at]
            );
            let mut detector =
                chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
            detector.feed(bytes, true);
            let guess = detector.guess(None, chardetng::Utf8Detection::Deny);
            if guess != WINDOWS_1252 {
                return refuse(format!(
                    "{bad}, and it reads as {}, which this import does not take",
                    guess.name()
                ));
            }
            let (text, _, _) = WINDOWS_1252.decode(bytes);
            checked(
                text.into_owned(),
                "windows-1252".into(),
                format!("{bad}; detected windows-1252"),
                path,
            )
        }
    }
}

/// UTF-16 without a byte order mark, when the zero bytes of ASCII text stand in one position
/// of each pair only; otherwise undecidable.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.len() < 4 {
        return None;
    }
    let pairs = bytes.len() / 2;
    let zeros = |offset: usize| {
        bytes
            .iter()
            .skip(offset)
            .step_by(2)
            .filter(|b| **b == 0)
            .count()
    };
    let (even, odd) = (zeros(0), zeros(1));
    let most = |n: usize| n * 10 >= pairs * 9;
    let few = |n: usize| n * 100 <= pairs;
    if most(odd) && few(even) {
        Some(UTF_16LE)
    } else if most(even) && few(odd) {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// The 1-based line and column (in characters) just after `before`.
fn position(before: &[u8]) -> (usize, usize) {
    let line_start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

/// A control character no text file holds: anything but tab, line ends and form feed.
fn is_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c')
}

/// Text that decoded is still refused when it holds control characters other than tab, line
/// ends and form feed (a page break): binary data decodes as Windows-1252 too.
fn checked(text: String, encoding: String, why: String, path: &Path) -> Result<Decoded> {
    let control = is_control;
    let controls = text.chars().filter(|c| control(*c)).count();
    if controls > 0 {
        let (line, column) = text
            .lines()
            .enumerate()
            .find_map(|(i, l)| l.chars().position(control).map(|c| (i + 1, c + 1)))
            .unwrap_or((1, 1));
        let nuls = text.chars().filter(|c| *c == '\0').count();
        let guess = if nuls * 4 > text.chars().count() {
            "it looks like UTF-16 without a byte order mark, whose byte order cannot be told"
        } else {
            "is it a plain-text extraction? A PDF or a word-processor file must be exported as plain text first"
        };
        return Err(Error::Usage(format!(
            "{}: read as {encoding}, it holds {controls} control {} (NUL and the like, the first at line {line}, column {column}): {guess}; {ADVICE}",
            path.display(),
            if controls == 1 {
                "character"
            } else {
                "characters"
            },
        )));
    }
    Ok(Decoded {
        text,
        encoding,
        why,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Result<Decoded> {
        decode(bytes, Path::new("copy.txt"))
    }

    fn refusal(bytes: &[u8]) -> String {
        match read(bytes) {
            Err(Error::Usage(message)) => message,
            other => panic!("not refused: {other:?}"),
        }
    }

    const TEXT: &str =
        "LAW 27 \u{AD} INSUFFICIENT BID\nThe o\u{2019}ender\u{2019}s partner \u{2013} caf\u{e9}\n";

    #[test]
    fn every_encoding_a_tool_writes() {
        let utf8 = read(TEXT.as_bytes()).unwrap();
        assert_eq!(
            (utf8.text.as_str(), utf8.encoding.as_str()),
            (TEXT, "UTF-8")
        );

        let with_bom = [b"\xEF\xBB\xBF".as_slice(), TEXT.as_bytes()].concat();
        let decoded = read(&with_bom).unwrap();
        assert_eq!(decoded.text, TEXT);
        assert_eq!(decoded.encoding, "UTF-8 with BOM");

        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(TEXT.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(read(&le).unwrap().text, TEXT);
        assert_eq!(read(&le).unwrap().encoding, "UTF-16LE");
        let be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(TEXT.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(read(&be).unwrap().text, TEXT);

        let (cp1252, _, unmappable) = WINDOWS_1252.encode(TEXT);
        assert!(!unmappable);
        let decoded = read(&cp1252).unwrap();
        assert_eq!(decoded.text, TEXT, "the soft hyphen 0xAD stays U+00AD");
        assert_eq!(decoded.encoding, "windows-1252");
        assert_eq!(
            decoded.why,
            "not valid UTF-8: the first bad byte, 0xAD, is at line 1, column 8; detected windows-1252"
        );
    }

    #[test]
    fn utf16_without_a_mark_is_read_only_when_the_zeros_decide() {
        let le: Vec<u8> = "LAW 1 - THE PACK\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let decoded = read(&le).unwrap();
        assert_eq!(
            (decoded.text.as_str(), decoded.encoding.as_str()),
            ("LAW 1 - THE PACK\n", "UTF-16LE")
        );
        // Zeros everywhere: no order can be told, and NUL is no text.
        let message = refusal(&[0u8; 64]);
        assert!(message.contains("control characters"), "{message}");
        let mixed: Vec<u8> = "LAW 1 - THE PACK\n"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .chain(*b"x\0\0\0")
            .collect();
        let message = refusal(&mixed);
        assert!(
            message.contains("UTF-16 without a byte order mark"),
            "{message}"
        );
        assert!(message.starts_with("copy.txt: "), "{message}");
    }

    #[test]
    fn what_is_not_text_is_refused_with_where_and_what_to_do() {
        // Binary data decodes as Windows-1252 but holds controls.
        let mut binary = b"%PDF-1.7\n".to_vec();
        binary.extend((0u8..=255).cycle().take(2000));
        let message = refusal(&binary);
        assert!(
            message.contains("is it a plain-text extraction?"),
            "{message}"
        );
        assert!(
            message.contains("save the extraction as UTF-8"),
            "{message}"
        );
        // Cyrillic in Windows-1251: not the Latin text this import reads.
        let (cyrillic, _, _) = encoding_rs::WINDOWS_1251
            .encode("Закон 27. Недостаточная заявка принимается партнёром игрока\nвторая строка текста закона о заявке\n");
        let message = refusal(&cyrillic);
        assert!(message.contains("line 1, column 1"), "{message}");
        assert!(
            message.contains("which this import does not take"),
            "{message}"
        );
        // A broken byte order mark.
        let message = refusal(&[0xFF, 0xFE, 0x41]);
        assert!(message.contains("not valid UTF-16LE"), "{message}");
    }
}
