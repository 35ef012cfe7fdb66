//! The rules' names, kinds and values, read from `Rules`' own serde derive, so that no list of
//! rule names is kept beside the struct: overrides, the protocol's `rules` reply and
//! `docs/RULES.md` all take them from here.
//!
//! A probing deserializer walks `Rules::deserialize` once: the struct hands it its field names
//! and every enum field hands it its variant names, as serde does for any format.

use serde::Deserialize;
use serde::de::value::{Error as DeError, StrDeserializer};
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, Visitor};
use serde::forward_to_deserialize_any;

use crate::variant::Rules;

/// How one rule's value is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleKind {
    Bool,
    /// An integer from `min` to `max`.
    Int {
        min: u64,
        max: u64,
    },
    /// One of these names.
    Enum(&'static [&'static str]),
}

/// One rule: its name (the field of [`Rules`]) and how its value is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSchema {
    pub name: &'static str,
    pub kind: RuleKind,
}

/// Ranges of the integer rules; every integer field of [`Rules`] has one (a test checks it).
pub(crate) const INT_RANGES: &[(&str, u64, u64)] = &[
    ("max_pip", 6, 9),
    ("players", 2, 4),
    ("hand_size", 1, 27),
    ("redeal_doubles", 1, 10),
    ("dekabes_after_tie", 1, 1000),
    ("target", 1, 1_000_000),
];

/// Every rule in the order of the struct's fields.
pub fn schema() -> Vec<RuleSchema> {
    let mut out = Vec::new();
    // the probe feeds placeholder values; the Rules it builds is thrown away
    let _ = Rules::deserialize(StructProbe { out: &mut out });
    out
}

/// The names of every rule, in the order of the struct's fields.
pub fn rule_names() -> Vec<&'static str> {
    schema().into_iter().map(|r| r.name).collect()
}

struct StructProbe<'a> {
    out: &'a mut Vec<RuleSchema>,
}

impl<'de> de::Deserializer<'de> for StructProbe<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, DeError> {
        Err(de::Error::custom("the rule probe reads only structs"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_map(FieldProbe {
            fields,
            next: 0,
            out: self.out,
        })
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

struct FieldProbe<'a> {
    fields: &'static [&'static str],
    next: usize,
    out: &'a mut Vec<RuleSchema>,
}

impl<'de> MapAccess<'de> for FieldProbe<'_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        let Some(&name) = self.fields.get(self.next) else {
            return Ok(None);
        };
        let key: StrDeserializer<'_, DeError> = name.into_deserializer();
        seed.deserialize(key).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        let name = self.fields[self.next];
        self.next += 1;
        let mut kind = None;
        let v = seed.deserialize(ValueProbe {
            name,
            kind: &mut kind,
        })?;
        if let Some(kind) = kind {
            self.out.push(RuleSchema { name, kind });
        }
        Ok(v)
    }
}

struct ValueProbe<'a> {
    name: &'static str,
    kind: &'a mut Option<RuleKind>,
}

impl ValueProbe<'_> {
    fn int(self) -> u64 {
        let (min, max) = INT_RANGES
            .iter()
            .find(|(n, _, _)| *n == self.name)
            .map_or((0, u64::MAX), |&(_, lo, hi)| (lo, hi));
        *self.kind = Some(RuleKind::Int { min, max });
        min
    }
}

impl<'de> de::Deserializer<'de> for ValueProbe<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, DeError> {
        Err(de::Error::custom(
            "a rule must be a bool, an integer or an enum",
        ))
    }
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        *self.kind = Some(RuleKind::Bool);
        visitor.visit_bool(false)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let v = self.int();
        visitor.visit_u64(v)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_u8(visitor)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_u8(visitor)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.deserialize_u8(visitor)
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        *self.kind = Some(RuleKind::Enum(variants));
        let first: StrDeserializer<'_, DeError> = variants[0].into_deserializer();
        visitor.visit_enum(first)
    }

    forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_described_and_every_int_has_a_range() {
        let s = schema();
        let json = serde_json::to_value(Rules::cuban()).unwrap();
        let obj = json.as_object().unwrap();
        assert_eq!(s.len(), obj.len(), "every field of Rules is in the schema");
        for r in &s {
            let v = &obj[r.name];
            match &r.kind {
                RuleKind::Bool => assert!(v.is_boolean(), "{}", r.name),
                RuleKind::Int { min, max } => {
                    assert!(v.is_u64(), "{}", r.name);
                    assert!(min <= max && *max < u64::MAX, "{} has a range", r.name);
                }
                RuleKind::Enum(values) => {
                    assert!(values.contains(&v.as_str().unwrap()), "{}", r.name)
                }
            }
        }
        assert_eq!(rule_names()[0], "max_pip");
        assert!(s.iter().any(|r| r.name == "scoring"
            && r.kind == RuleKind::Enum(&["opponents_pips", "all_pips", "net_pips", "points"])));
    }
}
