//! `capicua play`: a person plays one seat in the terminal, with a bot partner against bots
//! (any player specs). The table shows the line of play, the open ends, the person's hand and
//! moves, what every seat has played and where it passed, and the score; after each round,
//! every hand. Bots run in this process.

use std::io::{self, BufRead, Write};

use anyhow::{Context, Result, anyhow, bail};
use capicua_engine::{
    InfoSet, LEAD, LineOfPlay, Match, Move, Player, Round, Rules, Table, TileSet, notation,
};
use capicua_eval::{PlayerSpec, player_seed};
use clap::Args;

/// `capicua play`'s partner unless `--partner` says otherwise.
pub const DEFAULT_PARTNER: &str = capicua_eval::PARTNER_OF_PEOPLE;

#[derive(Args)]
pub struct PlayArgs {
    /// Variant: cuban, cuban-d6, jamaican, haitian, puerto-rican, cutthroat-*, lankford-*, chiva-*.
    #[arg(long, default_value = "cuban")]
    variant: String,
    /// Your partner in partnership variants (a player spec). The default is the strongest
    /// partner the project has for a person: ISMCTS guided by the shipped model for long
    /// searches (`model=long`), drawing its deals from the network's beliefs, half of each
    /// leaf value from a heuristic rollout, at 200 ms a move (`eval/results/play39/`).
    #[arg(long, default_value = DEFAULT_PARTNER)]
    partner: String,
    /// The other seats (a player spec).
    #[arg(long, default_value = "counting")]
    opponents: String,
    /// Your seat (0 to players - 1).
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// Seed of the deals and the bots (default: from the clock; printed so a game can be
    /// replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// Stop after this many rounds (default: play the match out).
    #[arg(long)]
    rounds: Option<u32>,
}

pub fn run(args: PlayArgs) -> Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    // a bot's search that finds no deal ends the match with its error, not a panic
    capicua_search::catch_player_failure(|| play(&args, &mut stdin.lock(), &mut stdout.lock()))?
}

/// How the person's seat relates to each seat.
struct Seats {
    rules: Rules,
    human: u8,
    names: Vec<String>,
}

impl Seats {
    fn label(&self, s: u8) -> String {
        let h = self.human;
        let n = self.rules.players;
        let role = if s == h {
            "you".to_string()
        } else if self.rules.partners && s == (h + 2) % 4 {
            format!("partner, {}", self.names[s as usize])
        } else if s == (h + 1) % n {
            format!("plays after you, {}", self.names[s as usize])
        } else if (s + 1) % n == h {
            format!("plays before you, {}", self.names[s as usize])
        } else {
            self.names[s as usize].clone()
        };
        format!("seat {s} ({role})")
    }

    fn side_name(&self, side: u8) -> String {
        if self.rules.partners {
            if side == self.rules.side_of(self.human) {
                "you and your partner".into()
            } else {
                "the opponents".into()
            }
        } else if side == self.human {
            "you".into()
        } else {
            format!("seat {side}")
        }
    }

    /// "win" or "wins", to agree with [`Seats::side_name`].
    fn win_verb(&self, side: u8) -> &'static str {
        if self.rules.partners || side == self.human {
            "win"
        } else {
            "wins"
        }
    }

    fn score_line(&self, scores: &[u32]) -> String {
        let parts: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(side, p)| format!("{} {p}", self.side_name(side as u8)))
            .collect();
        format!(
            "Score: {} (match to {})",
            parts.join(", "),
            self.rules.target
        )
    }
}

/// The line of play as text, left to right, each tile turned to show how it joins.
fn line_text(line: &LineOfPlay) -> String {
    if line.is_empty() {
        return "(empty: the first tile leads)".into();
    }
    line.iter()
        .map(|t| format!("{}|{}", t.left, t.right))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What each seat did this round: its plays and the ends it passed on.
struct Log {
    plays: Vec<Vec<String>>,
    passes: Vec<Vec<String>>,
    draws: Vec<u32>,
}

impl Log {
    fn new(players: u8) -> Log {
        let n = players as usize;
        Log {
            plays: vec![Vec::new(); n],
            passes: vec![Vec::new(); n],
            draws: vec![0; n],
        }
    }

    fn add(&mut self, seat: u8, mv: Move, ends: Option<(u8, u8)>) {
        let s = seat as usize;
        match mv {
            Move::Play { .. } => self.plays[s].push(notation(mv, ends)),
            Move::Pass => self.passes[s].push(match ends {
                Some((a, b)) => format!("{a}|{b}"),
                None => "the lead".into(),
            }),
            Move::Draw(_) => self.draws[s] += 1,
        }
    }
}

/// `text` with its first letter in capitals, to start a sentence.
fn sentence(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn hand_text(h: TileSet) -> String {
    if h.is_empty() {
        "(none)".into()
    } else {
        h.to_string()
    }
}

fn ends_text(ends: Option<(u8, u8)>) -> String {
    match ends {
        Some((a, b)) => format!("{a} and {b}"),
        None => "none yet".into(),
    }
}

fn describe(mv: Move, ends: Option<(u8, u8)>) -> String {
    match mv {
        Move::Play { end, .. } if end == LEAD => format!("leads {}", notation(mv, ends)),
        Move::Play { tile, end } => format!("plays {tile} on the {end}"),
        Move::Pass => "passes".into(),
        Move::Draw(_) => "draws from the boneyard".into(),
    }
}

fn show_table(
    out: &mut dyn Write,
    seats: &Seats,
    round: &Round,
    info: &InfoSet,
    log: &Log,
    line: &LineOfPlay,
    scores: &[u32],
) -> io::Result<()> {
    let st = round.state();
    writeln!(out)?;
    writeln!(out, "  Line:      {}", line_text(line))?;
    writeln!(out, "  Open ends: {}", ends_text(st.ends()))?;
    for s in 0..seats.rules.players {
        let mut row = format!(
            "  {:<40} {:>2} tiles",
            seats.label(s),
            info.counts()[s as usize]
        );
        let plays = &log.plays[s as usize];
        row += &format!(
            "  played: {}",
            if plays.is_empty() {
                "-".into()
            } else {
                plays.join(" ")
            }
        );
        if !log.passes[s as usize].is_empty() {
            row += &format!("  passed on: {}", log.passes[s as usize].join(", "));
        }
        if log.draws[s as usize] > 0 {
            row += &format!("  drew {}", log.draws[s as usize]);
        }
        writeln!(out, "{row}")?;
    }
    if seats.rules.draw {
        writeln!(out, "  Boneyard:  {} tiles", info.pile_count())?;
    }
    writeln!(out, "  {}", seats.score_line(scores))?;
    writeln!(out, "  Your hand: {}", hand_text(info.hand()))?;
    Ok(())
}

const HELP: &str = "Type the number of a move, or the move itself: a tile such as 9-4, with @e to \
choose the end showing e when it fits both (9-4@4). \"quit\" leaves the match.";

/// Asks the person for a move until a legal one comes; `None` at end of input or "quit".
/// Under the optional redeal rule: whether the person shows a hand of many doubles.
fn ask_show_doubles(out: &mut dyn Write, input: &mut dyn BufRead, info: &InfoSet) -> Result<bool> {
    writeln!(
        out,
        "\nYour hand {} holds {} doubles: you may show them and have the tiles redealt.",
        hand_text(info.hand()),
        info.hand().inter(capicua_engine::tiles::DOUBLES).len()
    )?;
    loop {
        write!(out, "Show them and redeal? [y/n]: ")?;
        out.flush()?;
        let mut text = String::new();
        if input.read_line(&mut text).context("reading your answer")? == 0 {
            return Ok(true);
        }
        match text.trim() {
            "y" | "yes" => return Ok(true),
            "n" | "no" => return Ok(false),
            _ => {}
        }
    }
}

fn ask_move(
    out: &mut dyn Write,
    input: &mut dyn BufRead,
    info: &InfoSet,
    legal: &[Move],
) -> Result<Option<Move>> {
    let ends = info.ends();
    let options: Vec<String> = legal
        .iter()
        .enumerate()
        .map(|(i, &m)| format!("[{}] {}", i + 1, notation(m, ends)))
        .collect();
    writeln!(out, "  Your moves: {}", options.join("  "))?;
    loop {
        write!(out, "Your move: ")?;
        out.flush()?;
        let mut text = String::new();
        if input.read_line(&mut text).context("reading your move")? == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        let text = text.trim();
        match text {
            "" => continue,
            "quit" | "q" | "exit" => return Ok(None),
            "help" | "?" | "h" => {
                writeln!(out, "{HELP}")?;
                continue;
            }
            _ => {}
        }
        if let Ok(k) = text.parse::<usize>() {
            if (1..=legal.len()).contains(&k) {
                return Ok(Some(legal[k - 1]));
            }
            writeln!(out, "There is no move {k}: choose 1 to {}.", legal.len())?;
            continue;
        }
        let parsed = Move::parse(text, info.rules().max_pip)
            .map_err(|e| e.to_string())
            .and_then(|spec| info.resolve(spec).map_err(|e| e.to_string()));
        match parsed {
            Ok(mv) if legal.contains(&mv) => return Ok(Some(mv)),
            Ok(mv) => writeln!(out, "{} is not one of your moves now.", notation(mv, ends))?,
            Err(e) => writeln!(out, "Cannot read {text:?}: {e}. Type \"help\" for help.")?,
        }
    }
}

/// Plays the match described by `args`, reading the person's moves from `input`.
pub fn play(args: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let rules = Rules::preset(&args.variant).map_err(|e| anyhow!("--variant: {e}"))?;
    if args.seat >= rules.players {
        bail!(
            "--seat {}: the variant has seats 0 to {}",
            args.seat,
            rules.players - 1
        );
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let human = args.seat;
    let partner_spec = PlayerSpec::parse(&args.partner).map_err(|e| anyhow!("--partner: {e}"))?;
    let opponent_spec =
        PlayerSpec::parse(&args.opponents).map_err(|e| anyhow!("--opponents: {e}"))?;
    for (flag, spec) in [
        ("--partner", &partner_spec),
        ("--opponents", &opponent_spec),
    ] {
        if spec.sees_hidden_hands() {
            return Err(anyhow!(
                "{flag}: {spec} sees every hand, yours included; it is for `capicua eval` only"
            ));
        }
    }
    let mut bots: Vec<Option<Box<dyn Player>>> = Vec::new();
    let mut names = Vec::new();
    for s in 0..rules.players {
        if s == human {
            bots.push(None);
            names.push("you".into());
            continue;
        }
        let spec = if rules.partners && s == (human + 2) % 4 {
            &partner_spec
        } else {
            &opponent_spec
        };
        bots.push(Some(spec.build(player_seed(seed, s as u64))));
        names.push(spec.to_string());
    }
    let seats = Seats {
        rules,
        human,
        names,
    };
    writeln!(
        out,
        "capicua: {} (seed {seed}). You are seat {human}.",
        args.variant
    )?;
    for s in 0..rules.players {
        writeln!(out, "  {}", seats.label(s))?;
    }
    writeln!(out, "{HELP}")?;

    let mut m = Match::new(&rules, seed);
    let mut played_rounds = 0;
    while !m.is_over() && args.rounds.is_none_or(|r| played_rounds < r) {
        let mut asked = Ok(());
        let round = m.deal_round_with(|s, info| match &mut bots[s as usize] {
            Some(bot) => bot.show_doubles(info),
            None => match ask_show_doubles(out, input, info) {
                Ok(show) => show,
                Err(e) => {
                    asked = Err(e);
                    true
                }
            },
        });
        asked?;
        let scores = m.score().scores.clone();
        let mut table = Table::new(round, m.context());
        writeln!(
            out,
            "\n=== Round {} === {} leads.",
            played_rounds + 1,
            seats.label(table.round().first())
        )?;
        if let Some(t) = table.round().forced_lead() {
            writeln!(out, "The lead must be {t}.")?;
        }
        let (mut line, mut log) = (LineOfPlay::default(), Log::new(rules.players));
        while !table.is_over() {
            let s = table.to_move();
            let legal = table.legal_moves();
            let ends = table.round().state().ends();
            let mv = match &mut bots[s as usize] {
                None => {
                    if legal.len() == 1 && !matches!(legal[0], Move::Play { .. }) {
                        legal[0]
                    } else {
                        show_table(
                            out,
                            &seats,
                            table.round(),
                            table.view(s),
                            &log,
                            &line,
                            &scores,
                        )?;
                        match ask_move(out, input, table.view(s), &legal)? {
                            Some(mv) => mv,
                            None => {
                                writeln!(out, "Leaving the match.")?;
                                return Ok(());
                            }
                        }
                    }
                }
                Some(_) if legal.len() == 1 => legal[0],
                Some(bot) => match bot.choose(table.view(s)) {
                    // the referee hands out the boneyard's next tile
                    Move::Draw(_) => legal[0],
                    mv => mv,
                },
            };
            let played = table
                .play(mv)
                .map_err(|e| anyhow!("{} chose an illegal move {mv}: {e}", seats.label(s)))?;
            let shown = match played {
                Move::Draw(Some(t)) if s == human => format!("draws {t} from the boneyard"),
                _ => describe(played, ends),
            };
            writeln!(out, "{} {}.", seats.label(s), shown)?;
            line.add(played, ends, s, table.round().history().len() - 1);
            log.add(s, played, ends);
        }
        let round = table.into_round();
        let rs = m.record(&round);
        played_rounds += 1;
        let res = round.result().expect("the round is over");
        writeln!(out, "\n--- Round {played_rounds} over ---")?;
        writeln!(out, "  Line: {}", line_text(&line))?;
        match (res.winner, res.end) {
            (Some(w), capicua_engine::EndKind::Domino) => writeln!(
                out,
                "  {} dominoes: {} {} {} points.",
                sentence(&seats.label(res.winner_seat.unwrap_or(w))),
                seats.side_name(w),
                seats.win_verb(w),
                rs.points
            )?,
            (Some(w), _) => writeln!(
                out,
                "  Blocked: {} {} {} points (fewest pips).",
                seats.side_name(w),
                seats.win_verb(w),
                rs.points
            )?,
            (None, _) => writeln!(out, "  Blocked and tied: nobody scores this round.")?,
        }
        writeln!(out, "  Hands left:")?;
        for s in 0..rules.players {
            let h = round.state().hands[s as usize];
            writeln!(
                out,
                "    {:<40} {} ({} pips)",
                seats.label(s),
                hand_text(h),
                h.pips()
            )?;
        }
        writeln!(out, "  Hands as dealt:")?;
        for s in 0..rules.players {
            writeln!(
                out,
                "    {:<40} {}",
                seats.label(s),
                hand_text(round.deal().hands[s as usize])
            )?;
        }
        if rs.reset {
            writeln!(out, "  Every side has scored: the scores go back to zero.")?;
        }
        writeln!(out, "  {}", seats.score_line(&rs.scores))?;
        if let Some(w) = rs.match_winner {
            writeln!(
                out,
                "\n{} {} the match after {played_rounds} rounds.",
                sentence(&seats.side_name(w)),
                seats.win_verb(w)
            )?;
        }
    }
    Ok(())
}
