//! Human-readable reports: a plain table for the terminal and markdown for `eval/`.

use std::fmt::Write;

use crate::duplicate::{DuplicateSummary, ThinkTime};
use crate::elo::RoundRobinReport;

fn pct(x: f64) -> String {
    if x.is_finite() {
        format!("{:.1}%", 100.0 * x)
    } else {
        "n/a".into()
    }
}

fn signed(x: f64) -> String {
    if x.is_finite() {
        format!("{x:+.2}")
    } else {
        "n/a".into()
    }
}

fn interval(ci: [f64; 2], f: fn(f64) -> String) -> String {
    if ci.iter().all(|x| x.is_finite()) {
        format!("[{}, {}]", f(ci[0]), f(ci[1]))
    } else {
        "n/a".into()
    }
}

/// The verdict a 95% margin interval supports.
pub fn verdict(s: &DuplicateSummary) -> &'static str {
    let [lo, hi] = s.a_margin_ci95;
    if lo > 0.0 {
        "A stronger"
    } else if hi < 0.0 {
        "B stronger"
    } else if lo.is_finite() && hi.is_finite() {
        "no significant difference"
    } else {
        "too few deals"
    }
}

/// A duplicate match as a plain table.
pub fn duplicate_table(s: &DuplicateSummary) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "duplicate match on {}, seed {}", s.variant, s.seed);
    let _ = writeln!(t, "  A: {}", s.a);
    let _ = writeln!(t, "  B: {}", s.b);
    let _ = writeln!(
        t,
        "rounds            {} ({} deals, each played twice)",
        s.rounds, s.deals
    );
    let _ = writeln!(
        t,
        "round wins        A {} ({})   B {} ({})   tied {}",
        s.a_round_wins,
        pct(s.a_round_win_rate),
        s.b_round_wins,
        pct(s.b_round_win_rate),
        s.round_ties
    );
    let _ = writeln!(
        t,
        "points per round  A {:.2}   B {:.2}",
        s.a_points_per_round, s.b_points_per_round
    );
    let _ = writeln!(
        t,
        "A margin/round    {}   95% CI {}   ({})",
        signed(s.a_margin_per_round),
        interval(s.a_margin_ci95, signed),
        verdict(s)
    );
    let _ = writeln!(
        t,
        "matches           {}: A won {} ({}, 95% CI {})",
        s.matches,
        s.a_match_wins,
        pct(s.a_match_win_rate),
        interval(s.a_match_win_ci95, pct)
    );
    t
}

const DUPLICATE_HEADER: &str = "| A | B | rounds | A round wins | B round wins | ties | A margin/round | 95% CI | matches | A match win rate |\n|---|---|---:|---:|---:|---:|---:|---|---:|---:|\n";

fn duplicate_row(s: &DuplicateSummary) -> String {
    format!(
        "| {} | {} | {} | {} ({}) | {} ({}) | {} | {} | {} | {} | {} |\n",
        s.a,
        s.b,
        s.rounds,
        s.a_round_wins,
        pct(s.a_round_win_rate),
        s.b_round_wins,
        pct(s.b_round_win_rate),
        s.round_ties,
        signed(s.a_margin_per_round),
        interval(s.a_margin_ci95, signed),
        s.matches,
        pct(s.a_match_win_rate),
    )
}

/// A duplicate match as markdown, headed by the command that produced it.
pub fn duplicate_markdown(s: &DuplicateSummary, command: &str) -> String {
    let mut t = format!("# {} vs {} on {}\n\n", s.a, s.b, s.variant);
    let _ = writeln!(t, "Produced by `{command}` (seed {}).\n", s.seed);
    t.push_str(DUPLICATE_HEADER);
    t.push_str(&duplicate_row(s));
    let _ = writeln!(
        t,
        "\nMargin = team A's points minus team B's per round; the interval is over deal means \
         (each deal played twice, seats swapped). Verdict: {}.",
        verdict(s)
    );
    t
}

/// Each team's mean think time a decision with a choice, as a line under a duplicate table.
pub fn think_line(think: &[ThinkTime; 2]) -> String {
    format!(
        "think time        A {:.2} ms   B {:.2} ms   a decision with a choice ({} and {} decisions)\n",
        think[0].mean_ms, think[1].mean_ms, think[0].decisions, think[1].decisions
    )
}

/// A round robin as a plain table.
pub fn round_robin_table(r: &RoundRobinReport) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "round robin on {}, {} rounds per pairing, seed {}, {} bootstrap resamples",
        r.variant, r.rounds_per_pairing, r.seed, r.bootstrap
    );
    let width = r
        .elo
        .iter()
        .map(|e| e.player.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = writeln!(
        t,
        "{:<width$}  {:>7}  {:>18}  {:>11}",
        "player", "elo", "95% CI", "round score"
    );
    for e in &r.elo {
        let _ = writeln!(
            t,
            "{:<width$}  {:>7.1}  {:>18}  {:>11}",
            e.player,
            e.elo,
            format!("[{:.1}, {:.1}]", e.elo_ci95[0], e.elo_ci95[1]),
            pct(e.round_score)
        );
    }
    let _ = writeln!(t);
    for s in &r.pairings {
        let _ = writeln!(
            t,
            "{} vs {}: margin/round {} {}, round wins {} / {}, matches {} ({} for A)",
            s.a,
            s.b,
            signed(s.a_margin_per_round),
            interval(s.a_margin_ci95, signed),
            pct(s.a_round_win_rate),
            pct(s.b_round_win_rate),
            s.matches,
            pct(s.a_match_win_rate)
        );
    }
    t
}

/// A round robin as markdown: the Elo table, then every pairing.
pub fn round_robin_markdown(r: &RoundRobinReport, command: &str) -> String {
    let mut t = format!("# Round robin on {}\n\n", r.variant);
    let _ = writeln!(
        t,
        "Produced by `{command}` (seed {}, {} rounds per pairing, {} bootstrap resamples).\n",
        r.seed, r.rounds_per_pairing, r.bootstrap
    );
    t.push_str("| player | Elo | 95% CI | round score |\n|---|---:|---|---:|\n");
    for e in &r.elo {
        let _ = writeln!(
            t,
            "| {} | {:.1} | [{:.1}, {:.1}] | {} |",
            e.player,
            e.elo,
            e.elo_ci95[0],
            e.elo_ci95[1],
            pct(e.round_score)
        );
    }
    t.push_str("\n## Pairings (duplicate)\n\n");
    t.push_str(DUPLICATE_HEADER);
    for s in &r.pairings {
        t.push_str(&duplicate_row(s));
    }
    t.push_str(
        "\nElo: Bradley-Terry fit on rounds won (ties half); intervals from a bootstrap over \
         deals. Margin = A's points minus B's per round, interval over deal means.\n",
    );
    t
}
