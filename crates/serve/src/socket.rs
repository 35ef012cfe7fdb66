//! One WebSocket connection: messages in, replies out, through a protocol session.
//!
//! Each text message is one request line. A binary message is read as the bytes of a line
//! (not UTF-8: a `parse` error), since the protocol is text. Messages over the protocol's
//! 1 MiB get its `too_long` error; the socket itself refuses messages over [`MAX_MESSAGE`]
//! (WebSocket close 1009), the bound on what one connection can make the server hold.
//!
//! The session's worker thread sends replies to a bounded queue that a task writes to the
//! socket. A client that lets [`MAX_QUEUED`] replies pile up unread is dropped, so that one
//! client cannot grow the server's memory without bound.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket};
use capicua_protocol::framing::{Line, MAX_LINE};
use capicua_protocol::server::{Flow, ReplySink, Session};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::OwnedSemaphorePermit;
use tokio::sync::mpsc;

use crate::app::Shared;

/// The largest message the socket reads: twice the protocol's line limit, so that a line
/// somewhat over it still gets its `too_long` reply.
pub const MAX_MESSAGE: usize = 2 * MAX_LINE;
/// Replies waiting for a slow client before it is dropped.
pub const MAX_QUEUED: usize = 4096;

/// Replies into the connection's queue; a full or closed queue ends the session.
struct QueueSink(mpsc::Sender<String>);

impl ReplySink for QueueSink {
    fn send(&mut self, line: String) -> bool {
        self.0.try_send(line).is_ok()
    }
}

/// The line a message carries, as the stdin framing would read it.
fn line_of(msg: Message) -> Option<Line> {
    match msg {
        Message::Text(t) if t.len() > MAX_LINE => Some(Line::TooLong),
        Message::Text(t) => Some(Line::Text(t.as_str().to_string())),
        Message::Binary(b) if b.len() > MAX_LINE => Some(Line::TooLong),
        Message::Binary(b) => Some(match String::from_utf8(b.to_vec()) {
            Ok(s) => Line::Text(s),
            Err(_) => Line::NotUtf8,
        }),
        // pings are answered by the socket itself; a close ends the loop
        Message::Ping(_) | Message::Pong(_) | Message::Close(_) => None,
    }
}

/// Serves one connection until the client closes it, sends `quit`, goes idle past the
/// caps' timeout, or stops reading its replies. `permit` is its place among the open
/// connections, given back at the end.
pub async fn connection(ws: WebSocket, shared: Arc<Shared>, permit: OwnedSemaphorePermit) {
    let (mut to_client, mut from_client) = ws.split();
    let (queue, mut replies) = mpsc::channel::<String>(MAX_QUEUED);
    let session = match Session::start(
        shared.engine(),
        Box::new(QueueSink(queue)),
        Some(Arc::clone(&shared.gate)),
    ) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("capicua serve: cannot start a session: {e}");
            return;
        }
    };
    let writer = tokio::spawn(async move {
        while let Some(line) = replies.recv().await {
            if to_client.send(Message::Text(line.into())).await.is_err() {
                break;
            }
        }
        let _ = to_client.close().await;
    });
    let idle = shared.caps.idle_timeout;
    loop {
        let msg = match tokio::time::timeout(idle, from_client.next()).await {
            Ok(Some(Ok(m))) => m,
            // closed, broken, or idle too long
            _ => break,
        };
        if matches!(msg, Message::Close(_)) {
            break;
        }
        let Some(line) = line_of(msg) else { continue };
        // framing parses up to a MiB of JSON, and a `stop` may wait for a reply being
        // written: off the async threads
        let flow = tokio::task::block_in_place(|| session.feed(line));
        if flow == Flow::Quit || session.broken() {
            break;
        }
    }
    // stop the searches, wait for the worker; its sink (the queue) then drops, which ends
    // the writer once it has sent what is queued
    let closed = tokio::task::spawn_blocking(move || session.close(true)).await;
    if let Ok(Err(e)) = closed {
        eprintln!("capicua serve: a session ended badly: {e}");
    }
    let _ = writer.await;
    drop(permit);
}
