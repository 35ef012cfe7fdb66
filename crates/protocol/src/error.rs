//! Typed errors of the protocol. Every request that cannot be carried out becomes one
//! [`RequestError`], which the engine writes as one `error` reply; none of them ends the
//! process or changes its state.

use std::fmt;

use serde::Serialize;
use thiserror::Error;

/// The `code` of an `error` reply. The names are part of the wire contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The line is not JSON, or not a JSON object.
    Parse,
    /// The line is longer than [`crate::framing::MAX_LINE`] bytes.
    TooLong,
    /// The `type` names no request.
    UnknownType,
    /// A field is missing, of the wrong JSON type, malformed, or out of its range.
    BadField,
    /// Each field is well formed but together they break the variant's rules: a tile twice,
    /// a hand of the wrong size, an illegal move, no deal of the hidden tiles fits.
    IllegalPosition,
    /// `go` for a seat that is not to move.
    NotYourTurn,
    /// `go` on a round that has ended.
    RoundOver,
    /// A bug in the engine was caught while serving the request (never expected).
    Internal,
}

impl ErrorCode {
    /// Every code, for documentation and tests.
    pub const ALL: [ErrorCode; 8] = [
        ErrorCode::Parse,
        ErrorCode::TooLong,
        ErrorCode::UnknownType,
        ErrorCode::BadField,
        ErrorCode::IllegalPosition,
        ErrorCode::NotYourTurn,
        ErrorCode::RoundOver,
        ErrorCode::Internal,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Parse => "parse",
            ErrorCode::TooLong => "too_long",
            ErrorCode::UnknownType => "unknown_type",
            ErrorCode::BadField => "bad_field",
            ErrorCode::IllegalPosition => "illegal_position",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::RoundOver => "round_over",
            ErrorCode::Internal => "internal",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why one request was refused: the code, the path of the offending field
/// (`position.moves[3]`, `rules.target`, `budget.iterations`) when one is to blame, and a
/// message for people.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{code}{}: {message}", field.as_ref().map(|f| format!(" at {f}")).unwrap_or_default())]
pub struct RequestError {
    pub code: ErrorCode,
    pub field: Option<String>,
    pub message: String,
}

impl RequestError {
    pub fn new(code: ErrorCode, field: Option<String>, message: impl Into<String>) -> Self {
        RequestError {
            code,
            field,
            message: message.into(),
        }
    }

    pub fn parse(message: impl Into<String>) -> Self {
        RequestError::new(ErrorCode::Parse, None, message)
    }

    pub fn bad_field(field: impl Into<String>, message: impl Into<String>) -> Self {
        RequestError::new(ErrorCode::BadField, Some(field.into()), message)
    }

    pub fn illegal(field: impl Into<String>, message: impl Into<String>) -> Self {
        RequestError::new(ErrorCode::IllegalPosition, Some(field.into()), message)
    }
}

/// Cuts client text quoted in messages, so that an error about a huge value stays small.
pub(crate) fn quote(s: &str) -> String {
    const MAX: usize = 40;
    let mut out: String = s.chars().take(MAX).collect();
    if s.chars().nth(MAX).is_some() {
        out.push('…');
    }
    format!("{out:?}")
}
