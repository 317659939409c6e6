//! Attack ranges on an empty board, precomputed at compile time as bitboards.

use crate::{Kind, Square};

/// Squares each kind attacks from each square, indexed `[kind][square]`.
pub(crate) static ATTACKS: [[u64; 64]; 4] = [
    attack_table(Kind::Queen),
    attack_table(Kind::Knight),
    attack_table(Kind::Bishop),
    attack_table(Kind::Rook),
];

/// The squares a piece of `kind` standing on `square` attacks on an empty board,
/// as a bitboard (bit `i` is the square with index `i`). Attacks are symmetric: `b`
/// is in the attacks from `a` exactly when `a` is in the attacks from `b`.
#[inline]
pub fn attacks(kind: Kind, square: Square) -> u64 {
    ATTACKS[kind.index()][square.index()]
}

/// The attack table of one kind; lines run to the edge because the board is
/// taken as empty.
const fn attack_table(kind: Kind) -> [u64; 64] {
    const KNIGHT_JUMPS: [(i8, i8); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const ROOK_LINES: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP_LINES: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

    let mut table = [0u64; 64];
    let mut index = 0;
    while index < 64 {
        let file = (index % 8) as i8;
        let rank = (index / 8) as i8;
        table[index] = match kind {
            Kind::Knight => steps(file, rank, &KNIGHT_JUMPS),
            Kind::Rook => lines(file, rank, &ROOK_LINES),
            Kind::Bishop => lines(file, rank, &BISHOP_LINES),
            Kind::Queen => lines(file, rank, &ROOK_LINES) | lines(file, rank, &BISHOP_LINES),
        };
        index += 1;
    }
    table
}

/// Squares one step away in each direction (knight jumps).
const fn steps(file: i8, rank: i8, deltas: &[(i8, i8)]) -> u64 {
    let mut board = 0u64;
    let mut i = 0;
    while i < deltas.len() {
        let (f, r) = (file + deltas[i].0, rank + deltas[i].1);
        if on_board(f, r) {
            board |= 1 << (r * 8 + f);
        }
        i += 1;
    }
    board
}

/// Squares along each direction up to the edge (sliding pieces on an empty board).
const fn lines(file: i8, rank: i8, directions: &[(i8, i8)]) -> u64 {
    let mut board = 0u64;
    let mut i = 0;
    while i < directions.len() {
        let (mut f, mut r) = (file + directions[i].0, rank + directions[i].1);
        while on_board(f, r) {
            board |= 1 << (r * 8 + f);
            f += directions[i].0;
            r += directions[i].1;
        }
        i += 1;
    }
    board
}

const fn on_board(file: i8, rank: i8) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        let bytes = name.as_bytes();
        Square::new(bytes[0] - b'a', bytes[1] - b'1').unwrap()
    }

    #[test]
    fn known_attack_counts() {
        assert_eq!(attacks(Kind::Knight, square("a1")).count_ones(), 2);
        assert_eq!(attacks(Kind::Knight, square("e4")).count_ones(), 8);
        assert_eq!(attacks(Kind::Rook, square("e4")).count_ones(), 14);
        assert_eq!(attacks(Kind::Bishop, square("a1")).count_ones(), 7);
        assert_eq!(attacks(Kind::Bishop, square("d4")).count_ones(), 13);
        assert_eq!(attacks(Kind::Queen, square("d4")).count_ones(), 27);
        assert_eq!(attacks(Kind::Queen, square("a1")).count_ones(), 21);
    }

    #[test]
    fn attacks_are_symmetric_and_never_self() {
        for kind in Kind::ALL {
            for a in Square::all() {
                assert_eq!(attacks(kind, a) & a.bit(), 0);
                for b in Square::all() {
                    let ab = attacks(kind, a) & b.bit() != 0;
                    let ba = attacks(kind, b) & a.bit() != 0;
                    assert_eq!(ab, ba, "{kind:?} {a} {b}");
                }
            }
        }
    }
}
