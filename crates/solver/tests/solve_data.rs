//! The solver against the values in `tests/data/solve.txt`, written by the plain reference
//! minimax (`examples/gen_solve_data.rs`), as the engine's perft file checks move generation.

use capicua_engine::{LEAD, Move, Rules, State, Tile, TileSet};
use capicua_solver::{Outcome, SolveLimits, Solver, reference};

struct Case {
    line: usize,
    rules: Rules,
    first: u8,
    ties: u32,
    state: State,
    value: i32,
    moves: Vec<(String, i32)>,
}

fn tiles(s: &str, max_pip: u8) -> TileSet {
    if s == "-" {
        return TileSet::EMPTY;
    }
    s.split('.')
        .map(|t| Tile::parse(t, max_pip).unwrap())
        .collect()
}

fn cases() -> Vec<Case> {
    let data = include_str!("data/solve.txt");
    let mut out = Vec::new();
    for (i, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 10, "line {}", i + 1);
        let rules = Rules::preset(f[0]).unwrap();
        let mut hands = [TileSet::EMPTY; 4];
        for (h, s) in hands.iter_mut().zip(f[3].split('/')) {
            *h = tiles(s, rules.max_pip);
        }
        let out_tiles = hands
            .iter()
            .fold(tiles(f[4], rules.max_pip), |m, h| m.union(*h));
        let ends = match f[5] {
            "lead" => [LEAD, LEAD],
            e => {
                let (a, b) = e.split_once(':').unwrap();
                [a.parse().unwrap(), b.parse().unwrap()]
            }
        };
        let mut state = State::new(&rules, hands, TileSet::EMPTY, f[1].parse().unwrap());
        state.out = out_tiles;
        state.ends = ends;
        state.to_move = f[6].parse().unwrap();
        state.passes = f[7].parse().unwrap();
        let moves = f[9]
            .split(',')
            .map(|mv| {
                let (m, v) = mv.rsplit_once(':').unwrap();
                (m.to_string(), v.parse().unwrap())
            })
            .collect();
        out.push(Case {
            line: i + 1,
            rules,
            first: f[1].parse().unwrap(),
            ties: f[2].parse().unwrap(),
            state,
            value: f[8].parse().unwrap(),
            moves,
        });
    }
    out
}

#[test]
fn solver_matches_the_reference_values() {
    let cases = cases();
    assert!(cases.len() >= 300);
    // one solver for every case, with a tiny table: it must keep positions of different
    // rounds apart and stay exact when entries are replaced all the time
    let mut solver = Solver::new(1 << 8);
    for c in &cases {
        let solved = solver
            .solve(&c.rules, &c.state, c.first, c.ties, SolveLimits::NONE)
            .unwrap();
        assert_eq!(solved.outcome, Outcome::Exact(c.value), "line {}", c.line);
        let mvs = solver
            .move_values(&c.rules, &c.state, c.first, c.ties, SolveLimits::NONE)
            .unwrap();
        let got: Vec<(String, i32)> = mvs
            .moves
            .iter()
            .map(|m| (m.mv.to_string(), m.outcome.exact().unwrap()))
            .collect();
        assert_eq!(got, c.moves, "line {}", c.line);
        let best = solved.best.unwrap();
        assert!(
            c.moves.contains(&(best.to_string(), c.value)),
            "line {}: best move {best} does not reach {}",
            c.line,
            c.value
        );
        // the open ends are an unordered pair
        let mut swapped = c.state;
        swapped.ends = [c.state.ends[1], c.state.ends[0]];
        let again = solver
            .solve(&c.rules, &swapped, c.first, c.ties, SolveLimits::NONE)
            .unwrap();
        assert_eq!(again.outcome, Outcome::Exact(c.value), "line {}", c.line);
    }
}

#[test]
fn reference_still_writes_the_file() {
    for c in cases().iter().step_by(7) {
        let v = reference::minimax(&c.rules, &c.state, c.first, c.ties).unwrap();
        assert_eq!(v, c.value, "line {}", c.line);
        let mvs: Vec<(String, i32)> = reference::move_values(&c.rules, &c.state, c.first, c.ties)
            .unwrap()
            .iter()
            .map(|(m, v): &(Move, i32)| (m.to_string(), *v))
            .collect();
        assert_eq!(mvs, c.moves, "line {}", c.line);
    }
}

#[test]
fn best_move_value_is_the_position_value() {
    let mut solver = Solver::default();
    for c in cases().iter().step_by(3) {
        let mvs = solver
            .move_values(&c.rules, &c.state, c.first, c.ties, SolveLimits::NONE)
            .unwrap();
        let max = mvs.moves.iter().filter_map(|m| m.outcome.exact()).max();
        assert_eq!(max, Some(c.value), "line {}", c.line);
    }
}

#[test]
fn principal_variation_is_legal_and_scores_the_value() {
    let mut solver = Solver::new(1 << 16);
    for c in cases().iter().step_by(2) {
        let line = solver
            .principal_variation(&c.rules, &c.state, c.first, c.ties, SolveLimits::NONE)
            .unwrap();
        assert_eq!(line.outcome, Outcome::Exact(c.value), "line {}", c.line);
        let mut st = c.state;
        let mut legal = capicua_engine::MoveList::default();
        for &mv in &line.moves {
            st.legal_moves(&mut legal);
            assert!(legal.contains(mv), "line {}: {mv} is illegal", c.line);
            st.apply(mv);
        }
        assert!(st.is_over(), "line {}: the line stops early", c.line);
        let side = c.rules.side_of(c.state.to_move);
        let score = capicua_solver::value::margin(&c.rules, &st, c.first, c.ties, side);
        assert_eq!(score, Some(c.value), "line {}", c.line);
    }
}
