//! A box freed on the thread that made it, wherever it is dropped.
//!
//! A corpus run's workers make each game's report, and another thread (the one writing the
//! run's output in order, or the Python thread) reads it and drops it. Freed there, each of
//! the report's hundred or so blocks goes back to its maker's heap through the allocator's
//! cross-thread free, and the maker's next allocations find their memory in the other core's
//! cache. A [`HomeBox`] made on one of the run's threads goes back to it when dropped, and is
//! freed there the next time that thread starts a file ([`free_returned`], called by the run).
//! Made on any other thread, it is an ordinary box.

use std::cell::RefCell;
use std::sync::mpsc::{channel, Receiver, Sender};

/// What goes home: any boxed value.
type Returned = Box<dyn Send>;

/// A thread's return address: what other threads send back to it, and the sender they use.
struct Home {
    tx: Sender<Returned>,
    rx: Receiver<Returned>,
}

thread_local! {
    /// This thread's return address, from its first [`free_returned`] on.
    static HOME: RefCell<Option<Home>> = const { RefCell::new(None) };
}

/// A box that goes back, when dropped, to the thread that made it, if that thread frees what
/// comes back to it (the threads of a corpus run do, before each file, while the run lasts); it
/// is freed there. Made on any other thread, or dropped once its maker's thread is gone or its
/// run over, it is freed where it is dropped. Reads as the value it holds.
pub struct HomeBox<T: Send + 'static> {
    /// Always `Some` until dropped.
    value: Option<Box<T>>,
    /// The maker's return address, if it has one.
    home: Option<Sender<Returned>>,
}

impl<T: Send + 'static> HomeBox<T> {
    /// Boxes `value`, made on this thread.
    pub fn new(value: T) -> HomeBox<T> {
        let home = HOME
            .try_with(|h| h.try_borrow().ok()?.as_ref().map(|h| h.tx.clone()))
            .ok()
            .flatten();
        HomeBox {
            value: Some(Box::new(value)),
            home,
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

/// Frees what came back to this thread since its last call: the [`HomeBox`]es it made that
/// were dropped. From its first call on, the boxes this thread makes come back to it; a thread
/// that calls it now and then (the run's threads, before each file) keeps what waits for it
/// to the boxes dropped in between.
pub(crate) fn free_returned() {
    let returned: Vec<Returned> = HOME
        .try_with(|h| {
            let mut h = h.borrow_mut();
            let home = h.get_or_insert_with(|| {
                let (tx, rx) = channel();
                Home { tx, rx }
            });
            home.rx.try_iter().collect()
        })
        .unwrap_or_default();
    // Freed outside the borrow: a value's own drop may make or free a box.
    drop(returned);
}

/// The calling thread of a run as a home, for the run only: once the run is over (the guard
/// dropped), what came back is freed, and the thread's boxes, made or dropped later, are
/// ordinary boxes. A thread that goes on after the run (a program's main thread) then keeps
/// nothing for a run that will not come.
pub(crate) struct RunHome;

impl RunHome {
    /// Makes this thread a home until the guard is dropped.
    pub(crate) fn begin() -> RunHome {
        free_returned();
        RunHome
    }
}

impl Drop for RunHome {
    fn drop(&mut self) {
        // Taken out of the thread's slot first: the boxes waiting are freed outside the borrow.
        let home = HOME.try_with(|h| h.borrow_mut().take()).ok().flatten();
        drop(home);
    }
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
        free_returned();
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
        free_returned();
        let dropped_on = Arc::new(std::sync::Mutex::new(Vec::new()));
        drop(HomeBox::new(Noted {
            dropped_on: Arc::clone(&dropped_on),
        }));
        assert!(dropped_on.lock().unwrap().is_empty(), "waits for its maker");
        free_returned();
        assert_eq!(*dropped_on.lock().unwrap(), vec![thread::current().id()]);
    }

    #[test]
    fn made_on_a_thread_that_frees_nothing_it_is_an_ordinary_box() {
        let dropped_on = Arc::new(std::sync::Mutex::new(Vec::new()));
        let boxed = HomeBox::new(Noted {
            dropped_on: Arc::clone(&dropped_on),
        });
        let elsewhere = thread::spawn(move || {
            drop(boxed);
            thread::current().id()
        })
        .join()
        .unwrap();
        assert_eq!(*dropped_on.lock().unwrap(), vec![elsewhere]);
    }

    #[test]
    fn after_a_run_its_thread_keeps_nothing() {
        let dropped_on = Arc::new(std::sync::Mutex::new(Vec::new()));
        let noted = || Noted {
            dropped_on: Arc::clone(&dropped_on),
        };
        let run = RunHome::begin();
        let during = HomeBox::new(noted());
        drop(during);
        assert!(dropped_on.lock().unwrap().is_empty(), "waits for its maker");
        drop(run);
        assert_eq!(
            dropped_on.lock().unwrap().len(),
            1,
            "freed when the run ends"
        );
        let after = HomeBox::new(noted());
        thread::spawn(move || drop(after)).join().unwrap();
        assert_eq!(
            dropped_on.lock().unwrap().len(),
            2,
            "an ordinary box after the run"
        );
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
            thread::spawn(move || {
                free_returned();
                HomeBox::new(Counted(freed))
            })
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
