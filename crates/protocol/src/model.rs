//! The `model` option: which network guides the engine's search. Its values are the front
//! door's ([`ModelChoice`], from `capicua_eval::spec`, where `capicua eval` and `capicua play`
//! read `model=` too): a file, `"default"` (the shipped model, refused where none is
//! installed), `"long"` (the shipped model for long searches, likewise) or `"none"` (plain
//! search). The engine starts with the shipped model where one
//! is installed and plain search otherwise ([`ModelChoice::installed`]), and says which in
//! `hello`'s option table.

use capicua_eval::{Model, SearchKind, SearchSpec};
use capicua_search::{BeliefMode, Searcher};

use crate::options::BeliefsOption;

pub use capicua_eval::ModelChoice;

/// The search behind `go`: the front door's `ismcts` player spec with the engine's `threads`,
/// network and beliefs, everything else at its defaults (`ismcts:threads=T,model=M,beliefs=B`).
/// `beliefs` `learned` with a model without a belief output is refused, with the reason.
pub fn engine_searcher(
    threads: u32,
    model: Option<Model>,
    beliefs: BeliefsOption,
) -> Result<Searcher, String> {
    let mut spec = SearchSpec::with_model(SearchKind::Ismcts, model);
    let has_beliefs = spec
        .model
        .as_ref()
        .is_some_and(|m| m.evaluator.has_beliefs());
    spec.config.threads = threads.max(1) as usize;
    spec.config.beliefs = match beliefs {
        BeliefsOption::Learned if !has_beliefs => {
            return Err(format!(
                "beliefs \"learned\" needs a model with a belief output, and {} has none",
                spec.model
                    .as_ref()
                    .map_or("plain search (model \"none\")", |m| &m.name)
            ));
        }
        BeliefsOption::Learned => BeliefMode::Learned,
        BeliefsOption::Uniform => BeliefMode::Uniform,
        BeliefsOption::Auto if has_beliefs => BeliefMode::Learned,
        BeliefsOption::Auto => BeliefMode::Uniform,
    };
    Ok(spec.searcher())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_guided_searchers() {
        let plain = engine_searcher(2, None, BeliefsOption::Auto).unwrap();
        assert_eq!(plain.config().threads, 2);
        assert!(!plain.evaluator().gives_priors());
        assert_eq!(plain.config().beliefs, BeliefMode::Uniform);
        assert_eq!(plain.config().rollout_mix, 0.0);
        assert!(engine_searcher(1, None, BeliefsOption::Learned).is_err());
        if let Ok(Some(model)) = ModelChoice::Default.load() {
            let guided = engine_searcher(1, Some(model), BeliefsOption::Auto).unwrap();
            assert!(guided.evaluator().gives_priors());
            // `go` searches as `ismcts:model=default` does, rollouts mixed into its leaves
            let config = guided.config();
            assert_eq!(config.rollout_mix, capicua_eval::NET_ROLLOUT_MIX);
            assert_eq!(config.rollout, capicua_eval::NET_ROLLOUT);
            // and a timed `go` of 20 ms or less takes the short searches' rollout share
            assert_eq!(config.short_mix, vec![capicua_eval::NET_SHORT_MIX]);
            // and reads the shipped short reader, where it is installed
            if capicua_net::shipped_short_reader_path().is_some() {
                assert_eq!(config.short_reader.len(), 1);
                assert_eq!(
                    config.short_reader[0].max_time,
                    capicua_eval::NET_SHORT_READER_TIME
                );
            }
        }
    }
}
