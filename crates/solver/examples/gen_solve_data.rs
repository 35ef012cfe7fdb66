//! Writes `tests/data/solve.txt`: small open-hand positions of every variant without a
//! boneyard, with their exact values from the plain reference minimax.
//!
//! ```sh
//! cargo run --release -p capicua-solver --example gen_solve_data > crates/solver/tests/data/solve.txt
//! ```
//!
//! Each position is a random deal played forward by random moves until 6 to 12 tiles are left
//! in the hands. Everything comes from one fixed seed, so the file is reproducible.

use capicua_engine::variant::Scoring;
use capicua_engine::{Deal, LEAD, Move, Rng, Rules, State, TileSet, VARIANTS};
use capicua_solver::reference;

/// Positions per variant; more for the pip-scored ones, whose values spread much wider than
/// the points games' few points.
fn per_variant(rules: &Rules) -> usize {
    if rules.scoring == Scoring::Points {
        35
    } else {
        70
    }
}

fn tiles(set: TileSet) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(".")
}

fn main() {
    let mut rng = Rng::new(20_261_123);
    println!(
        "# variant first ties hands(seat0/seat1/seat2/seat3) sleeping ends to_move passes value moves(move:value)"
    );
    println!(
        "# written by examples/gen_solve_data.rs with capicua_solver::reference (plain minimax); values for the side to move"
    );
    for name in VARIANTS {
        let rules = Rules::preset(name).expect("a preset");
        if rules.draw {
            continue;
        }
        let mut written = 0;
        while written < per_variant(&rules) {
            let deal = Deal::random(&rules, &mut rng);
            let first = rng.below(rules.players as u32) as u8;
            let mut st = State::new(&rules, deal.hands, TileSet::EMPTY, first);
            let left = 6 + rng.below(7);
            while !st.is_over() && st.hands.iter().map(|h| h.len()).sum::<u32>() > left {
                let mv = st.random_move(&mut rng);
                st.apply(mv);
            }
            if st.is_over() {
                continue;
            }
            // mostly real choices: a forced move at the root tests little
            let mut legal = capicua_engine::MoveList::default();
            st.legal_moves(&mut legal);
            if legal.len() < 2 && rng.below(4) != 0 {
                continue;
            }
            // the tie bonuses only change a points game's values
            let ties = if rng.below(3) == 0 { rng.below(3) } else { 0 };
            let value = reference::minimax(&rules, &st, first, ties).expect("a valid position");
            let moves = reference::move_values(&rules, &st, first, ties).expect("a valid position");
            let in_hands = st.hands.iter().fold(TileSet::EMPTY, |m, h| m.union(*h));
            let ends = if st.ends[0] == LEAD {
                "lead".to_string()
            } else {
                format!("{}:{}", st.ends[0], st.ends[1])
            };
            let moves: Vec<String> = moves
                .iter()
                .map(|(mv, v): &(Move, i32)| format!("{mv}:{v}"))
                .collect();
            println!(
                "{name} {first} {ties} {} {} {ends} {} {} {value} {}",
                st.hands.map(tiles).join("/"),
                tiles(st.out.minus(in_hands)),
                st.to_move,
                st.passes,
                moves.join(","),
            );
            written += 1;
        }
    }
}
