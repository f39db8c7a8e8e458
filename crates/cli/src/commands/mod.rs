//! One module per subcommand.

pub mod compare;
pub mod rules;
pub mod score;
