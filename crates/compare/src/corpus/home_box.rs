//! A box freed on the thread that made it, wherever it is dropped.
//!
//! A corpus run's workers make each game's report, and another thread (the one writing the
//! run's output in order, or the Python thread) reads it and drops it. Freed there, each of
//! the report's hundred or so blocks goes back to its maker's heap through the allocator's
//! cross-thread free, and the maker's next allocations find their memory in the other core's
//! cache. A [`HomeBox`] dropped on another thread goes back to its maker instead, which frees
//! it the next time it starts a file ([`free_returned`], called by the run).

use std::sync::mpsc::{channel, Receiver, Sender};

/// What goes home: any boxed value.
type Returned = Box<dyn Send>;

/// A thread's return address: what other threads send back to it, and the sender they use.
struct Home {
    tx: Sender<Returned>,
    rx: Receiver<Returned>,
}

thread_local! {
    static HOME: Home = {
        let (tx, rx) = channel();
        Home { tx, rx }
    };
}

/// A box that, dropped on another thread than the one that made it, is sent back to that one
/// and freed there by [`free_returned`]. When that thread is gone, it is freed where it is
/// dropped. Reads as the value it holds.
pub struct HomeBox<T: Send + 'static> {
    /// Always `Some` until dropped.
    value: Option<Box<T>>,
    /// The maker's return address; `None` when it had none (its thread was ending).
    home: Option<Sender<Returned>>,
}

impl<T: Send + 'static> HomeBox<T> {
    /// Boxes `value`, made on this thread.
    pub fn new(value: T) -> HomeBox<T> {
        HomeBox {
            value: Some(Box::new(value)),
            home: HOME.try_with(|h| h.tx.clone()).ok(),
        }
    }
}

impl<T: Send + 'static> std::ops::Deref for HomeBox<T> {
    type Target = T;

    fn deref(&self) -> &T {
        self.value
            .as_deref()
            .expect("a HomeBox holds its value until dropped")
    }
}

/// A copy made on this thread, whose home this thread is.
impl<T: Send + Clone + 'static> Clone for HomeBox<T> {
    fn clone(&self) -> HomeBox<T> {
        HomeBox::new((**self).clone())
    }
}

impl<T: Send + std::fmt::Debug + 'static> std::fmt::Debug for HomeBox<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl<T: Send + 'static> Drop for HomeBox<T> {
    fn drop(&mut self) {
        if let (Some(value), Some(home)) = (self.value.take(), &self.home) {
            // Refused (the maker's thread is gone): the value comes back and is freed here.
            let _ = home.send(value);
        }
    }
}

/// Frees what other threads sent back to this one: the [`HomeBox`]es it made that were
/// dropped elsewhere since the last call.
pub fn free_returned() {
    let _ = HOME.try_with(|h| h.rx.try_iter().for_each(drop));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::thread;

    /// Records, when dropped, the thread it was dropped on.
    struct Noted {
        dropped_on: Arc<std::sync::Mutex<Vec<thread::ThreadId>>>,
    }

    impl Drop for Noted {
        fn drop(&mut self) {
            self.dropped_on.lock().unwrap().push(thread::current().id());
        }
    }

    #[test]
    fn dropped_elsewhere_it_is_freed_by_its_maker_when_it_frees_what_came_back() {
        let dropped_on = Arc::new(std::sync::Mutex::new(Vec::new()));
        let boxed = HomeBox::new(Noted {
            dropped_on: Arc::clone(&dropped_on),
        });
        thread::spawn(move || drop(boxed)).join().unwrap();
        assert!(
            dropped_on.lock().unwrap().is_empty(),
            "not freed by the other thread"
        );
        free_returned();
        assert_eq!(*dropped_on.lock().unwrap(), vec![thread::current().id()]);
    }

    #[test]
    fn dropped_where_it_was_made_it_waits_for_free_returned_too() {
        let dropped_on = Arc::new(std::sync::Mutex::new(Vec::new()));
        drop(HomeBox::new(Noted {
            dropped_on: Arc::clone(&dropped_on),
        }));
        free_returned();
        assert_eq!(*dropped_on.lock().unwrap(), vec![thread::current().id()]);
    }

    #[test]
    fn when_its_maker_is_gone_it_is_freed_where_it_is_dropped() {
        let freed = Arc::new(AtomicUsize::new(0));
        struct Counted(Arc<AtomicUsize>);
        impl Drop for Counted {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let made = {
            let freed = Arc::clone(&freed);
            thread::spawn(move || HomeBox::new(Counted(freed)))
                .join()
                .unwrap()
        };
        assert_eq!(freed.load(Ordering::SeqCst), 0);
        drop(made);
        assert_eq!(freed.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn reads_as_its_value() {
        let boxed = HomeBox::new(vec![1, 2, 3]);
        assert_eq!(boxed.len(), 3);
        assert_eq!(format!("{boxed:?}"), "[1, 2, 3]");
    }
}
