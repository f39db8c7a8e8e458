//! Go rulesets (work in progress).
