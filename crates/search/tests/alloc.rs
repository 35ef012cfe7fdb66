//! The search loop allocates nothing per iteration once its arena has grown: a search's
//! allocations (sampler table, root move list, result) do not depend on how many iterations
//! it runs. (Its own test binary: the counting allocator is global.)

use std::alloc::{GlobalAlloc, Layout, System};

use capicua_engine::{Match, Rules};
use capicua_search::{Budget, RolloutPolicy, SearchConfig, SearchRequest, Searcher};

struct Counting;
thread_local! {
    static MINE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn allocs() -> usize {
    MINE.with(|n| n.get())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // only this thread's: the test harness allocates on its own threads meanwhile
        MINE.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn iterations_do_not_allocate() {
    for (variant, rollout) in [
        ("cuban", RolloutPolicy::Random),
        ("cutthroat-3", RolloutPolicy::Heuristic),
    ] {
        let rules = Rules::preset(variant).unwrap();
        let mut round = Match::new(&rules, 5).deal_round();
        // a forced lead or a forced reply needs no search: go to a real choice
        while round.legal_moves().len() == 1 {
            round.play(round.legal_moves()[0]).unwrap();
        }
        let info = round.infoset(round.to_move());
        let mut s = Searcher::new(SearchConfig {
            rollout,
            ..SearchConfig::default()
        });
        let run = |s: &mut Searcher, n: u64| {
            let before = allocs();
            let req = SearchRequest {
                budget: Budget::iterations(n),
                seed: 1,
                stop: None,
                report: None,
            };
            let res = s.search_with(&info, req).unwrap();
            assert_eq!(res.iterations, n);
            allocs() - before
        };
        run(&mut s, 20_000); // grows the arena
        let small = run(&mut s, 1_000);
        let large = run(&mut s, 10_000);
        assert_eq!(
            small, large,
            "{variant}: {small} allocations for 1,000 iterations, {large} for 10,000"
        );
    }
}
