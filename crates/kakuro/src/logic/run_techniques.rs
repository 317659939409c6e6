//! The per-run techniques, Single to RunCompletion: each looks at one run
//! and the candidates of its cells, and narrows them.

use super::engine::{Broken, Engine};
use super::others_extremes;
use crate::digits::combo_masks;
use crate::model::{sum_bound, Holder, Model, RunData, RunView};

impl Engine {
    fn view(&self, run: &RunData) -> Result<RunView, Broken> {
        run.view(&self.masks).ok_or(Broken)
    }

    /// Narrows every open cell of the run to `mask`.
    fn narrow_open(&mut self, model: &Model, view: &RunView, mask: u16) -> Result<bool, Broken> {
        let mut changed = false;
        for &cell in view.open() {
            changed |= self.narrow(model, cell, mask)?;
        }
        Ok(changed)
    }

    /// [`RunView::fitting_sets`]; no fitting set is a contradiction.
    fn fitting_sets(&self, view: &RunView) -> Result<(u16, u16), Broken> {
        view.fitting_sets(&self.masks).ok_or(Broken)
    }

    pub(super) fn single(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.placed == 0 || view.count == 0 {
            return Ok(false);
        }
        self.narrow_open(model, &view, !view.placed)
    }

    pub(super) fn run_digits(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let union = combo_masks(view.rest, view.count)
            .iter()
            .filter(|&&combo| combo & view.placed == 0)
            .fold(0, |union, &combo| union | combo);
        self.narrow_open(model, &view, union)
    }

    pub(super) fn fitting(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let (union, _) = self.fitting_sets(&view)?;
        self.narrow_open(model, &view, union)
    }

    pub(super) fn required_digit(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let (_, required) = self.fitting_sets(&view)?;
        self.place_required(model, &view, required)
    }

    /// [`Engine::fitting`] and then [`Engine::required_digit`], from one
    /// reading of the run (the Medium level of [`super::Granularity::Level`]):
    /// the required digits are those of the fitting sets before the cells
    /// were narrowed to their union, which that narrowing does not change
    /// (every fitting set lies inside the union). A cell the narrowing
    /// placed leaves its run queued, so the next reading sees it.
    pub(super) fn fitting_and_required(
        &mut self,
        model: &Model,
        run: &RunData,
    ) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let (union, required) = self.fitting_sets(&view)?;
        let narrowed = self.narrow_open(model, &view, union)?;
        Ok(self.place_required(model, &view, required)? || narrowed)
    }

    /// Places each digit of `required` in the only open cell of `view` that
    /// can take it; a required digit no open cell takes breaks the run.
    fn place_required(
        &mut self,
        model: &Model,
        view: &RunView,
        mut required: u16,
    ) -> Result<bool, Broken> {
        let mut changed = false;
        while required != 0 {
            let bit = required & required.wrapping_neg();
            required &= required - 1;
            match view.holder(&self.masks, bit) {
                Holder::Nobody => return Err(Broken),
                Holder::One(cell) => changed |= self.narrow(model, cell, bit)?,
                Holder::Several => {}
            }
        }
        Ok(changed)
    }

    pub(super) fn sum_bounds(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count < 2 {
            return Ok(false);
        }
        let mut changed = false;
        for i in 0..view.count {
            let (least, most) = others_extremes(&self.masks, view.open(), i).ok_or(Broken)?;
            let range = sum_bound(view.rest, least, most).ok_or(Broken)?;
            changed |= self.narrow(model, view.open[i], range)?;
        }
        Ok(changed)
    }

    pub(super) fn subset(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count < 3 {
            return Ok(false);
        }
        let full = (1u16 << view.count) - 1;
        let mut changed = false;
        for chosen in 1..full {
            let size = chosen.count_ones();
            if size < 2 {
                continue;
            }
            let mut union = 0u16;
            for (j, &cell) in view.open().iter().enumerate() {
                if chosen & (1 << j) != 0 {
                    union |= self.masks[cell as usize];
                }
            }
            match union.count_ones().cmp(&size) {
                std::cmp::Ordering::Less => return Err(Broken),
                std::cmp::Ordering::Greater => continue,
                std::cmp::Ordering::Equal => {}
            }
            for (j, &cell) in view.open().iter().enumerate() {
                if chosen & (1 << j) == 0 {
                    changed |= self.narrow(model, cell, !union)?;
                }
            }
        }
        Ok(changed)
    }

    pub(super) fn run_completion(&mut self, model: &Model, run: &RunData) -> Result<bool, Broken> {
        let view = self.view(run)?;
        if view.count == 0 {
            return Ok(false);
        }
        let mut cell_masks = [0u16; 9];
        for (i, &cell) in view.open().iter().enumerate() {
            cell_masks[i] = self.masks[cell as usize];
        }
        let cells = &cell_masks[..view.count];
        let support = self.completions.support(cells, view.rest, view.placed);
        let mut changed = false;
        for (i, &cell) in view.open().iter().enumerate() {
            changed |= self.narrow(model, cell, support[i])?;
        }
        Ok(changed)
    }
}
