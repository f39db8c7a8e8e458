mod error;
pub mod parse;
mod sgf_prop;
mod to_sgf;
mod values;

pub use error::SgfPropError;
pub use sgf_prop::SgfProp;
pub use to_sgf::ToSgf;
pub use values::{Color, Double, PropertyType, SimpleText, Text};
