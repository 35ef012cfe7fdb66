//! Reading typed fields out of a request's JSON object, each failure naming the field by its
//! path (`position.moves[3]`, `rules.target`). A JSON `null` counts as an absent field; fields
//! the engine does not know are ignored.

use serde_json::{Map, Value};

use crate::error::RequestError;

/// The path of a field inside a request: `""` for the request itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Path(String);

impl Path {
    pub fn root() -> Path {
        Path(String::new())
    }
    /// The member `name` of this object.
    pub fn key(&self, name: &str) -> Path {
        if self.0.is_empty() {
            Path(name.to_string())
        } else {
            Path(format!("{}.{name}", self.0))
        }
    }
    /// The element `i` of this array.
    pub fn index(&self, i: usize) -> Path {
        Path(format!("{}[{i}]", self.0))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    pub fn into_string(self) -> String {
        self.0
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Short name of a JSON value's type, for messages.
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// An integer in `lo..=hi`. Numbers written with a fraction of zero (`3.0`) count as integers,
/// since some JSON writers produce them.
pub fn int_value(v: &Value, path: &Path, lo: u64, hi: u64) -> Result<u64, RequestError> {
    let bad = || {
        RequestError::bad_field(
            path.as_str(),
            format!("expected an integer from {lo} to {hi}"),
        )
    };
    let n = match v {
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                u
            } else if n.as_i64().is_some() {
                return Err(bad());
            } else {
                match n.as_f64() {
                    Some(f) if f.fract() == 0.0 && f >= 0.0 && f <= u64::MAX as f64 => f as u64,
                    _ => return Err(bad()),
                }
            }
        }
        _ => return Err(bad()),
    };
    if n < lo || n > hi { Err(bad()) } else { Ok(n) }
}

/// A view of one JSON object at a path.
#[derive(Clone, Copy)]
pub struct Obj<'a> {
    map: &'a Map<String, Value>,
    path: &'a Path,
}

impl<'a> Obj<'a> {
    pub fn new(map: &'a Map<String, Value>, path: &'a Path) -> Obj<'a> {
        Obj { map, path }
    }

    /// The value at `path`, which must be an object.
    pub fn of(v: &'a Value, path: &'a Path) -> Result<Obj<'a>, RequestError> {
        match v {
            Value::Object(map) => Ok(Obj { map, path }),
            other => Err(RequestError::bad_field(
                path.as_str(),
                format!("expected an object, got {}", kind(other)),
            )),
        }
    }

    pub fn path(&self) -> &Path {
        self.path
    }

    pub fn map(&self) -> &'a Map<String, Value> {
        self.map
    }

    pub fn field(&self, name: &str) -> Path {
        self.path.key(name)
    }

    /// The member `name`, `None` when absent or null.
    pub fn get(&self, name: &str) -> Option<&'a Value> {
        match self.map.get(name) {
            None | Some(Value::Null) => None,
            Some(v) => Some(v),
        }
    }

    pub fn require(&self, name: &str) -> Result<&'a Value, RequestError> {
        self.get(name)
            .ok_or_else(|| RequestError::bad_field(self.field(name).as_str(), "missing field"))
    }

    pub fn opt_int(&self, name: &str, lo: u64, hi: u64) -> Result<Option<u64>, RequestError> {
        self.get(name)
            .map(|v| int_value(v, &self.field(name), lo, hi))
            .transpose()
    }

    pub fn int(&self, name: &str, lo: u64, hi: u64) -> Result<u64, RequestError> {
        int_value(self.require(name)?, &self.field(name), lo, hi)
    }

    pub fn opt_str(&self, name: &str) -> Result<Option<&'a str>, RequestError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(RequestError::bad_field(
                self.field(name).as_str(),
                format!("expected a string, got {}", kind(other)),
            )),
        }
    }

    pub fn opt_array(&self, name: &str) -> Result<Option<&'a Vec<Value>>, RequestError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Array(a)) => Ok(Some(a)),
            Some(other) => Err(RequestError::bad_field(
                self.field(name).as_str(),
                format!("expected an array, got {}", kind(other)),
            )),
        }
    }

    pub fn array(&self, name: &str) -> Result<&'a Vec<Value>, RequestError> {
        self.opt_array(name)?
            .ok_or_else(|| RequestError::bad_field(self.field(name).as_str(), "missing field"))
    }

    pub fn opt_object(&self, name: &str) -> Result<Option<&'a Map<String, Value>>, RequestError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::Object(m)) => Ok(Some(m)),
            Some(other) => Err(RequestError::bad_field(
                self.field(name).as_str(),
                format!("expected an object, got {}", kind(other)),
            )),
        }
    }
}

/// The string at `path`.
pub fn str_value<'a>(v: &'a Value, path: &Path) -> Result<&'a str, RequestError> {
    match v {
        Value::String(s) => Ok(s),
        other => Err(RequestError::bad_field(
            path.as_str(),
            format!("expected a string, got {}", kind(other)),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths() {
        let p = Path::root().key("position").key("moves").index(3);
        assert_eq!(p.as_str(), "position.moves[3]");
        assert_eq!(
            Path::root().key("hands").index(1).index(2).as_str(),
            "hands[1][2]"
        );
    }

    #[test]
    fn integers() {
        let p = Path::root().key("x");
        assert_eq!(int_value(&json!(3), &p, 0, 5).unwrap(), 3);
        assert_eq!(int_value(&json!(3.0), &p, 0, 5).unwrap(), 3);
        for bad in [
            json!(-1),
            json!(6),
            json!(2.5),
            json!("3"),
            json!(null),
            json!(1e300),
        ] {
            let e = int_value(&bad, &p, 0, 5).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("x"), "{bad}");
        }
    }

    #[test]
    fn null_is_absent() {
        let v = json!({"a": null, "b": 2});
        let root = Path::root();
        let o = Obj::of(&v, &root).unwrap();
        assert_eq!(o.opt_int("a", 0, 9).unwrap(), None);
        assert_eq!(o.opt_int("b", 0, 9).unwrap(), Some(2));
        assert_eq!(o.int("a", 0, 9).unwrap_err().message, "missing field");
    }
}
