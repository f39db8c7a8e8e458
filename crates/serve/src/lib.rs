//! # gorules-serve
//!
//! The service behind `gorules serve`: a JSON API and a web page (the rules explorer) over
//! the same libraries and the same JSON contract as the command line. A record is scored as
//! `gorules score --format json` scores it (the request read by `gorules_request`, the
//! engine `gorules_compare`), annotated as `gorules annotate` writes it, drawn as `gorules
//! diagram` draws it; rulesets are listed, shown and compared as `gorules rules` does, and
//! claims fuzzed as `gorules fuzz` does.
//!
//! - [`api`]: the endpoints, one module each, and their request and answer types;
//! - [`error`]: errors as `{"error": ..., "line": ..., "column": ...}`, always a 4xx for bad
//!   input;
//! - [`limits`]: the limits that are part of the contract (body size, request time,
//!   requests at once, games per collection, games per fuzz run), and the blocking pool;
//! - [`inline`]: which work runs on the thread that read the request (bounded and cheap by
//!   construction) and which on the blocking pool;
//! - [`openapi`]: the OpenAPI document, generated from the handlers' types;
//! - [`page`]: the page's files, embedded at build time.
//!
//! Nothing a request names is read or run on this machine: rulesets are built-in ids,
//! `katago:` rules strings or TOML text sent with the request (`gorules_request::remote`),
//! and the dead-stone source `engine` is not offered.
//!
//! ```no_run
//! let limits = gorules_serve::Limits::default();
//! let addr = "127.0.0.1:8080".parse().unwrap();
//! gorules_serve::run(addr, limits, |bound| println!("listening on http://{bound}/")).unwrap();
//! ```
#![warn(missing_docs)]

pub mod api;
pub mod error;
pub mod inline;
pub mod limits;
pub mod openapi;
pub mod page;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tokio::net::TcpListener;

pub use limits::Limits;

/// What every handler shares: the limits, and the permits of the requests at work.
#[derive(Clone)]
pub struct AppState {
    /// The limits of every request.
    pub limits: Limits,
    /// One permit per request at work ([`Limits::max_inflight`]).
    pub inflight: Arc<tokio::sync::Semaphore>,
    /// One permit per core for the blocking pool: the requests at work there compute one per
    /// core at a time, the others wait their turn in order, so that a burst is answered at the
    /// pace of the cores instead of every request slowed by all the others. Work that runs
    /// inline ([`inline`]) takes none: it runs on the runtime's threads, one per core, and is
    /// answered while long work holds every turn of the pool.
    pub workers: Arc<tokio::sync::Semaphore>,
}

/// The service: every endpoint of the API under `/api/`, the page at `/`.
pub fn router(limits: Limits) -> Router {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let state = AppState {
        inflight: Arc::new(tokio::sync::Semaphore::new(limits.max_inflight)),
        workers: Arc::new(tokio::sync::Semaphore::new(cores)),
        limits,
    };
    Router::new()
        .route("/", get(page::index))
        .route("/assets/{name}", get(page::asset))
        .route("/api/health", get(api::health::health))
        .route("/api/openapi.json", get(openapi::document))
        .route("/api/score", post(api::score::score))
        .route("/api/annotate", post(api::annotate::annotate))
        .route("/api/diagram", post(api::diagram::diagram))
        .route("/api/examples", get(api::examples::list))
        .route("/api/examples/{name}", get(api::examples::one))
        .route("/api/rulesets", get(api::rulesets::list))
        .route("/api/rulesets/diff", get(api::rulesets::diff))
        .route("/api/rulesets/check", post(api::rulesets::check))
        .route("/api/rulesets/{id}", get(api::rulesets::show))
        .route("/api/claims", get(api::claims::list))
        .route("/api/claims/fuzz", post(api::claims::fuzz))
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(DefaultBodyLimit::max(state.limits.max_body))
        .with_state(state)
}

/// Serves the API and the page on `listener` until `shutdown` completes; the requests at work
/// then finish before this returns.
pub async fn serve_on(
    listener: TcpListener,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(limits))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Binds `addr`, tells `bound` the address (its port chosen by the system when `addr`'s is
/// 0), and serves until Ctrl-C or SIGTERM; the requests at work then finish. The error of a
/// bind that fails names the address.
pub fn run(addr: SocketAddr, limits: Limits, bound: impl FnOnce(SocketAddr)) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        bound(local);
        serve_on(listener, limits, stop_signal())
            .await
            .map_err(|e| format!("serving on {local}: {e}"))
    })
}

/// Completes at Ctrl-C (SIGINT) or SIGTERM.
async fn stop_signal() {
    let ctrl_c = async {
        // Without a handler there is no Ctrl-C to wait for: wait for SIGTERM alone.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
