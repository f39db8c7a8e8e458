//! The built-in claims: the statements of the Concord Go Rules and the Concord Rules of Go
//! Commentary, and the known conditional differences between rulesets, each with what we expect
//! of it.

/// What a named claim is expected to do on random games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// It must hold in every game; a counterexample is a bug in the engine (or in the claim).
    Holds,
    /// It is known to fail; the fuzzer should find a counterexample.
    Fails,
}

impl Expected {
    /// `holds` or `fails`.
    pub fn word(self) -> &'static str {
        match self {
            Expected::Holds => "holds",
            Expected::Fails => "fails",
        }
    }
}

/// A claim with a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedClaim {
    /// The name used with `--claim`.
    pub name: &'static str,
    /// The claim in the claim language.
    pub claim: &'static str,
    /// Whether it is expected to hold.
    pub expected: Expected,
    /// What it says, in words, and where it comes from.
    pub statement: &'static str,
}

/// Every named claim.
pub const NAMED_CLAIMS: &[NamedClaim] = &[
    NamedClaim {
        name: "concord-area-territory",
        claim: "concord:area == concord:territory",
        expected: Expected::Holds,
        statement: "Concord area and territory counting give the same result (Concord Rules \
                    of Go Commentary, 'Equivalence of area and territory scoring')",
    },
    NamedClaim {
        name: "aga-area-territory",
        claim: "aga:area == aga:territory",
        expected: Expected::Holds,
        statement: "AGA area counting (with N-1 handicap compensation) equals AGA territory \
                    counting, White passing last (AGA Concise Rules of Go, rules 11 and 12)",
    },
    NamedClaim {
        name: "play-settles-disputes",
        claim: "concord:area:playout == concord:area && concord:territory:playout == concord:territory",
        expected: Expected::Holds,
        statement: "Play settles disputes: capturing the agreed-dead stones by play (the capturer \
                    plays inside its own area, the owner passes) leaves the Concord score \
                    unchanged (Concord Rules of Go Commentary, 'Play Settles Disputes')",
    },
    NamedClaim {
        name: "play-settles-disputes-japanese",
        claim: "japanese:territory:playout == japanese:territory",
        expected: Expected::Fails,
        statement: "The same under Japanese rules: each stone played inside one's own territory \
                    costs a point there, and no pass stone pays it back (Japanese Rules of Go, 1989, \
                    Articles 8 and 9)",
    },
    NamedClaim {
        name: "taiwan-concord-area",
        claim: "taiwan:area == concord:area",
        expected: Expected::Fails,
        statement: "'Taiwan rules are Concord Rules using only area scoring' (Concord Rules of Go Commentary, 'Taiwan rules'): fails once \
                    a pass is made before the end of play, which moves Concord's first-pass point \
                    but not Taiwan's last-play point",
    },
    NamedClaim {
        name: "two-button-concord-territory",
        claim: "two-button:territory == concord:territory",
        expected: Expected::Holds,
        statement: "'Two Button Go rules with territory scoring are the same as Concord Rules \
                    with territory scoring' (Concord Rules of Go Commentary, 'Two Button Go'): margins, \
                    not totals",
    },
    NamedClaim {
        name: "concord-two-passes",
        claim: "tests/fixtures/rulesets/concord-two-passes.toml:area == tests/fixtures/rulesets/concord-two-passes.toml:territory",
        expected: Expected::Fails,
        statement: "Concord without its last-pass rule (two passes always end play): area and \
                    territory differ by one point when the first and last passes are made by \
                    the same player (Concord Rules of Go Commentary, 'Pass fights'; the ruleset file is bundled)",
    },
    NamedClaim {
        name: "japanese-chinese-within-one",
        claim: "abs(japanese:territory - chinese:area) <= 1",
        expected: Expected::Fails,
        statement: "'Japanese and Chinese scores differ by at most one point': fails with passes \
                    during play, handicaps and seki",
    },
];

/// The named claim called `name`.
pub fn find(name: &str) -> Option<&'static NamedClaim> {
    NAMED_CLAIMS.iter().find(|c| c.name == name)
}
