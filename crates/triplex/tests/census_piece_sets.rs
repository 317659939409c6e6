//! The census of any piece set against a plain, independent enumeration of
//! every tiling: every rectangle up to area 20 for Triplex, up to area 16 for
//! BlockPuzzle and one custom set. Nothing here uses the library's piece
//! model, piece sets, tiling table, symmetry code or level rules: the shapes
//! are listed (or, for BlockPuzzle, grown) here, and only the census output
//! is compared.

use gridforge_triplex::{
    census_rectangle_with, rectangles_for, CensusOptions, LevelRecord, PieceSet,
};
use std::collections::{BTreeMap, BTreeSet};

type Cells = Vec<(i32, i32)>;
type Counts = Vec<u8>;

fn normalise(cells: &[(i32, i32)]) -> Cells {
    let r0 = cells.iter().map(|c| c.0).min().unwrap();
    let c0 = cells.iter().map(|c| c.1).min().unwrap();
    let mut v: Cells = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    v.sort();
    v
}

/// A piece set as this test sees it: shapes, a cap per shape (`None`: free)
/// and whether a piece may be rotatable.
struct Set {
    shapes: Vec<Cells>,
    caps: Vec<Option<u8>>,
    rotatable: bool,
}

impl Set {
    fn index(&self, cells: &[(i32, i32)]) -> Option<usize> {
        let n = normalise(cells);
        self.shapes.iter().position(|s| *s == n)
    }
}

fn triplex() -> Set {
    let shapes = vec![
        vec![(0, 0), (0, 1)],
        vec![(0, 0), (1, 0)],
        vec![(0, 0), (0, 1), (0, 2)],
        vec![(0, 0), (1, 0), (2, 0)],
        vec![(0, 0), (0, 1), (1, 0)],
        vec![(0, 0), (0, 1), (1, 1)],
        vec![(0, 0), (1, 0), (1, 1)],
        vec![(0, 1), (1, 0), (1, 1)],
    ];
    Set {
        caps: vec![None; shapes.len()],
        shapes,
        rotatable: true,
    }
}

/// Every fixed polyomino of 2..=5 cells, by adding a neighbour to each cell
/// of every smaller one.
fn blockpuzzle() -> Set {
    let mut level: BTreeSet<Cells> = BTreeSet::from([vec![(0, 0)]]);
    let mut shapes = Vec::new();
    for _ in 2..=5 {
        let mut next = BTreeSet::new();
        for s in &level {
            for &(r, c) in s {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let cell = (r + dr, c + dc);
                    if !s.contains(&cell) {
                        let mut grown = s.clone();
                        grown.push(cell);
                        next.insert(normalise(&grown));
                    }
                }
            }
        }
        shapes.extend(next.iter().cloned());
        level = next;
    }
    Set {
        caps: vec![Some(1); shapes.len()],
        shapes,
        rotatable: false,
    }
}

/// `h,v,1H,1V,1(###/#..),1(##/##),@`: free dominoes, each straight tromino,
/// one L-tetromino orientation and the square at most once, a rotatable piece.
const CUSTOM: &str = "h,v,1H,1V,1(###/#..),1(##/##),@";

fn custom() -> Set {
    Set {
        shapes: vec![
            vec![(0, 0), (0, 1)],
            vec![(0, 0), (1, 0)],
            vec![(0, 0), (0, 1), (0, 2)],
            vec![(0, 0), (1, 0), (2, 0)],
            vec![(0, 0), (0, 1), (0, 2), (1, 0)],
            vec![(0, 0), (0, 1), (1, 0), (1, 1)],
        ],
        caps: vec![None, None, Some(1), Some(1), Some(1), Some(1)],
        rotatable: true,
    }
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
    fn counts(&self, n: usize) -> Counts {
        let mut c = vec![0u8; n];
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

    /// The smallest multiset among the tiling's images under the symmetries
    /// of the rectangle that map the set onto itself, caps included.
    fn canonical(&self, set: &Set) -> Counts {
        let (w, h) = (self.w as i32, self.h as i32);
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
        let keeps_set = |k: usize| {
            set.shapes.iter().enumerate().all(|(s, cells)| {
                let img: Cells = cells.iter().map(|&(r, c)| image(k, r, c)).collect();
                set.index(&img).is_some_and(|t| set.caps[t] == set.caps[s])
            })
        };
        (0..symmetries)
            .filter(|&k| keeps_set(k))
            .map(|k| {
                let mut counts = vec![0u8; set.shapes.len()];
                for piece in 0..self.kinds.len() {
                    let cells: Cells = (0..self.owner.len())
                        .filter(|&i| self.owner[i] == piece)
                        .map(|i| image(k, (i / self.w) as i32, (i % self.w) as i32))
                        .collect();
                    counts[set.index(&cells).unwrap()] += 1;
                }
                counts
            })
            .min()
            .unwrap()
    }
}

/// Lays pieces on the first empty cell (row-major), each shape's first
/// row-major cell there; `left[k]` is how many more of shape k may be laid.
/// Calls `found` on every complete tiling.
fn lay(
    t: &mut Tiling,
    shapes: &[Cells],
    left: &mut [u8],
    found: &mut dyn FnMut(&Tiling) -> bool,
) -> bool {
    let Some(first) = t.owner.iter().position(|&o| o == usize::MAX) else {
        return found(t);
    };
    let (r, c) = ((first / t.w) as i32, (first % t.w) as i32);
    for (k, s) in shapes.iter().enumerate() {
        if left[k] == 0 {
            continue;
        }
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
        left[k] -= 1;
        for &(y, x) in &cells {
            t.owner[y as usize * t.w + x as usize] = id;
        }
        let stop = lay(t, shapes, left, found);
        for &(y, x) in &cells {
            t.owner[y as usize * t.w + x as usize] = usize::MAX;
        }
        left[k] += 1;
        t.kinds.pop();
        if stop {
            return true;
        }
    }
    false
}

fn empty(w: usize, h: usize) -> Tiling {
    Tiling {
        w,
        h,
        owner: vec![usize::MAX; w * h],
        kinds: vec![],
    }
}

/// Every tiling of w×h by the set, grouped by multiset: (tilings, one tiling).
fn enumerate(set: &Set, w: usize, h: usize) -> BTreeMap<Counts, (usize, Tiling)> {
    let area = (w * h) as u8;
    let mut left: Vec<u8> = set.caps.iter().map(|c| c.unwrap_or(area)).collect();
    let mut all = BTreeMap::new();
    let n = set.shapes.len();
    lay(&mut empty(w, h), &set.shapes, &mut left, &mut |t| {
        let e = all.entry(t.counts(n)).or_insert((0, t.clone()));
        e.0 += 1;
        false
    });
    all
}

/// True when exactly these pieces (shape, count) tile w×h.
fn tiles(w: usize, h: usize, pieces: &[(Cells, u8)]) -> bool {
    let shapes: Vec<Cells> = pieces.iter().map(|p| p.0.clone()).collect();
    let mut left: Vec<u8> = pieces.iter().map(|p| p.1).collect();
    lay(&mut empty(w, h), &shapes, &mut left, &mut |_| true)
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

/// The tiling a census record's solution grid describes.
fn tiling_of(set: &Set, record: &LevelRecord) -> Tiling {
    let (w, h) = (record.width, record.height);
    let letters: Vec<char> = record.solution.iter().flat_map(|r| r.chars()).collect();
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
            set.index(&cells).expect("a shape of the set")
        })
        .collect();
    Tiling { w, h, owner, kinds }
}

/// Compares the census with the brute force on every rectangle up to area
/// 16; returns the level count per rectangle.
fn check(
    name: &str,
    library_set: &PieceSet,
    set: &Set,
    transpose_closed: bool,
    max_area: usize,
) -> BTreeMap<(usize, usize), usize> {
    // The rectangles: both orientations unless the set is closed under
    // transposition.
    let longest = max_area / 2;
    let mut rects: Vec<(usize, usize)> = (2..=longest)
        .flat_map(|w| (2..=longest).map(move |h| (w, h)))
        .filter(|&(w, h)| w * h <= max_area && (!transpose_closed || w >= h))
        .collect();
    let mut listed = rectangles_for(library_set, max_area);
    rects.sort();
    listed.sort();
    assert_eq!(listed, rects, "{name}: rectangles");
    let mut per_rect = BTreeMap::new();
    for (w, h) in rects {
        let all = enumerate(set, w, h);
        let expected: BTreeSet<Counts> = all
            .values()
            .filter(|(n, t)| *n == 1 && t.kinds.len() >= 3 && !t.has_straight_cut())
            .map(|(_, t)| t.canonical(set))
            .collect();
        let (levels, report) =
            census_rectangle_with(library_set, w, h, &CensusOptions::default()).unwrap();
        assert_eq!((report.width, report.height), (w, h), "{name}");
        assert_eq!(report.levels, levels.len());
        assert_eq!(
            report.multisets,
            all.len(),
            "{name} {w}x{h}: multisets that tile"
        );
        let records: Vec<LevelRecord> = levels.iter().map(LevelRecord::from_census).collect();
        let got: BTreeSet<Counts> = records
            .iter()
            .map(|r| tiling_of(set, r).canonical(set))
            .collect();
        assert_eq!(
            got.len(),
            records.len(),
            "{name} {w}x{h}: two levels in one class"
        );
        assert_eq!(
            got, expected,
            "{name} {w}x{h}: levels differ from brute force"
        );
        per_rect.insert((w, h), records.len());

        for r in &records {
            let tiling = tiling_of(set, r);
            let counts = tiling.counts(set.shapes.len());
            assert_eq!(all.get(&counts).map(|e| e.0), Some(1), "{}", r.description);
            // Pieces as given: the tiling's shapes, except the rotatable one,
            // which may be shown in any orientation of its shape.
            for (k, given) in r.pieces.iter().enumerate() {
                let given: Cells = given.iter().map(|&[a, b]| (a as i32, b as i32)).collect();
                let solved = &set.shapes[tiling.kinds[k]];
                if r.rotatable == Some(k) {
                    assert!(orientations(solved).contains(&normalise(&given)));
                } else {
                    assert_eq!(normalise(&given), *solved, "{} piece {k}", r.description);
                }
            }
            // Another orientation of shape s in its place tiles nothing.
            let qualifies = |s: usize| {
                orientations(&set.shapes[s]).iter().all(|o| {
                    if *o == set.shapes[s] {
                        return true;
                    }
                    let mut pieces: Vec<(Cells, u8)> = set
                        .shapes
                        .iter()
                        .zip(&counts)
                        .map(|(c, &n)| (c.clone(), n))
                        .collect();
                    pieces[s].1 -= 1;
                    match pieces.iter().position(|p| p.0 == *o) {
                        Some(t) => pieces[t].1 += 1,
                        None => pieces.push((o.clone(), 1)),
                    }
                    !tiles(w, h, &pieces)
                })
            };
            match r.rotatable {
                Some(k) => {
                    assert!(set.rotatable, "{}", r.description);
                    assert!(qualifies(tiling.kinds[k]), "{}", r.description);
                }
                None => assert!(
                    !set.rotatable
                        || (0..set.shapes.len()).all(|s| counts[s] == 0 || !qualifies(s)),
                    "{}: a piece could have been rotatable",
                    r.description
                ),
            }
        }
    }
    per_rect
}

#[test]
fn blockpuzzle_has_90_shapes_by_an_independent_count() {
    let set = blockpuzzle();
    let by_size: Vec<usize> = (2..=5)
        .map(|n| set.shapes.iter().filter(|s| s.len() == n).count())
        .collect();
    assert_eq!(by_size, [2, 6, 19, 63]);
    let library = PieceSet::blockpuzzle();
    assert_eq!(library.len(), 90);
    for p in library.shapes() {
        let cells: Cells = p.cells().map(|(r, c)| (r as i32, c as i32)).collect();
        assert!(set.index(&cells).is_some(), "{p}");
    }
}

#[test]
fn triplex_census_matches_brute_force() {
    let counts = check("triplex", &PieceSet::triplex(), &triplex(), true, 20);
    // The original generator's sanity values.
    for (rect, n) in [
        ((3, 2), 0),
        ((4, 2), 2),
        ((3, 3), 1),
        ((4, 3), 4),
        ((4, 4), 5),
    ] {
        assert_eq!(counts[&rect], n, "{rect:?}");
    }
}

#[test]
fn blockpuzzle_census_matches_brute_force() {
    let counts = check(
        "blockpuzzle",
        &PieceSet::blockpuzzle(),
        &blockpuzzle(),
        true,
        16,
    );
    assert!(counts.values().sum::<usize>() > 1000, "{counts:?}");
}

#[test]
fn custom_census_matches_brute_force() {
    let library: PieceSet = CUSTOM.parse().unwrap();
    assert!(!library.transpose_closed());
    let counts = check("custom", &library, &custom(), false, 16);
    // Tall and wide rectangles differ for a set that is not transpose-closed.
    assert!(counts.values().sum::<usize>() > 0, "{counts:?}");
    assert!(
        counts.iter().any(|(&(w, h), n)| counts[&(h, w)] != *n),
        "{counts:?}"
    );
}
