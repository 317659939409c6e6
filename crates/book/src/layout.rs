//! The page model every game draws into (marks in points, top-left origin of
//! the trim box, y downwards) and the layout that cannot lose anything:
//! each board with its caption is measured as a box at the section's pitch,
//! boxes are packed into rows and rows into pages inside the type area (the
//! safe area less the heading and the page number), so every mark lies in
//! the safe area by construction. Page numbers, the front matter and the
//! outline are added when the sections are assembled into a [`Book`].

use crate::font::{ascent, descent, missing, text_width};
use crate::{BookError, Sheet};

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
        /// Set bottom to top (turned a quarter counter-clockwise about its
        /// anchor), in a board turned to fit its page.
        turned: bool,
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
            turned: false,
        }
    }

    /// The mark turned a quarter counter-clockwise within a drawing `width`
    /// wide whose top-left corner is the origin: `(x, y)` goes to
    /// `(y, width - x)`, so the drawing's top edge becomes its left edge.
    pub fn turned(&self, width: f32) -> Mark {
        let turn = |(x, y): (f32, f32)| (y, width - x);
        match self.clone() {
            Mark::Line { from, to, width } => Mark::Line {
                from: turn(from),
                to: turn(to),
                width,
            },
            Mark::Rect {
                x,
                y,
                w,
                h,
                fill,
                stroke,
            } => Mark::Rect {
                x: y,
                y: width - x - w,
                w: h,
                h: w,
                fill,
                stroke,
            },
            Mark::Circle {
                cx,
                cy,
                r,
                width: stroke,
            } => {
                let (cx, cy) = turn((cx, cy));
                Mark::Circle {
                    cx,
                    cy,
                    r,
                    width: stroke,
                }
            }
            Mark::Text {
                x,
                y,
                size,
                text,
                anchor,
                ..
            } => {
                let (x, y) = turn((x, y));
                Mark::Text {
                    x,
                    y,
                    size,
                    text,
                    anchor,
                    turned: true,
                }
            }
        }
    }

    /// The mark moved by `(dx, dy)`.
    pub fn moved(mut self, dx: f32, dy: f32) -> Mark {
        match &mut self {
            Mark::Line { from, to, .. } => {
                *from = (from.0 + dx, from.1 + dy);
                *to = (to.0 + dx, to.1 + dy);
            }
            Mark::Rect { x, y, .. } | Mark::Text { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
            Mark::Circle { cx, cy, .. } => {
                *cx += dx;
                *cy += dy;
            }
        }
        self
    }

    /// The box the mark covers, `(left, top, right, bottom)`: strokes by
    /// half their width, text by its advances, ascent and descent.
    pub fn bounds(&self) -> (f32, f32, f32, f32) {
        match self {
            Mark::Line { from, to, width } => (
                from.0.min(to.0) - width / 2.0,
                from.1.min(to.1) - width / 2.0,
                from.0.max(to.0) + width / 2.0,
                from.1.max(to.1) + width / 2.0,
            ),
            Mark::Rect {
                x, y, w, h, stroke, ..
            } => {
                let s = stroke.unwrap_or(0.0) / 2.0;
                (x - s, y - s, x + w + s, y + h + s)
            }
            Mark::Circle { cx, cy, r, width } => {
                let r = r + width / 2.0;
                (cx - r, cy - r, cx + r, cy + r)
            }
            Mark::Text {
                x,
                y,
                size,
                text,
                anchor,
                turned,
            } => {
                let w = text_width(text, *size);
                let start = match anchor {
                    Anchor::Start => 0.0,
                    Anchor::Middle => -w / 2.0,
                };
                if *turned {
                    // The run goes up from its anchor; its ascent is on the left.
                    (
                        x - ascent(*size),
                        y - start - w,
                        x + descent(*size),
                        y - start,
                    )
                } else {
                    (
                        x + start,
                        y - ascent(*size),
                        x + start + w,
                        y + descent(*size),
                    )
                }
            }
        }
    }
}

/// One page: its marks in drawing order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// What is drawn, first to last.
    pub marks: Vec<Mark>,
}

/// A bookmark of the PDF outline: its text, the page (from 0) and height it
/// opens at, and the bookmarks under it.
#[derive(Clone, Debug, PartialEq)]
pub struct OutlineEntry {
    /// What the reader's sidebar shows.
    pub title: String,
    /// Index of the page, from 0.
    pub page: usize,
    /// Top of what it points at, in trim coordinates.
    pub y: f32,
    /// Bookmarks under this one.
    pub children: Vec<OutlineEntry>,
}

/// A laid-out book: the sheet and its pages, ready for [`crate::write_pdf`].
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    /// The trim size, bleed and crop marks of every page.
    pub sheet: Sheet,
    /// The document title (PDF metadata and title page).
    pub title: String,
    /// The pages, title page first.
    pub pages: Vec<Page>,
    /// The PDF outline: one bookmark a section, one under it a board.
    pub outline: Vec<OutlineEntry>,
}

/// The safe margin inside the trim on every side, in points (3/8 in, 9.5 mm):
/// nothing is drawn nearer the cut.
pub const SAFE: f32 = 27.0;
/// Font size of a page heading ("Solutions").
pub const HEADING_SIZE: f32 = 14.0;
/// Font size of the page numbers.
pub const FOLIO_SIZE: f32 = 9.0;
/// Space between two boxes, across and down.
pub const GAP: f32 = 18.0;
/// Font size of the title.
const TITLE_SIZE: f32 = 26.0;
/// Font size of the subtitle.
const SUBTITLE_SIZE: f32 = 16.0;
/// Font size of the title page's other lines.
const LINE_SIZE: f32 = 12.0;
/// Font size of the colophon.
const COLOPHON_SIZE: f32 = 8.0;
/// Lines a title (or subtitle) may wrap to; a longer one is refused.
const MAX_TITLE_LINES: usize = 3;

/// Height of a line of text at `size`, ascent to descent.
fn line_height(size: f32) -> f32 {
    ascent(size) + descent(size)
}

/// The band a heading takes at the top of the type area.
fn heading_band() -> f32 {
    line_height(HEADING_SIZE) + 10.0
}

/// The band the page number takes at the bottom of the safe area.
fn folio_band() -> f32 {
    line_height(FOLIO_SIZE) + 8.0
}

/// The type area of a page with or without a heading: `(x, y, w, h)` in
/// trim coordinates, inside the safe area, above the page number.
pub fn type_area(sheet: Sheet, heading: bool) -> (f32, f32, f32, f32) {
    let (w, h) = sheet.paper.size();
    let top = SAFE + if heading { heading_band() } else { 0.0 };
    (SAFE, top, w - 2.0 * SAFE, h - SAFE - folio_band() - top)
}

/// One board of a section as the layout sees it: its size in cells at the
/// section's pitch, the caption under it, and its bookmark's text.
#[derive(Clone, Debug)]
pub struct BoardSpec {
    /// Width in cells (the drawing's, labels and trays included).
    pub cols: f32,
    /// Height in cells.
    pub rows: f32,
    /// The line under the board ("No. 3 · hard · 12×12").
    pub caption: String,
    /// The bookmark's text.
    pub outline: String,
}

/// What a section asks of the layout.
#[derive(Clone, Debug)]
pub struct SectionSpec {
    /// The bookmark of the whole section ("Puzzles").
    pub name: String,
    /// The heading on each of its pages (empty for none).
    pub heading: String,
    /// Font size of the captions.
    pub caption_size: f32,
    /// Smallest pitch (points a cell) at which the boards' text stays at or
    /// above `min_text`.
    pub min_pitch: f32,
    /// Largest pitch worth using.
    pub max_pitch: f32,
    /// The smallest text size in the boards, stated in errors.
    pub min_text: f32,
    /// Boards a page asked for (`--per-page`); `None` for as many as fit.
    pub per_page: Option<usize>,
}

/// A laid-out section: its pages and where each board went.
#[derive(Clone, Debug)]
pub struct Section {
    /// The section's bookmark.
    pub name: String,
    /// The heading its pages carry (empty for none).
    pub heading: String,
    /// The pages.
    pub pages: Vec<Page>,
    /// Per board: bookmark text, page within the section, top of its box.
    pub entries: Vec<(String, usize, f32)>,
    /// The pitch every board of the section is drawn at.
    pub pitch: f32,
    /// Whether its boards are turned a quarter counter-clockwise.
    pub turned: bool,
}

/// Most boards across, and down, the default layout puts on a page.
const MOST_ACROSS: usize = 4;
const MOST_DOWN: usize = 6;

/// The gap between a board and its caption.
fn caption_gap(size: f32) -> f32 {
    size * 0.5
}

/// The height a caption takes under its board.
fn caption_height(size: f32) -> f32 {
    caption_gap(size) + line_height(size)
}

/// The box of `board` at `pitch` (turned a quarter when `turned`): its
/// width and height with the caption, which is never turned.
fn measure(board: &BoardSpec, spec: &SectionSpec, pitch: f32, turned: bool) -> (f32, f32) {
    let (cols, rows) = if turned {
        (board.rows, board.cols)
    } else {
        (board.cols, board.rows)
    };
    (
        (cols * pitch).max(text_width(&board.caption, spec.caption_size)) + 2.0 * INK,
        rows * pitch + caption_height(spec.caption_size) + 2.0 * INK,
    )
}

/// Room kept around a board's cells inside its box for the half of an
/// outline's stroke that lies outside them (the thickest, Triplex's, is
/// 2.4 pt).
const INK: f32 = 1.5;

/// How much larger a lone board must get by being turned for the layout to
/// turn it (readers turn the book for it).
const TURN_GAIN: f32 = 1.15;

/// The pitch of a section and whether its boards are turned: for
/// `--per-page n` the largest pitch that fits `n` boards in some grid, for
/// the default the largest grid (at most [`MOST_ACROSS`] × [`MOST_DOWN`])
/// that fits at the minimum pitch and then its largest pitch. A section of
/// one board a page turns its boards a quarter when that makes them
/// [`TURN_GAIN`] larger (a wide board on a tall page), or when only turned
/// they fit. Errors when the largest board does not fit a page alone, or
/// `n` do not fit legibly.
fn choose_pitch(
    sheet: Sheet,
    spec: &SectionSpec,
    boards: &[BoardSpec],
) -> Result<(f32, bool), BookError> {
    let (_, _, area_w, area_h) = type_area(sheet, !spec.heading.is_empty());
    let cols = boards.iter().map(|b| b.cols).fold(0.0, f32::max);
    let rows = boards.iter().map(|b| b.rows).fold(0.0, f32::max);
    let caption_w = boards
        .iter()
        .map(|b| text_width(&b.caption, spec.caption_size))
        .fold(0.0, f32::max);
    let pitch_for = |across: usize, down: usize, turned: bool| -> f32 {
        let (cols, rows) = if turned { (rows, cols) } else { (cols, rows) };
        let slot_w = (area_w - GAP * (across as f32 - 1.0)) / across as f32 - 2.0 * INK;
        let slot_h = (area_h - GAP * (down as f32 - 1.0)) / down as f32
            - caption_height(spec.caption_size)
            - 2.0 * INK;
        if caption_w > slot_w || slot_h <= 0.0 {
            return 0.0;
        }
        (slot_w / cols).min(slot_h / rows).min(spec.max_pitch)
    };
    let grids = || (1..=8).flat_map(|a| (1..=10).map(move |d| (a, d)));
    let (straight, turned) = (pitch_for(1, 1, false), pitch_for(1, 1, true));
    if straight < spec.min_pitch && turned < spec.min_pitch {
        let largest = boards
            .iter()
            .max_by(|a, b| (a.cols * a.rows).total_cmp(&(b.cols * b.rows)))
            .ok_or(BookError::Empty)?;
        let (need, need_h) = measure(largest, spec, spec.min_pitch, false);
        return Err(BookError::TooLarge {
            what: largest.outline.clone(),
            paper: sheet.paper.name(),
            min_text: spec.min_text,
            need,
            need_h,
            have: area_w,
            have_h: area_h,
        });
    }
    let (count, pitch) = match spec.per_page {
        Some(n) => {
            let best = grids()
                .filter(|&(a, d)| a * d >= n)
                .map(|(a, d)| pitch_for(a, d, false))
                .fold(0.0, f32::max);
            if best < spec.min_pitch && n > 1 {
                let most = grids()
                    .filter(|&(a, d)| pitch_for(a, d, false) >= spec.min_pitch)
                    .map(|(a, d)| a * d)
                    .max()
                    .unwrap_or(1);
                return Err(BookError::TooManyPerPage {
                    asked: n,
                    most,
                    paper: sheet.paper.name(),
                });
            }
            (n, best)
        }
        None => grids()
            .filter(|&(a, d)| a <= MOST_ACROSS && d <= MOST_DOWN)
            .map(|(a, d)| (a * d, pitch_for(a, d, false)))
            .filter(|&(_, p)| p >= spec.min_pitch)
            .fold((1, straight), |best, this| {
                if this.0 > best.0 || (this.0 == best.0 && this.1 > best.1) {
                    this
                } else {
                    best
                }
            }),
    };
    if count == 1 && (pitch < spec.min_pitch || turned > pitch * TURN_GAIN) {
        return Ok((turned, true));
    }
    Ok((pitch, false))
}

/// A row of boxes on a page: the boards' indices, the row's width and height.
#[derive(Default)]
struct Row {
    items: Vec<usize>,
    w: f32,
    h: f32,
}

/// Lays out a section: every board measured at one pitch, packed left to
/// right into rows and rows into pages (a page closes when the next box
/// would pass its type area, or at `--per-page`); each row centred with its
/// boxes spread evenly, rows from the top. `draw(i, x, y, pitch, page)`
/// draws board i with its top-left corner at `(x, y)`; the layout sets the
/// caption under it.
pub fn section(
    sheet: Sheet,
    spec: &SectionSpec,
    boards: &[BoardSpec],
    mut draw: impl FnMut(usize, f32, f32, f32, &mut Page),
) -> Result<Section, BookError> {
    if boards.is_empty() {
        return Err(BookError::Empty);
    }
    let (pitch, turned) = choose_pitch(sheet, spec, boards)?;
    let (area_x, area_y, area_w, area_h) = type_area(sheet, !spec.heading.is_empty());
    let cap = spec.per_page.unwrap_or(usize::MAX);
    let sizes: Vec<(f32, f32)> = boards
        .iter()
        .map(|b| measure(b, spec, pitch, turned))
        .collect();
    let mut pages: Vec<Vec<Row>> = vec![Vec::new()];
    for (i, &(w, h)) in sizes.iter().enumerate() {
        let rows = pages.last().map_or(&[][..], |p| &p[..]);
        let on_page: usize = rows.iter().map(|r| r.items.len()).sum();
        let used: f32 =
            rows.iter().map(|r| r.h).sum::<f32>() + GAP * rows.len().saturating_sub(1) as f32;
        let new_row = rows.last().is_none_or(|r| r.w + GAP + w > area_w);
        let height_after = match rows.last() {
            None => h,
            Some(_) if new_row => used + GAP + h,
            Some(last) => used - last.h + last.h.max(h),
        };
        if on_page > 0 && (on_page >= cap || height_after > area_h) {
            pages.push(Vec::new());
        }
        let page = pages.last_mut().expect("one page at least");
        if page.is_empty() || new_row || page.last().is_some_and(|r| r.w + GAP + w > area_w) {
            page.push(Row::default());
        }
        let row = page.last_mut().expect("a row was just made");
        row.w += if row.items.is_empty() { w } else { GAP + w };
        row.h = row.h.max(h);
        row.items.push(i);
    }
    let mut out = Section {
        name: spec.name.clone(),
        heading: spec.heading.clone(),
        pages: Vec::new(),
        entries: vec![(String::new(), 0, 0.0); boards.len()],
        pitch,
        turned,
    };
    for (page_index, rows) in pages.iter().enumerate() {
        let mut page = page_with_heading(&spec.heading);
        let used: f32 = rows.iter().map(|r| r.h).sum::<f32>() + GAP * (rows.len() as f32 - 1.0);
        let spread = ((area_h - used) / rows.len() as f32).clamp(0.0, 2.0 * GAP);
        let mut y = area_y;
        for row in rows {
            let spare = (area_w - row.w) / (row.items.len() as f32 + 1.0);
            let mut x = area_x + spare;
            for &i in &row.items {
                let board = &boards[i];
                // The board inside its box, clear of the box by INK.
                let (bx, by) = (x + INK, y + INK);
                let drawn_h = if turned {
                    // Drawn at the origin, then turned and moved into place.
                    let mut scratch = Page::default();
                    draw(i, 0.0, 0.0, pitch, &mut scratch);
                    let width = board.cols * pitch;
                    page.marks
                        .extend(scratch.marks.iter().map(|m| m.turned(width).moved(bx, by)));
                    board.cols * pitch
                } else {
                    draw(i, bx, by, pitch, &mut page);
                    board.rows * pitch
                };
                page.marks.push(Mark::text(
                    bx,
                    by + drawn_h + caption_gap(spec.caption_size) + ascent(spec.caption_size),
                    spec.caption_size,
                    board.caption.clone(),
                    Anchor::Start,
                ));
                out.entries[i] = (board.outline.clone(), page_index, y);
                x += sizes[i].0 + GAP + spare;
            }
            y += row.h + GAP + spread;
        }
        out.pages.push(page);
    }
    Ok(out)
}

/// One board alone on a page of its own size (`margin` around it), drawn
/// by `draw` at `pitch` with its caption: the picture a magazine takes.
/// Returns the page and its width and height.
pub fn single(
    board: &BoardSpec,
    spec: &SectionSpec,
    pitch: f32,
    margin: f32,
    draw: impl FnOnce(f32, f32, f32, &mut Page),
) -> (Page, f32, f32) {
    let (w, h) = measure(board, spec, pitch, false);
    let mut page = Page::default();
    draw(margin, margin, pitch, &mut page);
    page.marks.push(Mark::text(
        margin,
        margin + board.rows * pitch + caption_gap(spec.caption_size) + ascent(spec.caption_size),
        spec.caption_size,
        board.caption.clone(),
        Anchor::Start,
    ));
    (page, w + 2.0 * margin, h + 2.0 * margin)
}

/// A page with `heading` at the top of its safe area (empty for none).
fn page_with_heading(heading: &str) -> Page {
    let mut page = Page::default();
    if !heading.is_empty() {
        page.marks.push(Mark::text(
            SAFE,
            SAFE + ascent(HEADING_SIZE),
            HEADING_SIZE,
            heading,
            Anchor::Start,
        ));
    }
    page
}

/// What the first pages say: the title (wrapped to at most three lines),
/// an optional subtitle, lines about the puzzles (how many, the rules), and
/// the colophon on the next page (the command and seed that rebuild the
/// book, which the title page does not show).
#[derive(Clone, Debug, Default)]
pub struct FrontMatter {
    /// The title.
    pub title: String,
    /// The line under it, if any.
    pub subtitle: Option<String>,
    /// Lines under the title: what the book holds, how to play.
    pub lines: Vec<String>,
    /// The colophon's lines.
    pub colophon: Vec<String>,
}

impl FrontMatter {
    /// Refuses a title or subtitle the font cannot set (naming the
    /// characters) or that does not fit the title page of `sheet`; the CLI
    /// calls this before making any puzzle.
    pub fn check(&self, sheet: Sheet) -> Result<(), BookError> {
        self.title_lines(sheet).map(|_| ())
    }

    /// The title page's lines with their sizes, wrapped to the safe width.
    fn title_lines(&self, sheet: Sheet) -> Result<Vec<(String, f32)>, BookError> {
        let (w, _) = sheet.paper.size();
        let width = w - 2.0 * SAFE;
        let mut out = Vec::new();
        let fixed = [
            ("title", Some(&self.title), TITLE_SIZE),
            ("subtitle", self.subtitle.as_ref(), SUBTITLE_SIZE),
        ];
        for (what, text, size) in fixed {
            let Some(text) = text else { continue };
            let lacking = missing(text);
            if !lacking.is_empty() {
                let chars: Vec<String> = lacking
                    .iter()
                    .map(|c| format!("{c:?} (U+{:04X})", u32::from(*c)))
                    .collect();
                return Err(BookError::MissingGlyphs {
                    what,
                    chars: chars.join(", "),
                });
            }
            if text.trim().is_empty() {
                return Err(BookError::TitleTooLong {
                    what,
                    why: "it is empty".into(),
                });
            }
            let lines = wrap(text.trim(), size, width);
            if let Some(word) = lines.iter().find(|l| text_width(l, size) > width) {
                return Err(BookError::TitleTooLong {
                    what,
                    why: format!(
                        "the word {:?} is wider than the page at {size} pt",
                        gridforge_game::excerpt(word)
                    ),
                });
            }
            if lines.len() > MAX_TITLE_LINES {
                return Err(BookError::TitleTooLong {
                    what,
                    why: format!(
                        "it takes {} lines at {size} pt, {MAX_TITLE_LINES} at most",
                        lines.len()
                    ),
                });
            }
            out.extend(lines.into_iter().map(|l| (l, size)));
        }
        for line in &self.lines {
            out.extend(
                wrap_breaking(line, LINE_SIZE, width)
                    .into_iter()
                    .map(|l| (l, LINE_SIZE)),
            );
        }
        Ok(out)
    }
}

/// The title page: title, subtitle and lines centred from a third down.
fn title_page(sheet: Sheet, front: &FrontMatter, more: &[String]) -> Result<Page, BookError> {
    let (w, h) = sheet.paper.size();
    let mut front = front.clone();
    front.lines.extend(more.iter().cloned());
    let lines = front.title_lines(sheet)?;
    let mut page = Page::default();
    let mut y = h * 0.3;
    let mut previous = None;
    for (text, size) in lines {
        // A blank line's worth between the title, subtitle and the rest.
        y += match previous {
            None => ascent(size),
            Some(p) if p == size => size * 1.3,
            Some(_) => size * 2.2,
        };
        previous = Some(size);
        page.marks
            .push(Mark::text(w / 2.0, y, size, text, Anchor::Middle));
    }
    if y > h - SAFE - folio_band() {
        return Err(BookError::TitleTooLong {
            what: "title page",
            why: "the title, subtitle and lines run past the page".into(),
        });
    }
    Ok(page)
}

/// The colophon page: its lines set small at the foot of the type area.
fn colophon_page(sheet: Sheet, front: &FrontMatter) -> Page {
    let (w, h) = sheet.paper.size();
    let lines: Vec<String> = front
        .colophon
        .iter()
        .flat_map(|l| wrap_breaking(l, COLOPHON_SIZE, w - 2.0 * SAFE))
        .collect();
    let step = COLOPHON_SIZE * 1.4;
    let bottom = h - SAFE - folio_band();
    let top = (bottom - step * lines.len() as f32).max(SAFE) + ascent(COLOPHON_SIZE);
    let mut page = Page::default();
    for (i, line) in lines.into_iter().enumerate() {
        page.marks.push(Mark::text(
            SAFE,
            top + i as f32 * step,
            COLOPHON_SIZE,
            line,
            Anchor::Start,
        ));
    }
    page
}

/// A whole book: the title page (with "… from page N" for every section
/// after the first, numbered as printed), the colophon, the sections; page
/// numbers on every page but the title page; a bookmark a section and a
/// board.
pub fn assemble(
    sheet: Sheet,
    front: &FrontMatter,
    sections: Vec<Section>,
) -> Result<Book, BookError> {
    const FRONT_PAGES: usize = 2;
    let mut first_pages = Vec::new();
    let mut next = FRONT_PAGES;
    for section in &sections {
        first_pages.push(next);
        next += section.pages.len();
    }
    let more: Vec<String> = sections
        .iter()
        .zip(&first_pages)
        .skip(1)
        .map(|(s, &first)| format!("{} from page {}", s.name, first + 1))
        .collect();
    let mut pages = vec![
        title_page(sheet, front, &more)?,
        colophon_page(sheet, front),
    ];
    let mut outline = Vec::new();
    for (section, first) in sections.into_iter().zip(first_pages) {
        outline.push(OutlineEntry {
            title: section.name,
            page: first,
            y: 0.0,
            children: section
                .entries
                .into_iter()
                .map(|(title, page, y)| OutlineEntry {
                    title,
                    page: first + page,
                    y,
                    children: Vec::new(),
                })
                .collect(),
        });
        pages.extend(section.pages);
    }
    let (w, h) = sheet.paper.size();
    for (i, page) in pages.iter_mut().enumerate().skip(1) {
        page.marks.push(Mark::text(
            w / 2.0,
            h - SAFE - descent(FOLIO_SIZE),
            FOLIO_SIZE,
            (i + 1).to_string(),
            Anchor::Middle,
        ));
    }
    Ok(Book {
        sheet,
        title: front.title.clone(),
        pages,
        outline,
    })
}

/// `text` broken at spaces into lines no wider than `width` at `size` (a
/// single word wider than that stays whole on its line).
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
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

/// [`wrap`], and a line still too wide (one long word: a path in a
/// command) broken between characters.
fn wrap_breaking(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut out = Vec::new();
    for line in wrap(text, size, width) {
        let mut piece = String::new();
        for c in line.chars() {
            piece.push(c);
            if text_width(&piece, size) > width {
                piece.pop();
                out.push(std::mem::take(&mut piece));
                piece.push(c);
            }
        }
        out.push(piece);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Paper;

    fn spec(per_page: Option<usize>) -> SectionSpec {
        SectionSpec {
            name: "Puzzles".into(),
            heading: String::new(),
            caption_size: 10.0,
            min_pitch: 20.0,
            max_pitch: 28.0,
            min_text: 6.8,
            per_page,
        }
    }

    fn boards(cells: f32, n: usize) -> Vec<BoardSpec> {
        (1..=n)
            .map(|i| BoardSpec {
                cols: cells,
                rows: cells,
                caption: format!("No. {i} · hard · {cells}×{cells}"),
                outline: format!("No. {i}"),
            })
            .collect()
    }

    /// Lays the boards out, drawing each as a rectangle of its cells.
    fn laid_out(
        sheet: Sheet,
        spec: &SectionSpec,
        boards: &[BoardSpec],
    ) -> Result<Section, BookError> {
        section(sheet, spec, boards, |i, x, y, p, page| {
            page.marks.push(Mark::Rect {
                x,
                y,
                w: boards[i].cols * p,
                h: boards[i].rows * p,
                fill: None,
                stroke: Some(1.0),
            })
        })
    }

    #[test]
    fn long_lines_are_broken_to_fit() {
        let line = "Write a digit 1 to 9 in every white cell: each run adds up to its clue";
        let lines = wrap(line, 12.0, 200.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, 12.0) <= 200.0));
        assert_eq!(lines.join(" "), line);
        assert_eq!(wrap("short", 12.0, 200.0), vec!["short"]);
        let path = "/a/very/long/path/that/has/no/space/in/it/at/all/book.pdf";
        let broken = wrap_breaking(path, 12.0, 60.0);
        assert!(broken.len() > 2 && broken.iter().all(|l| text_width(l, 12.0) <= 60.0));
        assert_eq!(broken.concat(), path);
    }

    #[test]
    fn every_box_lies_in_the_type_area_and_no_two_overlap() {
        for paper in Paper::ALL {
            let sheet = Sheet::plain(paper);
            let (ax, ay, aw, ah) = type_area(sheet, false);
            for (cells, n, per_page) in [
                (6.0, 50, None),
                (10.0, 13, None),
                (10.0, 7, Some(2)),
                (15.0, 5, Some(1)),
            ] {
                let boards = boards(cells, n);
                let Ok(laid) = laid_out(sheet, &spec(per_page), &boards) else {
                    continue;
                };
                assert!(laid.pitch >= 20.0);
                let mut count = 0;
                for page in &laid.pages {
                    let boxes: Vec<_> = page.marks.iter().map(Mark::bounds).collect();
                    for (i, b) in boxes.iter().enumerate() {
                        assert!(b.0 >= ax - 0.6 && b.1 >= ay - 0.6, "{paper:?} {b:?}");
                        assert!(
                            b.2 <= ax + aw + 0.6 && b.3 <= ay + ah + 0.6,
                            "{paper:?} {b:?}"
                        );
                        for c in &boxes[i + 1..] {
                            let apart = b.2 <= c.0 || c.2 <= b.0 || b.3 <= c.1 || c.3 <= b.1;
                            assert!(apart, "{paper:?}: {b:?} overlaps {c:?}");
                        }
                    }
                    count += page.marks.len() / 2;
                    if let Some(n) = per_page {
                        assert!(page.marks.len() / 2 <= n);
                    }
                }
                assert_eq!(count, n, "{paper:?}: every board is placed once");
            }
        }
    }

    #[test]
    fn boards_too_large_or_too_many_are_refused_by_name() {
        let sheet = Sheet::plain(Paper::Trade6x9);
        let err = laid_out(sheet, &spec(None), &boards(30.0, 1)).unwrap_err();
        assert!(
            err.to_string().contains("No. 1 does not fit a 6x9 page"),
            "{err}"
        );
        let err = laid_out(sheet, &spec(Some(6)), &boards(12.0, 6)).unwrap_err();
        assert!(
            matches!(err, BookError::TooManyPerPage { asked: 6, .. }),
            "{err}"
        );
    }

    #[test]
    fn titles_are_wrapped_or_refused() {
        let sheet = Sheet::plain(Paper::A5);
        let mut front = FrontMatter {
            title: "Kakuro for the long winter evenings by the fire".into(),
            ..FrontMatter::default()
        };
        let lines = front.title_lines(sheet).unwrap();
        assert!(lines.len() > 1 && lines.len() <= 3);
        front.title = "Kakuro ".repeat(30);
        assert!(matches!(
            front.check(sheet),
            Err(BookError::TitleTooLong { what: "title", .. })
        ));
        front.title = "Supercalifragilisticexpialidocious".into();
        assert!(front
            .check(sheet)
            .unwrap_err()
            .to_string()
            .contains("wider than the page"));
        front.title = "Sudoku 数独".into();
        let err = front.check(sheet).unwrap_err().to_string();
        assert!(
            err.contains("'数' (U+6570)") && err.contains("'独'"),
            "{err}"
        );
    }
}
