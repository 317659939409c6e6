//! A page of marks as SVG, for one puzzle (or its solution) sent to a
//! magazine: the same marks the PDF draws, text in DejaVu Sans.

use crate::layout::{Anchor, Mark, Page};
use std::fmt::Write;

/// Writes `page` as an SVG document of `width` × `height` points.
pub fn write_svg(page: &Page, width: f32, height: f32) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.2}pt" height="{height:.2}pt" viewBox="0 0 {width:.2} {height:.2}">"##
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width:.2}" height="{height:.2}" fill="white"/>"##
    );
    for mark in &page.marks {
        let _ = match mark {
            Mark::Line { from, to, width } => writeln!(
                out,
                r##"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="black" stroke-width="{width:.2}"/>"##,
                from.0, from.1, to.0, to.1
            ),
            Mark::Rect {
                x,
                y,
                w,
                h,
                fill,
                stroke,
            } => {
                let fill = fill.map_or("none".to_string(), |g| format!("#{g:02x}{g:02x}{g:02x}"));
                let stroke = stroke.map_or(String::new(), |s| {
                    format!(r##" stroke="black" stroke-width="{s:.2}""##)
                });
                writeln!(
                    out,
                    r##"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" fill="{fill}"{stroke}/>"##
                )
            }
            Mark::Circle { cx, cy, r, width } => writeln!(
                out,
                r##"<circle cx="{cx:.2}" cy="{cy:.2}" r="{r:.2}" fill="none" stroke="black" stroke-width="{width:.2}"/>"##
            ),
            Mark::Text {
                x,
                y,
                size,
                text,
                anchor,
                turned,
            } => {
                let anchor = match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "middle",
                };
                let turn = if *turned {
                    format!(r##" transform="rotate(-90 {x:.2} {y:.2})""##)
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    r##"<text x="{x:.2}" y="{y:.2}" font-family="DejaVu Sans, sans-serif" font-size="{size:.2}" text-anchor="{anchor}"{turn}>{}</text>"##,
                    escape(text)
                )
            }
        };
    }
    out.push_str("</svg>\n");
    out
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
