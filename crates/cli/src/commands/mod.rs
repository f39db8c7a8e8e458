//! One module per subcommand.

pub mod annotate;
pub mod compare;
pub mod diagram;
pub mod fuzz;
pub mod gtp;
pub mod rules;
pub mod score;
pub mod serve;
pub mod summary;
