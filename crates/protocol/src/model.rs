//! The `model` option: which network guides the engine's search. Its values are the front
//! door's ([`ModelChoice`], from `capicua_eval::spec`, where `capicua eval` and `capicua play`
//! read `model=` too): a file, `"default"` (the shipped model, refused where none is
//! installed) or `"none"` (plain search). The engine starts with the shipped model where one
//! is installed and plain search otherwise ([`ModelChoice::installed`]), and says which in
//! `hello`'s option table.

use capicua_eval::{Model, SearchKind, SearchSpec};
use capicua_search::Searcher;

pub use capicua_eval::ModelChoice;

/// The search behind `go`: the front door's `ismcts` player spec with the engine's `threads`
/// and network, everything else at its defaults (`ismcts:threads=T,model=M`).
pub fn engine_searcher(threads: u32, model: Option<Model>) -> Searcher {
    let mut spec = SearchSpec::new(SearchKind::Ismcts);
    spec.config.threads = threads.max(1) as usize;
    spec.model = model;
    spec.searcher()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_guided_searchers() {
        let plain = engine_searcher(2, None);
        assert_eq!(plain.config().threads, 2);
        assert!(!plain.evaluator().gives_priors());
        if let Ok(Some(model)) = ModelChoice::Default.load() {
            assert!(engine_searcher(1, Some(model)).evaluator().gives_priors());
        }
    }
}
