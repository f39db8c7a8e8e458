//! The allocator of gorules' programs: mimalloc, as the `gorules` command and the Python
//! package's extension module declare it (`#[global_allocator] static GLOBAL: MiMalloc =
//! MiMalloc;`), with freed memory kept committed for a second ([`keep_freed_memory`]).
//!
//! A corpus run makes and frees each game's report, and its output buffers, many thousand
//! times a second. mimalloc gives memory that stayed free for 10 ms back to the system
//! (its `purge_delay`); taken again, every page of it faults and is zeroed by the kernel:
//! at 100,000 records, 31,000 to 38,000 page faults for `--format parquet` and 7,000 to 9,000
//! for `jsonl`, against about 300 when freed memory is kept a second (docs/performance.md,
//! "Corpus at scale"). A long-running program (`gorules serve`) still gives back, after a
//! second, what it no longer uses.

// The one `unsafe` of gorules: the call that sets a mimalloc option.
#![allow(unsafe_code)]

pub use mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (`mi_option_e` in its `mimalloc.h`): the
/// milliseconds freed memory stays committed before it is given back to the system
/// (mimalloc's default: 10). The `libmimalloc-sys` bindings name no constant for it.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// How long freed memory stays committed, in milliseconds.
pub const KEEP_FREED_MS: i64 = 1000;

/// Keeps freed memory committed for [`KEEP_FREED_MS`] before mimalloc gives it back to the
/// system. Call it first thing in `main` (or the module's initialisation), with
/// [`MiMalloc`] as the global allocator; it changes only mimalloc's timing, never what is
/// allocated.
pub fn keep_freed_memory() {
    // SAFETY: setting an option is a plain store mimalloc allows at any time, from any
    // thread; PURGE_DELAY is an option of the mimalloc this crate links (checked by the
    // test below).
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, KEEP_FREED_MS as _) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[global_allocator]
    static GLOBAL: MiMalloc = MiMalloc;

    /// The option numbered [`PURGE_DELAY`] is mimalloc's purge delay: it starts at mimalloc's
    /// documented default (10 ms; `mimalloc.h`, `mi_option_purge_delay`) unless the
    /// environment sets it, and takes the value [`keep_freed_memory`] sets. Its neighbours in
    /// `mi_option_e` start at theirs (`eager_commit_delay` 1, `use_numa_nodes` 0), so that a
    /// renumbering of the options in another mimalloc shows here.
    #[test]
    fn the_option_set_is_the_purge_delay() {
        let get = |option: libmimalloc_sys::mi_option_t| unsafe {
            libmimalloc_sys::mi_option_get(option)
        };
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            assert_eq!(get(PURGE_DELAY), 10, "mimalloc's default purge delay");
        } else {
            eprintln!("MIMALLOC_PURGE_DELAY is set: its default is not checked");
        }
        if std::env::var_os("MIMALLOC_EAGER_COMMIT_DELAY").is_none() {
            assert_eq!(get(PURGE_DELAY - 1), 1, "eager_commit_delay, just before");
        }
        if std::env::var_os("MIMALLOC_USE_NUMA_NODES").is_none() {
            assert_eq!(get(PURGE_DELAY + 1), 0, "use_numa_nodes, just after");
        }
        keep_freed_memory();
        assert_eq!(get(PURGE_DELAY), KEEP_FREED_MS as _);
    }
}
