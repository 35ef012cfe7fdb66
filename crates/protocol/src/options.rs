//! Engine options: their table (sent in `hello`) and `set_option`.

use serde::Serialize;
use serde_json::{Value, json};

use crate::error::{RequestError, quote};
use crate::fields::{Path, int_value, kind};
use crate::model::ModelChoice;

/// Iterations of a `go` or `beliefs` without a budget, unless the `iterations` option says.
pub const DEFAULT_ITERATIONS: u64 = 10_000;
/// Largest iteration budget accepted anywhere.
pub const MAX_ITERATIONS: u64 = 1_000_000_000;
/// Largest `threads`.
pub const MAX_THREADS: u64 = 64;

/// Where the engine's searches and `beliefs` draw the hidden tiles from: the `beliefs`
/// option.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BeliefsOption {
    /// `learned` when the model has a belief output, else `uniform` (the default).
    Auto,
    /// The model's belief output through the believed-deal sampler; refused for a model
    /// without one.
    Learned,
    /// Every deal consistent with the position equally likely.
    Uniform,
}

impl BeliefsOption {
    pub const VALUES: [&'static str; 3] = ["auto", "learned", "uniform"];

    pub fn name(self) -> &'static str {
        match self {
            BeliefsOption::Auto => "auto",
            BeliefsOption::Learned => "learned",
            BeliefsOption::Uniform => "uniform",
        }
    }
}

/// The engine's option values.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub threads: u32,
    pub model: ModelChoice,
    pub iterations: u64,
    pub seed: u64,
    pub beliefs: BeliefsOption,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            model: ModelChoice::installed(),
            iterations: DEFAULT_ITERATIONS,
            seed: 0,
            beliefs: BeliefsOption::Auto,
        }
    }
}

/// One option as `hello` describes it. Every member is always written (`null` where it does
/// not apply), so clients can read them without checking for presence.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct OptionSpec {
    pub name: &'static str,
    /// `"int"` or `"string"`.
    pub kind: &'static str,
    pub default: Value,
    pub min: Option<u64>,
    pub max: Option<u64>,
    /// Special values of a string option.
    pub values: Option<Vec<&'static str>>,
}

/// Every option, in the order `hello` lists them.
pub fn table() -> Vec<OptionSpec> {
    let d = Options::default();
    vec![
        OptionSpec {
            name: "threads",
            kind: "int",
            default: json!(d.threads),
            min: Some(1),
            max: Some(MAX_THREADS),
            values: None,
        },
        OptionSpec {
            name: "model",
            kind: "string",
            default: json!(d.model.to_string()),
            min: None,
            max: None,
            values: Some(vec!["default", "long", "none"]),
        },
        OptionSpec {
            name: "iterations",
            kind: "int",
            default: json!(d.iterations),
            min: Some(1),
            max: Some(MAX_ITERATIONS),
            values: None,
        },
        OptionSpec {
            name: "seed",
            kind: "int",
            default: json!(d.seed),
            min: Some(0),
            max: Some(u64::MAX),
            values: None,
        },
        OptionSpec {
            name: "beliefs",
            kind: "string",
            default: json!(d.beliefs.name()),
            min: None,
            max: None,
            values: Some(BeliefsOption::VALUES.to_vec()),
        },
    ]
}

impl Options {
    /// Sets one option; on error nothing changes. `value` is the request's `value` field.
    pub fn set(&mut self, name: &str, value: &Value) -> Result<(), RequestError> {
        let path = Path::root().key("value");
        match name {
            "threads" => self.threads = int_value(value, &path, 1, MAX_THREADS)? as u32,
            "iterations" => self.iterations = int_value(value, &path, 1, MAX_ITERATIONS)?,
            "seed" => self.seed = int_value(value, &path, 0, u64::MAX)?,
            "beliefs" => {
                self.beliefs = match value.as_str() {
                    Some("auto") => BeliefsOption::Auto,
                    Some("learned") => BeliefsOption::Learned,
                    Some("uniform") => BeliefsOption::Uniform,
                    _ => {
                        return Err(RequestError::bad_field(
                            path.as_str(),
                            format!(
                                "expected \"auto\", \"learned\" or \"uniform\", got {}",
                                match value {
                                    Value::String(s) => quote(s),
                                    v => kind(v).to_string(),
                                }
                            ),
                        ));
                    }
                }
            }
            "model" => {
                let Value::String(s) = value else {
                    return Err(RequestError::bad_field(
                        path.as_str(),
                        format!(
                            "expected a string (a path, \"default\" or \"none\"), got {}",
                            kind(value)
                        ),
                    ));
                };
                // a file must exist now; `Engine::set_option` then loads it
                self.model = ModelChoice::parse(s)
                    .map_err(|e| RequestError::bad_field(path.as_str(), e.to_string()))?;
            }
            _ => {
                let names: Vec<&str> = table().iter().map(|o| o.name).collect();
                return Err(RequestError::bad_field(
                    "name",
                    format!(
                        "unknown option {}; the options are {}",
                        quote(name),
                        names.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_refuse() {
        let mut o = Options::default();
        o.set("threads", &json!(2)).unwrap();
        o.set("seed", &json!(u64::MAX)).unwrap();
        o.set("iterations", &json!(500)).unwrap();
        o.set("model", &json!("none")).unwrap();
        o.set("beliefs", &json!("uniform")).unwrap();
        assert_eq!(
            o,
            Options {
                threads: 2,
                model: ModelChoice::None,
                iterations: 500,
                seed: u64::MAX,
                beliefs: BeliefsOption::Uniform,
            }
        );
        let before = o.clone();
        for (n, v, field) in [
            ("threads", json!(0), "value"),
            ("threads", json!("2"), "value"),
            ("iterations", json!(-3), "value"),
            ("model", json!(3), "value"),
            ("model", json!("/no/such/file.bpk"), "value"),
            ("beliefs", json!("psychic"), "value"),
            ("beliefs", json!(1), "value"),
            ("colour", json!(1), "name"),
        ] {
            let e = o.set(n, &v).unwrap_err();
            assert_eq!(e.field.as_deref(), Some(field), "{n} {v}");
            assert_eq!(o, before);
        }
        // every option in the table can be set to its default
        for spec in table() {
            o.set(spec.name, &spec.default).unwrap();
        }
        assert_eq!(o, Options::default());
    }
}
