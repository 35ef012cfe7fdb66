//! Perft: the number of move sequences of each length from fixed deals, checked against the
//! counts kept in `tests/data/perft.txt` and against a deliberately naive reference
//! implementation written from the rules text (vectors of pairs, no bitsets).

use capicua_engine::{Deal, Move, Rng, Round, Rules, Tile};

fn perft(round: &Round, depth: u32) -> u64 {
    if depth == 0 || round.is_over() {
        return 1;
    }
    let mut n = 0;
    for &mv in round.legal_moves().iter() {
        let mut r = round.clone();
        r.play(mv).unwrap();
        n += perft(&r, depth - 1);
    }
    n
}

/// The reference: a round as plain vectors.
#[derive(Clone)]
struct Naive {
    players: usize,
    draw: bool,
    lead_double: bool,
    hands: Vec<Vec<(u8, u8)>>,
    pile: Vec<(u8, u8)>,
    ends: Option<(u8, u8)>,
    to_move: usize,
    passes: usize,
    over: bool,
}

impl Naive {
    fn moves(&self) -> Vec<Naive> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        let hand = &self.hands[self.to_move];
        for (i, &(a, b)) in hand.iter().enumerate() {
            let mut targets: Vec<(u8, u8)> = Vec::new(); // (end joined, new end), lead: (255, _)
            match self.ends {
                None => {
                    if !self.lead_double || a == b {
                        targets.push((255, 0));
                    }
                }
                Some((l, r)) => {
                    for (k, e) in [l, r].into_iter().enumerate() {
                        if k == 1 && l == r {
                            break;
                        }
                        if a == e {
                            targets.push((e, b));
                        } else if b == e {
                            targets.push((e, a));
                        }
                    }
                }
            }
            for (e, newend) in targets {
                let mut n = self.clone();
                n.hands[self.to_move].remove(i);
                n.ends = Some(match self.ends {
                    None => (a, b),
                    Some((l, r)) => {
                        if l == e {
                            (newend, r)
                        } else {
                            (l, newend)
                        }
                    }
                });
                n.passes = 0;
                if n.hands[self.to_move].is_empty() {
                    n.over = true;
                } else {
                    n.to_move = (self.to_move + 1) % self.players;
                }
                out.push(n);
            }
        }
        if out.is_empty() {
            let mut n = self.clone();
            if self.draw && !self.pile.is_empty() {
                let t = n.pile.remove(0);
                n.hands[self.to_move].push(t);
            } else {
                n.passes += 1;
                if n.passes == self.players {
                    n.over = true;
                } else {
                    n.to_move = (self.to_move + 1) % self.players;
                }
            }
            out.push(n);
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.over {
            return 1;
        }
        self.moves().iter().map(|n| n.perft(depth - 1)).sum()
    }
}

fn setup(variant: &str, seed: u64) -> (Round, Naive) {
    let rules = Rules::preset(variant).unwrap();
    let mut rng = Rng::new(seed);
    let deal = Deal::random(&rules, &mut rng);
    let first = (seed % rules.players as u64) as u8;
    let round = Round::new(&rules, deal.clone(), first, None).unwrap();
    let pair = |t: Tile| (t.high(), t.low());
    let naive = Naive {
        players: rules.players as usize,
        draw: rules.draw,
        lead_double: rules.lead_double,
        hands: (0..rules.players as usize)
            .map(|s| deal.hands[s].iter().map(pair).collect())
            .collect(),
        pile: deal.pile.iter().map(|&t| pair(t)).collect(),
        ends: None,
        to_move: first as usize,
        passes: 0,
        over: false,
    };
    (round, naive)
}

#[test]
fn perft_table() {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    for line in data.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let (variant, seed, depth, want): (&str, u64, u32, u64) = (
            f[0],
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
        );
        let (round, naive) = setup(variant, seed);
        let got = perft(&round, depth);
        let reference = naive.perft(depth);
        assert_eq!(
            reference, want,
            "reference perft {variant} seed {seed} depth {depth}"
        );
        assert_eq!(
            got, want,
            "engine perft {variant} seed {seed} depth {depth}"
        );
        checked += 1;
    }
    assert!(checked >= 10);
}

/// Prints the table; run with `--ignored --nocapture` to regenerate the data file from the
/// reference implementation.
#[test]
#[ignore]
fn print_perft_table() {
    for (variant, depth) in [
        ("cuban", 9),
        ("cuban-d6", 10),
        ("jamaican", 10),
        ("cutthroat-2", 6),
        ("cutthroat-3", 8),
        ("lankford-2", 14),
        ("lankford-4", 16),
        ("chiva-3", 12),
    ] {
        for seed in [1u64, 2] {
            let (_, naive) = setup(variant, seed);
            for d in [1, depth / 2, depth] {
                println!("{variant} {seed} {d} {}", naive.perft(d));
            }
        }
    }
}

#[test]
fn perft_at_depth_one_is_the_number_of_legal_moves() {
    let (round, _) = setup("cuban", 9);
    assert_eq!(perft(&round, 1), 10);
    let mut r = round.clone();
    r.play(round.legal_moves()[0]).unwrap();
    assert_eq!(perft(&r, 1), r.legal_moves().len() as u64);
    assert!(
        r.legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Play { .. } | Move::Pass))
    );
}
