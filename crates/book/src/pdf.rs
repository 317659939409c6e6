//! The one call into the PDF library: a [`Book`] to PDF bytes with krilla.

use crate::font::FONT;
use crate::layout::{Anchor, Book, Mark, OutlineEntry};
use crate::{BookError, Sheet};
use krilla::color::luma;
use krilla::destination::XyzDestination;
use krilla::geom::{PathBuilder, Point, Rect, Transform};
use krilla::metadata::Metadata;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document;

/// Bézier handle length of a quarter circle, as a share of the radius.
const KAPPA: f32 = 0.552_284_8;

/// Length of a crop mark, in points.
const CROP_MARK: f32 = 15.0;

/// Writes `book` as PDF bytes: one page per [`crate::Page`] on the book's
/// sheet (MediaBox the sheet, TrimBox the trim, BleedBox the trim and its
/// bleed, crop marks when asked), text in the embedded font, the outline,
/// no creation date and an id from the content, so the same book gives the
/// same bytes.
pub fn write_pdf(book: &Book) -> Result<Vec<u8>, BookError> {
    let font = Font::new(FONT.into(), 0)
        .ok_or_else(|| BookError::Pdf("the embedded font cannot be read".into()))?;
    let sheet = book.sheet;
    let (media_w, media_h) = sheet.media();
    let (trim_w, trim_h) = sheet.paper.size();
    let (off, bleed) = (sheet.offset(), sheet.bleed_width());
    let bad = || BookError::Pdf("bad paper size".into());
    let trim_box = Rect::from_xywh(off, off, trim_w, trim_h).ok_or_else(bad)?;
    let bleed_box = Rect::from_xywh(
        off - bleed,
        off - bleed,
        trim_w + 2.0 * bleed,
        trim_h + 2.0 * bleed,
    )
    .ok_or_else(bad)?;
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(book.title.clone())
            .creator("gridforge".into()),
    );
    for page in &book.pages {
        let settings = PageSettings::from_wh(media_w, media_h)
            .ok_or_else(bad)?
            .with_trim_box(Some(trim_box))
            .with_bleed_box(Some(bleed_box));
        let mut pdf_page = document.start_page_with(settings);
        let mut surface = pdf_page.surface();
        if sheet.crop_marks {
            for mark in crop_marks(sheet) {
                draw(&mut surface, &font, &mark);
            }
        }
        surface.push_transform(&Transform::from_translate(off, off));
        for mark in &page.marks {
            draw(&mut surface, &font, mark);
        }
        surface.pop();
        surface.finish();
        pdf_page.finish();
    }
    let mut outline = Outline::new();
    for entry in &book.outline {
        outline.push_child(node(entry, off));
    }
    document.set_outline(outline);
    document
        .finish()
        .map_err(|err| BookError::Pdf(format!("{err:?}")))
}

/// A bookmark and those under it, pointing at its page and height.
fn node(entry: &OutlineEntry, off: f32) -> OutlineNode {
    let at = XyzDestination::new(entry.page, Point::from_xy(0.0, entry.y + off));
    let mut node = OutlineNode::new(entry.title.clone(), at);
    for child in &entry.children {
        node.push_child(self::node(child, off));
    }
    node
}

/// The crop marks of a sheet in sheet coordinates: at each corner of the
/// trim, a line along each of its edges, outside the bleed.
fn crop_marks(sheet: Sheet) -> Vec<Mark> {
    let (w, h) = sheet.paper.size();
    let off = sheet.offset();
    // Marks start 3 pt beyond the bleed so they never print on the page.
    let start = sheet.bleed_width() + 3.0;
    let mut marks = Vec::new();
    for x in [off, off + w] {
        for (y, out) in [(off, -1.0), (off + h, 1.0)] {
            marks.push(Mark::Line {
                from: (x, y + out * start),
                to: (x, y + out * (start + CROP_MARK)),
                width: 0.25,
            });
        }
    }
    for y in [off, off + h] {
        for (x, out) in [(off, -1.0), (off + w, 1.0)] {
            marks.push(Mark::Line {
                from: (x + out * start, y),
                to: (x + out * (start + CROP_MARK), y),
                width: 0.25,
            });
        }
    }
    marks
}

fn black_stroke(width: f32) -> Stroke {
    Stroke {
        paint: luma::Color::black().into(),
        width,
        ..Stroke::default()
    }
}

fn grey_fill(grey: u8) -> Fill {
    Fill {
        paint: luma::Color::new(grey).into(),
        ..Fill::default()
    }
}

fn draw(surface: &mut Surface<'_>, font: &Font, mark: &Mark) {
    match mark {
        Mark::Line { from, to, width } => {
            let mut path = PathBuilder::new();
            path.move_to(from.0, from.1);
            path.line_to(to.0, to.1);
            if let Some(path) = path.finish() {
                surface.set_fill(None);
                surface.set_stroke(Some(black_stroke(*width)));
                surface.draw_path(&path);
            }
        }
        Mark::Rect {
            x,
            y,
            w,
            h,
            fill,
            stroke,
        } => {
            let Some(rect) = Rect::from_xywh(*x, *y, *w, *h) else {
                return;
            };
            let mut path = PathBuilder::new();
            path.push_rect(rect);
            if let Some(path) = path.finish() {
                surface.set_fill(fill.map(grey_fill));
                surface.set_stroke(stroke.map(black_stroke));
                surface.draw_path(&path);
            }
        }
        Mark::Circle { cx, cy, r, width } => {
            let (cx, cy, r) = (*cx, *cy, *r);
            let k = r * KAPPA;
            let mut path = PathBuilder::new();
            path.move_to(cx + r, cy);
            path.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
            path.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
            path.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
            path.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
            path.close();
            if let Some(path) = path.finish() {
                surface.set_fill(None);
                surface.set_stroke(Some(black_stroke(*width)));
                surface.draw_path(&path);
            }
        }
        Mark::Text {
            x,
            y,
            size,
            text,
            anchor,
            turned,
        } => {
            let start = match anchor {
                Anchor::Start => 0.0,
                Anchor::Middle => -crate::font::text_width(text, *size) / 2.0,
            };
            // The run is set at the origin of a frame whose x axis runs
            // along it: to the right, or up the page when turned.
            let frame = if *turned {
                Transform::from_row(0.0, -1.0, 1.0, 0.0, *x, *y)
            } else {
                Transform::from_translate(*x, *y)
            };
            surface.set_stroke(None);
            surface.set_fill(Some(grey_fill(0)));
            surface.push_transform(&frame);
            surface.draw_text(
                Point::from_xy(start, 0.0),
                font.clone(),
                *size,
                text,
                false,
                TextDirection::Auto,
            );
            surface.pop();
        }
    }
}
