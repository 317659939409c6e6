//! `census --plot FILE.svg`: levels and time per rectangle, drawn with
//! plotters' SVG backend (no font or image libraries needed).

use anyhow::Context;
use gridforge_triplex::RectangleCensus;
use plotters::prelude::*;
use std::path::Path;

/// Draws two panels sharing the rectangle's area as x axis: levels per
/// rectangle (log scale; rectangles without levels are left out) above, the
/// census time per rectangle in milliseconds (log scale) below. Each point is
/// one rectangle; the line joins them in census order (area, then height).
pub fn write(path: &Path, set_name: &str, results: &[RectangleCensus]) -> anyhow::Result<()> {
    draw(path, set_name, results)
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("cannot draw the plot {}", path.display()))
}

fn draw(
    path: &Path,
    set_name: &str,
    results: &[RectangleCensus],
) -> Result<(), Box<dyn std::error::Error>> {
    let reports: Vec<_> = results.iter().map(|(_, r)| r).collect();
    let areas = reports.iter().map(|r| (r.width * r.height) as f64);
    let x_min = areas.clone().fold(f64::INFINITY, f64::min).min(4.0) - 1.0;
    let x_max = areas.fold(0.0, f64::max) + 1.0;
    let levels: Vec<(f64, f64)> = reports
        .iter()
        .filter(|r| r.levels > 0)
        .map(|r| ((r.width * r.height) as f64, r.levels as f64))
        .collect();
    let times: Vec<(f64, f64)> = reports
        .iter()
        .map(|r| {
            (
                (r.width * r.height) as f64,
                (r.elapsed.as_secs_f64() * 1000.0).max(0.01),
            )
        })
        .collect();
    let root = SVGBackend::new(path, (1000, 760)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(
        &format!("gridforge triplex census --pieces {set_name}"),
        ("sans-serif", 22),
    )?;
    let (upper, lower) = root.split_vertically(360);
    let x = x_min..x_max;
    panel(
        &upper,
        x.clone(),
        &levels,
        "levels per rectangle",
        "levels",
        BLUE,
    )?;
    panel(
        &lower,
        x,
        &times,
        "census time per rectangle (ms)",
        "time (ms)",
        RED,
    )?;
    root.present()?;
    Ok(())
}

/// One panel: `points` (area, value) on a log scale, joined in census order.
fn panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    x: std::ops::Range<f64>,
    points: &[(f64, f64)],
    y_desc: &str,
    label: &str,
    colour: RGBColor,
) -> Result<(), Box<dyn std::error::Error>> {
    let values = points.iter().map(|p| p.1);
    let top = values.clone().fold(1.0, f64::max) * 2.0;
    let bottom = values.fold(1.0, f64::min) / 2.0;
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(x, (bottom..top).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("rectangle area (cells)")
        .y_desc(y_desc)
        .draw()?;
    chart
        .draw_series(LineSeries::new(points.iter().copied(), &colour))?
        .label(label)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}
