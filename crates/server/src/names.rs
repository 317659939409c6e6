//! Names people give themselves: account names, first solvers' and daily
//! tables' names (issue 38). One check for all of them, [`normalise_name`]:
//! NFKC-normalised and trimmed, 1 to [`MAX_NAME_CHARS`] characters, no
//! control, bidi-override or invisible (zero-width, filler) characters, and
//! nothing that imitates the marks the web client puts beside names (its
//! "(you)", "Anonymous", "provisional" in every language it speaks).
//! [`name_key`] is what makes account names unique case-insensitively.

use std::sync::LazyLock;
use thiserror::Error;
use unicode_normalization::UnicodeNormalization;

/// Longest name, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 32;

/// Why a name is refused; the message is the API's 400 text.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum NameError {
    /// Too long.
    #[error("a name has 1 to {MAX_NAME_CHARS} characters, this one has {0}")]
    Length(usize),
    /// Empty or only spaces.
    #[error("a name may not be blank")]
    Blank,
    /// A control character (tab, newline, NUL, DEL, …).
    #[error("a name may not contain control characters")]
    Control,
    /// A character that reorders text (bidi override, embedding, isolate, mark).
    #[error("a name may not contain bidi-override characters (U+{0:04X})")]
    Bidi(u32),
    /// A character that shows nothing (zero-width, joiner, filler, tag).
    #[error("a name may not contain invisible characters (U+{0:04X})")]
    Invisible(u32),
    /// Looks like one of the client's own marks.
    #[error("a name may not imitate the marks the tables show (\"{0}\")")]
    ImitatesMark(String),
}

/// Characters that change the direction text is shown in.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Characters that are there but show nothing: format characters and the
/// blank "letters" (fillers) scripts have.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2065}'
        | '\u{206A}'..='\u{206F}' | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFFB}' | '\u{0600}'..='\u{0605}'
        | '\u{06DD}' | '\u{070F}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// The marks the client shows beside names, lower-cased: `daily.you`,
/// `daily.unnamed` and `account.provisional` of every language file it
/// ships (read from the embedded client, so a new language is covered).
static MARKS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut marks = vec!["you".to_string(), "anonymous".into(), "provisional".into()];
    if let Some(dir) = crate::web::WEB.get_dir("i18n") {
        for file in dir.files() {
            let Ok(texts) = serde_json::from_slice::<serde_json::Value>(file.contents()) else {
                continue;
            };
            for key in ["daily.you", "daily.unnamed", "account.provisional"] {
                if let Some(text) = texts.get(key).and_then(|v| v.as_str()) {
                    marks.push(compact(&text.nfkc().collect::<String>().to_lowercase()));
                }
            }
        }
    }
    marks.retain(|m| !m.is_empty());
    marks.sort();
    marks.dedup();
    marks
});

/// Lower-case text without spaces and the punctuation around marks, to
/// compare with a mark.
fn compact(text: &str) -> String {
    text.chars()
        .filter(|c| {
            !c.is_whitespace()
                && !matches!(
                    c,
                    '(' | ')'
                        | '['
                        | ']'
                        | '（'
                        | '）'
                        | '<'
                        | '>'
                        | '{'
                        | '}'
                        | '*'
                        | '-'
                        | '_'
                        | '.'
                        | '·'
                        | '—'
                        | '|'
                )
        })
        .collect()
}

/// The name as stored: NFKC, trimmed; or why it is refused.
pub fn normalise_name(raw: &str) -> Result<String, NameError> {
    let name: String = raw.nfkc().collect();
    let name = name.trim();
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    if let Some(c) = name.chars().find(|&c| is_bidi_control(c)) {
        return Err(NameError::Bidi(c as u32));
    }
    if let Some(c) = name.chars().find(|&c| is_invisible(c)) {
        return Err(NameError::Invisible(c as u32));
    }
    if name.chars().all(char::is_whitespace) {
        return Err(NameError::Blank);
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(NameError::Length(chars));
    }
    let lower = name.to_lowercase();
    let whole = compact(&lower);
    let spaced: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    for mark in MARKS.iter() {
        let bracketed = ["(", "[", "（", "<", "{"]
            .iter()
            .zip([")", "]", "）", ">", "}"])
            .any(|(open, close)| spaced.contains(&format!("{open}{mark}{close}")));
        if whole == *mark || bracketed {
            return Err(NameError::ImitatesMark(mark.clone()));
        }
    }
    Ok(name.to_string())
}

/// The key that makes names unique case-insensitively: the normalised name
/// lower-cased (and NFKC again, as lower-casing may leave composed forms).
pub fn name_key(name: &str) -> String {
    name.to_lowercase().nfkc().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_pass_normalised() {
        assert_eq!(normalise_name("Ada").unwrap(), "Ada");
        assert_eq!(normalise_name("  Ada Lovelace ").unwrap(), "Ada Lovelace");
        // Fullwidth letters and the ligature fold to plain ones.
        assert_eq!(normalise_name("Ａｄａ").unwrap(), "Ada");
        assert_eq!(normalise_name("ﬁnn").unwrap(), "finn");
        assert_eq!(
            normalise_name("<script>alert(1)</script>").unwrap(),
            "<script>alert(1)</script>"
        );
        assert!(normalise_name(&"é".repeat(32)).is_ok());
        assert_eq!(normalise_name(&"é".repeat(33)), Err(NameError::Length(33)));
        assert_eq!(normalise_name("Youssef").unwrap(), "Youssef");
        assert_eq!(normalise_name("you too").unwrap(), "you too");
    }

    #[test]
    fn the_attacks_are_refused() {
        assert_eq!(normalise_name(""), Err(NameError::Blank));
        assert_eq!(normalise_name("   \u{3000} "), Err(NameError::Blank));
        assert_eq!(normalise_name("tab\there"), Err(NameError::Control));
        assert_eq!(normalise_name("nul\0"), Err(NameError::Control));
        assert_eq!(normalise_name("del\u{7f}"), Err(NameError::Control));
        assert_eq!(
            normalise_name("evil\u{202E}gnp.exe"),
            Err(NameError::Bidi(0x202E))
        );
        assert_eq!(normalise_name("\u{2067}x"), Err(NameError::Bidi(0x2067)));
        assert_eq!(
            normalise_name("\u{200B}\u{200B}"),
            Err(NameError::Invisible(0x200B))
        );
        assert_eq!(
            normalise_name("a\u{FEFF}b"),
            Err(NameError::Invisible(0xFEFF))
        );
        // NFKC turns the compatibility filler into the jamo filler U+1160.
        assert_eq!(
            normalise_name("\u{3164}"),
            Err(NameError::Invisible(0x1160))
        );
        assert_eq!(
            normalise_name("\u{2800}"),
            Err(NameError::Invisible(0x2800))
        );
        for imitation in [
            "Ada (you)",
            "Ada (YOU)",
            "Ada （ｙｏｕ）",
            "you",
            "(you)",
            "Ada [provisional]",
            "Anonymous",
            "anonymous",
            "Bob (vous)",
            "Аноним",
        ] {
            assert!(
                matches!(normalise_name(imitation), Err(NameError::ImitatesMark(_))),
                "{imitation:?} passed"
            );
        }
    }

    #[test]
    fn keys_ignore_case() {
        assert_eq!(name_key("Ada"), name_key("ADA"));
        assert_eq!(
            name_key(&normalise_name("Ａｄａ").unwrap()),
            name_key("ada")
        );
        assert_ne!(name_key("Ada"), name_key("Adam"));
    }
}
