//! The table loop: the true deal under a referee and every seat's view, kept in step.
//!
//! Matches, self-play and terminal play all run rounds through a [`Table`]: it asks the seat
//! to move for a decision, referees it (a draw is the boneyard's next tile), and shows each
//! seat the move as that seat sees it ([`seen_by`]). A finished table is also a recorded
//! round: the true deal beside every seat's view, which is what learning about hidden tiles
//! trains on.

use std::convert::Infallible;

use crate::error::MoveError;
use crate::game::Player;
use crate::infoset::{InfoSet, MatchContext};
use crate::moves::{Move, MoveList};
use crate::public::seen_by;
use crate::round::{Deal, Round};
use crate::scoring::RoundResult;
use crate::tiles::Tile;
use crate::variant::Rules;

/// Why a round at a table could not go on.
#[derive(Debug, thiserror::Error)]
pub enum TableError<E> {
    /// The decision callback failed.
    #[error("seat {seat}: {error}")]
    Player { seat: u8, error: E },
    /// The decision callback chose a move the referee refused.
    #[error("seat {seat} chose an illegal move {mv}: {error}")]
    Illegal {
        seat: u8,
        mv: Move,
        error: MoveError,
    },
}

/// A round in play: the referee's round and one information set per seat.
#[derive(Clone, Debug)]
pub struct Table {
    round: Round,
    views: Vec<InfoSet>,
    context: MatchContext,
}

impl Table {
    /// Seats every player of `round` (not yet started) with `context` as its match context.
    pub fn new(round: Round, context: MatchContext) -> Table {
        let views = (0..round.rules().players)
            .map(|s| round.infoset(s).with_context(context.clone()))
            .collect();
        Table {
            round,
            views,
            context,
        }
    }

    pub fn rules(&self) -> &Rules {
        self.round.rules()
    }
    /// The referee's round (every hand, the boneyard's order, the history).
    pub fn round(&self) -> &Round {
        &self.round
    }
    /// The referee's round, giving the table up.
    pub fn into_round(self) -> Round {
        self.round
    }
    /// What `seat` knows now.
    pub fn view(&self, seat: u8) -> &InfoSet {
        &self.views[seat as usize]
    }
    pub fn views(&self) -> &[InfoSet] {
        &self.views
    }
    pub fn context(&self) -> &MatchContext {
        &self.context
    }
    pub fn to_move(&self) -> u8 {
        self.round.to_move()
    }
    pub fn is_over(&self) -> bool {
        self.round.is_over()
    }
    /// Legal moves of the seat to move, a draw naming the boneyard's next tile.
    pub fn legal_moves(&self) -> MoveList {
        self.round.legal_moves()
    }
    /// The round's outcome once it is over.
    pub fn result(&self) -> Option<RoundResult> {
        self.round.result()
    }

    /// Referees `mv` by the seat to move (a draw, named or not, takes the boneyard's next
    /// tile) and shows it to every seat; returns the move as played. On error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<Move, MoveError> {
        let s = self.round.to_move();
        self.round.play(mv)?;
        let played = *self.round.history().last().expect("a move was just played");
        for view in &mut self.views {
            let seat = view.seat();
            view.apply(seen_by(played, s, seat))
                .expect("every seat accepts what the referee accepted");
        }
        Ok(played)
    }

    /// Plays the round to its end, asking `decide` for the move of the seat to move whenever
    /// it has a choice (it gets that seat's view, the legal moves and the referee's round,
    /// which only a player allowed to see every hand may read; a forced move is played
    /// without asking).
    pub fn play_out<E>(
        &mut self,
        mut decide: impl FnMut(&InfoSet, &MoveList, &Round) -> Result<Move, E>,
    ) -> Result<RoundResult, TableError<E>> {
        while !self.is_over() {
            let seat = self.to_move();
            let legal = self.legal_moves();
            let mv = if legal.len() == 1 {
                legal[0]
            } else {
                decide(&self.views[seat as usize], &legal, &self.round)
                    .map_err(|error| TableError::Player { seat, error })?
            };
            self.play(mv)
                .map_err(|error| TableError::Illegal { seat, mv, error })?;
        }
        Ok(self.result().expect("the round is over"))
    }

    /// Plays the round to its end with one [`Player`] per seat (`players[s]` for seat `s`),
    /// each asked through [`Player::choose_open`] (its view and the referee's state); a draw
    /// takes the boneyard's next tile whatever tile the player named.
    pub fn play_out_players(
        &mut self,
        players: &mut [&mut (dyn Player + '_)],
    ) -> Result<RoundResult, TableError<Infallible>> {
        self.play_out(|info, legal, round| {
            let player = &mut players[info.seat() as usize];
            Ok(match player.choose_open(info, round.state()) {
                Move::Draw(_) => legal[0],
                m => m,
            })
        })
    }

    /// The round as a record: the true deal, the leader, the forced lead and every move.
    pub fn record(&self) -> Record {
        Record {
            rules: *self.rules(),
            deal: self.round.deal().clone(),
            first: self.round.first(),
            forced_lead: self.round.public().forced_lead_at_start(),
            moves: self.round.history().to_vec(),
            context: self.context.clone(),
        }
    }
}

/// A recorded round: enough to replay it, every seat's view included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rules: Rules,
    pub deal: Deal,
    pub first: u8,
    pub forced_lead: Option<Tile>,
    /// Every move as the referee saw it (draws name their tiles).
    pub moves: Vec<Move>,
    pub context: MatchContext,
}

impl Record {
    /// The table after the first `upto` moves.
    pub fn replay(&self, upto: usize) -> Result<Table, MoveError> {
        let round = Round::new(&self.rules, self.deal.clone(), self.first, self.forced_lead)
            .map_err(|_| MoveError::Inconsistent("the recorded deal is not valid"))?;
        let mut table = Table::new(round, self.context.clone());
        for &mv in self.moves.iter().take(upto) {
            table.play(mv)?;
        }
        Ok(table)
    }
}
