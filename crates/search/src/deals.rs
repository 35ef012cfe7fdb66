//! Where a search's determinizations come from: the engine's exact uniform sampler, or its
//! believed-deal sampler weighted by the evaluator's beliefs ([`BeliefMode`]). Either way every
//! deal drawn is consistent with the root's information set; built once per search.

use capicua_engine::{BeliefSampler, InfoSet, Rng, SampleError, Sampler, State};

use crate::config::BeliefMode;
use crate::error::SearchError;
use crate::evaluator::Evaluator;

pub(crate) enum Deals {
    Uniform(Sampler),
    Believed(BeliefSampler),
}

impl Deals {
    pub(crate) fn new(
        info: &InfoSet,
        mode: BeliefMode,
        evaluator: &dyn Evaluator,
    ) -> Result<Deals, SearchError> {
        Ok(match mode {
            BeliefMode::Uniform => Deals::Uniform(Sampler::new(info)?),
            BeliefMode::Learned => {
                let weights = evaluator
                    .place_weights(info)
                    .ok_or(SearchError::NoBeliefs)?;
                Deals::Believed(BeliefSampler::new(info, &weights)?)
            }
        })
    }

    pub(crate) fn sample(&self, rng: &mut Rng) -> Result<State, SampleError> {
        match self {
            Deals::Uniform(s) => s.sample(rng),
            Deals::Believed(s) => s.sample(rng),
        }
    }
}
