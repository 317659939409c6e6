//! The one call into the PDF library: a [`Book`] to PDF bytes with krilla.

use crate::layout::{Anchor, Book, Mark};
use crate::BookError;
use krilla::color::luma;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document;

/// DejaVu Sans (Debian's fonts-dejavu-core; licence in `fonts/`), embedded
/// in the binary and subset into each PDF.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// Bézier handle length of a quarter circle, as a share of the radius.
const KAPPA: f32 = 0.552_284_8;

/// Writes `book` as PDF bytes: one page per [`crate::Page`], text in the
/// embedded font, no creation date and an id from the content, so the same
/// book gives the same bytes.
pub fn write_pdf(book: &Book) -> Result<Vec<u8>, BookError> {
    let font = Font::new(FONT.into(), 0)
        .ok_or_else(|| BookError::Pdf("the embedded font cannot be read".into()))?;
    let (width, height) = book.paper.size();
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(book.title.clone())
            .creator("gridforge".into()),
    );
    for page in &book.pages {
        let settings = PageSettings::from_wh(width, height)
            .ok_or_else(|| BookError::Pdf("bad paper size".into()))?;
        let mut pdf_page = document.start_page_with(settings);
        let mut surface = pdf_page.surface();
        for mark in &page.marks {
            draw(&mut surface, &font, mark);
        }
        surface.finish();
        pdf_page.finish();
    }
    document
        .finish()
        .map_err(|err| BookError::Pdf(format!("{err:?}")))
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
        } => {
            let left = match anchor {
                Anchor::Start => *x,
                Anchor::Middle => x - crate::layout::text_width(text, *size) / 2.0,
            };
            surface.set_stroke(None);
            surface.set_fill(Some(grey_fill(0)));
            surface.draw_text(
                Point::from_xy(left, *y),
                font.clone(),
                *size,
                text,
                false,
                TextDirection::Auto,
            );
        }
    }
}
