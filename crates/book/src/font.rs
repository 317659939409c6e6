//! The book's one font, DejaVu Sans, and its measures: the layout places
//! text by the advances, ascent and descent the PDF is set with, and refuses
//! text holding characters the font has no glyph for.

use skrifa::instance::{LocationRef, Size};
use skrifa::metrics::{GlyphMetrics, Metrics};
use skrifa::{FontRef, MetadataProvider};
use std::sync::OnceLock;

/// DejaVu Sans (Debian's fonts-dejavu-core; licence in `fonts/`), embedded
/// in the binary and subset into each PDF.
pub const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// The font's measures in ems, read once.
struct Measures {
    font: FontRef<'static>,
    /// Top of the line box above the baseline, in ems.
    ascent: f32,
    /// Bottom of the line box below the baseline, in ems (positive).
    descent: f32,
}

fn measures() -> &'static Measures {
    static MEASURES: OnceLock<Measures> = OnceLock::new();
    MEASURES.get_or_init(|| {
        // The font is part of the binary and read in every test: a font that
        // does not parse is a build defect, not an input.
        let font = FontRef::new(FONT).expect("the embedded DejaVu Sans parses");
        let metrics = Metrics::new(&font, Size::unscaled(), LocationRef::default());
        let em = f32::from(metrics.units_per_em);
        Measures {
            font,
            ascent: metrics.ascent / em,
            descent: -metrics.descent / em,
        }
    })
}

/// How far a line of text at `size` reaches above its baseline.
pub fn ascent(size: f32) -> f32 {
    measures().ascent * size
}

/// How far a line of text at `size` reaches below its baseline.
pub fn descent(size: f32) -> f32 {
    measures().descent * size
}

/// The advance width of `text` set at `size` (a character the font lacks
/// counts as its missing-glyph box, which [`missing`] refuses earlier).
pub fn text_width(text: &str, size: f32) -> f32 {
    let m = measures();
    let charmap = m.font.charmap();
    let glyphs = GlyphMetrics::new(&m.font, Size::new(size), LocationRef::default());
    text.chars()
        .map(|c| {
            let id = charmap.map(c).unwrap_or_default();
            glyphs.advance_width(id).unwrap_or(0.0)
        })
        .sum()
}

/// The characters of `text` the font has no glyph for, each once, in order.
pub fn missing(text: &str) -> Vec<char> {
    let charmap = measures().font.charmap();
    let mut lacking: Vec<char> = Vec::new();
    for c in text.chars() {
        if charmap.map(c).is_none() && !lacking.contains(&c) {
            lacking.push(c);
        }
    }
    lacking
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_and_glyphs_come_from_the_font() {
        // DejaVu Sans's digits are 1303/2048 em wide, its space 651/2048.
        assert!((text_width("45", 10.0) - 2.0 * 1303.0 / 2048.0 * 10.0).abs() < 0.01);
        assert!((text_width(" ", 2048.0) - 651.0).abs() < 0.5);
        assert!(ascent(10.0) > 7.0 && ascent(10.0) < 10.0);
        assert!(descent(10.0) > 1.0 && descent(10.0) < 3.0);
        assert!(missing("Kakuro · 15×15 ♛ Ñandú").is_empty());
        assert_eq!(missing("Книга 数独 数"), vec!['数', '独']);
    }
}
