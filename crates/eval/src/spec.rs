//! Player specs: the text that names a player on the command line, in configs and in result
//! tables. `name` or `name:key=value,key=value` (`counting`, `counting:pass_next=10`,
//! later `ismcts:iters=2000,threads=2`).
//!
//! # Adding a player (the extension point)
//!
//! [`PlayerSpec`] is the registry: one variant per kind of player, holding its parsed,
//! ready-to-build configuration. To add one:
//!
//! 1. add a variant to [`PlayerSpec`] and its name to [`PlayerSpec::NAMES`];
//! 2. add an arm to [`PlayerSpec::parse`] that reads its keys from the [`SpecParams`] with the
//!    typed `take_*` getters (unknown or repeated keys are rejected for you by
//!    [`SpecParams::finish`]);
//! 3. add an arm to [`PlayerSpec::build`] and one to the `Display` impl, which writes the
//!    canonical spec (the name the built player reports from `Player::name`).
//!
//! `parse` is called once per run and may do expensive work (load a model file, into an `Arc`);
//! `build` is called for every match of a run, on any worker thread, so it must be cheap, and
//! a `PlayerSpec` must stay `Send + Sync`. All of a built player's randomness must come from
//! the `seed` given to `build` (the runner derives it from the run's seed, so results do not
//! depend on the number of threads).

use std::fmt;
use std::sync::Arc;

use capicua_bots::{CountingPlayer, CountingWeights, HeavyPlayer, RandomPlayer};
use capicua_engine::Player;
use capicua_net::NetEvaluator;
use capicua_search::{IsmctsPlayer, PimcPlayer, SearchConfig, SearchPlayerSpec};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("empty player spec")]
    Empty,
    #[error("unknown player {name:?} (known players: {known})")]
    UnknownPlayer { name: String, known: String },
    #[error("malformed parameter {param:?} in player spec {spec:?}: expected key=value")]
    Malformed { spec: String, param: String },
    #[error("parameter {key:?} is given twice in player spec {spec:?}")]
    Repeated { spec: String, key: String },
    #[error("player {player} has no parameter {key:?} (it takes: {known})")]
    UnknownKey {
        player: String,
        key: String,
        known: String,
    },
    #[error("bad value {value:?} for parameter {key} of player {player}: {why}")]
    BadValue {
        player: String,
        key: String,
        value: String,
        why: String,
    },
}

/// A spec split into its name and `key=value` parameters, before any player reads them.
/// Each parameter must be taken exactly once; [`SpecParams::finish`] reports the rest.
#[derive(Clone, Debug)]
pub struct SpecParams {
    spec: String,
    name: String,
    params: Vec<(String, String)>,
    taken: Vec<bool>,
}

impl SpecParams {
    /// Splits `name[:key=value[,key=value]...]`. Whitespace around parts is ignored; values
    /// may contain `:`, `/` and `=` (paths), but not `,`.
    pub fn split(spec: &str) -> Result<SpecParams, SpecError> {
        let spec = spec.trim();
        let (name, rest) = match spec.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (spec, None),
        };
        if name.is_empty() {
            return Err(SpecError::Empty);
        }
        let mut params: Vec<(String, String)> = Vec::new();
        for param in rest.into_iter().flat_map(|r| r.split(',')) {
            let malformed = || SpecError::Malformed {
                spec: spec.to_string(),
                param: param.to_string(),
            };
            let (k, v) = param.split_once('=').ok_or_else(malformed)?;
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() || v.is_empty() {
                return Err(malformed());
            }
            if params.iter().any(|(key, _)| key == k) {
                return Err(SpecError::Repeated {
                    spec: spec.to_string(),
                    key: k.to_string(),
                });
            }
            params.push((k.to_string(), v.to_string()));
        }
        let taken = vec![false; params.len()];
        Ok(SpecParams {
            spec: spec.to_string(),
            name: name.to_string(),
            params,
            taken,
        })
    }

    /// The spec as given (trimmed).
    pub fn spec(&self) -> &str {
        &self.spec
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The keys not taken yet, in the order given.
    pub fn remaining_keys(&self) -> Vec<String> {
        self.params
            .iter()
            .zip(&self.taken)
            .filter(|(_, t)| !**t)
            .map(|((k, _), _)| k.clone())
            .collect()
    }

    /// The raw value of `key`, marking it taken.
    pub fn take_str(&mut self, key: &str) -> Option<String> {
        let i = self.params.iter().position(|(k, _)| k == key)?;
        self.taken[i] = true;
        Some(self.params[i].1.clone())
    }

    fn take_parsed<T: std::str::FromStr>(
        &mut self,
        key: &str,
        what: &str,
    ) -> Result<Option<T>, SpecError> {
        let Some(v) = self.take_str(key) else {
            return Ok(None);
        };
        v.parse::<T>()
            .map(Some)
            .map_err(|_| self.bad_value(key, &v, &format!("expected {what}")))
    }

    /// A non-negative integer parameter.
    pub fn take_u64(&mut self, key: &str) -> Result<Option<u64>, SpecError> {
        self.take_parsed(key, "a non-negative integer")
    }

    /// A finite number parameter.
    pub fn take_f64(&mut self, key: &str) -> Result<Option<f64>, SpecError> {
        match self.take_parsed::<f64>(key, "a number")? {
            Some(x) if !x.is_finite() => {
                Err(self.bad_value(key, &x.to_string(), "expected a finite number"))
            }
            x => Ok(x),
        }
    }

    /// `true`/`false` (also `1`/`0`).
    pub fn take_bool(&mut self, key: &str) -> Result<Option<bool>, SpecError> {
        let Some(v) = self.take_str(key) else {
            return Ok(None);
        };
        match v.as_str() {
            "true" | "1" => Ok(Some(true)),
            "false" | "0" => Ok(Some(false)),
            _ => Err(self.bad_value(key, &v, "expected true or false")),
        }
    }

    /// An error for a value of this spec's player that parsed but does not fit.
    pub fn bad_value(&self, key: &str, value: &str, why: &str) -> SpecError {
        SpecError::BadValue {
            player: self.name.clone(),
            key: key.to_string(),
            value: value.to_string(),
            why: why.to_string(),
        }
    }

    /// Fails on the first parameter no one took; `known` lists the player's keys for the
    /// message.
    pub fn finish(self, known: &[&str]) -> Result<(), SpecError> {
        match self.remaining_keys().into_iter().next() {
            None => Ok(()),
            Some(key) => Err(SpecError::UnknownKey {
                player: self.name,
                key,
                known: if known.is_empty() {
                    "no parameters".into()
                } else {
                    known.join(", ")
                },
            }),
        }
    }
}

/// A player kind with its configuration: the registry of players the runner can seat.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// `random`: uniform over legal moves.
    Random,
    /// `heavy`: heaviest tile first ("bota gorda").
    Heavy,
    /// `counting[:weight=value,...]`: the club-player heuristic; keys are
    /// [`CountingWeights::KEYS`].
    Counting(CountingWeights),
    /// `ismcts[:key=value,...]` and `pimc[:...]`: the search players; keys are
    /// [`SearchPlayerSpec::KEYS`] (`iters`, `ms`, `threads`, ...).
    Search(SearchPlayerSpec),
    /// A search player guided by a network (`model=PATH` or `model=default`, the shipped
    /// model), loaded once when the spec is parsed.
    NetSearch(SearchPlayerSpec, Model),
}

/// A network named in a spec: the text given and the loaded evaluator (compared by name).
#[derive(Clone, Debug)]
pub struct Model {
    pub name: String,
    pub evaluator: Arc<NetEvaluator>,
}

impl PartialEq for Model {
    fn eq(&self, other: &Model) -> bool {
        self.name == other.name
    }
}

impl Model {
    /// Loads `default` (the shipped model) or a model file.
    pub fn load(name: &str) -> Result<Model, String> {
        let path = match name {
            "default" => capicua_net::shipped_model_path().ok_or_else(|| {
                format!(
                    "no shipped model ({}) was found",
                    capicua_net::SHIPPED_MODEL
                )
            })?,
            path => path.into(),
        };
        let evaluator = NetEvaluator::load(&path).map_err(|e| e.to_string())?;
        Ok(Model {
            name: name.to_string(),
            evaluator: Arc::new(evaluator),
        })
    }
}

impl PlayerSpec {
    /// The names [`PlayerSpec::parse`] knows.
    pub const NAMES: &'static [&'static str] = &["random", "heavy", "counting", "ismcts", "pimc"];

    /// Parses one spec (see the module documentation for the syntax).
    pub fn parse(spec: &str) -> Result<PlayerSpec, SpecError> {
        let mut p = SpecParams::split(spec)?;
        let (parsed, known): (PlayerSpec, &[&str]) = match p.name() {
            "random" => (PlayerSpec::Random, &[]),
            "heavy" => (PlayerSpec::Heavy, &[]),
            "counting" => {
                let mut w = CountingWeights::default();
                for &key in CountingWeights::KEYS {
                    if let Some(v) = p.take_f64(key)?
                        && !w.set(key, v)
                    {
                        return Err(p.bad_value(
                            key,
                            &v.to_string(),
                            "out of range for this weight",
                        ));
                    }
                }
                (PlayerSpec::Counting(w), CountingWeights::KEYS)
            }
            "ismcts" | "pimc" => {
                let name = p.name().to_string();
                let model = p.take_str("model");
                let pairs: Vec<(String, String)> = SearchPlayerSpec::KEYS
                    .iter()
                    .filter_map(|&k| p.take_str(k).map(|v| (k.to_string(), v)))
                    .collect();
                let spec = SearchPlayerSpec::from_pairs(&name, &pairs).map_err(|e| {
                    let (key, value, why) = e.into_parts();
                    p.bad_value(&key, &value, &why)
                })?;
                match model.as_deref() {
                    None | Some("none") => (PlayerSpec::Search(spec), SearchPlayerSpec::KEYS),
                    Some(m) => {
                        let model = Model::load(m).map_err(|why| p.bad_value("model", m, &why))?;
                        (PlayerSpec::NetSearch(spec, model), SearchPlayerSpec::KEYS)
                    }
                }
            }
            name => {
                return Err(SpecError::UnknownPlayer {
                    name: name.to_string(),
                    known: PlayerSpec::NAMES.join(", "),
                });
            }
        };
        p.finish(known)?;
        Ok(parsed)
    }

    /// A fresh player whose every random choice derives from `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Player> {
        match self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Heavy => Box::new(HeavyPlayer::new(seed)),
            PlayerSpec::Counting(w) => Box::new(CountingPlayer::with_weights(seed, *w)),
            PlayerSpec::Search(s) => s.build(seed),
            PlayerSpec::NetSearch(s, m) => {
                let config = SearchConfig {
                    seed: s.config.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed,
                    ..s.config.clone()
                };
                let name = self.to_string();
                match s.kind {
                    "pimc" => Box::new(PimcPlayer::with_evaluator(
                        name,
                        config,
                        m.evaluator.clone(),
                    )),
                    _ => Box::new(IsmctsPlayer::with_evaluator(
                        name,
                        config,
                        m.evaluator.clone(),
                    )),
                }
            }
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical spec: parses back to the same player.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Heavy => f.write_str("heavy"),
            PlayerSpec::Counting(w) => f.write_str(&w.spec()),
            PlayerSpec::Search(s) => s.fmt(f),
            PlayerSpec::NetSearch(s, m) => {
                let base = s.to_string();
                let sep = if base.contains(':') { ',' } else { ':' };
                write!(f, "{base}{sep}model={}", m.name)
            }
        }
    }
}

impl std::str::FromStr for PlayerSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<PlayerSpec, SpecError> {
        PlayerSpec::parse(s)
    }
}

/// Splits a comma-separated list of specs whose own parameters are also comma-separated:
/// `random,heavy,counting:pass_next=10,feed_opp=3` is three specs. A part of the form
/// `key=value` (an `=` with no `:` before it) continues the spec before it.
pub fn split_spec_list(list: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in list.split(',') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let continues = match part.find('=') {
            Some(i) => !part[..i].contains(':'),
            None => false,
        };
        match out.last_mut() {
            Some(last) if continues => {
                last.push(',');
                last.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_parameters() {
        assert_eq!(PlayerSpec::parse("random").unwrap(), PlayerSpec::Random);
        assert_eq!(PlayerSpec::parse(" heavy ").unwrap(), PlayerSpec::Heavy);
        assert_eq!(
            PlayerSpec::parse("counting").unwrap(),
            PlayerSpec::Counting(CountingWeights::default())
        );
        let PlayerSpec::Counting(w) = PlayerSpec::parse("counting:pass_next=10, block=0").unwrap()
        else {
            panic!("not counting")
        };
        assert_eq!(w.pass_next, 10.0);
        assert_eq!(w.block, 0.0);
        assert_eq!(w.pips, CountingWeights::default().pips);
    }

    #[test]
    fn canonical_names_parse_back() {
        for s in [
            "random",
            "heavy",
            "counting",
            "counting:pass_next=10,block_samples=8",
        ] {
            let spec = PlayerSpec::parse(s).unwrap();
            assert_eq!(spec.to_string(), s);
            assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
            assert_eq!(spec.build(1).name(), s);
        }
    }

    #[test]
    fn rejects_bad_specs() {
        assert_eq!(PlayerSpec::parse(""), Err(SpecError::Empty));
        assert!(matches!(
            PlayerSpec::parse("nope"),
            Err(SpecError::UnknownPlayer { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("heavy:x=1"),
            Err(SpecError::UnknownKey { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pass_next"),
            Err(SpecError::Malformed { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pass_next="),
            Err(SpecError::Malformed { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pass_next=x"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pass_next=inf"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:block_samples=1.5"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("counting:pips=1,pips=2"),
            Err(SpecError::Repeated { .. })
        ));
    }

    #[test]
    fn typed_getters_and_paths() {
        let mut p =
            SpecParams::split("x:iters=800,model=models/a:b=c.bin,flag=1,rate=0.5").unwrap();
        assert_eq!(p.name(), "x");
        assert_eq!(p.take_u64("iters").unwrap(), Some(800));
        assert_eq!(p.take_str("model").as_deref(), Some("models/a:b=c.bin"));
        assert_eq!(p.take_bool("flag").unwrap(), Some(true));
        assert_eq!(p.remaining_keys(), vec!["rate".to_string()]);
        assert_eq!(p.take_u64("missing").unwrap(), None);
        assert!(p.clone().finish(&["iters"]).is_err());
        assert_eq!(p.take_f64("rate").unwrap(), Some(0.5));
        p.finish(&[]).unwrap();
    }

    #[test]
    fn splits_lists_of_specs() {
        assert_eq!(
            split_spec_list("random, heavy,counting"),
            vec!["random", "heavy", "counting"]
        );
        assert_eq!(
            split_spec_list("random,ismcts:iters=100,ms=5,model=m/x:y,counting:pips=2"),
            vec![
                "random",
                "ismcts:iters=100,ms=5,model=m/x:y",
                "counting:pips=2"
            ]
        );
    }
}

#[cfg(test)]
mod model_tests {
    use super::*;
    use capicua_engine::{Match, Rules};
    use capicua_net::{ENCODING_VERSION, INPUT_SIZE, ModelShape, Network, POLICY_SIZE};

    #[test]
    fn search_players_take_a_model() {
        let dir = std::env::temp_dir().join(format!("capicua-eval-model-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("net.bpk");
        let shape = ModelShape::with_hidden(INPUT_SIZE, &[16], POLICY_SIZE);
        Network::new(shape.clone(), ENCODING_VERSION, 1)
            .unwrap()
            .save(&path)
            .unwrap();
        let text = format!("ismcts:iters=50,model={}", path.display());
        let spec = PlayerSpec::parse(&text).unwrap();
        assert!(matches!(spec, PlayerSpec::NetSearch(..)));
        assert_eq!(spec.to_string(), text);
        assert_eq!(PlayerSpec::parse(&spec.to_string()).unwrap(), spec);
        let mut player = spec.build(3);
        assert_eq!(player.name(), text);
        let round = Match::new(&Rules::cuban(), 5).deal_round();
        let info = round.infoset(round.to_move());
        assert!(info.legal_moves().contains(player.choose(&info)));
        assert!(matches!(
            PlayerSpec::parse("ismcts:model=none").unwrap(),
            PlayerSpec::Search(_)
        ));
        // A file for another encoding is refused, naming the key.
        Network::new(shape, ENCODING_VERSION + 1, 1)
            .unwrap()
            .save(&path)
            .unwrap();
        let err = PlayerSpec::parse(&text).unwrap_err().to_string();
        assert!(err.contains("model") && err.contains("encoding"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
