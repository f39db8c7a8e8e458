//! What the engine's results are fed to: a [`Sink`] takes a run's entries (a report per
//! game, or the error that stopped one) in input order, then the end of the run, and writes
//! them in its format to the `std::io::Write` it was made with. The front end runs the engine
//! and feeds the sink; the engine knows nothing of formats, and the printers nothing of where
//! the games came from.

use std::io;

use gorules_compare::corpus::{GameEntry, Summary};

/// A printer of a run's entries: [`Sink::game`] for each entry in input order, then
/// [`Sink::finish`] once.
pub trait Sink {
    /// One game's entry: its report, or the error that stopped it.
    fn game(&mut self, entry: &GameEntry) -> io::Result<()>;

    /// After the last entry: what closes the output (the summary of a corpus run, when there
    /// is one, and JSON's closing bracket), written and flushed.
    fn finish(&mut self, summary: Option<&Summary>) -> io::Result<()>;
}
