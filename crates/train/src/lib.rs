//! capicua-train: the network learns from its own games.
//!
//! - [`config`]: the run's TOML configuration ([`RunConfig`], `training/<name>.toml`).
//! - [`selfplay`]: whole matches of net-guided ISMCTS (root Dirichlet noise, temperature);
//!   visit distributions become policy targets, round outcomes and margins value targets.
//! - [`replay`]: the on-disk replay buffer, one compact binary file per generation.
//! - [`arena`]: duplicate matches (capicua-eval's runner) for gating and strength checks.
//! - [`run`]: the loop, one method per stage of a generation: self-play, AdamW training
//!   (`training`), gating and evaluation (`gating`), atomic checkpoints named by samples
//!   trained, TensorBoard scalars, progress bars; resumable after a kill at any point.
//! - [`belief_fit`]: a network's beliefs fitted to the true deals of recorded rounds
//!   (`capicua fit-beliefs`), a belief model for `bmodel=`.
//! - [`distil`]: a long search's choices at recorded decisions taught to a given network
//!   (`capicua distil`).
//! - [`rundir`]: the run directory's paths, its lock (one process per run) and `state.json`.
//! - [`window`]: the replay window training draws from.

pub mod arena;
pub mod belief_fit;
pub mod config;
pub mod distil;
pub mod error;
mod gating;
pub mod replay;
pub mod run;
pub mod rundir;
pub mod selfplay;
mod training;
pub mod window;

pub use config::RunConfig;
pub use error::TrainError;
pub use replay::ValueBlend;
pub use run::{GenerationLog, RunOptions, RunState, StopAt, run};
pub use training::make_batch;
