//! Regression: a record that holds the final pass the protocol requires (AGA rule 11: White
//! makes the last move) must still have its dead stones settled. Found by `gorules fuzz` with
//! the claim `abs(aga:area - concord:area) <= 1`: Concord needed a third pass by White (its
//! first and last passes were Black's), the record held it, AGA took it as White's final pass,
//! the game finished inside `play`, and `finish(dead)` then returned without removing the
//! agreed-dead stones.

use crate::common::*;
use gorules_board::Point;
use gorules_rules::{Counting, SettlementReport, Status};

/// 5x5, komi 0.5: B pass, W D2, B C3, W pass, B pass, W pass; White's D2 stone agreed dead.
///
/// By hand, AGA, with D2 removed: one black stone (C3) and 24 empty points that reach only
/// black. Area: Black 1 + 24 = 25, White 0.5 (komi), B+24.5. Territory: Black 24 territory +
/// 1 dead stone + 2 pass stones (White passed twice) = 27; White 2 pass stones + 0.5 = 2.5;
/// B+24.5. Before the fix D2 stayed on the board: the empty region touched both colours, area
/// 1 - (1 + 0.5), W+0.5.
#[test]
fn aga_final_pass_in_the_record_keeps_the_agreement() {
    let aga = rules("aga");
    let dead = [Point::new(3, 3)]; // D2 on 5x5 (SGF dd)
    for with_final_pass in [true, false] {
        let mut g = empty_game(&aga, 5, 0.5);
        play(&mut g, "B pass W D2 B C3 W pass B pass");
        if with_final_pass {
            let r = play(&mut g, "W pass");
            assert!(r[0].final_pass);
            assert_eq!(g.status(), Status::Finished);
        }
        g.finish(&dead);
        assert_eq!(
            g.settlement(),
            Some(&SettlementReport::Removed {
                stones: dead.to_vec()
            }),
            "final pass in the record: {with_final_pass}"
        );
        assert_eq!(result(&g, Counting::Area), "B+24.5");
        assert_eq!(totals(&g, Counting::Area), (25.0, 0.5));
        assert_eq!(result(&g, Counting::Territory), "B+24.5");
        assert_eq!(totals(&g, Counting::Territory), (27.0, 2.5));
    }
}
