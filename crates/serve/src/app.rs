//! The HTTP side: the routes, the state every connection shares, and the caps.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use capicua_eval::{Model, ModelChoice};
use capicua_protocol::server::SearchGate;
use capicua_protocol::{Engine, Limits, SpecCache};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::ServeError;
use crate::assets;
use crate::socket;

/// What one server allows its clients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caps {
    /// WebSocket connections open at once; one more is refused (503).
    pub max_connections: usize,
    /// Searches (`go`, `beliefs`) running at once over all connections; more wait their turn.
    pub max_searches: usize,
    /// The longest search a request may ask for, and the deadline of every search.
    pub max_movetime_ms: u64,
    /// Search threads one request may use.
    pub max_threads: u32,
    /// A connection that sends nothing for this long is closed.
    pub idle_timeout: Duration,
}

impl Default for Caps {
    fn default() -> Self {
        Caps {
            max_connections: 64,
            max_searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_movetime_ms: 5_000,
            max_threads: 1,
            idle_timeout: Duration::from_secs(15 * 60),
        }
    }
}

impl Caps {
    /// The engine-side caps: these, and no model files.
    pub fn limits(&self) -> Limits {
        Limits {
            max_movetime_ms: self.max_movetime_ms,
            max_threads: self.max_threads,
            model_files: false,
        }
    }
}

/// How to start a server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub addr: SocketAddr,
    pub caps: Caps,
    /// The network of every connection's engine (its `model` option at the start).
    pub model: ModelChoice,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: crate::DEFAULT_ADDR.parse().expect("a valid address"),
            caps: Caps::default(),
            model: ModelChoice::installed(),
        }
    }
}

/// What every connection shares.
pub struct Shared {
    pub caps: Caps,
    model: ModelChoice,
    network: Option<Model>,
    pub specs: SpecCache,
    pub gate: Arc<SearchGate>,
    pub connections: Arc<Semaphore>,
}

impl Shared {
    /// A fresh engine for one connection: the shared network and specs, the caps.
    pub fn engine(&self) -> Engine {
        let mut e = Engine::with_network(self.model.clone(), self.network.clone());
        e.set_limits(self.caps.limits());
        e.share_specs(self.specs.clone());
        e
    }
}

/// A bound server, not yet serving.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
}

impl Server {
    /// Loads the network and binds the address (port 0: any free port).
    pub async fn bind(config: ServerConfig) -> Result<Server, ServeError> {
        let network = config.model.load()?;
        let listener = TcpListener::bind(config.addr)
            .await
            .map_err(|source| ServeError::Bind {
                addr: config.addr,
                source,
            })?;
        let caps = config.caps;
        let shared = Arc::new(Shared {
            gate: Arc::new(SearchGate::new(caps.max_searches)),
            connections: Arc::new(Semaphore::new(caps.max_connections)),
            specs: SpecCache::default(),
            model: config.model,
            network,
            caps,
        });
        Ok(Server { listener, shared })
    }

    pub fn local_addr(&self) -> Result<SocketAddr, ServeError> {
        Ok(self.listener.local_addr()?)
    }

    /// Serves until `shutdown` completes.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let app = router(self.shared);
        axum::serve(self.listener, app)
            .with_graceful_shutdown(shutdown)
            .await?;
        Ok(())
    }
}

/// The routes: the page, its two files, and the socket.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { page(assets::INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/table.css",
            get(|| async { page(assets::TABLE_CSS, "text/css; charset=utf-8") }),
        )
        .route(
            "/table.js",
            get(|| async { page(assets::TABLE_JS, "text/javascript; charset=utf-8") }),
        )
        .route("/ws", get(upgrade))
        .with_state(shared)
}

/// An embedded file, with headers that keep the page to its own origin.
fn page(body: &'static str, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
            ),
        ],
        body,
    )
        .into_response()
}

/// Whether a browser's `Origin` names the host it connects to. A page of another site must
/// not drive the engine of whoever runs the server; clients that send no `Origin` (not a
/// browser) are let in.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let (Ok(origin), Some(Ok(host))) = (
        origin.to_str(),
        headers.get(header::HOST).map(|h| h.to_str()),
    ) else {
        return false;
    };
    origin
        .split_once("://")
        .is_some_and(|(scheme, rest)| matches!(scheme, "http" | "https") && rest == host)
}

async fn upgrade(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (
            StatusCode::FORBIDDEN,
            "this socket serves its own page only",
        )
            .into_response();
    }
    let Ok(permit) = Arc::clone(&shared.connections).try_acquire_owned() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "too many connections; try again later",
        )
            .into_response();
    };
    ws.max_message_size(socket::MAX_MESSAGE)
        .max_frame_size(socket::MAX_MESSAGE)
        .on_upgrade(move |ws| socket::connection(ws, shared, permit))
}

/// Runs a server on a runtime of its own until Ctrl-C; `ready` gets the bound address.
pub fn run_blocking(
    config: ServerConfig,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("capicua-serve")
        .build()?;
    rt.block_on(async {
        let server = Server::bind(config).await?;
        ready(server.local_addr()?);
        server
            .run(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn only_the_own_origin_opens_the_socket() {
        let h = |origin: Option<&'static str>| {
            let mut m = HeaderMap::new();
            m.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8765"));
            if let Some(o) = origin {
                m.insert(header::ORIGIN, HeaderValue::from_static(o));
            }
            m
        };
        assert!(same_origin(&h(None)));
        assert!(same_origin(&h(Some("http://127.0.0.1:8765"))));
        assert!(!same_origin(&h(Some("http://evil.example"))));
        assert!(!same_origin(&h(Some("http://127.0.0.1:8766"))));
        assert!(!same_origin(&h(Some("null"))));
    }
}
