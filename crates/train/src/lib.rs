//! capicua-train: the network learns from its own games.
//!
//! - [`config`]: the run's TOML configuration ([`RunConfig`], `training/<name>.toml`).
//! - [`selfplay`]: whole matches of net-guided ISMCTS (root Dirichlet noise, temperature);
//!   visit distributions become policy targets, round outcomes and margins value targets.
//! - [`replay`]: the on-disk replay buffer, one compact binary file per generation.
//! - [`arena`]: duplicate matches (capicua-eval's runner) for gating and strength checks.
//! - [`run`]: the loop: self-play, AdamW training, atomic checkpoints named by samples trained,
//!   gating, TensorBoard scalars, progress bars; resumable after a kill at any point.

pub mod arena;
pub mod config;
pub mod error;
pub mod replay;
pub mod run;
pub mod selfplay;

pub use config::RunConfig;
pub use error::TrainError;
pub use run::{GenerationLog, RunOptions, RunState, StopAt, run};
