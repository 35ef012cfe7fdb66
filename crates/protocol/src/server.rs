//! A session of the protocol: a reader and a worker; and the engine process, a session on
//! stdin/stdout ([`serve`]). `capicua serve` runs one session per WebSocket connection, with
//! replies going to the socket ([`ReplySink`]) and a [`SearchGate`] shared by all of them.
//!
//! The reader (the calling thread) frames every input line. `stop` and `quit` it handles at
//! once, so they work while a search runs; everything else goes, in order, to the worker
//! thread, which runs one request at a time and writes its replies. That order is what makes
//! `ping` a barrier: its `pong` is written after the replies of every earlier request.
//!
//! `stop` ends every `go` and `beliefs` received before it (running or still queued); they
//! answer at once with what they have, and the `stop` itself gets no other reply (the
//! `bestmove` carries its id as `stop_id`). A `stop` that ends no search not already ended by
//! an earlier one gets `ok` at once; one whose search fails with an error (a bad position)
//! gets `ok` after that error.
//! `quit` stops the outstanding searches the same way, lets the worker answer everything
//! received before it, and returns. End of input is a `quit` that lets searches finish their
//! budgets, so a script piping requests in gets every answer in full.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::Duration;

use crate::engine::{Control, Engine, Envelope, Framed, Kind, frame};
use crate::error::{ErrorCode, RequestError};
use crate::framing::{Line, LineReader, MAX_LINE};
use crate::reply::{Id, Reply};

/// Where a session's replies go, one line each (without its line break).
pub trait ReplySink: Send {
    /// Sends one reply line; `false` when the client is gone (nothing more will be sent).
    fn send(&mut self, line: String) -> bool;
}

/// Replies written to a stream, one line each, flushed at once.
struct WriteSink(Box<dyn Write + Send>);

impl ReplySink for WriteSink {
    fn send(&mut self, line: String) -> bool {
        let w = &mut self.0;
        w.write_all(line.as_bytes())
            .and_then(|_| w.write_all(b"\n"))
            .and_then(|_| w.flush())
            .is_ok()
    }
}

/// Where replies go. A failed send (the client went away) silences the output for good; the
/// session then stops its searches and ends.
struct Output {
    sink: Mutex<(Box<dyn ReplySink>, bool)>,
}

impl Output {
    fn write(&self, reply: &Reply) {
        let line = reply.to_line();
        let mut guard = lock(&self.sink);
        let (sink, broken) = &mut *guard;
        if *broken {
            return;
        }
        if !sink.send(line) {
            *broken = true;
        }
    }

    fn broken(&self) -> bool {
        lock(&self.sink).1
    }
}

/// Bounds how many searches (`go`, `beliefs`) run at once over every session that shares it:
/// a server's cores are fewer than its connections. A search waits for a slot; a `stop`
/// received while it waits lets it answer at once (a stopped search does no work).
pub struct SearchGate {
    running: Mutex<usize>,
    freed: Condvar,
    max: usize,
}

/// A slot of a [`SearchGate`], given back when dropped.
pub struct GatePass<'a>(&'a SearchGate);

impl Drop for GatePass<'_> {
    fn drop(&mut self) {
        *lock(&self.0.running) -= 1;
        self.0.freed.notify_one();
    }
}

impl SearchGate {
    /// At most `max` (at least 1) searches at once.
    pub fn new(max: usize) -> SearchGate {
        SearchGate {
            running: Mutex::new(0),
            freed: Condvar::new(),
            max: max.max(1),
        }
    }

    /// Searches running now.
    pub fn running(&self) -> usize {
        *lock(&self.running)
    }

    /// Waits for a slot; `None` once `stop` is raised first.
    pub fn enter(&self, stop: &AtomicBool) -> Option<GatePass<'_>> {
        let mut n = lock(&self.running);
        loop {
            if stop.load(Ordering::SeqCst) {
                return None;
            }
            if *n < self.max {
                *n += 1;
                return Some(GatePass(self));
            }
            // a stop raises no condition variable: look at it now and then
            n = self
                .freed
                .wait_timeout(n, Duration::from_millis(5))
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }
}

/// A search received and not yet answered.
struct Ticket {
    stop: AtomicBool,
    state: Mutex<TicketState>,
}

#[derive(Default)]
struct TicketState {
    /// The id of the `stop` that ended it.
    stopped_by: Option<Id>,
    /// Its reply is being written: no `stop` can claim it any more.
    closing: bool,
}

enum Job {
    Run(Envelope, Option<Arc<Ticket>>),
    Write(Reply),
    /// Answer everything before, then end.
    End,
}

struct Shared {
    out: Output,
    outstanding: Mutex<Vec<Arc<Ticket>>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Shared {
    /// Stops every outstanding search. Returns whether the `stop` with id `by` claimed one
    /// (ended a search no earlier `stop` had ended), so that its answer is that search's reply;
    /// `by` is `None` for a `quit`, which claims nothing.
    fn stop_all(&self, by: Option<Id>) -> bool {
        let list = lock(&self.outstanding);
        let mut claimed = false;
        for t in list.iter() {
            let mut st = lock(&t.state);
            if st.closing {
                continue;
            }
            t.stop.store(true, Ordering::SeqCst);
            if let Some(id) = &by
                && st.stopped_by.is_none()
            {
                st.stopped_by = Some(id.clone());
                claimed = true;
            }
        }
        claimed
    }

    /// Waits until no search is writing its reply, so that an `ok` for a `stop` that came too
    /// late to claim a search is written after that search's reply.
    fn wait_for_closing(&self) {
        while lock(&self.outstanding)
            .iter()
            .any(|t| lock(&t.state).closing)
        {
            thread::sleep(std::time::Duration::from_micros(100));
        }
    }

    /// Writes the reply of a finished search, with the id of the `stop` that ended it.
    fn answer(&self, ticket: &Arc<Ticket>, mut reply: Reply) {
        let by = {
            let mut st = lock(&ticket.state);
            st.closing = true;
            st.stopped_by.take()
        };
        match (&mut reply, by) {
            (Reply::Bestmove { stop_id, .. } | Reply::Beliefs { stop_id, .. }, Some(by)) => {
                *stop_id = by;
                self.out.write(&reply);
            }
            (_, Some(by)) => {
                // the search failed before it ran (an error reply): the stop that claimed it
                // still gets its one reply, after that error
                self.out.write(&reply);
                self.out.write(&Reply::Ok { id: by });
            }
            (_, None) => self.out.write(&reply),
        }
        lock(&self.outstanding).retain(|t| !Arc::ptr_eq(t, ticket));
    }
}

fn worker(
    mut engine: Engine,
    jobs: mpsc::Receiver<Job>,
    shared: Arc<Shared>,
    gate: Option<Arc<SearchGate>>,
) {
    let idle = AtomicBool::new(false);
    while let Ok(job) = jobs.recv() {
        match job {
            Job::End => return,
            Job::Write(r) => shared.out.write(&r),
            Job::Run(env, ticket) => {
                let stop = ticket.as_ref().map_or(&idle, |t| &t.stop);
                let out = &shared.out;
                let mut info = |r: Reply| out.write(&r);
                // searches take a slot of the gate; one stopped while waiting runs at once
                let _pass = match (&gate, &ticket) {
                    (Some(g), Some(t)) => g.enter(&t.stop),
                    _ => None,
                };
                let reply = engine.execute(
                    &env,
                    &mut Control {
                        stop,
                        info: &mut info,
                    },
                );
                match &ticket {
                    Some(t) => shared.answer(t, reply),
                    None => out.write(&reply),
                }
            }
        }
    }
}

/// What the client wants after a line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// The line was a `quit`.
    Quit,
}

/// A running session: lines go in with [`Session::feed`], replies go to its sink, in order.
pub struct Session {
    shared: Arc<Shared>,
    jobs: mpsc::Sender<Job>,
    worker: Option<thread::JoinHandle<()>>,
}

impl Session {
    /// Starts the worker that serves `engine`, writing to `sink`; searches take slots of
    /// `gate` when one is given.
    pub fn start(
        engine: Engine,
        sink: Box<dyn ReplySink>,
        gate: Option<Arc<SearchGate>>,
    ) -> io::Result<Session> {
        let shared = Arc::new(Shared {
            out: Output {
                sink: Mutex::new((sink, false)),
            },
            outstanding: Mutex::new(Vec::new()),
        });
        let (jobs, rx) = mpsc::channel::<Job>();
        let worker_shared = Arc::clone(&shared);
        let worker = thread::Builder::new()
            .name("capicua-worker".into())
            .spawn(move || worker(engine, rx, worker_shared, gate))?;
        Ok(Session {
            shared,
            jobs,
            worker: Some(worker),
        })
    }

    fn send(&self, job: Job) {
        // the worker only ends on `End`, which only `close` sends: a send cannot fail before
        let _ = self.jobs.send(job);
    }

    /// Whether the sink has failed (the client is gone).
    pub fn broken(&self) -> bool {
        self.shared.out.broken()
    }

    /// Serves one message of text: one request line, at most [`MAX_LINE`] bytes.
    pub fn feed_text(&self, text: &str) -> Flow {
        if text.len() > MAX_LINE {
            self.feed(Line::TooLong)
        } else {
            self.feed(Line::Text(text.to_string()))
        }
    }

    /// Serves one framed line (end of input is [`Session::close`]'s, not a line).
    pub fn feed(&self, line: Line) -> Flow {
        let framed = match line {
            Line::Eof => return Flow::Continue,
            Line::TooLong => Framed::Error(Reply::error(
                None,
                RequestError::new(
                    ErrorCode::TooLong,
                    None,
                    format!("a line may hold at most {MAX_LINE} bytes"),
                ),
            )),
            Line::NotUtf8 => Framed::Error(Reply::error(
                None,
                RequestError::parse("the line is not UTF-8"),
            )),
            Line::Text(t) => frame(&t),
        };
        let shared = &self.shared;
        match framed {
            Framed::Blank => {}
            Framed::Error(r) => self.send(Job::Write(r)),
            Framed::Request(env) => match env.kind {
                Kind::Stop => {
                    // a stop that ends no search (none runs, or an earlier stop ended them)
                    // is answered at once
                    if !shared.stop_all(Some(env.id.clone())) {
                        shared.wait_for_closing();
                        shared.out.write(&Reply::Ok { id: env.id });
                    }
                }
                Kind::Quit => return Flow::Quit,
                k if k.searches() => {
                    let ticket = Arc::new(Ticket {
                        stop: AtomicBool::new(false),
                        state: Mutex::default(),
                    });
                    lock(&shared.outstanding).push(Arc::clone(&ticket));
                    self.send(Job::Run(env, Some(ticket)));
                }
                _ => self.send(Job::Run(env, None)),
            },
        }
        Flow::Continue
    }

    /// Ends the session once the worker has answered every request received: `stop` stops
    /// the outstanding searches first (a `quit`, a client gone), else they finish their
    /// budgets (end of input).
    pub fn close(mut self, stop: bool) -> io::Result<()> {
        if stop {
            self.shared.stop_all(None);
        }
        self.send(Job::End);
        match self.worker.take() {
            Some(w) => w
                .join()
                .map_err(|_| io::Error::other("the worker thread panicked")),
            None => Ok(()),
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // a session dropped without `close` stops its searches and lets its worker end
        if self.worker.is_some() {
            self.shared.stop_all(None);
            let _ = self.jobs.send(Job::End);
        }
    }
}

/// Serves requests from `input` until `quit` or end of input, writing replies to `output`.
pub fn serve<R: BufRead>(
    input: R,
    output: Box<dyn Write + Send>,
    engine: Engine,
) -> io::Result<()> {
    let session = Session::start(engine, Box::new(WriteSink(output)), None)?;
    let mut reader = LineReader::new(input);
    loop {
        if session.broken() {
            return session.close(true);
        }
        let line = match reader.next_line() {
            Ok(l) => l,
            Err(e) => {
                eprintln!("capicua engine: input error, ending: {e}");
                Line::Eof
            }
        };
        if line == Line::Eof {
            return session.close(false);
        }
        if session.feed(line) == Flow::Quit {
            return session.close(true);
        }
    }
}
