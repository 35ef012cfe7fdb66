//! The engine process: a reader and a worker.
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
use std::sync::{Arc, Mutex};
use std::thread;

use crate::engine::{Control, Engine, Envelope, Framed, Kind, frame};
use crate::error::{ErrorCode, RequestError};
use crate::framing::{Line, LineReader};
use crate::reply::{Id, Reply};

/// Where replies go: one line each, flushed at once. A write error (the client went away)
/// silences the output for good; the engine then drains its input and ends.
struct Output {
    sink: Mutex<(Box<dyn Write + Send>, bool)>,
}

impl Output {
    fn write(&self, reply: &Reply) {
        let line = reply.to_line();
        let mut guard = lock(&self.sink);
        let (w, broken) = &mut *guard;
        if *broken {
            return;
        }
        let ok = w
            .write_all(line.as_bytes())
            .and_then(|_| w.write_all(b"\n"))
            .and_then(|_| w.flush());
        if ok.is_err() {
            *broken = true;
        }
    }

    fn broken(&self) -> bool {
        lock(&self.sink).1
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

fn worker(mut engine: Engine, jobs: mpsc::Receiver<Job>, shared: Arc<Shared>) {
    let idle = AtomicBool::new(false);
    while let Ok(job) = jobs.recv() {
        match job {
            Job::End => return,
            Job::Write(r) => shared.out.write(&r),
            Job::Run(env, ticket) => {
                let stop = ticket.as_ref().map_or(&idle, |t| &t.stop);
                let out = &shared.out;
                let mut info = |r: Reply| out.write(&r);
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

/// Serves requests from `input` until `quit` or end of input, writing replies to `output`.
pub fn serve<R: BufRead>(
    input: R,
    output: Box<dyn Write + Send>,
    engine: Engine,
) -> io::Result<()> {
    let shared = Arc::new(Shared {
        out: Output {
            sink: Mutex::new((output, false)),
        },
        outstanding: Mutex::new(Vec::new()),
    });
    let (tx, rx) = mpsc::channel::<Job>();
    let worker_shared = Arc::clone(&shared);
    let handle = thread::Builder::new()
        .name("capicua-worker".into())
        .spawn(move || worker(engine, rx, worker_shared))?;
    let mut reader = LineReader::new(input);
    let send = |job: Job| {
        // the worker only ends on `End`, so a send cannot fail before that
        let _ = tx.send(job);
    };
    loop {
        if shared.out.broken() {
            shared.stop_all(None);
            break;
        }
        let line = match reader.next_line() {
            Ok(l) => l,
            Err(e) => {
                eprintln!("capicua engine: input error, ending: {e}");
                Line::Eof
            }
        };
        let framed = match line {
            Line::Eof => break,
            Line::TooLong => Framed::Error(Reply::error(
                None,
                RequestError::new(
                    ErrorCode::TooLong,
                    None,
                    format!("a line may hold at most {} bytes", crate::framing::MAX_LINE),
                ),
            )),
            Line::NotUtf8 => Framed::Error(Reply::error(
                None,
                RequestError::parse("the line is not UTF-8"),
            )),
            Line::Text(t) => frame(&t),
        };
        match framed {
            Framed::Blank => {}
            Framed::Error(r) => send(Job::Write(r)),
            Framed::Request(env) => match env.kind {
                Kind::Stop => {
                    // a stop that ends no search (none runs, or an earlier stop ended them)
                    // is answered at once
                    if !shared.stop_all(Some(env.id.clone())) {
                        shared.wait_for_closing();
                        shared.out.write(&Reply::Ok { id: env.id });
                    }
                }
                Kind::Quit => {
                    shared.stop_all(None);
                    break;
                }
                k if k.searches() => {
                    let ticket = Arc::new(Ticket {
                        stop: AtomicBool::new(false),
                        state: Mutex::default(),
                    });
                    lock(&shared.outstanding).push(Arc::clone(&ticket));
                    send(Job::Run(env, Some(ticket)));
                }
                _ => send(Job::Run(env, None)),
            },
        }
    }
    send(Job::End);
    handle
        .join()
        .map_err(|_| io::Error::other("the worker thread panicked"))?;
    Ok(())
}
