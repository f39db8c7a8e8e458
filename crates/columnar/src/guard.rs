//! Reading a damaged file without stopping the program: the Parquet and Arrow decoders
//! assume well-formed pages and stop the thread (a panic) on some damaged ones — a bit-packed
//! run longer than its page, a null bitmap shorter than its column. [`decoding`] runs such a
//! decoder call and turns that stop into an error saying what the decoder found, and keeps its
//! message off standard error, so that a damaged file is reported like any other bad input.

use std::any::Any;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// Whether this thread is inside [`decoding`].
    static DECODING: Cell<bool> = const { Cell::new(false) };
}

/// Runs `decode`, a call into the Parquet or Arrow decoders; a stop inside it is an error that
/// says what the decoder found. Stops outside a decoding call are reported as before.
pub(crate) fn decoding<T>(decode: impl FnOnce() -> T) -> Result<T, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let earlier = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !DECODING.with(Cell::get) {
                earlier(info);
            }
        }));
    });
    let was = DECODING.with(|d| d.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(decode));
    DECODING.with(|d| d.set(was));
    result.map_err(|payload| message(payload.as_ref()))
}

/// The text a panic carries.
fn message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the decoder stopped".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_inside_is_an_error_with_its_message() {
        let e = decoding(|| -> u32 { panic!("offset + len out of bounds") }).unwrap_err();
        assert_eq!(e, "offset + len out of bounds");
        let e = decoding(|| -> u32 { panic!("{} bits", 40) }).unwrap_err();
        assert_eq!(e, "40 bits");
        assert_eq!(decoding(|| 7), Ok(7));
    }

    #[test]
    fn after_a_decoding_call_stops_are_reported_again() {
        let _ = decoding(|| -> u32 { panic!("inside") });
        assert!(!DECODING.with(Cell::get));
        let nested = decoding(|| decoding(|| -> u32 { panic!("inner") }));
        assert_eq!(nested, Ok(Err("inner".to_string())));
        assert!(!DECODING.with(Cell::get));
    }
}
