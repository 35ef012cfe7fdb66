//! The request handler: one request in, its final reply out. It holds the options and nothing
//! about any game (every request carries its whole round), so the same handler serves any
//! number of seats and tables. [`crate::server`] runs it behind a reader thread; tests and the
//! fuzz target call it directly.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::AtomicBool;

use capicua_engine::VARIANTS;
use capicua_eval::{Model, PlayerSpec};
use capicua_search::Searcher;
use serde_json::Value;

use crate::error::{ErrorCode, RequestError, quote};
use crate::fields::{Obj, Path, kind};
use crate::limits::Limits;
use crate::model::{ModelChoice, engine_searcher};
use crate::options::{self, Options};
use crate::players::{Players, SpecCache};
use crate::position::{ends_array, parse_position};
use crate::referee::parse_table;
use crate::reply::{Id, Reply};
pub use crate::think::Control;
use crate::think::{self, Budget};
use crate::variants;

/// The protocol version this engine speaks.
pub const PROTOCOL: u32 = 1;
/// The engine's name in `hello`.
pub const ENGINE_NAME: &str = "capicua";

/// Request types, as the `type` field names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Hello,
    SetOption,
    Ping,
    Rules,
    Legal,
    Referee,
    Go,
    Beliefs,
    /// Extension: a round's deal.
    Deal,
    Stop,
    Quit,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::Hello,
        Kind::SetOption,
        Kind::Ping,
        Kind::Rules,
        Kind::Legal,
        Kind::Referee,
        Kind::Go,
        Kind::Beliefs,
        Kind::Deal,
        Kind::Stop,
        Kind::Quit,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Hello => "hello",
            Kind::SetOption => "set_option",
            Kind::Ping => "ping",
            Kind::Rules => "rules",
            Kind::Legal => "legal",
            Kind::Referee => "referee",
            Kind::Go => "go",
            Kind::Beliefs => "beliefs",
            Kind::Deal => "deal",
            Kind::Stop => "stop",
            Kind::Quit => "quit",
        }
    }

    pub fn from_name(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// Requests that search and can be stopped.
    pub fn searches(self) -> bool {
        matches!(self, Kind::Go | Kind::Beliefs)
    }
}

/// A framed request: its id, its type and the whole object.
#[derive(Clone, Debug, PartialEq)]
pub struct Envelope {
    pub id: Id,
    pub kind: Kind,
    pub body: Value,
}

/// What one input line is.
#[derive(Clone, Debug, PartialEq)]
pub enum Framed {
    /// A blank line: ignored.
    Blank,
    Request(Envelope),
    /// A line that is no request: its error reply.
    Error(Reply),
}

/// Frames one line: JSON object, `id`, `type`. The rest is read when the request runs.
pub fn frame(line: &str) -> Framed {
    if line.trim().is_empty() {
        return Framed::Blank;
    }
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Framed::Error(Reply::error(
                None,
                RequestError::parse(format!("not JSON: {e}")),
            ));
        }
    };
    let Value::Object(map) = &value else {
        return Framed::Error(Reply::error(
            None,
            RequestError::parse(format!("a request is a JSON object, got {}", kind(&value))),
        ));
    };
    let id = match map.get("id") {
        None | Some(Value::Null) => None,
        Some(v @ (Value::String(_) | Value::Number(_))) => Some(v.clone()),
        Some(other) => {
            return Framed::Error(Reply::error(
                None,
                RequestError::bad_field(
                    "id",
                    format!("expected a string or a number, got {}", kind(other)),
                ),
            ));
        }
    };
    let kind = match map.get("type") {
        Some(Value::String(t)) => match Kind::from_name(t) {
            Some(k) => k,
            None => {
                return Framed::Error(Reply::error(
                    id,
                    RequestError::new(
                        ErrorCode::UnknownType,
                        None,
                        format!("unknown request type {}", quote(t)),
                    ),
                ));
            }
        },
        None | Some(Value::Null) => {
            return Framed::Error(Reply::error(
                id,
                RequestError::bad_field("type", "missing field"),
            ));
        }
        Some(other) => {
            return Framed::Error(Reply::error(
                id,
                RequestError::bad_field("type", format!("expected a string, got {}", kind(other))),
            ));
        }
    };
    Framed::Request(Envelope {
        id,
        kind,
        body: value,
    })
}

/// Runs `serve`, turning its error into an `error` reply and a panic (a bug) into an
/// `internal` error, so that nothing a request does can stop the engine from answering.
fn guarded(kind: Kind, id: Id, serve: impl FnOnce() -> Result<Reply, RequestError>) -> Reply {
    match catch_unwind(AssertUnwindSafe(serve)) {
        Ok(Ok(reply)) => reply,
        Ok(Err(e)) => Reply::error(id, e),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Reply::error(
                id,
                RequestError::new(
                    ErrorCode::Internal,
                    None,
                    format!("engine bug while serving {}: {what}", kind.name()),
                ),
            )
        }
    }
}

/// The request handler.
pub struct Engine {
    options: Options,
    /// The network the `model` option names, loaded (`None`: plain search).
    network: Option<Model>,
    /// Kept between searches: its tree arenas are reused.
    searcher: Searcher,
    /// The `player` extension's specs and searchers.
    players: Players,
    limits: Limits,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        let mut options = Options::default();
        // A shipped model that does not load must not keep the engine from starting: it
        // searches without one, says why on stderr, and its `model` option reads `none`.
        let network = options.model.load().unwrap_or_else(|e| {
            eprintln!("capicua engine: {e}; searching without a network");
            options.model = ModelChoice::None;
            None
        });
        Engine::with_network(options.model, network)
    }

    /// An engine whose `model` option is `model`, already loaded as `network`: a server loads
    /// the network once and hands it to the engine of every connection.
    pub fn with_network(model: ModelChoice, network: Option<Model>) -> Engine {
        let options = Options {
            model,
            ..Options::default()
        };
        let searcher = engine_searcher(options.threads, network.clone(), options.beliefs)
            .expect("automatic beliefs fit any model");
        Engine {
            options,
            network,
            searcher,
            players: Players::default(),
            limits: Limits::none(),
        }
    }

    /// Puts `limits` on every later request. Options already set beyond them stay until set
    /// again: set the caps before serving.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Shares parsed player specs with other engines (a server's connections), so that a
    /// spec's network is loaded once.
    pub fn share_specs(&mut self, specs: SpecCache) {
        self.players.specs = specs;
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Sets one option, as `set_option` does; on error nothing changes.
    pub fn set_option(&mut self, name: &str, value: &Value) -> Result<(), RequestError> {
        let mut next = self.options.clone();
        next.set(name, value)?;
        if next.threads > self.limits.max_threads {
            return Err(RequestError::bad_field(
                "value",
                format!(
                    "threads {} is over this engine's cap of {}",
                    next.threads, self.limits.max_threads
                ),
            ));
        }
        if !self.limits.model_files && matches!(next.model, ModelChoice::Path(_)) {
            return Err(RequestError::bad_field(
                "value",
                "this engine takes model \"default\", \"long\" or \"none\", not a file",
            ));
        }
        let network = if next.model != self.options.model {
            next.model
                .load()
                .map_err(|e| RequestError::bad_field("value", e.to_string()))?
        } else {
            self.network.clone()
        };
        let o = &self.options;
        if next.model != o.model || next.threads != o.threads || next.beliefs != o.beliefs {
            // built before anything changes: a refused combination leaves the engine as it was
            self.searcher = engine_searcher(next.threads, network.clone(), next.beliefs)
                .map_err(|e| RequestError::bad_field("value", e))?;
        }
        self.network = network;
        self.options = next;
        Ok(())
    }

    /// Runs one request to its final reply. A panic inside (a bug) becomes an `internal`
    /// error, so the engine keeps answering. `stop` and `quit` are answered `ok` here: the
    /// server handles them itself before they reach the handler.
    pub fn execute(&mut self, env: &Envelope, ctl: &mut Control<'_>) -> Reply {
        guarded(env.kind, env.id.clone(), || self.run(env, ctl))
    }

    fn run(&mut self, env: &Envelope, ctl: &mut Control<'_>) -> Result<Reply, RequestError> {
        let id = env.id.clone();
        let root = Path::root();
        let o = Obj::of(&env.body, &root)?;
        Ok(match env.kind {
            Kind::Hello => {
                if let Some(p) = o.get("protocol") {
                    let v = crate::fields::int_value(p, &o.field("protocol"), 0, u32::MAX as u64)?;
                    if v != PROTOCOL as u64 {
                        return Err(RequestError::bad_field(
                            "protocol",
                            format!("this engine speaks protocol {PROTOCOL}, not {v}"),
                        ));
                    }
                }
                Reply::Hello {
                    id,
                    protocol: PROTOCOL,
                    engine: ENGINE_NAME,
                    version: env!("CARGO_PKG_VERSION"),
                    variants: VARIANTS.to_vec(),
                    options: options::table(),
                    players: PlayerSpec::NAMES
                        .iter()
                        .copied()
                        .filter(|&n| n != "omniscient")
                        .collect(),
                    default_player: capicua_eval::strongest_installed_player(),
                    default_partner: capicua_eval::partner_installed_player(),
                }
            }
            Kind::SetOption => {
                let name = o
                    .opt_str("name")?
                    .ok_or_else(|| RequestError::bad_field("name", "missing field"))?;
                self.set_option(name, o.require("value")?)?;
                Reply::Ok { id }
            }
            Kind::Ping => Reply::Pong { id },
            Kind::Rules => {
                let (variant, rules) = variants::of_request(&o)?;
                Reply::Rules {
                    id,
                    description: variants::description(&variant),
                    variant,
                    rules: crate::reply::Ordered(variants::rules_object(&rules)),
                    schema: variants::schema(),
                }
            }
            Kind::Legal => {
                let pos = parse_position(o.require("position")?, &o.field("position"))?;
                Reply::Legal {
                    id,
                    to_move: pos.info.to_move(),
                    ends: ends_array(pos.info.ends()),
                    moves: pos.legal_moves().iter().map(|&m| pos.notation(m)).collect(),
                    over: pos.is_over(),
                }
            }
            Kind::Referee => {
                let table = parse_table(&o)?;
                Reply::Referee {
                    id,
                    view: table.view(),
                }
            }
            Kind::Go => {
                let requested = Budget::parse_opt(&o, &self.limits)?;
                let budget = requested
                    .unwrap_or(Budget {
                        iterations: Some(self.options.iterations),
                        movetime_ms: None,
                    })
                    .capped(&self.limits);
                let player = o.opt_str("player")?;
                let report_every = o.opt_int("report_every_ms", 1, think::MAX_MS)?;
                let pos = parse_position(o.require("position")?, &o.field("position"))?;
                if pos.is_over() {
                    return Err(RequestError::new(
                        ErrorCode::RoundOver,
                        Some("position.moves".into()),
                        "the round is over",
                    ));
                }
                if !pos.engine_to_move() {
                    return Err(RequestError::new(
                        ErrorCode::NotYourTurn,
                        Some("position.seat".into()),
                        format!(
                            "seat {} is to move, not the engine's seat {}",
                            pos.info.to_move(),
                            pos.seat()
                        ),
                    ));
                }
                match player {
                    None => think::go(
                        &pos,
                        budget,
                        report_every,
                        &mut self.searcher,
                        self.options.seed,
                        id,
                        ctl,
                    )?,
                    Some(text) => self.players.go(
                        text,
                        &pos,
                        requested,
                        report_every,
                        self.options.seed,
                        &self.limits,
                        id,
                        ctl,
                    )?,
                }
            }
            Kind::Beliefs => {
                let budget = Budget::parse(&o, self.options.iterations, &self.limits)?;
                let pos = parse_position(o.require("position")?, &o.field("position"))?;
                think::beliefs(
                    &pos,
                    budget,
                    self.options.seed,
                    self.searcher.config().beliefs,
                    self.searcher.evaluator(),
                    id,
                    ctl,
                )?
            }
            Kind::Deal => crate::deal::deal(&o, id)?,
            Kind::Stop | Kind::Quit => Reply::Ok { id },
        })
    }

    /// Serves one line synchronously (no other thread): the replies it produces, `info` lines
    /// included, and whether it asked to quit. A `stop` here finds no search running.
    pub fn handle_line(&mut self, line: &str) -> (Vec<Reply>, bool) {
        let env = match frame(line) {
            Framed::Blank => return (Vec::new(), false),
            Framed::Error(r) => return (vec![r], false),
            Framed::Request(env) => env,
        };
        if env.kind == Kind::Quit {
            return (Vec::new(), true);
        }
        let stop = AtomicBool::new(false);
        let mut out = Vec::new();
        let mut info = |r: Reply| out.push(r);
        let reply = self.execute(
            &env,
            &mut Control {
                stop: &stop,
                info: &mut info,
            },
        );
        out.push(reply);
        (out, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_panic_becomes_an_internal_error() {
        let r = guarded(Kind::Go, Some(json!("g")), || panic!("boom"));
        assert_eq!(
            r,
            Reply::Error {
                id: Some(json!("g")),
                code: ErrorCode::Internal,
                field: None,
                message: "engine bug while serving go: boom".into()
            }
        );
        let r = guarded(Kind::Ping, None, || Err(RequestError::parse("x")));
        assert!(matches!(
            r,
            Reply::Error {
                code: ErrorCode::Parse,
                ..
            }
        ));
    }

    #[test]
    fn every_kind_round_trips_its_name() {
        for k in Kind::ALL {
            assert_eq!(Kind::from_name(k.name()), Some(k));
        }
        assert_eq!(Kind::from_name("position"), None);
    }

    #[test]
    fn handle_line_serves_synchronously() {
        let mut e = Engine::new();
        let (r, quit) = e.handle_line(r#"{"type":"ping","id":1}"#);
        assert_eq!((r, quit), (vec![Reply::Pong { id: Some(json!(1)) }], false));
        assert_eq!(e.handle_line("   ").0, vec![]);
        assert!(e.handle_line(r#"{"type":"quit"}"#).1);
        let (r, _) = e.handle_line(r#"{"type":"stop","id":"s"}"#);
        assert_eq!(
            r,
            vec![Reply::Ok {
                id: Some(json!("s"))
            }]
        );
        let go = r#"{"type":"go","position":{"seat":0,"first":0,"hand":["9-9","9-4","8-3","7-7","6-2","5-5","4-1","3-0","2-2","1-0"]},"budget":{"iterations":300},"report_every_ms":1}"#;
        let (r, _) = e.handle_line(go);
        let Some(Reply::Bestmove {
            iterations, moves, ..
        }) = r.last()
        else {
            panic!("{r:?}")
        };
        assert_eq!(*iterations, 300);
        assert_eq!(moves.len(), 10);
        // With a network (the shipped model) the first iteration evaluates the root itself
        // and visits no move, as in lc0/KataGo where a node's visits are 1 + its children's.
        let guided = moves.iter().all(|m| m.prior.is_some());
        let expected = if guided { 299 } else { 300 };
        assert_eq!(moves.iter().map(|m| m.visits).sum::<u64>(), expected);
        assert!(
            r[..r.len() - 1]
                .iter()
                .all(|x| matches!(x, Reply::Info { .. }))
        );

        // Pure search: every iteration visits one root move.
        let (r, _) = e.handle_line(r#"{"type":"set_option","name":"model","value":"none"}"#);
        assert!(matches!(r[..], [Reply::Ok { .. }]), "{r:?}");
        let (r, _) = e.handle_line(go);
        let Some(Reply::Bestmove { moves, .. }) = r.last() else {
            panic!("{r:?}")
        };
        assert!(moves.iter().all(|m| m.prior.is_none()));
        assert_eq!(moves.iter().map(|m| m.visits).sum::<u64>(), 300);
    }
}
