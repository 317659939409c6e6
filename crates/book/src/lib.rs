//! Print-ready puzzle books: Kakuro, Triplex and ChessMemory laid out on
//! pages (boards, captions, solutions at the back) and written as a vector
//! PDF with its font embedded.
//!
//! Each game module turns puzzles that the caller has already made and
//! solved into a [`Book`] of [`Page`]s of [`Mark`]s (lines, rectangles,
//! circles, text runs): no I/O, no randomness. [`write_pdf`] is the one call
//! into the PDF library ([krilla](https://docs.rs/krilla)), with DejaVu Sans
//! embedded (subset) and no date or random id, so the same book gives the
//! same bytes.

#![deny(missing_docs)]

pub mod chess;
pub mod kakuro;
pub mod layout;
mod pdf;
pub mod triplex;

pub use layout::{Anchor, Book, Mark, Page};
pub use pdf::write_pdf;

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 in).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name the command line and `--json` use: `a4` or `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

impl std::str::FromStr for Paper {
    type Err = BookError;

    fn from_str(text: &str) -> Result<Paper, BookError> {
        match text.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(BookError::UnknownPaper(gridforge_game::excerpt(text))),
        }
    }
}

/// Why a book could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// A paper name that is neither `a4` nor `letter`.
    #[error("no paper size {0:?} (a4 or letter)")]
    UnknownPaper(String),
    /// A book needs at least one puzzle.
    #[error("a book needs at least one puzzle")]
    Empty,
    /// A puzzle's solution does not fit it (another size, or digits on clues).
    #[error("puzzle {number}: {what}")]
    Mismatch {
        /// The puzzle's number in the book.
        number: usize,
        /// What does not fit.
        what: String,
    },
    /// The PDF library refused the document.
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridforge_kakuro::{generate, Difficulty, RectParams};

    fn kakuro_book(paper: Paper) -> Book {
        let params = RectParams::square(10, Difficulty::Easy).unwrap();
        let puzzles: Vec<_> = (0..3)
            .map(|seed| {
                let made = generate(&params, seed).unwrap();
                kakuro::KakuroPuzzle {
                    number: seed as usize + 1,
                    difficulty: made.difficulty.to_string(),
                    puzzle: made.puzzle,
                    solution: made.solution,
                }
            })
            .collect();
        kakuro::book(paper, "Test", &["three puzzles".into()], &puzzles).unwrap()
    }

    #[test]
    fn the_same_book_gives_the_same_bytes() {
        let book = kakuro_book(Paper::Letter);
        let first = write_pdf(&book).unwrap();
        assert!(first.starts_with(b"%PDF-"));
        assert_eq!(first, write_pdf(&kakuro_book(Paper::Letter)).unwrap());
        // The paper is in the bytes: a different size changes them.
        assert_ne!(first, write_pdf(&kakuro_book(Paper::A4)).unwrap());
    }

    #[test]
    fn a_book_holds_title_puzzles_and_solutions_pages() {
        let book = kakuro_book(Paper::A4);
        // Title, one page of three 10×10 puzzles, one of solutions.
        assert_eq!(book.pages.len(), 3);
        let texts = |page: &Page| -> Vec<String> {
            page.marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Text { text, .. } => Some(text.clone()),
                    _ => None,
                })
                .collect()
        };
        assert!(texts(&book.pages[1])
            .iter()
            .any(|t| t.starts_with("No. 3 · easy")));
        assert!(texts(&book.pages[2]).contains(&"Solutions".to_string()));
        assert!(matches!(
            kakuro::book(Paper::A4, "x", &[], &[]),
            Err(BookError::Empty)
        ));
        assert!("b5".parse::<Paper>().is_err());
    }
}
