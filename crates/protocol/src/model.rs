//! The `model` option: which network weights guide the search.
//!
//! [`network_evaluator`] is the one place where a model choice becomes an evaluator for the
//! search: capicua-net's [`NetEvaluator`] loaded from the file. `default` is the shipped model
//! ([`SHIPPED_MODEL`], found by [`capicua_net::shipped_model_path`]), or pure search when none
//! is installed; `go` replies carry a `prior` exactly when a network guides the search.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use capicua_net::NetEvaluator;
use capicua_search::Evaluator;

use thiserror::Error;

/// Where the shipped model lives, relative to the working directory of the engine (or to a
/// directory above the executable).
pub const SHIPPED_MODEL: &str = capicua_net::SHIPPED_MODEL;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelChoice {
    /// The shipped model ([`SHIPPED_MODEL`]); pure search while none is shipped.
    Default,
    /// Pure search.
    None,
    /// Weights from this file.
    Path(PathBuf),
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModelError {
    #[error("the model path is empty; give a file, \"default\" or \"none\"")]
    Empty,
    #[error("no model file at {0:?}")]
    Missing(String),
    #[error("{0:?} is not a file")]
    NotAFile(String),
    /// The file is not a usable network (corrupt, or for another encoding or shape).
    #[error("cannot use the model {path:?}: {reason}")]
    Load { path: String, reason: String },
}

impl ModelChoice {
    /// `"default"`, `"none"`, or the path of an existing file.
    pub fn parse(s: &str) -> Result<ModelChoice, ModelError> {
        match s {
            "default" => Ok(ModelChoice::Default),
            "none" => Ok(ModelChoice::None),
            "" => Err(ModelError::Empty),
            path => {
                let p = Path::new(path);
                let shown = || path.chars().take(200).collect::<String>();
                match std::fs::metadata(p) {
                    Err(_) => Err(ModelError::Missing(shown())),
                    Ok(m) if !m.is_file() => Err(ModelError::NotAFile(shown())),
                    Ok(_) => Ok(ModelChoice::Path(p.to_path_buf())),
                }
            }
        }
    }
}

impl fmt::Display for ModelChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelChoice::Default => f.write_str("default"),
            ModelChoice::None => f.write_str("none"),
            ModelChoice::Path(p) => write!(f, "{}", p.display()),
        }
    }
}

/// THE plug point for the network: turns the `model` option into the evaluator `go` and
/// `beliefs` search with, `None` meaning pure search. Errors are reported to the client by
/// `set_option`.
///
/// `default` without a shipped model gives pure search; a path has already been checked to be
/// an existing file by [`ModelChoice::parse`], and a file that is not a network for this
/// build's encoding is an error.
pub fn network_evaluator(choice: &ModelChoice) -> Result<Option<Arc<dyn Evaluator>>, ModelError> {
    let load = |path: &Path| -> Result<Option<Arc<dyn Evaluator>>, ModelError> {
        let ev = NetEvaluator::load(path).map_err(|e| ModelError::Load {
            path: path.display().to_string().chars().take(200).collect(),
            reason: e.to_string(),
        })?;
        Ok(Some(Arc::new(ev)))
    };
    match choice {
        ModelChoice::None => Ok(None),
        ModelChoice::Default => match capicua_net::shipped_model_path() {
            Some(p) => load(&p),
            None => Ok(None),
        },
        ModelChoice::Path(p) => load(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_choices() {
        assert_eq!(ModelChoice::parse("default").unwrap(), ModelChoice::Default);
        assert_eq!(ModelChoice::parse("none").unwrap(), ModelChoice::None);
        assert_eq!(ModelChoice::parse("").unwrap_err(), ModelError::Empty);
        assert!(matches!(
            ModelChoice::parse("/no/such/model.bpk"),
            Err(ModelError::Missing(_))
        ));
        assert!(matches!(
            ModelChoice::parse("/"),
            Err(ModelError::NotAFile(_))
        ));
        let me = std::env::current_exe().unwrap();
        let choice = ModelChoice::parse(me.to_str().unwrap()).unwrap();
        assert_eq!(choice.to_string(), me.display().to_string());
        // an existing file that is not a network is refused with the reason
        let err = network_evaluator(&choice).err().expect("not a network");
        assert!(matches!(err, ModelError::Load { .. }), "{err}");
        assert!(network_evaluator(&ModelChoice::None).unwrap().is_none());
    }
}
