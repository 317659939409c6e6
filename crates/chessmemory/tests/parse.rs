//! The setup text: round trips and every kind of parse error.

use gridforge_chessmemory::{
    generate, Color, GenerateParams, Kind, ParseSetupError, Piece, Setup, Square,
};

fn valid_text() -> String {
    generate(&GenerateParams::default(), 11)
        .unwrap()
        .setup
        .to_string()
}

/// `text` with the character at `position` replaced.
fn with_char(text: &str, position: usize, character: char) -> String {
    text.chars()
        .enumerate()
        .map(|(i, c)| if i == position { character } else { c })
        .collect()
}

#[test]
fn display_and_parse_round_trip() {
    for seed in 0..100 {
        let setup = generate(&GenerateParams::default(), seed).unwrap().setup;
        let text = setup.to_string();
        assert_eq!(text.len(), 64);
        assert!(text.chars().all(|c| "QNBRqnbr".contains(c)));
        let parsed: Setup = text.parse().unwrap();
        assert_eq!(parsed, setup);
        assert_eq!(parsed.to_string(), text);
    }
}

#[test]
fn text_runs_from_a8_to_h1() {
    let text = valid_text();
    let setup: Setup = text.parse().unwrap();
    let letters: Vec<char> = text.chars().collect();
    let square = |file, rank| Square::new(file, rank).unwrap();
    assert_eq!(setup.piece_at(square(0, 7)).letter(), letters[0]); // a8
    assert_eq!(setup.piece_at(square(7, 7)).letter(), letters[7]); // h8
    assert_eq!(setup.piece_at(square(0, 0)).letter(), letters[56]); // a1
    assert_eq!(setup.piece_at(square(4, 3)).letter(), letters[36]); // e4
}

#[test]
fn wrong_length_is_reported_with_the_length() {
    let text = valid_text();
    for (bad, found) in [
        (String::new(), 0),
        (text[..63].to_string(), 63),
        (format!("{text}Q"), 65),
        (format!("{text}\n"), 65),
    ] {
        let err = bad.parse::<Setup>().unwrap_err();
        assert_eq!(err, ParseSetupError::WrongLength { found });
        assert!(err.to_string().contains(&found.to_string()), "{err}");
    }
}

#[test]
fn bad_characters_are_reported_with_their_square() {
    let text = valid_text();
    for (position, character, square) in [
        (0, 'K', "a8"),
        (7, 'p', "h8"),
        (12, '.', "e7"),
        (36, '4', "e4"),
        (63, 'é', "h1"),
    ] {
        let bad = with_char(&text, position, character);
        let err = bad.parse::<Setup>().unwrap_err();
        let ParseSetupError::BadCharacter {
            character: found,
            square: at,
        } = err
        else {
            panic!("{bad}: expected a bad character, got {err:?}");
        };
        assert_eq!(found, character);
        assert_eq!(at.to_string(), square);
        let message = err.to_string();
        assert!(
            message.contains(square) && message.contains(character),
            "{message}"
        );
    }
}

#[test]
fn wrong_counts_name_the_piece() {
    let text = valid_text();
    // Turn one black rook into a white queen: 9 white queens (reported first).
    let rook = text.find('r').unwrap();
    let err = with_char(&text, rook, 'Q').parse::<Setup>().unwrap_err();
    let white_queen = Piece::new(Kind::Queen, Color::White);
    assert_eq!(
        err,
        ParseSetupError::WrongCount {
            piece: white_queen,
            found: 9
        }
    );
    assert!(err.to_string().contains("9 of Q (white queen)"), "{err}");

    // Turn a white knight into a black knight: 7 white knights.
    let knight = text.find('N').unwrap();
    let err = with_char(&text, knight, 'n').parse::<Setup>().unwrap_err();
    assert_eq!(
        err,
        ParseSetupError::WrongCount {
            piece: Piece::new(Kind::Knight, Color::White),
            found: 7
        }
    );

    // All one letter.
    let err = "b".repeat(64).parse::<Setup>().unwrap_err();
    assert_eq!(
        err,
        ParseSetupError::WrongCount {
            piece: white_queen,
            found: 0
        }
    );
}
