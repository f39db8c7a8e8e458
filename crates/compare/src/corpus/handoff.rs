//! The queue between a corpus run's driving thread and a reader on another thread (the
//! Python package's iterator): items in order, taken a batch at a time.
//!
//! The reader takes whatever waits once a batch is full, once the oldest item has waited
//! [`Handoff::new`]'s `wait`, or once the run is over; so a fast run is read in batches (one
//! wake-up of the reader, and one release of the interpreter lock, per batch instead of per
//! item), and a slow one (dead stones from a GTP engine, a second or more a game) item by item
//! as they come, whatever comes after them. The queue holds at most a few batches: the
//! driving thread waits for room, so memory stays flat when the reader is slower or pauses.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Batches the queue holds, the one being filled included: with the batch the reader is
/// converting, at most this many and one are made and not yet read.
const BATCHES: usize = 3;

/// The queue: made by the reader's side and shared with the driving thread (in an `Arc`).
pub struct Handoff<T> {
    state: Mutex<State<T>>,
    /// The reader waits here: for a full batch, the run's end, or its first item (from which
    /// it times the batch's wait).
    ready: Condvar,
    /// The driving thread waits here for room.
    room: Condvar,
    /// A full batch.
    batch: usize,
    /// The longest an item waits for the batch to fill while the reader waits.
    wait: Duration,
}

/// What the lock guards.
struct State<T> {
    queue: VecDeque<T>,
    /// When the oldest item of the queue came.
    since: Option<Instant>,
    /// Whether the driving thread may push more ([`Handoff::finish`] not called yet).
    producing: bool,
    /// Whether anyone reads ([`Handoff::close`] not called yet).
    reading: bool,
    /// How many readers wait on `ready`.
    waiting: usize,
}

/// What [`Handoff::take`] gave.
pub enum Taken<T> {
    /// The items that waited, oldest first.
    Batch(VecDeque<T>),
    /// Nothing within the patience given.
    Wait,
    /// The run is over and every item was taken (or the queue is closed).
    End,
}

impl<T> Handoff<T> {
    /// An empty queue whose reader takes items `batch` at a time, or sooner once the oldest
    /// has waited `wait`.
    pub fn new(batch: usize, wait: Duration) -> Handoff<T> {
        Handoff {
            state: Mutex::new(State {
                queue: VecDeque::with_capacity(batch),
                since: None,
                producing: true,
                reading: true,
                waiting: 0,
            }),
            ready: Condvar::new(),
            room: Condvar::new(),
            batch: batch.max(1),
            wait,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues `item` (the driving thread), first waiting while the queue is full. `false`,
    /// with `item` dropped, once the reader has gone ([`Handoff::close`]).
    pub fn push(&self, item: T) -> bool {
        let mut s = self.lock();
        while s.reading && s.queue.len() >= self.batch * BATCHES {
            s = self.room.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        if !s.reading {
            drop(s);
            drop(item);
            return false;
        }
        if s.queue.is_empty() {
            s.since = Some(Instant::now());
        }
        s.queue.push_back(item);
        // The reader is told of a full batch, and of a first item, from which it times its
        // wait: not of every item.
        if s.waiting > 0 && (s.queue.len() == 1 || s.queue.len() >= self.batch) {
            self.ready.notify_all();
        }
        true
    }

    /// The driving thread has no more items: the reader takes what waits, then gets
    /// [`Taken::End`].
    pub fn finish(&self) {
        self.lock().producing = false;
        self.ready.notify_all();
    }

    /// The next items for the reader, waiting for them at most `patience` (then
    /// [`Taken::Wait`]): every item queued, once they are a batch, the oldest has waited the
    /// queue's `wait`, or the run is over.
    pub fn take(&self, patience: Duration) -> Taken<T> {
        let deadline = Instant::now() + patience;
        let mut s = self.lock();
        loop {
            if !s.reading {
                return Taken::End;
            }
            let now = Instant::now();
            let due = s.since.map(|since| since + self.wait);
            if !s.queue.is_empty()
                && (s.queue.len() >= self.batch || !s.producing || due.is_some_and(|d| d <= now))
            {
                // The queue keeps a batch's room for the items to come.
                let batch = std::mem::replace(&mut s.queue, VecDeque::with_capacity(self.batch));
                s.since = None;
                drop(s);
                self.room.notify_all();
                return Taken::Batch(batch);
            }
            if !s.producing {
                return Taken::End;
            }
            if now >= deadline {
                return Taken::Wait;
            }
            let until = due.map_or(deadline, |d| d.min(deadline));
            s.waiting += 1;
            s = self
                .ready
                .wait_timeout(s, until.saturating_duration_since(now))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            s.waiting -= 1;
        }
    }

    /// The reader has gone: what waits is dropped, and the driving thread's next
    /// [`Handoff::push`] (or the one waiting for room) returns `false`.
    pub fn close(&self) {
        let mut s = self.lock();
        s.reading = false;
        let dropped = std::mem::take(&mut s.queue);
        drop(s);
        self.room.notify_all();
        self.ready.notify_all();
        // Dropped outside the lock: an item's drop may do anything.
        drop(dropped);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::thread;

    fn batch<T>(taken: Taken<T>) -> Vec<T> {
        match taken {
            Taken::Batch(b) => b.into(),
            Taken::Wait => panic!("nothing came"),
            Taken::End => panic!("the end came"),
        }
    }

    #[test]
    fn a_fast_run_is_read_in_full_batches_in_order_then_the_rest_at_its_end() {
        let q = Arc::new(Handoff::new(4, Duration::from_secs(60)));
        let producer = {
            let q = Arc::clone(&q);
            thread::spawn(move || {
                for i in 0..10 {
                    assert!(q.push(i));
                }
                q.finish();
            })
        };
        let mut got = Vec::new();
        loop {
            match q.take(Duration::from_secs(60)) {
                Taken::Batch(b) => {
                    assert!(
                        b.len() >= 4 || got.len() + b.len() == 10,
                        "a full batch or the last"
                    );
                    got.extend(b);
                }
                Taken::Wait => panic!("no wait in a fast run"),
                Taken::End => break,
            }
        }
        producer.join().unwrap();
        assert_eq!(got, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn an_item_followed_by_nothing_is_read_after_the_wait() {
        let q = Handoff::new(100, Duration::from_millis(20));
        assert!(q.push("first"));
        let start = Instant::now();
        assert_eq!(batch(q.take(Duration::from_secs(60))), vec!["first"]);
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "not held for the batch"
        );
    }

    #[test]
    fn an_item_waits_while_the_reader_is_not_waiting_for_long() {
        let q = Handoff::new(100, Duration::from_secs(60));
        assert!(q.push(1));
        assert!(matches!(q.take(Duration::from_millis(10)), Taken::Wait));
        q.finish();
        assert_eq!(batch(q.take(Duration::from_secs(60))), vec![1]);
        assert!(matches!(q.take(Duration::from_secs(60)), Taken::End));
    }

    #[test]
    fn a_full_queue_holds_the_driving_thread_until_the_reader_takes() {
        let q = Arc::new(Handoff::new(2, Duration::from_secs(60)));
        let pushed = Arc::new(Mutex::new(0));
        let producer = {
            let (q, pushed) = (Arc::clone(&q), Arc::clone(&pushed));
            thread::spawn(move || {
                for i in 0..(2 * BATCHES + 1) {
                    assert!(q.push(i));
                    *pushed.lock().unwrap() += 1;
                }
            })
        };
        while *pushed.lock().unwrap() < 2 * BATCHES {
            thread::yield_now();
        }
        thread::sleep(Duration::from_millis(50));
        assert_eq!(*pushed.lock().unwrap(), 2 * BATCHES, "the queue is full");
        assert_eq!(batch(q.take(Duration::from_secs(60))).len(), 2 * BATCHES);
        producer.join().unwrap();
        assert_eq!(*pushed.lock().unwrap(), 2 * BATCHES + 1);
    }

    #[test]
    fn once_closed_the_driving_thread_is_told_and_the_items_are_dropped() {
        let q = Arc::new(Handoff::new(1, Duration::from_secs(60)));
        let item = Arc::new(());
        for _ in 0..BATCHES {
            assert!(q.push(Arc::clone(&item)));
        }
        let producer = {
            let (q, item) = (Arc::clone(&q), Arc::clone(&item));
            // Waits for room, until the close.
            thread::spawn(move || q.push(item))
        };
        thread::sleep(Duration::from_millis(20));
        q.close();
        assert!(!producer.join().unwrap(), "refused once closed");
        assert_eq!(Arc::strong_count(&item), 1, "what waited was dropped");
        assert!(matches!(q.take(Duration::from_secs(60)), Taken::End));
    }
}
