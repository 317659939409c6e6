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
pub mod font;
pub mod kakuro;
pub mod layout;
mod pdf;
mod png;
mod svg;
pub mod triplex;

pub use layout::{Anchor, Book, FrontMatter, Mark, OutlineEntry, Page};
pub use pdf::write_pdf;
pub use png::write_png;
pub use svg::write_svg;

/// A trim size: the finished page after cutting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in (also the 8.5 × 11 in trade size).
    Letter,
    /// ISO A5, 148 × 210 mm.
    A5,
    /// The 6 × 9 in trade paperback.
    Trade6x9,
}

impl Paper {
    /// Every trim size, in the order `--help` lists them.
    pub const ALL: [Paper; 4] = [Paper::A4, Paper::Letter, Paper::A5, Paper::Trade6x9];

    /// Width and height in points (1/72 in).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
            Paper::A5 => (419.528, 595.276),
            Paper::Trade6x9 => (432.0, 648.0),
        }
    }

    /// The name the command line and `--json` use: `a4`, `letter`, `a5`, `6x9`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A5 => "a5",
            Paper::Trade6x9 => "6x9",
        }
    }
}

impl std::str::FromStr for Paper {
    type Err = BookError;

    /// Takes the names of [`Paper::name`], and `8.5x11` for Letter.
    fn from_str(text: &str) -> Result<Paper, BookError> {
        match text.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "8.5x11" => Ok(Paper::Letter),
            "a5" => Ok(Paper::A5),
            "6x9" => Ok(Paper::Trade6x9),
            _ => Err(BookError::UnknownPaper(gridforge_game::excerpt(text))),
        }
    }
}

/// Bleed a printer asks for beyond the trim, in points (1/8 in, 3.2 mm).
pub const BLEED: f32 = 9.0;
/// Room beyond the bleed for crop marks, in points.
pub const SLUG: f32 = 24.0;

/// The printed sheet: the trim size, whether it carries bleed, whether crop
/// marks are drawn beyond it. Pages are laid out in trim coordinates; the
/// writers shift them by [`Sheet::offset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sheet {
    /// The trim size.
    pub paper: Paper,
    /// Whether the sheet extends [`BLEED`] beyond the trim on every side.
    pub bleed: bool,
    /// Whether crop marks are drawn at the trim's corners (outside the bleed).
    pub crop_marks: bool,
}

impl Sheet {
    /// A sheet of `paper` with neither bleed nor crop marks.
    pub fn plain(paper: Paper) -> Sheet {
        Sheet {
            paper,
            bleed: false,
            crop_marks: false,
        }
    }

    /// The bleed on each side, in points (0 without bleed).
    pub fn bleed_width(self) -> f32 {
        if self.bleed {
            BLEED
        } else {
            0.0
        }
    }

    /// Where the trim box's top-left corner sits on the sheet.
    pub fn offset(self) -> f32 {
        self.bleed_width() + if self.crop_marks { SLUG } else { 0.0 }
    }

    /// Width and height of the whole sheet (the PDF's MediaBox).
    pub fn media(self) -> (f32, f32) {
        let (w, h) = self.paper.size();
        (w + 2.0 * self.offset(), h + 2.0 * self.offset())
    }
}

/// Why a book could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// A paper name that is none of the trim sizes.
    #[error("no paper size {0:?} (a4, letter, a5, 6x9 or 8.5x11)")]
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
    /// A board does not fit the page at the smallest legible size.
    #[error("{what} does not fit a {paper} page at its smallest legible size, text of {min_text} pt (it needs {need:.0} × {need_h:.0} pt, the page has {have:.0} × {have_h:.0}): choose a larger paper")]
    TooLarge {
        /// The board, as its caption names it.
        what: String,
        /// The paper's name.
        paper: &'static str,
        /// The smallest text size the section allows.
        min_text: f32,
        /// Width the board needs at that size.
        need: f32,
        /// Height it needs.
        need_h: f32,
        /// Width of the page's type area.
        have: f32,
        /// Height of the page's type area.
        have_h: f32,
    },
    /// `--per-page` asks for more boards than fit a page legibly.
    #[error("{asked} boards a page do not fit a {paper} page legibly; at most {most}")]
    TooManyPerPage {
        /// Boards a page asked for.
        asked: usize,
        /// The most that fit.
        most: usize,
        /// The paper's name.
        paper: &'static str,
    },
    /// Text the embedded font cannot set.
    #[error("the {what} holds characters the book's font (DejaVu Sans) lacks: {chars}")]
    MissingGlyphs {
        /// Which text (`title`, `subtitle`).
        what: &'static str,
        /// The characters, quoted.
        chars: String,
    },
    /// A title or subtitle that does not fit the title page.
    #[error("the {what} does not fit the title page: {why}")]
    TitleTooLong {
        /// Which text (`title`, `subtitle`).
        what: &'static str,
        /// Why: too many lines, or a word wider than the page.
        why: String,
    },
    /// The PDF library refused the document.
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridforge_kakuro::{generate, Difficulty, RectParams};

    fn puzzles(size: usize, count: u64) -> Vec<kakuro::KakuroPuzzle> {
        let params = RectParams::square(size, Difficulty::Easy).unwrap();
        (0..count)
            .map(|seed| {
                let made = generate(&params, seed).unwrap();
                kakuro::KakuroPuzzle {
                    number: seed as usize + 1,
                    difficulty: made.difficulty.to_string(),
                    puzzle: made.puzzle,
                    solution: made.solution,
                }
            })
            .collect()
    }

    fn front() -> FrontMatter {
        FrontMatter {
            title: "Test".into(),
            subtitle: None,
            lines: vec!["three puzzles".into()],
            colophon: vec!["gridforge kakuro book --seed 0".into()],
        }
    }

    fn kakuro_book(sheet: Sheet) -> Book {
        kakuro::book(sheet, &front(), &puzzles(10, 3), None).unwrap()
    }

    fn texts(page: &Page) -> Vec<String> {
        page.marks
            .iter()
            .filter_map(|m| match m {
                Mark::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_same_book_gives_the_same_bytes() {
        let book = kakuro_book(Sheet::plain(Paper::Letter));
        let first = write_pdf(&book).unwrap();
        assert!(first.starts_with(b"%PDF-"));
        assert_eq!(
            first,
            write_pdf(&kakuro_book(Sheet::plain(Paper::Letter))).unwrap()
        );
        // The paper is in the bytes: a different size changes them.
        assert_ne!(
            first,
            write_pdf(&kakuro_book(Sheet::plain(Paper::A4))).unwrap()
        );
    }

    #[test]
    fn a_book_holds_title_colophon_puzzles_and_solutions_pages() {
        let book = kakuro_book(Sheet::plain(Paper::A4));
        // Title, colophon, one page of three 10×10 puzzles, one of solutions.
        assert_eq!(book.pages.len(), 4);
        assert!(texts(&book.pages[0]).contains(&"Solutions from page 4".to_string()));
        assert!(texts(&book.pages[1]).iter().any(|t| t.contains("--seed 0")));
        assert!(!texts(&book.pages[0]).iter().any(|t| t.contains("seed")));
        assert!(texts(&book.pages[2])
            .iter()
            .any(|t| t.starts_with("No. 3 · easy")));
        assert_eq!(texts(&book.pages[3])[0], "Solutions");
        // Page numbers on all but the title page.
        for (i, page) in book.pages.iter().enumerate().skip(1) {
            assert_eq!(texts(page).last(), Some(&(i + 1).to_string()));
        }
        assert_eq!(book.outline.len(), 2);
        assert_eq!(
            (book.outline[1].title.as_str(), book.outline[1].page),
            ("Solutions", 3)
        );
        assert_eq!(book.outline[0].children.len(), 3);
        // The PDF holds the outline: a destination per bookmark, two
        // sections of three puzzles each; and a TrimBox on every page.
        let pdf = write_pdf(&book).unwrap();
        let count = |what: &[u8]| pdf.windows(what.len()).filter(|w| *w == what).count();
        assert_eq!(count(b"/Dest"), 2 + 3 + 3);
        assert_eq!(count(b"/TrimBox"), book.pages.len());
        assert!(matches!(
            kakuro::book(Sheet::plain(Paper::A4), &front(), &[], None),
            Err(BookError::Empty)
        ));
        assert!("b5".parse::<Paper>().is_err());
        assert_eq!("8.5x11".parse::<Paper>().unwrap(), Paper::Letter);
    }

    /// Every mark of every page, on every paper, with and without bleed and
    /// crop marks, at every Kakuro size from 6 to 30: inside the safe area,
    /// clues at or above their minimum, every puzzle once in each section.
    #[test]
    fn every_mark_lies_in_the_safe_area_and_clues_keep_their_minimum() {
        let mut made = 0;
        for size in [6, 9, 12, 15, 20, 25, 30] {
            let puzzles = puzzles(size, if size > 15 { 3 } else { 13 });
            for paper in Paper::ALL {
                for sheet in [
                    Sheet::plain(paper),
                    Sheet {
                        paper,
                        bleed: true,
                        crop_marks: true,
                    },
                ] {
                    let book = match kakuro::book(sheet, &front(), &puzzles, None) {
                        Ok(book) => book,
                        Err(BookError::TooLarge { .. }) if size >= 25 => continue,
                        Err(err) => panic!("{size} on {paper:?}: {err}"),
                    };
                    made += 1;
                    let (w, h) = paper.size();
                    let safe = layout::SAFE - 0.6;
                    let solutions = book.outline[1].page;
                    for (i, page) in book.pages.iter().enumerate() {
                        for mark in &page.marks {
                            let b = mark.bounds();
                            assert!(
                                b.0 >= safe && b.1 >= safe && b.2 <= w - safe && b.3 <= h - safe,
                                "{size} on {paper:?}, page {}: {mark:?}",
                                i + 1
                            );
                            if let Mark::Text { size: s, .. } = mark {
                                let least = if i >= solutions {
                                    kakuro::MIN_SOLUTION_CLUE
                                } else {
                                    kakuro::MIN_PUZZLE_CLUE
                                };
                                assert!(*s >= least - 0.01, "{size} on {paper:?}: {mark:?}");
                            }
                        }
                    }
                    for section in &book.outline {
                        let numbers: Vec<String> =
                            section.children.iter().map(|c| c.title.clone()).collect();
                        assert_eq!(numbers.len(), puzzles.len());
                    }
                }
            }
        }
        assert!(made >= 40, "{made} books");
    }

    /// A wide board alone on a tall page is turned a quarter, bigger, and
    /// still inside the safe area.
    #[test]
    fn a_wide_board_alone_on_a_page_is_turned_to_fill_it() {
        let params = RectParams::new(14, 30, Difficulty::Easy).unwrap();
        let made = generate(&params, 0).unwrap();
        let puzzle = kakuro::KakuroPuzzle {
            number: 1,
            difficulty: made.difficulty.to_string(),
            puzzle: made.puzzle,
            solution: made.solution,
        };
        let book = kakuro::book(Sheet::plain(Paper::A4), &front(), &[puzzle], Some(1)).unwrap();
        let page = &book.pages[2];
        let turned = page
            .marks
            .iter()
            .filter(|m| matches!(m, Mark::Text { turned: true, .. }))
            .count();
        assert!(turned > 20, "{turned} turned clues");
        let (w, h) = Paper::A4.size();
        let (mut top, mut bottom) = (f32::MAX, 0.0f32);
        for mark in &page.marks {
            let b = mark.bounds();
            assert!(
                b.0 >= layout::SAFE - 0.6 && b.2 <= w - layout::SAFE + 0.6,
                "{mark:?}"
            );
            assert!(
                b.1 >= layout::SAFE - 0.6 && b.3 <= h - layout::SAFE + 0.6,
                "{mark:?}"
            );
            top = top.min(b.1);
            bottom = bottom.max(b.3);
        }
        // Turned, the board's 30 columns run down the page and fill most of it.
        assert!(
            bottom - top > 0.8 * (h - 2.0 * layout::SAFE),
            "{top}..{bottom}"
        );
    }
}
