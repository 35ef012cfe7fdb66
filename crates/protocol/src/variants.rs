//! Variants by name, single-rule overrides from JSON, and the `rules` reply.

use capicua_engine::rule_schema::{self, rule_names};
use capicua_engine::{RuleKind, Rules, RulesError, VARIANTS};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{RequestError, quote};
use crate::fields::{Obj, Path};

/// The variant used when a request names none.
pub const DEFAULT_VARIANT: &str = "cuban";

/// One line on each variant, for the `rules` reply (`description`, a protocol extension).
pub fn description(variant: &str) -> &'static str {
    match variant {
        "cuban" => {
            "Cuban partnership dominoes: double-nine, four players in two teams, ten tiles each, block game to 100"
        }
        "cuban-d6" => "Cuban partnership rules with a double-six set, seven tiles each",
        "jamaican" => {
            "Jamaican partner: double-six, the 6-6 poses, one point a round (two with the key bone), six love"
        }
        "haitian" => {
            "Haitian partner: double-six, Dekabes, tied blocks double the next round, losers reset, to four"
        }
        "puerto-rican" => {
            "Puerto Rican shutout: double-six partners, a block goes to the lighter team, four in a row"
        }
        "cutthroat-2" => "Cut throat for two: double-six, fourteen tiles each, one point a round",
        "cutthroat-2-draw" => {
            "Cut throat for two with a boneyard: seven tiles each, draw until able"
        }
        "cutthroat-3" => "Cut throat for three: double-six without the 0-0, nine tiles each",
        "cutthroat-4" => "Cut throat for four individuals: double-six, seven tiles each",
        "lankford-2" => {
            "Lankford's Cuban draw game for two: lead a double, draw until able, net pips to 100"
        }
        "lankford-3" => "Lankford's Cuban draw game for three",
        "lankford-4" => "Lankford's Cuban draw game for four",
        "chiva-2" => "Puerto Rican Chiva for two: a draw game, four wins while the other has none",
        "chiva-3" => "Puerto Rican Chiva for three",
        _ => "",
    }
}

/// The variant and rules a request object names in its `variant` and `rules` members
/// ([`resolve`]).
pub fn of_request(o: &Obj<'_>) -> Result<(String, Rules), RequestError> {
    resolve(
        o.opt_str("variant")?,
        &o.field("variant"),
        o.opt_object("rules")?,
        &o.field("rules"),
    )
}

/// The rules of `variant` (a field at `variant_path`, default [`DEFAULT_VARIANT`]) with the
/// overrides of the object at `rules_path`.
pub fn resolve(
    variant: Option<&str>,
    variant_path: &Path,
    overrides: Option<&Map<String, Value>>,
    rules_path: &Path,
) -> Result<(String, Rules), RequestError> {
    let name = variant.unwrap_or(DEFAULT_VARIANT);
    let base = Rules::preset(name).map_err(|_| {
        RequestError::bad_field(
            variant_path.as_str(),
            format!(
                "unknown variant {}; the variants are {}",
                quote(name),
                VARIANTS.join(", ")
            ),
        )
    })?;
    let Some(overrides) = overrides else {
        return Ok((name.to_string(), base));
    };
    let rules = base.with_overrides(overrides).map_err(|e| match e {
        RulesError::UnknownRule(rule) => RequestError::bad_field(
            rules_path.key(&rule).as_str(),
            format!(
                "unknown rule {}; the rules are {}",
                quote(&rule),
                rule_names().join(", ")
            ),
        ),
        RulesError::BadValue { rule, why } => RequestError::bad_field(
            rules_path.key(&rule).as_str(),
            format!("bad value for rule {rule}: {why}"),
        ),
        RulesError::Inconsistent(why) => RequestError::bad_field(
            rules_path.as_str(),
            format!("these rules do not make a game: {why}"),
        ),
        other => RequestError::bad_field(rules_path.as_str(), other.to_string()),
    })?;
    Ok((name.to_string(), rules))
}

/// How a rule's values are written, for the `schema` of the `rules` reply.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct RuleSchema {
    pub name: &'static str,
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<&'static [&'static str]>,
}

/// The accepted values of every rule, in the engine's order.
pub fn schema() -> Vec<RuleSchema> {
    rule_schema::schema()
        .into_iter()
        .map(|r| {
            let (kind, min, max, values) = match r.kind {
                RuleKind::Bool => ("bool", None, None, None),
                RuleKind::Int { min, max } => ("int", Some(min), Some(max), None),
                RuleKind::Enum(values) => ("enum", None, None, Some(values)),
            };
            RuleSchema {
                name: r.name,
                kind,
                min,
                max,
                values,
            }
        })
        .collect()
}

/// Every rule of `rules` by name, in the engine's order.
pub fn rules_object(rules: &Rules) -> Vec<(String, Value)> {
    // serde writes the struct with its field names, which are the rule names
    let mut m = match serde_json::to_value(rules) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    rule_names()
        .into_iter()
        .filter_map(|k| m.remove(k).map(|v| (k.to_string(), v)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_variant_resolves_and_lists_every_rule() {
        let p = Path::root();
        for v in VARIANTS {
            let (name, rules) = resolve(Some(v), &p.key("variant"), None, &p.key("rules")).unwrap();
            assert_eq!(&name, v);
            assert!(!description(v).is_empty(), "{v}");
            let list = rules_object(&rules);
            let names: Vec<&str> = list.iter().map(|(k, _)| k.as_str()).collect();
            assert_eq!(names, rule_names());
            let obj: Map<String, Value> = list.into_iter().collect();
            // the listed values are accepted back as overrides and give the same rules
            let (_, again) =
                resolve(Some(v), &p.key("variant"), Some(&obj), &p.key("rules")).unwrap();
            assert_eq!(again, rules);
        }
        assert_eq!(schema().len(), rule_names().len());
    }

    #[test]
    fn override_errors_name_the_rule() {
        let p = Path::root().key("position");
        let bad = |o: Value| {
            let Value::Object(m) = o else { panic!() };
            resolve(None, &p.key("variant"), Some(&m), &p.key("rules")).unwrap_err()
        };
        assert_eq!(
            bad(json!({"target": "x"})).field.as_deref(),
            Some("position.rules.target")
        );
        assert_eq!(
            bad(json!({"nope": 1})).field.as_deref(),
            Some("position.rules.nope")
        );
        assert_eq!(
            bad(json!({"hand_size": 20})).field.as_deref(),
            Some("position.rules")
        );
        assert_eq!(
            bad(json!({"max_pip": 7})).field.as_deref(),
            Some("position.rules.max_pip")
        );
        let e = resolve(Some("nope"), &p.key("variant"), None, &p.key("rules")).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("position.variant"));
        let Value::Object(m) = json!({"target": 150.0, "scoring": "all_pips"}) else {
            panic!()
        };
        let (_, r) = resolve(None, &p.key("variant"), Some(&m), &p.key("rules")).unwrap();
        assert_eq!(r.target, 150);
    }
}
