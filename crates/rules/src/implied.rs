//! The pass a move implies: the one rule by which both a record reader and a GTP session read
//! a colour that moves out of turn.

use gorules_board::{Color, ColoredMove};

/// The pass a move of `color` implies when `to_move` is the player to move: the other
/// colour's pass, when `color` is not `to_move`; nothing when it is.
///
/// Neither the SGF specification nor GTP forbids a colour to move twice in a row: SGF FF\[4\]
/// writes a pass as a move like any other (`B[]`, or `B[tt]` on boards up to 19x19: "Go
/// (GM\[1\])", "Pass"), and the GTP version 2 specification says of `play` that
/// "consecutive moves of the same color are not considered illegal from the protocol point of
/// view". A colour that moves twice in a row has then let the other colour pass in between,
/// and both the SGF reader (`gorules-sgf`, for a record's main line, where it also places the
/// pass at an empty node between the two moves when there is one) and the GTP engine
/// (`gorules-gtp`, for a `play` out of turn) read it so, through this function.
///
/// ```
/// use gorules_board::{Color, ColoredMove};
/// use gorules_rules::implied_pass;
///
/// assert_eq!(implied_pass(Color::Black, Color::Black), None);
/// assert_eq!(implied_pass(Color::Black, Color::White), Some(ColoredMove::pass(Color::Black)));
/// ```
pub fn implied_pass(to_move: Color, color: Color) -> Option<ColoredMove> {
    (color != to_move).then(|| ColoredMove::pass(to_move))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_moving_out_of_turn_implies_the_others_pass() {
        // GTP version 2, "play": consecutive moves of one colour are allowed; they are read
        // as the other colour passing in between. Worked by hand for each pair of colours:
        // in turn, nothing; out of turn, the pass of the colour whose turn it was.
        for c in Color::ALL {
            assert_eq!(implied_pass(c, c), None);
            assert_eq!(
                implied_pass(c.opponent(), c),
                Some(ColoredMove::pass(c.opponent()))
            );
        }
    }
}
