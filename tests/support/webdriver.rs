//! The few W3C WebDriver commands the browser test sends to a local chromedriver, as plain
//! HTTP/1.1 over tokio's TCP stream.
//!
//! It stands in for `fantoccini`, whose dependency tree turns on `syn`'s `fold` feature: with
//! it, `cargo test --workspace` and `cargo run --release` unified different features for the
//! proc-macro crates, and every derive macro (and `burn`, built with them) was compiled twice.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The key under which WebDriver returns an element reference (W3C WebDriver, 12.1).
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A WebDriver session: the driver's `host:port` and the session's path on it.
#[derive(Clone, Debug)]
pub struct Session {
    host: String,
    path: String,
}

/// An element of the page, as the driver names it.
#[derive(Clone, Debug)]
pub struct Element {
    session: Session,
    id: String,
}

/// A command the driver refused, or an answer that was not WebDriver's.
#[derive(Debug)]
pub struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

type Result<T> = std::result::Result<T, Error>;

impl Session {
    /// Opens a session on the driver at `url` (`http://host:port`) with these capabilities.
    pub async fn new(url: &str, capabilities: Value) -> Result<Session> {
        let host = url
            .strip_prefix("http://")
            .ok_or_else(|| Error(format!("{url}: only http:// drivers")))?
            .trim_end_matches('/')
            .to_string();
        let body = json!({"capabilities": {"alwaysMatch": capabilities}});
        let value = http(&host, "POST", "/session", Some(&body)).await?;
        let id = value["sessionId"]
            .as_str()
            .ok_or_else(|| Error(format!("no session id in {value}")))?;
        Ok(Session {
            host,
            path: format!("/session/{id}"),
        })
    }

    async fn send(&self, method: &str, rest: &str, body: Option<&Value>) -> Result<Value> {
        http(&self.host, method, &format!("{}{rest}", self.path), body).await
    }

    pub async fn goto(&self, url: &str) -> Result<()> {
        self.send("POST", "/url", Some(&json!({ "url": url })))
            .await
            .map(drop)
    }

    /// Runs `script` as the body of a function in the page and returns what it returns.
    pub async fn execute(&self, script: &str) -> Result<Value> {
        let body = json!({"script": script, "args": []});
        self.send("POST", "/execute/sync", Some(&body)).await
    }

    /// The first element `css` selects; an error when there is none.
    pub async fn find(&self, css: &str) -> Result<Element> {
        let v = self.send("POST", "/element", Some(&by_css(css))).await?;
        self.element(&v)
    }

    /// Every element `css` selects, in document order.
    pub async fn find_all(&self, css: &str) -> Result<Vec<Element>> {
        let v = self.send("POST", "/elements", Some(&by_css(css))).await?;
        self.elements(&v)
    }

    /// The page as a PNG.
    pub async fn screenshot(&self) -> Result<Vec<u8>> {
        let v = self.send("GET", "/screenshot", None).await?;
        let b64 = v
            .as_str()
            .ok_or_else(|| Error(format!("a screenshot that is not a string: {v}")))?;
        data_encoding::BASE64
            .decode(b64.as_bytes())
            .map_err(|e| Error(format!("a screenshot that is not base64: {e}")))
    }

    /// Ends the session (the browser closes).
    pub async fn close(self) -> Result<()> {
        self.send("DELETE", "", None).await.map(drop)
    }

    fn element(&self, v: &Value) -> Result<Element> {
        let id = v[ELEMENT_KEY]
            .as_str()
            .ok_or_else(|| Error(format!("not an element: {v}")))?;
        Ok(Element {
            session: self.clone(),
            id: id.to_string(),
        })
    }

    fn elements(&self, v: &Value) -> Result<Vec<Element>> {
        v.as_array()
            .ok_or_else(|| Error(format!("not a list of elements: {v}")))?
            .iter()
            .map(|e| self.element(e))
            .collect()
    }
}

impl Element {
    async fn send(&self, method: &str, rest: &str, body: Option<&Value>) -> Result<Value> {
        let rest = format!("/element/{}{rest}", self.id);
        self.session.send(method, &rest, body).await
    }

    /// The attribute `name`, or `None` when the element has none.
    pub async fn attr(&self, name: &str) -> Result<Option<String>> {
        let v = self
            .send("GET", &format!("/attribute/{name}"), None)
            .await?;
        Ok(v.as_str().map(str::to_string))
    }

    /// The text the element renders.
    pub async fn text(&self) -> Result<String> {
        let v = self.send("GET", "/text", None).await?;
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| Error(format!("text that is not a string: {v}")))
    }

    pub async fn click(&self) -> Result<()> {
        self.send("POST", "/click", Some(&json!({})))
            .await
            .map(drop)
    }

    /// The first element under this one that `css` selects.
    pub async fn find(&self, css: &str) -> Result<Element> {
        let v = self.send("POST", "/element", Some(&by_css(css))).await?;
        self.session.element(&v)
    }
}

fn by_css(css: &str) -> Value {
    json!({"using": "css selector", "value": css})
}

/// The longest one command may take before the test fails rather than hangs.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

/// One request on its own connection; returns the answer's `value`, or the driver's error.
async fn http(host: &str, method: &str, path: &str, body: Option<&Value>) -> Result<Value> {
    tokio::time::timeout(COMMAND_TIMEOUT, exchange(host, method, path, body))
        .await
        .map_err(|_| Error(format!("{method} {path}: no answer in {COMMAND_TIMEOUT:?}")))?
}

/// [`http`] without its time limit. The answer is read to its declared end: chromedriver says
/// `Connection: close` and then keeps the connection open.
async fn exchange(host: &str, method: &str, path: &str, body: Option<&Value>) -> Result<Value> {
    let io = |e: std::io::Error| Error(format!("{method} {path}: {e}"));
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n\
         Content-Type: application/json; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(host).await.map_err(io)?;
    stream.write_all(request.as_bytes()).await.map_err(io)?;
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let (status, payload) = loop {
        let n = stream.read(&mut buf).await.map_err(io)?;
        raw.extend_from_slice(&buf[..n]);
        if let Some(answer) = parse_answer(&raw, n == 0) {
            break answer;
        }
        if n == 0 {
            return Err(Error(format!(
                "{method} {path}: an incomplete answer {:?}",
                String::from_utf8_lossy(&raw)
            )));
        }
    };
    let answer: Value = serde_json::from_slice(&payload).map_err(|e| {
        Error(format!(
            "{method} {path}: {e} in {:?}",
            String::from_utf8_lossy(&payload)
        ))
    })?;
    let value = answer["value"].clone();
    if status == 200 {
        Ok(value)
    } else {
        Err(Error(format!(
            "{method} {path}: {status} {}: {}",
            value["error"].as_str().unwrap_or("?"),
            value["message"].as_str().unwrap_or("")
        )))
    }
}

/// The status and body of an HTTP/1.1 answer once `raw` holds all of it (by its
/// `Content-Length`, its chunked encoding, or, with neither, the connection's end), else
/// `None`.
fn parse_answer(raw: &[u8], at_eof: bool) -> Option<(u16, Vec<u8>)> {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..split]).ok()?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split_whitespace().nth(1)?.parse().ok()?;
    let mut length = None;
    let mut chunked = false;
    for line in lines {
        let (name, value) = line.split_once(':')?;
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.parse::<usize>().ok()?);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.eq_ignore_ascii_case("chunked");
        }
    }
    let rest = &raw[split + 4..];
    let body = match (chunked, length) {
        (true, _) => dechunk(rest)?,
        (false, Some(n)) => rest.get(..n)?.to_vec(),
        (false, None) if at_eof => rest.to_vec(),
        (false, None) => return None,
    };
    Some((status, body))
}

/// The body of a `Transfer-Encoding: chunked` answer (RFC 9112, 7.1), or `None` while it is
/// incomplete (or malformed).
fn dechunk(mut raw: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let eol = raw.windows(2).position(|w| w == b"\r\n")?;
        let size_field = std::str::from_utf8(&raw[..eol]).ok()?;
        let size = usize::from_str_radix(size_field.split(';').next()?.trim(), 16).ok()?;
        raw = &raw[eol + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(raw.get(..size)?);
        raw = raw.get(size + 2..)?;
    }
}

#[test]
fn an_answer_is_read_to_its_declared_end() {
    // chromedriver's own form: no space after the colons, and the connection left open
    let head = b"HTTP/1.1 404 Not Found\r\nContent-Length:14\r\nConnection:close\r\n\r\n";
    let whole = [&head[..], b"{\"value\": [1]}"].concat();
    assert_eq!(parse_answer(&whole[..whole.len() - 1], false), None);
    let (status, body) = parse_answer(&whole, false).unwrap();
    assert_eq!((status, body.as_slice()), (404, &b"{\"value\": [1]}"[..]));
    let bare = b"HTTP/1.1 200 OK\r\n\r\n{}";
    assert_eq!(
        parse_answer(bare, false),
        None,
        "no length: read to the end"
    );
    assert_eq!(parse_answer(bare, true).unwrap().1, b"{}");
}

#[test]
fn a_chunked_body_is_read_back_whole() {
    let raw = b"4\r\n{\"va\r\na;ext=1\r\nlue\": [1]}\r\n0\r\n\r\n";
    assert_eq!(dechunk(raw).unwrap(), b"{\"value\": [1]}");
    assert_eq!(dechunk(b"5\r\nab"), None, "a chunk cut short");
    assert_eq!(dechunk(b"zz\r\n"), None, "a size that is not hex");
}
