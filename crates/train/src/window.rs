//! The replay window: the newest generations' samples that training draws from.

use std::collections::VecDeque;
use std::path::Path;

use crate::error::TrainError;
use crate::replay::{ReplayDir, Sample};

/// The samples of the newest generations, oldest first, that together hold at least `size`
/// samples (all of them while fewer exist).
#[derive(Debug, Default)]
pub struct ReplayWindow {
    generations: VecDeque<(u64, Vec<Sample>)>,
    held: usize,
}

impl ReplayWindow {
    /// Reads the window as it stood before generation `next`, newest file first. A damaged
    /// file is an error naming it ([`TrainError::DamagedReplay`]) unless `skip_damaged`, when
    /// it is left out (reported through `warn`) and older files fill the window instead.
    pub fn load(
        replay: &ReplayDir,
        next: u64,
        size: usize,
        skip_damaged: bool,
        warn: &mut dyn FnMut(&Path, &str),
    ) -> Result<ReplayWindow, TrainError> {
        let mut w = ReplayWindow::default();
        for g in (0..next).rev() {
            if w.held >= size {
                break;
            }
            match replay.read(g) {
                Ok(Some((samples, _))) => {
                    w.held += samples.len();
                    w.generations.push_front((g, samples));
                }
                Ok(None) => {}
                Err(TrainError::Replay { path, reason }) => {
                    if !skip_damaged {
                        return Err(TrainError::DamagedReplay { path, reason });
                    }
                    warn(&path, &reason);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(w)
    }

    /// Adds generation `g`'s samples and drops the oldest generations the window no longer
    /// needs to hold `size` samples.
    pub fn push(&mut self, g: u64, samples: Vec<Sample>, size: usize) {
        self.held += samples.len();
        self.generations.push_back((g, samples));
        while self.generations.len() > 1 && self.held - self.generations[0].1.len() >= size {
            self.held -= self.generations[0].1.len();
            self.generations.pop_front();
        }
    }

    /// Splits the window into the training pool (its newest `size` samples but the held-out
    /// ones) and the held-out validation samples: the last `validation` samples of the newest
    /// generation, at most a quarter of it.
    pub fn split(&self, validation: usize, size: usize) -> (Vec<&Sample>, Vec<&Sample>) {
        let Some((_, newest)) = self.generations.back() else {
            return (Vec::new(), Vec::new());
        };
        let n_val = validation.min(newest.len() / 4);
        let held_out: Vec<&Sample> = newest[newest.len() - n_val..].iter().collect();
        let mut pool: Vec<&Sample> = Vec::with_capacity(self.held);
        for (k, (_, s)) in self.generations.iter().enumerate() {
            let take = if k + 1 == self.generations.len() {
                s.len() - n_val
            } else {
                s.len()
            };
            pool.extend(s[..take].iter());
        }
        let skip = pool.len().saturating_sub(size);
        pool.drain(..skip);
        (pool, held_out)
    }
}
