//! The limits that are part of the API's contract: how large a body may be, how long a
//! request may work, how many may work at once, how many games a collection may hold and how
//! many games one fuzz run may play. A request beyond them is answered with a 4xx (413 for a
//! body too large, 422 for too many games) or a 503 (busy, or over its time), never left to
//! run the server out of memory or time.

use std::time::{Duration, Instant};

use tokio::sync::OwnedSemaphorePermit;

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

/// A request admitted to work: it holds one of [`Limits::max_inflight`] permits, and its time
/// ([`Limits::timeout`]) runs from its admission, wherever its work then runs.
pub struct Admitted {
    permit: OwnedSemaphorePermit,
    began: Instant,
}

/// Admits a request to work, or answers a 503 at once when every permit is taken.
pub fn admit(state: &AppState) -> Result<Admitted, ApiError> {
    let permit = state
        .inflight
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::busy(state.limits.max_inflight))?;
    Ok(Admitted {
        permit,
        began: Instant::now(),
    })
}

impl Admitted {
    /// `answer`, of work done on the connection's thread since the request was admitted
    /// ([`crate::inline`]: only work bounded and cheap by construction runs there), or a 503
    /// when that took longer than the request's time. The timer cannot interrupt such work,
    /// so the clock is read once it is done: an answer over its time is never sent as if it
    /// were not, and it is late by at most the bounded work's time.
    pub fn in_time<T>(&self, limits: &Limits, answer: T) -> Result<T, ApiError> {
        if self.began.elapsed() > limits.timeout {
            return Err(ApiError::over_time(limits.timeout));
        }
        Ok(answer)
    }

    /// Runs `work` on a thread of its own (the blocking pool), keeping the permit until it is
    /// done. The work waits its turn for one of the cores ([`AppState::workers`]); when the
    /// request's time runs out first (counted from its admission: waiting, any work before on
    /// the connection's thread, and working) the answer is a 503, and work that has begun,
    /// which cannot be stopped midway, finishes in the background with its permits, so that
    /// work over its time still counts against the requests at once.
    pub async fn on_pool<T: Send + 'static>(
        self,
        state: &AppState,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let Admitted { permit, began } = self;
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
        let timeout = state.limits.timeout;
        let deadline = tokio::time::Instant::from_std(began + timeout);
        tokio::time::timeout_at(deadline, run)
            .await
            .map_err(|_| ApiError::over_time(timeout))?
    }
}

/// Admits the request ([`admit`]) and runs `work` on the blocking pool ([`Admitted::on_pool`]):
/// for work whose cost the request does not bound (a fuzz run, an estimate by play-outs).
pub async fn on_worker<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    admit(state)?.on_pool(state, work).await
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn state(limits: Limits) -> AppState {
        AppState {
            inflight: Arc::new(tokio::sync::Semaphore::new(limits.max_inflight)),
            workers: Arc::new(tokio::sync::Semaphore::new(1)),
            limits,
        }
    }

    #[test]
    fn work_done_inline_past_its_time_is_a_503() {
        let limits = Limits {
            timeout: Duration::from_millis(100),
            ..Limits::default()
        };
        let state = state(limits);
        let admitted = admit(&state).expect("a permit");
        assert_eq!(admitted.in_time(&limits, 7), Ok(7));
        // Work that kept the thread past the request's time is not answered as if in time.
        std::thread::sleep(Duration::from_millis(150));
        let e = admitted.in_time(&limits, 7).expect_err("over its time");
        assert_eq!(e, ApiError::over_time(limits.timeout));
    }

    #[test]
    fn a_request_admitted_holds_its_permit_until_it_is_done() {
        let state = state(Limits {
            max_inflight: 1,
            ..Limits::default()
        });
        let admitted = admit(&state).expect("a permit");
        let e = admit(&state).err().expect("busy");
        assert_eq!(e, ApiError::busy(1));
        drop(admitted);
        assert!(admit(&state).is_ok());
    }
}
