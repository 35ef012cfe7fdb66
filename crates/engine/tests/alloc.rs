//! The playout path allocates nothing: legal moves, random moves, applying them and scoring
//! all run on the stack.

use std::alloc::{GlobalAlloc, Layout, System};

use capicua_engine::{Deal, MoveList, Rng, RoundResult, Rules, State, TileSet, VARIANTS};

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
fn playouts_do_not_allocate() {
    for v in VARIANTS {
        let rules = Rules::preset(v).unwrap();
        let mut rng = Rng::new(11);
        let states: Vec<State> = (0..200)
            .map(|_| {
                let d = Deal::random(&rules, &mut rng);
                let pile: TileSet = d.pile.iter().copied().collect();
                State::new(&rules, d.hands, pile, 0)
            })
            .collect();
        let mut list = MoveList::default();
        let before = allocs();
        let mut total = 0u32;
        for st in &states {
            let mut s = *st;
            while !s.is_over() {
                s.legal_moves(&mut list);
                let mv = s.random_move(&mut rng);
                s.apply(mv);
            }
            let res = RoundResult::of(&rules, &s, 0).unwrap();
            total += res.points(&rules, 0);
        }
        let after = allocs();
        assert_eq!(
            after - before,
            0,
            "{v}: {} allocations in playouts",
            after - before
        );
        assert!(total > 0);
    }
}
