//! A page of marks as a greyscale PNG, for one puzzle (or its solution)
//! sent to a magazine that takes images: the marks the PDF and the SVG
//! draw, filled as polygons (strokes as their outlines, text as the
//! embedded font's glyph outlines) with anti-aliased edges.

use crate::font::FONT;
use crate::layout::{Anchor, Mark, Page};
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};

/// Sub-scanlines a pixel row is sampled at (vertical anti-aliasing).
const SUBSAMPLES: usize = 4;
/// Segments a quarter of a curve is flattened into.
const CURVE_STEPS: usize = 8;

/// A closed polygon in pixels.
type Contour = Vec<(f32, f32)>;

/// A greyscale canvas, white to start, one byte a pixel, row by row.
struct Canvas {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Canvas {
    /// Fills the area the contours enclose (non-zero winding) with `grey`,
    /// each pixel blended by the share of it covered.
    fn fill(&mut self, contours: &[Contour], grey: u8) {
        let edges: Vec<((f32, f32), (f32, f32))> = contours
            .iter()
            .flat_map(|c| {
                c.iter()
                    .zip(c.iter().cycle().skip(1))
                    .map(|(a, b)| (*a, *b))
            })
            .filter(|(a, b)| a.1 != b.1)
            .collect();
        let Some(top) = edges.iter().map(|e| e.0 .1.min(e.1 .1)).reduce(f32::min) else {
            return;
        };
        let bottom = edges.iter().map(|e| e.0 .1.max(e.1 .1)).fold(top, f32::max);
        let first = (top.floor().max(0.0)) as usize;
        let last = (bottom.ceil().max(0.0) as usize).min(self.height);
        let mut coverage = vec![0.0f32; self.width + 1];
        let mut crossings: Vec<(f32, i32)> = Vec::new();
        for row in first..last {
            coverage.iter_mut().for_each(|c| *c = 0.0);
            for sub in 0..SUBSAMPLES {
                let y = row as f32 + (sub as f32 + 0.5) / SUBSAMPLES as f32;
                crossings.clear();
                for &((x0, y0), (x1, y1)) in &edges {
                    let (lo, hi) = if y0 < y1 { (y0, y1) } else { (y1, y0) };
                    if y >= lo && y < hi {
                        let x = x0 + (y - y0) / (y1 - y0) * (x1 - x0);
                        crossings.push((x, if y1 > y0 { 1 } else { -1 }));
                    }
                }
                crossings.sort_by(|a, b| a.0.total_cmp(&b.0));
                let mut winding = 0;
                for pair in crossings.windows(2) {
                    winding += pair[0].1;
                    if winding != 0 {
                        self.span(&mut coverage, pair[0].0, pair[1].0);
                    }
                }
            }
            let line = &mut self.pixels[row * self.width..(row + 1) * self.width];
            for (pixel, &c) in line.iter_mut().zip(&coverage) {
                let a = (c / SUBSAMPLES as f32).clamp(0.0, 1.0);
                *pixel = (f32::from(*pixel) * (1.0 - a) + f32::from(grey) * a).round() as u8;
            }
        }
    }

    /// Adds the horizontal span `[x0, x1)` of one sub-scanline to the
    /// row's coverage, partial pixels at its ends by their share.
    fn span(&self, coverage: &mut [f32], x0: f32, x1: f32) {
        let (x0, x1) = (
            x0.clamp(0.0, self.width as f32),
            x1.clamp(0.0, self.width as f32),
        );
        if x1 <= x0 {
            return;
        }
        let (a, b) = (x0.floor() as usize, x1.floor() as usize);
        if a == b {
            coverage[a] += x1 - x0;
            return;
        }
        coverage[a] += (a + 1) as f32 - x0;
        for c in &mut coverage[a + 1..b] {
            *c += 1.0;
        }
        coverage[b] += x1 - b as f32;
    }
}

/// A rectangle as a contour, clockwise or (reversed) as a hole.
fn rect(x: f32, y: f32, w: f32, h: f32, hole: bool) -> Contour {
    let mut c = vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
    if hole {
        c.reverse();
    }
    c
}

/// A circle as a polygon, reversed as a hole.
fn circle(cx: f32, cy: f32, r: f32, hole: bool) -> Contour {
    let n = 4 * CURVE_STEPS * 2;
    let mut c: Contour = (0..n)
        .map(|i| {
            let t = i as f32 / n as f32 * std::f32::consts::TAU;
            (cx + r * t.cos(), cy + r * t.sin())
        })
        .collect();
    if hole {
        c.reverse();
    }
    c
}

/// Collects a glyph's outline as contours in pixels: font units at the
/// text's size, y up, placed at `origin` and scaled by `scale`.
struct GlyphPen {
    origin: (f32, f32),
    scale: f32,
    contours: Vec<Contour>,
    at: (f32, f32),
}

impl GlyphPen {
    fn point(&self, x: f32, y: f32) -> (f32, f32) {
        (
            (self.origin.0 + x) * self.scale,
            (self.origin.1 - y) * self.scale,
        )
    }

    fn push(&mut self, x: f32, y: f32) {
        let p = self.point(x, y);
        if let Some(c) = self.contours.last_mut() {
            c.push(p);
        }
        self.at = (x, y);
    }
}

impl OutlinePen for GlyphPen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.contours.push(Vec::new());
        self.push(x, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.push(x, y);
    }

    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        let (x0, y0) = self.at;
        for i in 1..=CURVE_STEPS {
            let t = i as f32 / CURVE_STEPS as f32;
            let u = 1.0 - t;
            self.push(
                u * u * x0 + 2.0 * u * t * cx + t * t * x,
                u * u * y0 + 2.0 * u * t * cy + t * t * y,
            );
        }
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        let (x0, y0) = self.at;
        for i in 1..=CURVE_STEPS {
            let t = i as f32 / CURVE_STEPS as f32;
            let u = 1.0 - t;
            let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            self.push(
                a * x0 + b * cx0 + c * cx1 + d * x,
                a * y0 + b * cy0 + c * cy1 + d * y,
            );
        }
    }

    fn close(&mut self) {}
}

/// Draws `page` onto a canvas of `width` × `height` points at `dpi`.
fn render(page: &Page, width: f32, height: f32, dpi: f32) -> Canvas {
    let s = dpi / 72.0;
    let (w, h) = ((width * s).ceil() as usize, (height * s).ceil() as usize);
    let mut canvas = Canvas {
        width: w,
        height: h,
        pixels: vec![255; w * h],
    };
    // The font is part of the binary (see crate::font).
    let font = FontRef::new(FONT).expect("the embedded DejaVu Sans parses");
    let charmap = font.charmap();
    let outlines = font.outline_glyphs();
    for mark in &page.marks {
        match mark {
            Mark::Line { from, to, width } => {
                let (dx, dy) = (to.0 - from.0, to.1 - from.1);
                let len = (dx * dx + dy * dy).sqrt().max(1e-6);
                let (nx, ny) = (-dy / len * width / 2.0, dx / len * width / 2.0);
                let quad = vec![
                    ((from.0 + nx) * s, (from.1 + ny) * s),
                    ((to.0 + nx) * s, (to.1 + ny) * s),
                    ((to.0 - nx) * s, (to.1 - ny) * s),
                    ((from.0 - nx) * s, (from.1 - ny) * s),
                ];
                canvas.fill(&[quad], 0);
            }
            Mark::Rect {
                x,
                y,
                w,
                h,
                fill,
                stroke,
            } => {
                if let Some(grey) = fill {
                    canvas.fill(&[rect(x * s, y * s, w * s, h * s, false)], *grey);
                }
                if let Some(t) = stroke {
                    let outer = rect(
                        (x - t / 2.0) * s,
                        (y - t / 2.0) * s,
                        (w + t) * s,
                        (h + t) * s,
                        false,
                    );
                    let inner = rect(
                        (x + t / 2.0) * s,
                        (y + t / 2.0) * s,
                        (w - t) * s,
                        (h - t) * s,
                        true,
                    );
                    canvas.fill(&[outer, inner], 0);
                }
            }
            Mark::Circle { cx, cy, r, width } => {
                let outer = circle(cx * s, cy * s, (r + width / 2.0) * s, false);
                let inner = circle(cx * s, cy * s, (r - width / 2.0).max(0.0) * s, true);
                canvas.fill(&[outer, inner], 0);
            }
            Mark::Text {
                x,
                y,
                size,
                text,
                anchor,
                turned,
            } => {
                // Glyphs are placed along the run from its anchor, then the
                // run is turned about the anchor when the mark is.
                let mut pen_x = match anchor {
                    Anchor::Start => *x,
                    Anchor::Middle => x - crate::font::text_width(text, *size) / 2.0,
                };
                let mut contours = Vec::new();
                for c in text.chars() {
                    let id = charmap.map(c).unwrap_or_default();
                    if let Some(glyph) = outlines.get(id) {
                        let mut pen = GlyphPen {
                            origin: (pen_x, *y),
                            scale: s,
                            contours: Vec::new(),
                            at: (0.0, 0.0),
                        };
                        let settings =
                            DrawSettings::unhinted(Size::new(*size), LocationRef::default());
                        if glyph.draw(settings, &mut pen).is_ok() {
                            contours.extend(pen.contours);
                        }
                    }
                    pen_x += crate::font::text_width(&c.to_string(), *size);
                }
                if *turned {
                    let (ax, ay) = (x * s, y * s);
                    for point in contours.iter_mut().flatten() {
                        let (dx, dy) = (point.0 - ax, point.1 - ay);
                        *point = (ax + dy, ay - dx);
                    }
                }
                canvas.fill(&contours, 0);
            }
        }
    }
    canvas
}

/// Writes `page` (`width` × `height` points) as a greyscale PNG at `dpi`.
pub fn write_png(page: &Page, width: f32, height: f32, dpi: f32) -> Vec<u8> {
    use std::io::Write;
    let canvas = render(page, width, height, dpi);
    let mut raw = Vec::with_capacity((canvas.width + 1) * canvas.height);
    for row in canvas.pixels.chunks(canvas.width) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = z.write_all(&raw);
    let data = z.finish().unwrap_or_default();
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend((canvas.width as u32).to_be_bytes());
    header.extend((canvas.height as u32).to_be_bytes());
    header.extend([8, 0, 0, 0, 0]); // 8-bit greyscale, no interlace
    chunk(&mut png, b"IHDR", &header);
    let per_metre = (dpi / 0.0254).round() as u32;
    let mut phys = Vec::new();
    phys.extend(per_metre.to_be_bytes());
    phys.extend(per_metre.to_be_bytes());
    phys.push(1);
    chunk(&mut png, b"pHYs", &phys);
    chunk(&mut png, b"IDAT", &data);
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend((data.len() as u32).to_be_bytes());
    png.extend(kind);
    png.extend(data);
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    png.extend(crc.sum().to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn marks_are_filled_where_they_are_and_nowhere_else() {
        let page = Page {
            marks: vec![
                Mark::Rect {
                    x: 10.0,
                    y: 10.0,
                    w: 20.0,
                    h: 20.0,
                    fill: Some(0),
                    stroke: None,
                },
                Mark::Rect {
                    x: 40.0,
                    y: 10.0,
                    w: 20.0,
                    h: 20.0,
                    fill: None,
                    stroke: Some(2.0),
                },
                Mark::text(10.0, 60.0, 20.0, "8", Anchor::Start),
            ],
        };
        let c = render(&page, 72.0, 72.0, 72.0);
        let at = |x: usize, y: usize| c.pixels[y * c.width + x];
        assert_eq!((c.width, c.height), (72, 72));
        assert_eq!(at(20, 20), 0, "inside the filled square");
        assert_eq!(at(5, 5), 255, "outside everything");
        assert_eq!(at(40, 20), 0, "on the outline");
        assert_eq!(at(50, 20), 255, "inside the outline");
        // Half a pixel covered is half grey.
        let half = Page {
            marks: vec![Mark::Rect {
                x: 0.0,
                y: 0.0,
                w: 1.5,
                h: 1.0,
                fill: Some(0),
                stroke: None,
            }],
        };
        let c2 = render(&half, 4.0, 4.0, 72.0);
        assert!((126..=129).contains(&c2.pixels[1]), "{}", c2.pixels[1]);
        // The digit 8 has two holes: dark ink around white counters.
        let ink = (45..60)
            .flat_map(|y| (10..22).map(move |x| (x, y)))
            .filter(|&(x, y)| at(x, y) < 128)
            .count();
        assert!(ink > 20 && ink < 150, "{ink}");
        // The PNG holds those pixels.
        let png = write_png(&page, 72.0, 72.0, 72.0);
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        let idat = png.windows(4).position(|w| w == b"IDAT").unwrap();
        let len = u32::from_be_bytes(png[idat - 4..idat].try_into().unwrap()) as usize;
        let mut raw = Vec::new();
        flate2::read::ZlibDecoder::new(&png[idat + 4..idat + 4 + len])
            .read_to_end(&mut raw)
            .unwrap();
        assert_eq!(raw.len(), 73 * 72);
        assert_eq!(raw[20 * 73 + 1 + 20], 0);
        assert_eq!(raw[5 * 73 + 1 + 5], 255);
    }
}
