//! The limits that are part of the API's contract: how large a body may be, how long a
//! request may work, how many may work at once, how many games a collection may hold and how
//! many games one fuzz run may play. A request beyond them is answered with a 4xx (413 for a
//! body too large, 422 for too many games) or a 503 (busy, or over its time), never left to
//! run the server out of memory or time.

use std::time::Duration;

use crate::error::ApiError;
use crate::AppState;

/// The limits of every request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest body, in bytes (413 beyond it).
    pub max_body: usize,
    /// How long a request may work (503 beyond it); a fuzz run stops at its own budget,
    /// which is less, and answers with the games it played.
    pub timeout: Duration,
    /// How many requests may work at once (503 with `Retry-After` beyond it).
    pub max_inflight: usize,
    /// The most games an SGF collection of a request may hold.
    pub max_games: usize,
    /// The most games one fuzz run may play.
    pub max_fuzz_games: u64,
}

impl Default for Limits {
    /// 1 MiB bodies, 5 s a request, two requests at work per core, 16 games a collection,
    /// 100,000 games a fuzz run.
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Limits {
            max_body: 1 << 20,
            timeout: Duration::from_secs(5),
            max_inflight: 2 * cores,
            max_games: 16,
            max_fuzz_games: 100_000,
        }
    }
}

impl Limits {
    /// The most time a fuzz run may take before it answers with what it has: the request's
    /// time less a margin for shrinking its counterexample and writing the answer (a tenth,
    /// at least 100 ms and at most a second).
    pub fn fuzz_budget(&self) -> Duration {
        let margin = (self.timeout / 10).clamp(Duration::from_millis(100), Duration::from_secs(1));
        self.timeout.saturating_sub(margin)
    }
}

/// Runs `work` on a thread of its own (the engine computes; it does not wait), holding one of
/// [`Limits::max_inflight`] permits until it is done: when none is free the answer is a 503
/// at once. The work waits its turn for one of the cores ([`AppState::workers`]); when
/// waiting and working take more than [`Limits::timeout`] the answer is a 503, and work that
/// has begun, which cannot be stopped midway, finishes in the background with its permits, so
/// that work over its time still counts against the requests at once.
pub async fn on_worker<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state
        .inflight
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::busy(state.limits.max_inflight))?;
    let workers = state.workers.clone();
    let run = async move {
        let core = workers
            .acquire_owned()
            .await
            .map_err(|e| ApiError::internal(&e.to_string()))?;
        tokio::task::spawn_blocking(move || {
            let answer = work();
            drop((core, permit));
            answer
        })
        .await
        .map_err(|e| ApiError::internal(&format!("the work stopped: {e}")))?
    };
    tokio::time::timeout(state.limits.timeout, run)
        .await
        .map_err(|_| ApiError::over_time(state.limits.timeout))?
}
