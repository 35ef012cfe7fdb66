//! The run directory: its paths, its lock, and its commit point (`state.json`).

use std::fs::{File, OpenOptions, TryLockError};
use std::path::PathBuf;

use capicua_net::{write_atomic, write_bytes_atomic};

use crate::error::TrainError;
use crate::replay::ReplayDir;
use crate::run::RunState;

/// Paths inside a run directory.
#[derive(Clone, Debug)]
pub struct RunDir {
    pub root: PathBuf,
}

/// The exclusive right to write a run directory, held while a run goes on: an OS file lock
/// on `<run>/lock`, released when this is dropped or the process ends (however it ends, so a
/// killed run leaves no stale lock behind).
#[derive(Debug)]
pub struct RunLock {
    _file: File,
}

impl RunDir {
    pub fn state(&self) -> PathBuf {
        self.root.join("state.json")
    }
    pub fn config(&self) -> PathBuf {
        self.root.join("config.toml")
    }
    pub fn lock_file(&self) -> PathBuf {
        self.root.join("lock")
    }
    pub fn replay(&self) -> ReplayDir {
        ReplayDir::new(self.root.join("replay"))
    }
    pub fn checkpoint(&self, name: &str) -> PathBuf {
        self.root.join("checkpoints").join(name)
    }
    pub fn model(&self, name: &str) -> PathBuf {
        self.root.join("models").join(name)
    }
    pub fn best(&self) -> PathBuf {
        self.root.join("best.bpk")
    }
    pub fn tb(&self) -> PathBuf {
        self.root.join("tb")
    }

    /// Creates the directory if needed and takes its lock; [`TrainError::Locked`] if another
    /// process (or another run in this one) holds it.
    pub fn lock(&self) -> Result<RunLock, TrainError> {
        std::fs::create_dir_all(&self.root).map_err(|e| TrainError::io(&self.root, e))?;
        let path = self.lock_file();
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| TrainError::io(&path, e))?;
        match file.try_lock() {
            Ok(()) => Ok(RunLock { _file: file }),
            Err(TryLockError::WouldBlock) => Err(TrainError::Locked {
                dir: self.root.clone(),
            }),
            Err(TryLockError::Error(e)) => Err(TrainError::io(path, e)),
        }
    }

    pub fn read_state(&self) -> Result<Option<RunState>, TrainError> {
        let path = self.state();
        match std::fs::read(&path) {
            Ok(b) => serde_json::from_slice(&b)
                .map(Some)
                .map_err(|e| TrainError::State(format!("{}: {e}", path.display()))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(TrainError::io(path, e)),
        }
    }

    /// Writes `state.json` atomically (the commit point of a generation).
    pub fn write_state(&self, s: &RunState) -> Result<(), TrainError> {
        Ok(write_atomic(&self.state(), |w| {
            serde_json::to_writer_pretty(w, s).map_err(std::io::Error::other)
        })?)
    }

    pub(crate) fn write_config(&self, text: &str) -> Result<(), TrainError> {
        Ok(write_bytes_atomic(&self.config(), text.as_bytes())?)
    }

    /// Removes temporary files left by a write that a kill interrupted. Only under the lock:
    /// without it, they could be another live run's files being written.
    pub(crate) fn remove_stale_temporaries(&self, _lock: &RunLock) {
        for sub in ["", "replay", "checkpoints", "models"] {
            let dir = self.root.join(sub);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if name.starts_with('.') && name.contains(".tmp-") {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
    }
}
