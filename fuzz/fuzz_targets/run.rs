//! Bytes read as the Parquet file of a corpus run, as `gorules summary` reads it: the checks
//! of `gorules_checks::run_bytes` (no panic, an error that names the file, a summary written in
//! every format that parses and holds no raw control character). Seed it with real runs'
//! files, for example `gorules compare examples --format parquet -o fuzz/corpus/run/examples.parquet`.
//!
//!     cargo +nightly fuzz run -s none run fuzz/corpus/run -- -max_total_time=600 -max_len=65536

#![no_main]

use gorules_checks::run_bytes::check_run_bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    check_run_bytes(bytes);
});
