//! `gorules serve`: the HTTP scoring service and the rules explorer page (`gorules_serve`).

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use gorules_serve::Limits;

/// `gorules serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0: one the system chooses); loopback by default.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The largest request body: bytes, or with K, M, G (413 beyond it).
    #[arg(long, default_value = "1M", value_parser = crate::args::byte_size)]
    max_body: u64,
    /// How long a request may work: seconds (`5`, `5s`) or milliseconds (`500ms`); a fuzz
    /// request answers with the games it played within it.
    #[arg(long, default_value = "5s", value_parser = duration)]
    timeout: Duration,
    /// How many requests may work at once (503 beyond it; default: two per core).
    #[arg(long)]
    max_inflight: Option<usize>,
}

/// `--timeout`: `5`, `5s`, `2.5s` or `500ms`, above 0 and at most an hour.
fn duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, scale) = if let Some(ms) = t.strip_suffix("ms") {
        (ms, 1e-3)
    } else {
        (t.strip_suffix('s').unwrap_or(t), 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(n) if n.is_finite() && n * scale > 0.0 && n * scale <= 3600.0 => {
            Ok(Duration::from_secs_f64(n * scale))
        }
        _ => Err("a time above 0 and at most an hour, e.g. 5s or 500ms".into()),
    }
}

/// Serves until Ctrl-C or SIGTERM, having said where on standard error.
pub fn run(args: &ServeArgs) -> Result<ExitCode, String> {
    let defaults = Limits::default();
    let max_inflight = args.max_inflight.unwrap_or(defaults.max_inflight);
    if max_inflight == 0 {
        return Err("--max-inflight: at least 1".into());
    }
    let limits = Limits {
        max_body: usize::try_from(args.max_body).unwrap_or(usize::MAX),
        timeout: args.timeout,
        max_inflight,
        ..defaults
    };
    gorules_serve::run(args.addr, limits, |bound| {
        // On standard error, as the command's other messages; a script waits for this line.
        eprintln!("gorules: serving on http://{bound}/ (Ctrl-C to stop)");
    })?;
    eprintln!("gorules: stopped");
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts() {
        assert_eq!(duration("5"), Ok(Duration::from_secs(5)));
        assert_eq!(duration("2.5s"), Ok(Duration::from_millis(2500)));
        assert_eq!(duration("500ms"), Ok(Duration::from_millis(500)));
        for bad in ["0", "-1s", "nan", "2h", "7200"] {
            assert!(duration(bad).is_err(), "{bad}");
        }
    }
}
