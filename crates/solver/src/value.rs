//! What the solver computes, and for which positions.
//!
//! The value of a position is the signed round margin for one side: the points that side
//! earns if it wins the round, minus the points the winner earns if another side wins, and 0
//! for a tied block. The points are the engine's own ([`RoundResult::of`] and
//! [`RoundResult::points`]), so every variant's scoring, the key bone, Dekabes and the tie
//! bonuses come from the rules, never from a copy of them here.

use capicua_engine::{RoundResult, Rules, State, TileSet};

use crate::error::SolveError;

/// The margin of a finished `state` for `side` (`None` while the round runs). `first` is the
/// round's leader and `pending_ties` the tied rounds before this one, as the scoring needs.
#[inline]
pub fn margin(rules: &Rules, state: &State, first: u8, pending_ties: u32, side: u8) -> Option<i32> {
    let res = RoundResult::of(rules, state, first)?;
    let points = res.points(rules, pending_ties) as i32;
    Some(match res.winner {
        None => 0,
        Some(w) if w == side => points,
        Some(_) => -points,
    })
}

/// Checks that `state` is an open-hand position of `rules` the solver can search: no
/// boneyard, seats and hands that fit the rules. Unchecked states would make the search
/// answer for a game that does not exist.
pub fn check(rules: &Rules, state: &State, first: u8) -> Result<(), SolveError> {
    rules.validate()?;
    if rules.draw || state.draw || !state.pile.is_empty() {
        return Err(SolveError::DrawGame);
    }
    if state.players != rules.players {
        return Err(SolveError::PlayersMismatch {
            state: state.players,
            rules: rules.players,
        });
    }
    for seat in [first, state.to_move] {
        if seat >= rules.players {
            return Err(SolveError::Seat(seat));
        }
    }
    let n = rules.players as usize;
    let mut seen = TileSet::EMPTY;
    for h in &state.hands[..n] {
        if !h.inter(seen).is_empty() {
            return Err(SolveError::InvalidState("a tile is in two hands"));
        }
        seen = seen.union(*h);
    }
    // also what bounds the solver's move arrays: validated rules deal at most 27 tiles a hand
    if state.hands[..n]
        .iter()
        .any(|h| h.len() > rules.hand_size as u32)
    {
        return Err(SolveError::InvalidState(
            "a hand holds more tiles than the rules deal",
        ));
    }
    if state.hands[n..].iter().any(|h| !h.is_empty()) {
        return Err(SolveError::InvalidState("an empty seat holds tiles"));
    }
    if !seen.minus(state.out).is_empty() {
        return Err(SolveError::InvalidState(
            "a hand holds a tile already on the table",
        ));
    }
    if !state.out.minus(rules.set()).is_empty() {
        return Err(SolveError::InvalidState(
            "a tile is not in the variant's set",
        ));
    }
    if !state.is_over() && state.passes >= rules.players {
        return Err(SolveError::InvalidState(
            "every seat passed but the round is running",
        ));
    }
    if state.lead_double != rules.lead_double {
        return Err(SolveError::InvalidState(
            "the state's lead rule differs from the rules'",
        ));
    }
    Ok(())
}
