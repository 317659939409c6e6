//! A rule checker written apart from the library, for cross-checking it: plain loops
//! over all pairs of squares with attack geometry computed from coordinates (no
//! bitboards, no attack tables).

#![allow(dead_code)]

/// The coordinates of the setup text's square at `position` (0 = a8 … 63 = h1):
/// (file 0..8, rank 1..=8).
pub fn coordinates(position: usize) -> (i32, i32) {
    ((position % 8) as i32, 8 - (position / 8) as i32)
}

/// The square's name, e.g. `a8` for position 0.
pub fn square_name(position: usize) -> String {
    let (file, rank) = coordinates(position);
    format!("{}{}", (b'a' + file as u8) as char, rank)
}

/// Whether a piece with letter `letter` on `from` attacks `to` on an empty board.
pub fn attacks(letter: char, from: (i32, i32), to: (i32, i32)) -> bool {
    if from == to {
        return false;
    }
    let (df, dr) = ((from.0 - to.0).abs(), (from.1 - to.1).abs());
    let straight = df == 0 || dr == 0;
    let diagonal = df == dr;
    match letter.to_ascii_uppercase() {
        'Q' => straight || diagonal,
        'R' => straight,
        'B' => diagonal,
        'N' => (df == 1 && dr == 2) || (df == 2 && dr == 1),
        other => panic!("not a piece letter: {other}"),
    }
}

/// Every piece without exactly one partner, as (square, letter, partners), in text
/// order.
pub fn violations(text: &str) -> Vec<(String, char, u32)> {
    let letters: Vec<char> = text.chars().collect();
    assert_eq!(letters.len(), 64, "brute force needs a 64-letter setup");
    let mut found = Vec::new();
    for a in 0..64 {
        let mut partners = 0;
        for b in 0..64 {
            if letters[a] == letters[b] && attacks(letters[a], coordinates(a), coordinates(b)) {
                partners += 1;
            }
        }
        if partners != 1 {
            found.push((square_name(a), letters[a], partners));
        }
    }
    found
}

/// Whether the text has 8 of each of `QNBRqnbr` and nothing else.
pub fn has_right_counts(text: &str) -> bool {
    "QNBRqnbr"
        .chars()
        .all(|letter| text.chars().filter(|&c| c == letter).count() == 8)
        && text.chars().count() == 64
}
