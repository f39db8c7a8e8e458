//! The `knobs!` macro: from one list of knobs, grouped by TOML section, it writes the table
//! [`KNOBS`](super::KNOBS), the TOML reader's section types and `assemble`, which builds a
//! [`Ruleset`](crate::Ruleset) from what a file sets and what its base ruleset sets.
//!
//! An entry reads `field: Type = "key" { meaning: ..., values: ..., }`, where `field` is the
//! [`Ruleset`](crate::Ruleset) field, `Type` its type and `key` its name in the section.
//! Optional, in this order: `show:` (how `rules show` writes it, default: as TOML spells it),
//! `read: RawType => conversion,` (when the file's form differs from the field's, e.g. a list
//! of tables whose places errors name) and `default:` (the value when neither the file nor a
//! base sets it; without one the key is required).

macro_rules! knobs {
    ($(
        $section:ident: $raw:ident {
            $(
                $field:ident: $ty:ty = $name:literal {
                    meaning: $meaning:expr,
                    values: $values:expr,
                    $(show: $show:expr,)?
                    $(read: $read:ty => $from:expr,)?
                    $(default: $default:expr,)?
                }
            )*
        }
    )*) => {
        $(
            /// The knobs of one section of a ruleset file, as the file sets them (with the
            /// place of each value, for error messages).
            #[derive(serde::Deserialize, Default)]
            #[serde(deny_unknown_fields)]
            pub(crate) struct $raw {
                $(
                    #[serde(rename = $name)]
                    pub(crate) $field: Option<toml::Spanned<knobs!(@read $ty $(, $read)?)>>,
                )*
            }
        )*

        /// Every knob, in file order.
        pub const KNOBS: &[Knob] = &[$($(
            Knob {
                key: concat!(stringify!($section), ".", $name),
                meaning: $meaning,
                values: $values,
                show: |rs| knobs!(@show $($show)?)(&rs.$field),
                toml: |rs| super::as_toml(&rs.$field),
            },
        )*)*];

        /// The ruleset a file describes: each knob as the file sets it, else as `base` sets
        /// it, else its default; `Err(key)` for the first knob that has none of these.
        pub(crate) fn assemble(
            about: About,
            $($section: &$raw,)*
            base: Option<&Ruleset>,
        ) -> Result<Ruleset, &'static str> {
            Ok(Ruleset {
                id: about.id,
                name: about.name,
                description: about.description,
                source: about.source,
                $($(
                    $field: match (&$section.$field, base) {
                        (Some(v), _) => knobs!(@from $($from)?)(v.get_ref()),
                        (None, Some(b)) => b.$field.clone(),
                        (None, None) => knobs!(
                            @unset concat!(stringify!($section), ".", $name) $(, $default)?
                        ),
                    },
                )*)*
            })
        }
    };
    (@read $ty:ty) => { $ty };
    (@read $ty:ty, $read:ty) => { $read };
    (@show) => { super::show::plain };
    (@show $show:expr) => { $show };
    (@from) => { Clone::clone };
    (@from $from:expr) => { $from };
    (@unset $key:expr) => { return Err($key) };
    (@unset $key:expr, $default:expr) => { $default };
}
