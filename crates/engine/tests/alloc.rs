//! The playout path allocates nothing: legal moves, random moves, applying them and scoring
//! all run on the stack.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use capicua_engine::{Deal, MoveList, Rng, RoundResult, Rules, State, TileSet, VARIANTS};

struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
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
        let before = ALLOCS.load(Ordering::Relaxed);
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
        let after = ALLOCS.load(Ordering::Relaxed);
        assert_eq!(
            after - before,
            0,
            "{v}: {} allocations in playouts",
            after - before
        );
        assert!(total > 0);
    }
}
