//! A WebSocket client of the engine protocol, for the load benchmark and the tests: one
//! request out, its `info` lines skipped, its final reply back.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use thiserror::Error;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::{HeaderName, HeaderValue};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

#[derive(Debug, Error)]
pub enum ClientError {
    #[error("websocket: {0}")]
    Ws(#[from] tokio_tungstenite::tungstenite::Error),
    #[error("the server closed the connection")]
    Closed,
    #[error("a reply that is not a JSON object: {0}")]
    NotJson(String),
    #[error("bad header: {0}")]
    Header(String),
    #[error("no reply within {0:?}")]
    Timeout(Duration),
}

/// A connection to `/ws`.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// How long to wait for one reply.
    pub timeout: Duration,
}

impl Client {
    /// Connects to `url` (`ws://host:port/ws`).
    pub async fn connect(url: &str) -> Result<Client, ClientError> {
        let (ws, _) = connect_async(url).await?;
        Ok(Client {
            ws,
            next_id: 0,
            timeout: Duration::from_secs(60),
        })
    }

    /// Connects to `url` with extra request headers (a browser's `Origin`, say).
    pub async fn connect_with(url: &str, headers: &[(&str, &str)]) -> Result<Client, ClientError> {
        let mut req = url.into_client_request()?;
        for (k, v) in headers {
            let name = HeaderName::from_bytes(k.as_bytes())
                .map_err(|e| ClientError::Header(e.to_string()))?;
            let value = HeaderValue::from_str(v).map_err(|e| ClientError::Header(e.to_string()))?;
            req.headers_mut().insert(name, value);
        }
        let (ws, _) = connect_async(req).await?;
        Ok(Client {
            ws,
            next_id: 0,
            timeout: Duration::from_secs(60),
        })
    }

    /// Sends one text message as it is.
    pub async fn send_text(&mut self, text: &str) -> Result<(), ClientError> {
        self.ws.send(Message::Text(text.into())).await?;
        Ok(())
    }

    /// Sends one binary message.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), ClientError> {
        self.ws.send(Message::Binary(bytes.into())).await?;
        Ok(())
    }

    /// The next reply of any kind.
    pub async fn next_reply(&mut self) -> Result<Value, ClientError> {
        loop {
            let msg = tokio::time::timeout(self.timeout, self.ws.next())
                .await
                .map_err(|_| ClientError::Timeout(self.timeout))?;
            match msg {
                None => return Err(ClientError::Closed),
                Some(Err(e)) => return Err(e.into()),
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str::<Value>(t.as_str())
                        .ok()
                        .filter(Value::is_object)
                        .ok_or_else(|| {
                            ClientError::NotJson(t.as_str().chars().take(200).collect())
                        });
                }
                Some(Ok(Message::Close(_))) => return Err(ClientError::Closed),
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next final reply (`info` lines skipped).
    pub async fn next_final(&mut self) -> Result<Value, ClientError> {
        loop {
            let v = self.next_reply().await?;
            if v["type"] != "info" {
                return Ok(v);
            }
        }
    }

    /// Sends `request` with a fresh numeric `id` and waits for its final reply; returns it
    /// with the time from sending to receiving it.
    pub async fn request(&mut self, mut request: Value) -> Result<(Value, Duration), ClientError> {
        self.next_id += 1;
        let id = self.next_id;
        request["id"] = Value::from(id);
        let start = Instant::now();
        self.send_text(&request.to_string()).await?;
        loop {
            let v = self.next_final().await?;
            if v["id"] == id {
                return Ok((v, start.elapsed()));
            }
        }
    }

    /// Closes the connection politely.
    pub async fn close(mut self) -> Result<(), ClientError> {
        self.ws.close(None).await?;
        Ok(())
    }
}
