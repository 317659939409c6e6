//! [`Technique::Contradiction`]: a candidate is tried with the techniques up
//! to region sums, and removed when a run then breaks; and the replay of
//! such a trial that a hint shows.

use super::engine::{Broken, Engine, EngineEnd, Focus, Granularity, Trace};
use super::Technique;
use crate::digits::is_single;
use crate::model::Model;

impl Engine {
    /// [`Technique::Contradiction`]: tries each candidate of each open cell
    /// (cells with fewest candidates first) with the techniques up to region
    /// sums; the first candidate that breaks a run is removed. `None` when no
    /// candidate breaks anything. At most one trial per candidate, each a
    /// bounded solve, so the step is bounded.
    pub(super) fn contradiction(&mut self, model: &Model) -> Result<Option<Focus>, u32> {
        let mut trial = self.trial.take().unwrap_or_else(|| {
            let mut engine = Box::new(Engine::new(model));
            engine.regions = self.regions.clone();
            engine
        });
        let mut order: Vec<u16> = (0..self.masks.len() as u16)
            .filter(|&c| !is_single(self.masks[c as usize]))
            .collect();
        order.sort_by_key(|&c| self.masks[c as usize].count_ones());
        let mut start = self.masks.clone();
        let mut found = None;
        'cells: for &cell in &order {
            let mask = self.masks[cell as usize];
            let mut rest = mask;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= rest - 1;
                start[cell as usize] = bit;
                self.nodes += 1;
                trial.nodes = 0;
                trial.budget = self.budget.saturating_sub(self.nodes);
                let end = trial.run_from(
                    model,
                    &start,
                    model.cell_runs[cell as usize].into_iter(),
                    Technique::RegionSum,
                    Granularity::Level,
                );
                self.nodes += trial.nodes;
                if let EngineEnd::Contradiction(broken) = end {
                    found = Some((cell, bit, broken));
                    break 'cells;
                }
                if self.out_of_budget() {
                    break 'cells;
                }
            }
            start[cell as usize] = mask;
        }
        self.trial = Some(trial);
        let Some((cell, bit, broken)) = found else {
            return Ok(None);
        };
        match self.narrow(model, cell, !bit) {
            Ok(_) => Ok(Some(Focus::Trial {
                cell,
                digit: bit.trailing_zeros() as u8,
                broken,
            })),
            Err(Broken) => Err(broken),
        }
    }

    /// Runs a contradiction's trial again, from `start` (the tried digit
    /// already in `cell`), with a trace that goes on past placements: how
    /// the digit leads to the run that breaks (for hints). The same trial
    /// as [`Technique::Contradiction`]'s: its techniques, its regions.
    pub(crate) fn replay_trial(
        &self,
        model: &Model,
        start: &[u16],
        cell: u16,
    ) -> (EngineEnd, Trace) {
        let mut trial = Engine::new(model);
        trial.regions = self.regions.clone();
        trial.budget = self.budget;
        trial.trace = Some(Box::new(Trace {
            keep_going: true,
            ..Trace::default()
        }));
        let end = trial.run_from(
            model,
            start,
            model.cell_runs[cell as usize].into_iter(),
            Technique::RegionSum,
            Granularity::Level,
        );
        (end, *trial.trace.take().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Direction};
    use crate::logic::rate;
    use crate::logic::region::find_regions;

    /// Contradiction, worked example: in `3 3 / 4 6 / 3 7` (a+b = 3,
    /// c+d = 7, a+c = 4, b+d = 6), try a = 1: nothing breaks (it is the
    /// solution). Try a = 2: the across 3 leaves b = 1, the down 4 leaves
    /// c = 2, the same digit twice in one down run, so 2 is removed from a.
    #[test]
    fn contradiction_worked_example() {
        let board: Board = "3 3\n- 4, 6,\n,3 0 0\n,7 0 0".parse().unwrap();
        let model = Model::from_board(&board);
        let mut engine = Engine::new(&model);
        engine.masks = vec![crate::digits::ALL_DIGITS; 4];
        engine.regions = Some(find_regions(&model));
        engine.trace = Some(Box::default());
        let focus = engine.contradiction(&model).unwrap().unwrap();
        let Focus::Trial {
            cell,
            digit,
            broken,
        } = focus
        else {
            panic!("{focus:?}")
        };
        assert_eq!((cell, digit), (0, 2));
        assert_eq!(model.runs[broken as usize].direction, Direction::Down);
        assert_eq!(engine.masks[0], crate::digits::ALL_DIGITS & !(1 << 2));
        // Rated: the easy techniques solve it, so it never needs a trial.
        assert_eq!(rate(&board).steps_with(Technique::Contradiction), 0);
    }
}
