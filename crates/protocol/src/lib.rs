//! capicua-protocol: the engine process that frontends, tournament managers and test
//! harnesses drive over JSON lines (the contract is `shared/protocol.md`; the project's own
//! account, with its extensions and a worked session, is `docs/protocol.md`).
//!
//! - [`framing`]: lines of at most 1 MiB; [`engine::frame`] turns one into a request.
//! - [`fields`]: typed fields with paths for errors (`position.moves[3]`); [`error`]: codes.
//! - [`position`]: the position object checked against the variant; [`referee`]: the
//!   referee's full view; [`variants`]: variants, overrides and the `rules` reply.
//! - [`engine::Engine`]: one request in, its reply out (options live here, no game state);
//!   it uses [`think`], never the other way round.
//! - [`think`]: `go` and `beliefs` on the search; [`model`]: the `model` option and the
//!   engine's searcher, both built through the players' front door (`capicua_eval::spec`).
//! - [`players`]: the `player` extension of `go` (any player spec but `omniscient`);
//!   [`deal`]: the `deal` extension (a round's hands and leader from a seed).
//! - [`limits`]: caps a server facing untrusted clients puts on requests.
//! - [`server`]: a session (a reader that honours `stop`/`quit` at once, a worker, replies to
//!   any sink) and [`server::serve`], the process on stdin/stdout.

pub mod deal;
pub mod engine;
pub mod error;
pub mod fields;
pub mod framing;
pub mod limits;
pub mod model;
pub mod options;
pub mod players;
pub mod position;
pub mod referee;
pub mod reply;
pub mod server;
pub mod think;
pub mod variants;

pub use engine::{Engine, Envelope, Framed, Kind, frame};
pub use error::{ErrorCode, RequestError};
pub use limits::Limits;
pub use players::SpecCache;
pub use reply::Reply;
pub use server::serve;
