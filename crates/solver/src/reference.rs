//! Plain minimax: no pruning, no table, no ordering. Slow and obviously right; it writes the
//! data file the tests check the solver against.

use capicua_engine::{Move, MoveList, Rules, State};

use crate::error::SolveError;
use crate::value;

/// The exact margin of `state` for the side of the seat to move (see [`crate::value`]).
pub fn minimax(
    rules: &Rules,
    state: &State,
    first: u8,
    pending_ties: u32,
) -> Result<i32, SolveError> {
    value::check(rules, state, first)?;
    let side = rules.side_of(state.to_move);
    Ok(best(rules, state, first, pending_ties, side))
}

/// The exact value of every legal move of `state`, for the side to move, in the engine's
/// order.
pub fn move_values(
    rules: &Rules,
    state: &State,
    first: u8,
    pending_ties: u32,
) -> Result<Vec<(Move, i32)>, SolveError> {
    value::check(rules, state, first)?;
    let side = rules.side_of(state.to_move);
    let mut legal = MoveList::default();
    state.legal_moves(&mut legal);
    Ok(legal
        .iter()
        .map(|&mv| {
            let mut child = *state;
            child.apply(mv);
            (mv, best(rules, &child, first, pending_ties, side))
        })
        .collect())
}

/// The value of `st` for `side`: its seats take the largest child, every other seat the
/// smallest.
fn best(rules: &Rules, st: &State, first: u8, pending_ties: u32, side: u8) -> i32 {
    if let Some(m) = value::margin(rules, st, first, pending_ties, side) {
        return m;
    }
    let mut legal = MoveList::default();
    st.legal_moves(&mut legal);
    let values = legal.iter().map(|&mv| {
        let mut child = *st;
        child.apply(mv);
        best(rules, &child, first, pending_ties, side)
    });
    if rules.side_of(st.to_move) == side {
        values.max().expect("a running round has a move")
    } else {
        values.min().expect("a running round has a move")
    }
}
