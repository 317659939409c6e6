//! [`Technique::RegionSum`](super::Technique::RegionSum) applied by the
//! [`Engine`]: each region of the layout ([`super::region`]) narrows its
//! innies and outies to the digits some filling of the region allows. Kept
//! apart from `region.rs`, which knows regions but not the engine, so that
//! the engine depends on the regions and not the other way round.

use super::engine::{Broken, Engine};
use super::region::{find_regions, region_support};
use crate::digits::is_single;
use crate::model::Model;

impl Engine {
    /// [`Technique::RegionSum`](super::Technique::RegionSum): the first region
    /// whose innies and outies lose a candidate (its index), `None` when no
    /// region changes anything, or the first run of a region that cannot be
    /// met.
    pub(super) fn region_sums(&mut self, model: &Model) -> Result<Option<usize>, u32> {
        let regions = self.regions.take().unwrap_or_else(|| find_regions(model));
        let mut found = Ok(None);
        for (index, region) in regions.iter().enumerate() {
            self.nodes += 1;
            if self.out_of_budget() {
                break;
            }
            let plus: i32 = region
                .plus_runs
                .iter()
                .map(|&r| model.runs[r as usize].sum as i32)
                .sum();
            let minus: i32 = region
                .minus_runs
                .iter()
                .map(|&r| model.runs[r as usize].sum as i32)
                .sum();
            let cells: Vec<(u16, i32)> = region
                .plus_cells
                .iter()
                .map(|&c| (c, 1))
                .chain(region.minus_cells.iter().map(|&c| (c, -1)))
                .collect();
            if cells
                .iter()
                .all(|&(c, _)| is_single(self.masks[c as usize]))
            {
                continue;
            }
            let masks: Vec<u16> = cells.iter().map(|&(c, _)| self.masks[c as usize]).collect();
            let support = region_support(model, &cells, &masks, plus - minus);
            let first_run = region.plus_runs[0];
            let mut changed = false;
            for (i, &(cell, _)) in cells.iter().enumerate() {
                match self.narrow(model, cell, support[i]) {
                    Ok(c) => changed |= c,
                    Err(Broken) => {
                        found = Err(first_run);
                        break;
                    }
                }
            }
            if found.is_err() {
                break;
            }
            if changed {
                found = Ok(Some(index));
                break;
            }
        }
        self.regions = Some(regions);
        found
    }
}
