//! The page model every game draws into (marks in points, top-left origin,
//! y downwards, as the PDF writer takes them) and the slot layout that puts
//! several boards on a page.

use crate::Paper;

/// A grey level from 0 (black) to 255 (white).
pub type Grey = u8;

/// Where a text run's x coordinate sits on the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// x is the run's left end.
    Start,
    /// x is the run's middle.
    Middle,
}

/// One thing drawn on a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A straight black line.
    Line {
        /// Start point.
        from: (f32, f32),
        /// End point.
        to: (f32, f32),
        /// Stroke width.
        width: f32,
    },
    /// A rectangle, filled and/or outlined in black.
    Rect {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// Fill grey, if filled.
        fill: Option<Grey>,
        /// Outline width, if outlined.
        stroke: Option<f32>,
    },
    /// A black circle outline.
    Circle {
        /// Centre x.
        cx: f32,
        /// Centre y.
        cy: f32,
        /// Radius.
        r: f32,
        /// Stroke width.
        width: f32,
    },
    /// One line of black text.
    Text {
        /// Anchor x (see `anchor`).
        x: f32,
        /// Baseline y.
        y: f32,
        /// Font size.
        size: f32,
        /// The text.
        text: String,
        /// What x is.
        anchor: Anchor,
    },
}

impl Mark {
    /// A text run.
    pub fn text(x: f32, y: f32, size: f32, text: impl Into<String>, anchor: Anchor) -> Mark {
        Mark::Text {
            x,
            y,
            size,
            text: text.into(),
            anchor,
        }
    }
}

/// One page: its marks in drawing order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// What is drawn, first to last.
    pub marks: Vec<Mark>,
}

/// A laid-out book: the paper and its pages, ready for [`crate::write_pdf`].
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    /// The paper size of every page.
    pub paper: Paper,
    /// The document title (PDF metadata and title page).
    pub title: String,
    /// The pages, title page first.
    pub pages: Vec<Page>,
}

/// Page margin on every side, in points (about 17 mm).
pub const MARGIN: f32 = 48.0;
/// Font size of a page heading ("Solutions").
pub const HEADING_SIZE: f32 = 14.0;
/// Space a page heading takes above the slots.
const HEADING_SPACE: f32 = 30.0;
/// Space between two slots.
const GAP: f32 = 18.0;

/// The width of `text` set at `size` in the book's font (DejaVu Sans): its
/// advances for digits, spaces and the clue separator, an average for the
/// rest (captions are left-aligned, so only centred lines use it).
pub fn text_width(text: &str, size: f32) -> f32 {
    let em: f32 = text
        .chars()
        .map(|c| match c {
            '0'..='9' => 1303.0 / 2048.0,
            ' ' => 651.0 / 2048.0,
            '\\' => 690.0 / 2048.0,
            '·' | '.' | ',' => 651.0 / 2048.0,
            _ => 0.6,
        })
        .sum();
    em * size
}

/// What a section of boards asks of the slot layout: every board's size in
/// cells (the largest), the lines of caption under it, and the pitch (points
/// per cell) allowed.
#[derive(Clone, Copy, Debug)]
pub struct SlotSpec {
    /// Widest board, in cells.
    pub cols: f32,
    /// Tallest board, in cells.
    pub rows: f32,
    /// Height of the caption under each board, in points.
    pub caption: f32,
    /// Smallest pitch that is still legible; below it fewer boards go on a page.
    pub min_pitch: f32,
    /// Largest pitch worth using.
    pub max_pitch: f32,
}

/// Where one board goes: its page in the section, its slot's top-left corner,
/// the slot's width and the pitch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    /// Index of the page within the section.
    pub page: usize,
    /// Left of the slot.
    pub x: f32,
    /// Top of the slot.
    pub y: f32,
    /// Width of the slot (boards are centred in it).
    pub width: f32,
    /// Points per cell.
    pub pitch: f32,
}

/// The grid of slots of a section: as many boards a page as fit at the
/// minimum pitch (at most 4 across and 6 down), then the largest pitch that
/// holds that many. A board too big for a page at the minimum pitch gets a
/// page of its own at whatever pitch fits.
pub fn slots(paper: Paper, spec: SlotSpec, count: usize) -> Vec<Slot> {
    let (page_w, page_h) = paper.size();
    let avail_w = page_w - 2.0 * MARGIN;
    let avail_h = page_h - 2.0 * MARGIN - HEADING_SPACE;
    let pitch_for = |across: usize, down: usize| {
        let slot_w = (avail_w - GAP * (across as f32 - 1.0)) / across as f32;
        let slot_h = (avail_h - GAP * (down as f32 - 1.0)) / down as f32 - spec.caption;
        (slot_w / spec.cols)
            .min(slot_h / spec.rows)
            .min(spec.max_pitch)
    };
    let mut best = (1, 1, pitch_for(1, 1));
    for across in 1..=4 {
        for down in 1..=6 {
            let pitch = pitch_for(across, down);
            let better = across * down > best.0 * best.1
                || (across * down == best.0 * best.1 && pitch > best.2);
            if pitch >= spec.min_pitch && better {
                best = (across, down, pitch);
            }
        }
    }
    let (across, down, pitch) = best;
    let slot_w = (avail_w - GAP * (across as f32 - 1.0)) / across as f32;
    let slot_h = spec.rows * pitch + spec.caption;
    // Rows of slots spread over the page's height.
    let spare = (avail_h - slot_h * down as f32).max(0.0) / down as f32;
    (0..count)
        .map(|i| {
            let on_page = i % (across * down);
            let (row, col) = (on_page / across, on_page % across);
            Slot {
                page: i / (across * down),
                x: MARGIN + col as f32 * (slot_w + GAP),
                y: MARGIN + HEADING_SPACE + row as f32 * (slot_h + spare.min(GAP * 2.0) + GAP),
                width: slot_w,
                pitch,
            }
        })
        .collect()
}

/// A page with `heading` at its top (empty for none).
pub fn page_with_heading(heading: &str) -> Page {
    let mut page = Page::default();
    if !heading.is_empty() {
        page.marks.push(Mark::text(
            MARGIN,
            MARGIN + HEADING_SIZE,
            HEADING_SIZE,
            heading,
            Anchor::Start,
        ));
    }
    page
}

/// The title page: the title, the lines under it, centred.
pub fn title_page(paper: Paper, title: &str, lines: &[String]) -> Page {
    let (page_w, page_h) = paper.size();
    let mut page = Page::default();
    let mut y = page_h * 0.35;
    page.marks
        .push(Mark::text(page_w / 2.0, y, 26.0, title, Anchor::Middle));
    y += 40.0;
    for line in lines
        .iter()
        .flat_map(|line| wrap(line, 12.0, page_w - 2.0 * MARGIN))
    {
        page.marks
            .push(Mark::text(page_w / 2.0, y, 12.0, line, Anchor::Middle));
        y += 20.0;
    }
    page
}

/// A whole book: the title page (`title`, `lines` and, when there are
/// solutions, the page they start on), the puzzles' pages, the solutions'.
pub fn assemble(
    paper: Paper,
    title: &str,
    mut lines: Vec<String>,
    puzzles: Vec<Page>,
    solutions: Vec<Page>,
) -> Book {
    if !solutions.is_empty() {
        lines.push(format!("Solutions from page {}", 2 + puzzles.len()));
    }
    let mut pages = vec![title_page(paper, title, &lines)];
    pages.extend(puzzles);
    pages.extend(solutions);
    Book {
        paper,
        title: title.to_string(),
        pages,
    }
}

/// `text` broken at spaces into lines no wider than `width` at `size`.
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), size) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Lays out a section: `count` boards in slots under `heading` on as many
/// pages as they need; `draw(i, slot, page)` draws board i into its slot.
pub fn section(
    paper: Paper,
    heading: &str,
    spec: SlotSpec,
    count: usize,
    mut draw: impl FnMut(usize, &Slot, &mut Page),
) -> Vec<Page> {
    let mut pages: Vec<Page> = Vec::new();
    for (i, slot) in slots(paper, spec, count).iter().enumerate() {
        while pages.len() <= slot.page {
            pages.push(page_with_heading(heading));
        }
        draw(i, slot, &mut pages[slot.page]);
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(cells: f32) -> SlotSpec {
        SlotSpec {
            cols: cells,
            rows: cells,
            caption: 16.0,
            min_pitch: 20.0,
            max_pitch: 28.0,
        }
    }

    #[test]
    fn long_title_page_lines_are_broken_to_fit() {
        let line = "Write a digit 1 to 9 in every white cell: each run adds up to its clue";
        let lines = wrap(line, 12.0, 200.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, 12.0) <= 200.0));
        assert_eq!(lines.join(" "), line);
        assert_eq!(wrap("short", 12.0, 200.0), vec!["short"]);
    }

    #[test]
    fn small_boards_share_a_page_and_large_ones_get_one_each() {
        let small = slots(Paper::A4, spec(10.0), 9);
        assert!(small.iter().filter(|s| s.page == 0).count() >= 4);
        assert!(small.iter().all(|s| s.pitch >= 20.0));
        let large = slots(Paper::A4, spec(30.0), 3);
        assert_eq!(
            large.iter().map(|s| s.page).collect::<Vec<_>>(),
            vec![0, 1, 2]
        );
        // Every slot lies inside the margins.
        for s in small.iter().chain(&large) {
            assert!(s.x >= MARGIN && s.x + s.width <= Paper::A4.size().0 - MARGIN + 0.01);
        }
    }
}
