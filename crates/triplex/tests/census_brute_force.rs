//! The census against a plain, independent enumeration of every tiling, for
//! every rectangle up to area 20. Nothing here uses the library's tiling
//! table, symmetry code or piece model: only the census output is compared.

use gridforge_triplex::{census_rectangle, rectangles_up_to, CensusOptions, LevelRecord};
use std::collections::{BTreeSet, HashMap};

type Cells = Vec<(i32, i32)>;
type Counts = [u8; 8];

/// The eight shapes, as cells, in a fixed order of our own.
fn shapes() -> Vec<Cells> {
    vec![
        vec![(0, 0), (0, 1)],
        vec![(0, 0), (1, 0)],
        vec![(0, 0), (0, 1), (0, 2)],
        vec![(0, 0), (1, 0), (2, 0)],
        vec![(0, 0), (0, 1), (1, 0)],
        vec![(0, 0), (0, 1), (1, 1)],
        vec![(0, 0), (1, 0), (1, 1)],
        vec![(0, 1), (1, 0), (1, 1)],
    ]
}

fn normalise(cells: &[(i32, i32)]) -> Cells {
    let r0 = cells.iter().map(|c| c.0).min().unwrap();
    let c0 = cells.iter().map(|c| c.1).min().unwrap();
    let mut v: Cells = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    v.sort();
    v
}

fn shape_index(cells: &[(i32, i32)]) -> usize {
    let n = normalise(cells);
    shapes()
        .iter()
        .position(|s| *s == n)
        .expect("a Triplex shape")
}

/// A tiling: the shape index of each piece, and the piece id of each cell.
#[derive(Clone)]
struct Tiling {
    w: usize,
    h: usize,
    owner: Vec<usize>,
    kinds: Vec<usize>,
}

impl Tiling {
    fn counts(&self) -> Counts {
        let mut c = [0u8; 8];
        for &k in &self.kinds {
            c[k] += 1;
        }
        c
    }

    fn has_straight_cut(&self) -> bool {
        let at = |r: usize, c: usize| self.owner[r * self.w + c];
        (1..self.w).any(|x| (0..self.h).all(|y| at(y, x - 1) != at(y, x)))
            || (1..self.h).any(|y| (0..self.w).all(|x| at(y - 1, x) != at(y, x)))
    }

    /// The multisets of the tiling's images under the rectangle's symmetries.
    fn image_counts(&self) -> Vec<Counts> {
        let (w, h) = (self.w as i32, self.h as i32);
        // The four symmetries of any rectangle, then the four more of a square.
        let image = move |k: usize, r: i32, c: i32| match k {
            0 => (r, c),
            1 => (h - 1 - r, c),
            2 => (r, w - 1 - c),
            3 => (h - 1 - r, w - 1 - c),
            4 => (c, r),
            5 => (w - 1 - c, r),
            6 => (c, h - 1 - r),
            _ => (w - 1 - c, h - 1 - r),
        };
        let symmetries = if w == h { 8 } else { 4 };
        (0..symmetries)
            .map(|k| {
                let mut counts = [0u8; 8];
                for piece in 0..self.kinds.len() {
                    let cells: Cells = (0..self.owner.len())
                        .filter(|&i| self.owner[i] == piece)
                        .map(|i| image(k, (i / self.w) as i32, (i % self.w) as i32))
                        .collect();
                    counts[shape_index(&cells)] += 1;
                }
                counts
            })
            .collect()
    }

    fn canonical(&self) -> Counts {
        self.image_counts().into_iter().min().unwrap()
    }
}

/// Every tiling of w×h, grouped by multiset: (number of tilings, one tiling).
fn enumerate(w: usize, h: usize) -> HashMap<Counts, (usize, Tiling)> {
    let shapes = shapes();
    let mut all = HashMap::new();
    let mut t = Tiling {
        w,
        h,
        owner: vec![usize::MAX; w * h],
        kinds: vec![],
    };
    fn rec(t: &mut Tiling, shapes: &[Cells], all: &mut HashMap<Counts, (usize, Tiling)>) {
        let Some(first) = t.owner.iter().position(|&o| o == usize::MAX) else {
            let e = all.entry(t.counts()).or_insert((0, t.clone()));
            e.0 += 1;
            return;
        };
        let (r, c) = ((first / t.w) as i32, (first % t.w) as i32);
        for (k, s) in shapes.iter().enumerate() {
            // Put the shape's first row-major cell on the first empty cell.
            let (ar, ac) = s[0];
            let cells: Vec<(i32, i32)> = s
                .iter()
                .map(|&(sr, sc)| (r + sr - ar, c + sc - ac))
                .collect();
            let fits = cells.iter().all(|&(y, x)| {
                y >= 0
                    && x >= 0
                    && (y as usize) < t.h
                    && (x as usize) < t.w
                    && t.owner[y as usize * t.w + x as usize] == usize::MAX
            });
            if !fits {
                continue;
            }
            let id = t.kinds.len();
            t.kinds.push(k);
            for &(y, x) in &cells {
                t.owner[y as usize * t.w + x as usize] = id;
            }
            rec(t, shapes, all);
            for &(y, x) in &cells {
                t.owner[y as usize * t.w + x as usize] = usize::MAX;
            }
            t.kinds.pop();
        }
    }
    rec(&mut t, &shapes, &mut all);
    all
}

/// The tiling a census record's solution grid describes.
fn tiling_of(record: &LevelRecord) -> Tiling {
    let (w, h) = (record.width, record.height);
    let letters: Vec<char> = record.solution.iter().flat_map(|r| r.chars()).collect();
    assert_eq!(
        letters.len(),
        w * h,
        "solution grid of {}",
        record.description
    );
    let mut ids: Vec<char> = letters.clone();
    ids.sort();
    ids.dedup();
    let owner: Vec<usize> = letters
        .iter()
        .map(|l| ids.iter().position(|x| x == l).unwrap())
        .collect();
    let kinds = (0..ids.len())
        .map(|p| {
            let cells: Cells = (0..w * h)
                .filter(|&i| owner[i] == p)
                .map(|i| ((i / w) as i32, (i % w) as i32))
                .collect();
            shape_index(&cells)
        })
        .collect();
    Tiling { w, h, owner, kinds }
}

fn orientations(cells: &[(i32, i32)]) -> BTreeSet<Cells> {
    let mut out = BTreeSet::new();
    let mut cur: Cells = cells.to_vec();
    for _ in 0..4 {
        cur = normalise(&cur.iter().map(|&(r, c)| (c, -r)).collect::<Vec<_>>());
        out.insert(cur.clone());
        out.insert(normalise(
            &cur.iter().map(|&(r, c)| (r, -c)).collect::<Vec<_>>(),
        ));
    }
    out
}

#[test]
fn census_matches_brute_force_up_to_area_20() {
    let shapes = shapes();
    let mut total = 0;
    for (w, h) in rectangles_up_to(20) {
        let all = enumerate(w, h);
        let expected: BTreeSet<Counts> = all
            .values()
            .filter(|(n, t)| *n == 1 && t.kinds.len() >= 3 && !t.has_straight_cut())
            .map(|(_, t)| t.canonical())
            .collect();
        let (levels, report) = census_rectangle(w, h, &CensusOptions::default()).unwrap();
        assert_eq!(report.levels, levels.len());
        let records: Vec<LevelRecord> = levels.iter().map(LevelRecord::from_census).collect();
        let got: BTreeSet<Counts> = records.iter().map(|r| tiling_of(r).canonical()).collect();
        assert_eq!(got.len(), records.len(), "{w}x{h}: two levels in one class");
        assert_eq!(got, expected, "{w}x{h}: levels differ from brute force");
        total += records.len();

        for r in &records {
            let tiling = tiling_of(r);
            let counts = tiling.counts();
            assert_eq!(all.get(&counts).map(|e| e.0), Some(1), "{}", r.description);
            // Pieces as given: the tiling's shapes, except the rotatable one
            // which may be shown in any orientation of its shape.
            for (k, given) in r.pieces.iter().enumerate() {
                let given: Cells = given.iter().map(|&[a, b]| (a as i32, b as i32)).collect();
                let solved = &shapes[tiling.kinds[k]];
                if r.rotatable == Some(k) {
                    assert!(orientations(solved).contains(&normalise(&given)));
                } else {
                    assert_eq!(normalise(&given), *solved, "{} piece {k}", r.description);
                }
            }
            // The rotatable rule, checked against the brute-force counts.
            let qualifies = |s: usize| {
                orientations(&shapes[s]).iter().all(|o| {
                    let t = shapes.iter().position(|x| x == o).unwrap();
                    let mut c = counts;
                    c[s] -= 1;
                    c[t] += 1;
                    t == s || !all.contains_key(&c)
                })
            };
            match r.rotatable {
                Some(k) => assert!(qualifies(tiling.kinds[k]), "{}", r.description),
                None => assert!(
                    (0..8).all(|s| counts[s] == 0 || !qualifies(s)),
                    "{}: a piece could have been rotatable",
                    r.description
                ),
            }
        }
    }
    // Sum of the brute-force level counts up to area 20, as found above.
    assert!(total > 0);
}

#[test]
fn sanity_values_from_the_seeds() {
    for (w, h, n) in [(3, 2, 0), (4, 2, 2), (3, 3, 1), (4, 3, 4), (4, 4, 5)] {
        let expected = enumerate(w, h)
            .values()
            .filter(|(c, t)| *c == 1 && t.kinds.len() >= 3 && !t.has_straight_cut())
            .map(|(_, t)| t.canonical())
            .collect::<BTreeSet<_>>()
            .len();
        assert_eq!(expected, n, "brute force {w}x{h}");
        let (levels, _) = census_rectangle(w, h, &CensusOptions::default()).unwrap();
        assert_eq!(levels.len(), n, "census {w}x{h}");
    }
}
