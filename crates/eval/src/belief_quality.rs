//! How well an estimator of the hidden tiles predicts where they really are.
//!
//! A search draws its determinizations from beliefs about the hidden tiles; better beliefs
//! mean fewer wasted worlds. This harness scores belief estimators ([`BeliefEstimator`]) on
//! rounds played out in full, where the true deal is known: at chosen decisions of a seat, each
//! estimator gives, for every tile that seat has not seen, a probability for each place
//! (absolute seats 0..4, then out of play), and is scored against the tile's true place (the
//! referee's hands at that moment, else out):
//!
//! - **log-loss**: `-ln(max(p_true, 1e-6))` nats per hidden tile (lower is better; a uniform
//!   guess over four places scores `ln 4` = 1.386);
//! - **top-1**: whether the most probable place (ties to the lowest index) is the true one.
//!
//! Scores are bucketed by the tiles on the table (1-9, 10-19, 20-29, 30+), since what can be
//! inferred grows as the round goes on. The log-loss is also split by who truly holds the tile
//! ([`Holder`]: the scored seat's partner, the opponents, nobody): set against the uniform
//! sampler's split, it shows whether a partner's moves say more about its hand than the
//! opponents' say about theirs.
//!
//! # Rounds
//!
//! Round `i` of a run seeded by `seed` has the seed `mix_seed(mix_seed(seed ^ PURPOSE) ^ i)`
//! with a purpose tag of its own ([`ROUND_PURPOSE`]), so its deals are not those of a training
//! run (whose seeds fold other purpose tags into the run's seed) except by a 64-bit collision.
//! The deal is uniform, redealt while the rules call for it or some hand could be thrown in
//! (every project player shows such hands, as in `Match`), and the leader is drawn uniformly
//! with no forced lead: the position of a round after a match's first, where the leader (the
//! last winner) says nothing about the new deal. In a match's first round the leader of
//! `cuban` holds the highest double, a fact no information set records and so no estimator
//! could use. All four seats are played by the same player spec ([`RoundSource`]), each with
//! its own seed ([`player_seed`]`(round seed, seat)`).
//!
//! # Decisions scored
//!
//! A decision counts when its seat has at least two legal moves (where a search would run),
//! at least one tile is on the table and some tile is hidden from it. [`Decisions::OneSeat`]
//! scores every such decision of one seat per round (drawn from the round's seed): the
//! decisions of one seat share its deal, so scoring all four seats adds less information than
//! four times the work. [`Decisions::EverySeat`] scores them all.
//!
//! # Reproducibility
//!
//! Rounds run in parallel with rayon; estimator `e` at decision `d` of a round draws from
//! `Rng::stream(round seed ^ ESTIMATOR_SALT, d · 64 + e)`, and rounds are summed in order, so
//! a run's scores do not depend on the threads (the timings do).

use std::fmt::Write;
use std::time::Instant;

use std::sync::Arc;

use capicua_engine::{
    BeliefSampler, Deal, InfoSet, Move, PlaceWeights, Player, Record, Rng, Round, Rules,
    SampleError, Sampler, Table, TableError, Tile, mix_seed,
};
use capicua_net::inference::{OUT, PLACES};
use capicua_net::{InferenceError, NetEvaluator, PlayPolicy, PolicyInference};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::spec::{PlayerSpec, SpecError, player_seed};

/// The purpose tag folded into every round seed of this harness.
pub const ROUND_PURPOSE: u64 = 0xB311_EF0F_5EED;
/// Salt of the estimators' random streams.
const ESTIMATOR_SALT: u64 = 0xE571_4A70;
/// The least probability a true place is scored with (a sure miss costs 13.8 nats, not ∞).
pub const MIN_PROBABILITY: f64 = 1e-6;
/// Names of the phases, by tiles on the table.
pub const PHASES: [&str; 4] = ["1-9", "10-19", "20-29", "30+"];

/// The phase of a position with `played` tiles on the table (at least one).
pub fn phase(played: u32) -> usize {
    (played as usize / 10).min(3)
}

/// Why an estimator could not give beliefs.
#[derive(Debug, Error)]
pub enum BeliefError {
    #[error(transparent)]
    Sample(#[from] SampleError),
    #[error(transparent)]
    Inference(#[from] InferenceError),
    #[error("the model has no belief output")]
    NoBeliefOutput,
}

/// Beliefs about the hidden tiles of an information set.
pub trait BeliefEstimator: Sync {
    /// A short name for tables.
    fn name(&self) -> String;
    /// For every tile `info.seat()` has not seen, in tile index order, the probability of each
    /// place (absolute seats 0..4, then out of play); each row sums to 1.
    fn marginals(
        &self,
        info: &InfoSet,
        rng: &mut Rng,
    ) -> Result<Vec<(Tile, [f64; PLACES])>, BeliefError>;
}

/// Place frequencies over `samples` uniform deals of the engine's [`Sampler`]; with
/// `samples` 0, the sampler's exact marginals (what infinitely many draws would give, before
/// the compulsory-redeal and draw-history rejections, which `cuban` does not have).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UniformEstimator {
    pub samples: usize,
}

impl BeliefEstimator for UniformEstimator {
    fn name(&self) -> String {
        if self.samples == 0 {
            "uniform".into()
        } else {
            format!("uniform(n={})", self.samples)
        }
    }

    fn marginals(
        &self,
        info: &InfoSet,
        rng: &mut Rng,
    ) -> Result<Vec<(Tile, [f64; PLACES])>, BeliefError> {
        let sampler = Sampler::new(info)?;
        if self.samples == 0 {
            return Ok(sampler.marginals());
        }
        let unseen = info.unseen();
        let me = info.seat() as usize;
        let mut counts = [[0u32; PLACES]; 64];
        for _ in 0..self.samples {
            let (hands, _) = sampler.sample_hands(rng)?;
            for t in unseen.iter() {
                let place = (0..4)
                    .find(|&s| s != me && hands[s].contains(t))
                    .unwrap_or(OUT);
                counts[t.index()][place] += 1;
            }
        }
        let n = self.samples.max(1) as f64;
        Ok(unseen
            .iter()
            .map(|t| (t, counts[t.index()].map(|c| c as f64 / n)))
            .collect())
    }
}

/// Policy-based inference ([`PolicyInference`]) under a model of the players, e.g. the network.
#[derive(Clone, Debug)]
pub struct PolicyEstimator<P: PlayPolicy> {
    pub inference: PolicyInference,
    pub policy: P,
    /// Names the policy in tables (e.g. the model's file name).
    pub label: String,
}

impl<P: PlayPolicy> BeliefEstimator for PolicyEstimator<P> {
    fn name(&self) -> String {
        let i = &self.inference;
        format!("policy:{}(n={}{})", self.label, i.samples, chain_label(i))
    }

    fn marginals(
        &self,
        info: &InfoSet,
        rng: &mut Rng,
    ) -> Result<Vec<(Tile, [f64; PLACES])>, BeliefError> {
        Ok(self.inference.infer(&self.policy, info, rng)?.marginals)
    }
}

/// `,chain=N` in an estimator's name when its inference runs a chain.
fn chain_label(i: &PolicyInference) -> String {
    if i.chain > 0 {
        format!(",chain={}", i.chain)
    } else {
        String::new()
    }
}

/// The place weights of `net`'s belief output for `info`.
fn net_weights(net: &NetEvaluator, info: &InfoSet) -> Result<PlaceWeights, BeliefError> {
    net.place_weights_of(info)
        .ok_or(BeliefError::NoBeliefOutput)
}

/// The network's belief output. `believed`: the exact marginals of the believed-deal sampler
/// the search draws from ([`BeliefSampler`] with the network's weights: the output made
/// consistent with the hand sizes), else the output itself, tile by tile.
#[derive(Clone, Debug)]
pub struct LearnedEstimator {
    pub net: Arc<NetEvaluator>,
    pub believed: bool,
    /// Names the model in tables.
    pub label: String,
}

impl BeliefEstimator for LearnedEstimator {
    fn name(&self) -> String {
        let kind = if self.believed { "believed" } else { "learned" };
        format!("{kind}:{}", self.label)
    }

    fn marginals(
        &self,
        info: &InfoSet,
        _rng: &mut Rng,
    ) -> Result<Vec<(Tile, [f64; PLACES])>, BeliefError> {
        let weights = net_weights(&self.net, info)?;
        if self.believed {
            return Ok(BeliefSampler::new(info, &weights)?.marginals());
        }
        Ok(info.unseen().iter().map(|t| (t, weights.get(t))).collect())
    }
}

/// Policy-based inference over believed deals: deals drawn from the network's beliefs (as
/// the search draws them), weighted by the likelihood of the observed moves under `policy`
/// (the same network's, another network's, or `counting`'s) as [`PolicyInference::prior`]
/// says: with the believed deals as a proposal only, the estimate of the policy's posterior
/// over uniform deals with a larger effective sample size; as a product, two readings of the
/// same moves, where the temperature matters more than for either alone.
#[derive(Clone, Debug)]
pub struct CombinedEstimator<P: PlayPolicy> {
    pub net: Arc<NetEvaluator>,
    pub policy: P,
    pub inference: PolicyInference,
    /// Names the belief model in tables.
    pub label: String,
    /// Names the policy in tables.
    pub policy_label: String,
}

impl<P: PlayPolicy> BeliefEstimator for CombinedEstimator<P> {
    fn name(&self) -> String {
        let i = &self.inference;
        format!(
            "believed:{}+policy:{}(n={},T={},{:?},k={}{})",
            self.label,
            self.policy_label,
            i.samples,
            i.temperature,
            i.prior,
            i.shrink,
            chain_label(i)
        )
    }

    fn marginals(
        &self,
        info: &InfoSet,
        rng: &mut Rng,
    ) -> Result<Vec<(Tile, [f64; PLACES])>, BeliefError> {
        let weights = net_weights(&self.net, info)?;
        Ok(self
            .inference
            .infer_from(&self.policy, info, Some(&weights), rng)?
            .marginals)
    }
}

/// Who plays the scored rounds (the same at all four seats).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundSource {
    /// `counting` players.
    Counting,
    /// Any player spec of [`crate::spec`].
    Spec(String),
}

impl RoundSource {
    /// The player spec of every seat.
    pub fn spec(&self) -> Result<PlayerSpec, SpecError> {
        match self {
            RoundSource::Counting => PlayerSpec::parse("counting"),
            RoundSource::Spec(s) => PlayerSpec::parse(s),
        }
    }
}

/// Which decisions are scored (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decisions {
    OneSeat,
    EverySeat,
}

/// A run of the harness.
#[derive(Clone, Debug)]
pub struct QualityConfig {
    pub rules: Rules,
    pub rounds: usize,
    pub source: RoundSource,
    pub seed: u64,
    pub decisions: Decisions,
}

/// Why a run failed.
#[derive(Debug, Error)]
pub enum QualityError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("round {round}: seat {seat} chose an illegal move {mv}")]
    Illegal { round: usize, seat: u8, mv: Move },
    #[error("round {round}: estimator {estimator}: {error}")]
    Estimator {
        round: usize,
        estimator: String,
        error: BeliefError,
    },
    #[error("round {round}: estimator {estimator} gave no probabilities for tile {tile}")]
    Missing {
        round: usize,
        estimator: String,
        tile: Tile,
    },
}

/// The seed of round `index` of a run seeded by `seed`.
pub fn round_seed(seed: u64, index: usize) -> u64 {
    mix_seed(mix_seed(seed ^ ROUND_PURPOSE) ^ index as u64)
}

/// The dealt, not yet played, round `index` (see the module documentation).
pub fn deal_round(rules: &Rules, seed: u64, index: usize) -> Round {
    let mut rng = Rng::stream(round_seed(seed, index), 0);
    loop {
        let deal = Deal::random(rules, &mut rng);
        let players = rules.players as usize;
        if rules.needs_redeal(&deal.hands)
            || deal.hands[..players]
                .iter()
                .any(|&h| rules.redeal_applies(h))
        {
            continue;
        }
        let first = rng.below(rules.players as u32) as u8;
        return Round::new(rules, deal, first, None).expect("a random deal is valid");
    }
}

/// The seat whose decisions are scored in round `index` under [`Decisions::OneSeat`].
pub fn scored_seat(rules: &Rules, seed: u64, index: usize) -> u8 {
    Rng::stream(round_seed(seed, index), 1).below(rules.players as u32) as u8
}

/// Round `index` played to its end by `spec` at every seat.
pub fn play_round(
    rules: &Rules,
    spec: &PlayerSpec,
    seed: u64,
    index: usize,
) -> Result<Record, QualityError> {
    let rs = round_seed(seed, index);
    let mut players: Vec<Box<dyn Player>> = (0..rules.players)
        .map(|s| spec.build(player_seed(rs, s as u64)))
        .collect();
    let mut table = Table::new(deal_round(rules, seed, index), Default::default());
    let mut seats: Vec<&mut (dyn Player + 'static)> =
        players.iter_mut().map(|p| p.as_mut()).collect();
    table.play_out_players(&mut seats).map_err(|e| match e {
        TableError::Illegal { seat, mv, .. } => QualityError::Illegal {
            round: index,
            seat,
            mv,
        },
        TableError::Player { error, .. } => match error {},
    })?;
    Ok(table.record())
}

/// Where a hidden tile truly is, seen from the seat whose beliefs are scored: the split that
/// shows whether one side's moves say more about its hand than the other side's (a partner
/// who signals would be read better than the opponents).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    /// The hand of a seat on the scored seat's side (none in games without partners).
    Partner,
    /// A hand of the other side.
    Opponents,
    /// Out of play (sleeping, or the boneyard).
    Out,
}

/// The holders in the order of the breakdowns (their declaration order, which indexes
/// the running sums).
pub const HOLDERS: [Holder; 3] = [Holder::Partner, Holder::Opponents, Holder::Out];

impl Holder {
    /// Who holds a tile whose true place is `place` (a seat, or [`OUT`]), seen from `seat`.
    pub fn of(rules: &Rules, seat: u8, place: usize) -> Holder {
        match place {
            OUT => Holder::Out,
            s if rules.side_of(s as u8) == rules.side_of(seat) => Holder::Partner,
            _ => Holder::Opponents,
        }
    }

    /// Its name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Holder::Partner => "partner",
            Holder::Opponents => "opponents",
            Holder::Out => "out of play",
        }
    }
}

/// Log-loss summed over the tiles of one holder.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
struct HolderSums {
    log_loss: f64,
    predictions: u64,
}

/// Running sums of one estimator in one phase.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
struct Sums {
    log_loss: f64,
    correct: u64,
    predictions: u64,
    decisions: u64,
    /// The same log-loss split by [`HOLDERS`].
    holders: [HolderSums; 3],
}

impl Sums {
    fn add(&mut self, other: &Sums) {
        self.log_loss += other.log_loss;
        self.correct += other.correct;
        self.predictions += other.predictions;
        self.decisions += other.decisions;
        for (h, o) in self.holders.iter_mut().zip(&other.holders) {
            h.log_loss += o.log_loss;
            h.predictions += o.predictions;
        }
    }
}

/// One round's sums, per estimator and phase, and the seconds each estimator took.
struct RoundScores {
    sums: Vec<[Sums; 4]>,
    seconds: Vec<f64>,
}

fn score_round(
    cfg: &QualityConfig,
    spec: &PlayerSpec,
    estimators: &[&dyn BeliefEstimator],
    index: usize,
) -> Result<RoundScores, QualityError> {
    let record = play_round(&cfg.rules, spec, cfg.seed, index)?;
    let rs = round_seed(cfg.seed, index);
    let only = match cfg.decisions {
        Decisions::OneSeat => Some(scored_seat(&cfg.rules, cfg.seed, index)),
        Decisions::EverySeat => None,
    };
    let mut out = RoundScores {
        sums: vec![[Sums::default(); 4]; estimators.len()],
        seconds: vec![0.0; estimators.len()],
    };
    let round = Round::new(&cfg.rules, record.deal.clone(), record.first, None)
        .expect("a played round's deal is valid");
    let mut table = Table::new(round, record.context.clone());
    let mut decision = 0u64;
    for &mv in &record.moves {
        let seat = table.to_move();
        let info = table.view(seat);
        let played = info.played().len();
        if only.is_none_or(|s| s == seat)
            && table.legal_moves().len() >= 2
            && played >= 1
            && !info.unseen().is_empty()
        {
            let hands = table.round().state().hands;
            let truth = |t: Tile| (0..4).find(|&s| hands[s].contains(t)).unwrap_or(OUT);
            let p = phase(played);
            for (e, est) in estimators.iter().enumerate() {
                let mut rng = Rng::stream(rs ^ ESTIMATOR_SALT, decision * 64 + e as u64);
                let start = Instant::now();
                let marginals =
                    est.marginals(info, &mut rng)
                        .map_err(|error| QualityError::Estimator {
                            round: index,
                            estimator: est.name(),
                            error,
                        })?;
                out.seconds[e] += start.elapsed().as_secs_f64();
                let sums = &mut out.sums[e][p];
                sums.decisions += 1;
                for t in info.unseen().iter() {
                    let Some((_, probs)) = marginals.iter().find(|(x, _)| *x == t) else {
                        return Err(QualityError::Missing {
                            round: index,
                            estimator: est.name(),
                            tile: t,
                        });
                    };
                    let place = truth(t);
                    let loss = -probs[place].max(MIN_PROBABILITY).ln();
                    sums.log_loss += loss;
                    let holder = &mut sums.holders[Holder::of(&cfg.rules, seat, place) as usize];
                    holder.log_loss += loss;
                    holder.predictions += 1;
                    let best = (0..PLACES).fold(0, |b, k| if probs[k] > probs[b] { k } else { b });
                    sums.correct += (best == place) as u64;
                    sums.predictions += 1;
                }
            }
            decision += 1;
        }
        table.play(mv).expect("a recorded move replays");
    }
    Ok(out)
}

/// Scores `estimators` on the rounds of `cfg` (in parallel on rayon's pool).
pub fn run_quality(
    cfg: &QualityConfig,
    estimators: &[&dyn BeliefEstimator],
) -> Result<QualityTable, QualityError> {
    let spec = cfg.source.spec()?;
    let rounds: Vec<RoundScores> = (0..cfg.rounds)
        .into_par_iter()
        .map(|i| score_round(cfg, &spec, estimators, i))
        .collect::<Result<_, _>>()?;
    let mut total = vec![[Sums::default(); 4]; estimators.len()];
    let mut seconds = vec![0.0; estimators.len()];
    for r in &rounds {
        for (e, sums) in r.sums.iter().enumerate() {
            for (t, s) in total[e].iter_mut().zip(sums) {
                t.add(s);
            }
            seconds[e] += r.seconds[e];
        }
    }
    let estimators = estimators
        .iter()
        .enumerate()
        .map(|(e, est)| {
            let mut all = Sums::default();
            for s in &total[e] {
                all.add(s);
            }
            EstimatorQuality {
                holders: HOLDERS
                    .iter()
                    .zip(&all.holders)
                    .map(|(&holder, h)| HolderQuality {
                        holder,
                        log_loss: h.log_loss / h.predictions as f64,
                        predictions: h.predictions,
                    })
                    .collect(),
                name: est.name(),
                phases: total[e]
                    .iter()
                    .zip(PHASES)
                    .map(|(s, name)| PhaseQuality::of(name, s))
                    .collect(),
                ms_per_decision: 1000.0 * seconds[e] / all.decisions.max(1) as f64,
            }
        })
        .collect();
    Ok(QualityTable {
        rules: cfg.rules,
        source: match &cfg.source {
            RoundSource::Counting => "counting".into(),
            RoundSource::Spec(s) => s.clone(),
        },
        rounds: cfg.rounds,
        seed: cfg.seed,
        decisions: cfg.decisions,
        estimators,
    })
}

/// One estimator's scores in one phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseQuality {
    /// Tiles on the table, e.g. `"10-19"`.
    pub phase: String,
    /// Mean log-loss per hidden tile, in nats (NaN without predictions).
    pub log_loss: f64,
    /// Share of hidden tiles whose most probable place was the true one.
    pub top1: f64,
    /// Hidden tiles scored.
    pub predictions: u64,
    /// Decisions scored.
    pub decisions: u64,
}

impl PhaseQuality {
    fn of(phase: &str, s: &Sums) -> PhaseQuality {
        let n = s.predictions as f64;
        PhaseQuality {
            phase: phase.to_string(),
            log_loss: s.log_loss / n,
            top1: s.correct as f64 / n,
            predictions: s.predictions,
            decisions: s.decisions,
        }
    }
}

/// One estimator's log-loss over every phase on the tiles of one holder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HolderQuality {
    pub holder: Holder,
    /// Mean log-loss per hidden tile this holder held, in nats (NaN without predictions).
    pub log_loss: f64,
    /// Hidden tiles scored.
    pub predictions: u64,
}

/// One estimator's scores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EstimatorQuality {
    pub name: String,
    /// In the order of [`PHASES`].
    pub phases: Vec<PhaseQuality>,
    /// Over every phase, in the order of [`HOLDERS`].
    pub holders: Vec<HolderQuality>,
    /// Mean wall time of one call, in milliseconds (the only figure that depends on the
    /// machine and threads).
    pub ms_per_decision: f64,
}

impl EstimatorQuality {
    /// Scores over every phase, weighted by predictions.
    pub fn overall(&self) -> PhaseQuality {
        let mut s = Sums::default();
        for p in &self.phases {
            s.add(&Sums {
                log_loss: p.log_loss * p.predictions as f64,
                correct: (p.top1 * p.predictions as f64).round() as u64,
                predictions: p.predictions,
                decisions: p.decisions,
                holders: Default::default(),
            });
        }
        PhaseQuality::of("all", &s)
    }
}

/// The scores of a run, per estimator and phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QualityTable {
    pub rules: Rules,
    /// The player spec of the rounds.
    pub source: String,
    pub rounds: usize,
    pub seed: u64,
    pub decisions: Decisions,
    pub estimators: Vec<EstimatorQuality>,
}

impl QualityTable {
    /// A markdown table: one row per phase (and one over all), a log-loss and a top-1 column
    /// per estimator; then each estimator's time per decision.
    pub fn markdown(&self) -> String {
        let mut t = String::new();
        let _ = write!(t, "| tiles on the table | decisions | tiles scored |");
        for e in &self.estimators {
            let _ = write!(t, " {} log-loss | {} top-1 |", e.name, e.name);
        }
        let _ = write!(t, "\n|---|---:|---:|");
        for _ in &self.estimators {
            let _ = write!(t, "---:|---:|");
        }
        t.push('\n');
        let rows: Vec<Vec<PhaseQuality>> = (0..=PHASES.len())
            .map(|k| {
                self.estimators
                    .iter()
                    .map(|e| {
                        if k < PHASES.len() {
                            e.phases[k].clone()
                        } else {
                            e.overall()
                        }
                    })
                    .collect()
            })
            .collect();
        for row in rows {
            let Some(first) = row.first() else { continue };
            let _ = write!(
                t,
                "| {} | {} | {} |",
                first.phase, first.decisions, first.predictions
            );
            for p in &row {
                let _ = write!(t, " {:.3} | {:.3} |", p.log_loss, p.top1);
            }
            t.push('\n');
        }
        let _ = write!(t, "\n| where the tile is | tiles scored |");
        for e in &self.estimators {
            let _ = write!(t, " {} log-loss |", e.name);
        }
        let _ = write!(t, "\n|---|---:|");
        for _ in &self.estimators {
            let _ = write!(t, "---:|");
        }
        t.push('\n');
        for (k, holder) in HOLDERS.iter().enumerate() {
            let Some(first) = self.estimators.first() else {
                break;
            };
            let _ = write!(
                t,
                "| {} | {} |",
                holder.name(),
                first.holders[k].predictions
            );
            for e in &self.estimators {
                let _ = write!(t, " {:.3} |", e.holders[k].log_loss);
            }
            t.push('\n');
        }
        for e in &self.estimators {
            let _ = writeln!(t, "\n{}: {:.2} ms per decision", e.name, e.ms_per_decision);
        }
        t
    }

    /// The table as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a quality table serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(rounds: usize, decisions: Decisions) -> QualityConfig {
        QualityConfig {
            rules: Rules::cuban(),
            rounds,
            source: RoundSource::Counting,
            seed: 77,
            decisions,
        }
    }

    /// Knows the rounds of a run: finds the round of an information set by its seat's dealt
    /// hand and leader, and replays it to the same move.
    struct Truth {
        records: Vec<Record>,
        /// Which place to name: 0 the true one, 1 the next place (a sure miss).
        shift: usize,
    }

    impl Truth {
        fn of(cfg: &QualityConfig, shift: usize) -> Truth {
            let spec = cfg.source.spec().unwrap();
            let records = (0..cfg.rounds)
                .map(|i| play_round(&cfg.rules, &spec, cfg.seed, i).unwrap())
                .collect();
            Truth { records, shift }
        }
    }

    impl BeliefEstimator for Truth {
        fn name(&self) -> String {
            if self.shift == 0 {
                "oracle".into()
            } else {
                "wrong".into()
            }
        }

        fn marginals(
            &self,
            info: &InfoSet,
            _: &mut Rng,
        ) -> Result<Vec<(Tile, [f64; PLACES])>, BeliefError> {
            let record = self
                .records
                .iter()
                .find(|r| {
                    r.deal.hands[info.seat() as usize] == info.dealt()
                        && r.first == info.first()
                        && r.moves.starts_with(info.history())
                })
                .expect("the info set comes from one of the rounds");
            let table = record.replay(info.history().len()).unwrap();
            let hands = table.round().state().hands;
            Ok(info
                .unseen()
                .iter()
                .map(|t| {
                    let place = (0..4).find(|&s| hands[s].contains(t)).unwrap_or(OUT);
                    let mut p = [0.0; PLACES];
                    p[(place + self.shift) % PLACES] = 1.0;
                    (t, p)
                })
                .collect())
        }
    }

    #[test]
    fn uniform_beats_a_flat_guess_and_counts_add_up() {
        let cfg = config(6, Decisions::EverySeat);
        let uniform = UniformEstimator { samples: 300 };
        let coarse = UniformEstimator { samples: 50 };
        let table = run_quality(&cfg, &[&uniform, &coarse]).unwrap();
        assert_eq!(table.estimators.len(), 2);
        // the decisions and tiles scored, counted here from the rounds themselves
        let spec = cfg.source.spec().unwrap();
        let mut want = [(0u64, 0u64); 4];
        // hidden tiles by who holds them: the scored seat's partner, the opponents, nobody
        let mut held = [0u64; 3];
        for i in 0..cfg.rounds {
            let record = play_round(&cfg.rules, &spec, cfg.seed, i).unwrap();
            for k in 0..record.moves.len() {
                let table = record.replay(k).unwrap();
                let seat = table.to_move();
                let info = table.view(seat);
                if table.legal_moves().len() >= 2 && !info.played().is_empty() {
                    let p = phase(info.played().len());
                    want[p].0 += 1;
                    want[p].1 += info.unseen().len() as u64;
                    let hands = table.round().state().hands;
                    for t in info.unseen().iter() {
                        held[match (0..4u8).find(|&s| hands[s as usize].contains(t)) {
                            Some(s) if s == (seat + 2) % 4 => 0,
                            Some(_) => 1,
                            None => 2,
                        }] += 1;
                    }
                }
            }
        }
        for e in &table.estimators {
            for (p, (d, n)) in e.phases.iter().zip(want) {
                assert_eq!((p.decisions, p.predictions), (d, n), "{}", p.phase);
                assert!(p.decisions > 0, "{}: no decisions", p.phase);
                assert!(p.log_loss < 4f64.ln() + 0.05, "{}: {}", p.phase, p.log_loss);
                assert!((0.0..=1.0).contains(&p.top1));
            }
        }
        let all = table.estimators[0].overall();
        assert_eq!(
            all.predictions,
            want.iter().map(|w| w.1).sum::<u64>(),
            "overall"
        );
        // the split by holder covers the same tiles and averages to the same log-loss
        let holders = &table.estimators[0].holders;
        let counts: Vec<u64> = holders.iter().map(|h| h.predictions).collect();
        assert_eq!(counts, held, "tiles by holder");
        assert!(held.iter().all(|&n| n > 0), "{held:?}");
        let mean = holders
            .iter()
            .map(|h| h.log_loss * h.predictions as f64)
            .sum::<f64>()
            / all.predictions as f64;
        assert!(
            (mean - all.log_loss).abs() < 1e-9,
            "{mean} vs {}",
            all.log_loss
        );
        // the later the phase, the more is known
        let ll: Vec<f64> = table.estimators[0]
            .phases
            .iter()
            .map(|p| p.log_loss)
            .collect();
        assert!(ll[3] < ll[0], "{ll:?}");
        let md = table.markdown();
        assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), 6 + 4);
        let back: QualityTable = serde_json::from_str(&table.to_json()).unwrap();
        assert_eq!(back.estimators[0].phases, table.estimators[0].phases);
    }

    #[test]
    fn the_oracle_scores_perfectly_and_the_wrong_estimator_badly() {
        let cfg = config(4, Decisions::OneSeat);
        let oracle = Truth::of(&cfg, 0);
        let wrong = Truth::of(&cfg, 1);
        let uniform = UniformEstimator { samples: 200 };
        let table = run_quality(&cfg, &[&oracle, &wrong, &uniform]).unwrap();
        for p in &table.estimators[0].phases {
            if p.predictions > 0 {
                assert!(p.log_loss.abs() < 1e-12, "{}: {}", p.phase, p.log_loss);
                assert_eq!(p.top1, 1.0);
            }
        }
        for (o, w) in table.estimators[0]
            .holders
            .iter()
            .zip(&table.estimators[1].holders)
        {
            assert!(o.log_loss.abs() < 1e-12, "{:?}: {}", o.holder, o.log_loss);
            assert!(w.log_loss > 13.0, "{:?}: {}", w.holder, w.log_loss);
        }
        for (w, u) in table.estimators[1]
            .phases
            .iter()
            .zip(&table.estimators[2].phases)
        {
            if w.predictions > 0 {
                assert!(w.log_loss > 13.0, "{}: {}", w.phase, w.log_loss);
                assert_eq!(w.top1, 0.0);
                assert!(w.log_loss > u.log_loss);
            }
        }
    }

    #[test]
    fn runs_are_reproducible_and_one_seat_is_a_subset() {
        let uniform = UniformEstimator { samples: 100 };
        let one = run_quality(&config(3, Decisions::OneSeat), &[&uniform]).unwrap();
        let again = run_quality(&config(3, Decisions::OneSeat), &[&uniform]).unwrap();
        let every = run_quality(&config(3, Decisions::EverySeat), &[&uniform]).unwrap();
        assert_eq!(one.estimators[0].phases, again.estimators[0].phases);
        let sum =
            |t: &QualityTable| -> u64 { t.estimators[0].phases.iter().map(|p| p.decisions).sum() };
        assert!(sum(&one) > 0 && sum(&one) < sum(&every));
    }

    #[test]
    fn rounds_are_dealt_from_their_own_seeds() {
        let rules = Rules::cuban();
        let a = deal_round(&rules, 1, 0);
        let b = deal_round(&rules, 1, 1);
        assert_ne!(a.deal(), b.deal());
        assert_eq!(a.deal(), deal_round(&rules, 1, 0).deal());
        assert!(a.deal().hands.iter().all(|&h| !rules.redeal_applies(h)));
        assert!(matches!(
            run_quality(
                &QualityConfig {
                    source: RoundSource::Spec("nobody".into()),
                    ..config(1, Decisions::OneSeat)
                },
                &[&UniformEstimator { samples: 1 }]
            ),
            Err(QualityError::Spec(_))
        ));
    }
}
