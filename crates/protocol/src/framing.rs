//! JSON-lines framing: one request per line, `\n` or `\r\n`, at most [`MAX_LINE`] bytes.
//!
//! A longer line is skipped to its end without being held in memory, so a client cannot
//! exhaust the engine's memory with one endless line.

use std::io::{self, BufRead};

/// The longest line the engine reads (1 MiB), not counting the line break.
pub const MAX_LINE: usize = 1 << 20;

/// One framed input line.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line's text, without its line break.
    Text(String),
    /// A line that is not UTF-8.
    NotUtf8,
    /// A line over the limit (skipped).
    TooLong,
    /// End of input.
    Eof,
}

/// Reads lines of at most `limit` bytes.
pub struct LineReader<R> {
    inner: R,
    limit: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        LineReader::with_limit(inner, MAX_LINE)
    }

    pub fn with_limit(inner: R, limit: usize) -> Self {
        LineReader {
            inner,
            limit,
            buf: Vec::new(),
        }
    }

    /// The next line. Read errors other than interruptions end the input.
    pub fn next_line(&mut self) -> io::Result<Line> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if !any {
                    return Ok(Line::Eof);
                }
                break;
            }
            any = true;
            let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            if !too_long {
                // the `\r` of a `\r\n` is not part of the line, so allow one byte for it
                if self.buf.len() + part.len() > self.limit + 1 {
                    too_long = true;
                    self.buf.clear();
                } else {
                    self.buf.extend_from_slice(part);
                }
            }
            self.inner.consume(used);
            if done {
                break;
            }
        }
        if too_long {
            return Ok(Line::TooLong);
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        if self.buf.len() > self.limit {
            return Ok(Line::TooLong);
        }
        match String::from_utf8(std::mem::take(&mut self.buf)) {
            Ok(s) => Ok(Line::Text(s)),
            Err(_) => Ok(Line::NotUtf8),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Line> {
        let mut r = LineReader::with_limit(io::BufReader::with_capacity(4, input), limit);
        let mut out = Vec::new();
        loop {
            let l = r.next_line().unwrap();
            if l == Line::Eof {
                return out;
            }
            out.push(l);
        }
    }

    #[test]
    fn splits_lines_and_crlf() {
        let got = lines(b"ab\r\ncd\n\nlast", 10);
        let want = ["ab", "cd", "", "last"].map(|s| Line::Text(s.into()));
        assert_eq!(got, want);
    }

    #[test]
    fn long_lines_are_skipped_whole() {
        let got = lines(b"0123456789\n01234567890\nok\n0123456789\r\n", 10);
        assert_eq!(
            got,
            vec![
                Line::Text("0123456789".into()),
                Line::TooLong,
                Line::Text("ok".into()),
                Line::Text("0123456789".into())
            ]
        );
    }

    #[test]
    fn invalid_utf8() {
        assert_eq!(
            lines(b"\xff\xfe\nx\n", 10),
            vec![Line::NotUtf8, Line::Text("x".into())]
        );
    }
}
