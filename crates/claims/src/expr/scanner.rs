//! The claim's characters: the position reached in its text, whitespace, words, symbols and
//! the 1-based columns that error messages name. The parser reads the text through it.

use super::ParseError;

/// The claim's text and the position reached in it (a byte offset).
pub(super) struct Scanner<'t> {
    /// The claim as written.
    pub(super) text: &'t str,
    /// Byte offset of the next character to read.
    pub(super) pos: usize,
}

/// The 1-based column of the byte offset `offset` in `text`.
pub(super) fn column_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].chars().count() + 1
}

/// Whether `c` may stand in a name (a ruleset id, a path, a function or a fact).
pub(super) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '\\' | '~')
}

/// Whether a name may start with `c`.
pub(super) fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '/' | '\\' | '~')
}

impl<'t> Scanner<'t> {
    /// A scanner at the start of `text`.
    pub(super) fn new(text: &'t str) -> Scanner<'t> {
        Scanner { text, pos: 0 }
    }

    pub(super) fn error_at(&self, offset: usize, message: &str) -> ParseError {
        ParseError {
            column: column_of(self.text, offset),
            message: message.to_string(),
        }
    }

    pub(super) fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    pub(super) fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    pub(super) fn skip_ws(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.text.len() - trimmed.len();
    }

    /// What stands at the current position, for "found ..." in messages.
    pub(super) fn describe_here(&self) -> String {
        match self.peek() {
            None => "the end of the claim".to_string(),
            Some(c) if is_name_start(c) => {
                let w: String = self
                    .rest()
                    .chars()
                    .take_while(|&c| is_name_char(c))
                    .collect();
                format!("`{w}`")
            }
            Some(c) => format!("`{c}`"),
        }
    }

    /// Consumes `s` (after whitespace) if it is next.
    pub(super) fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Consumes the keyword `w` if it is next as a whole word.
    pub(super) fn eat_word(&mut self, w: &str) -> bool {
        self.skip_ws();
        let rest = self.rest();
        if rest.starts_with(w) && !rest[w.len()..].starts_with(is_name_char) {
            self.pos += w.len();
            true
        } else {
            false
        }
    }

    pub(super) fn letters(&mut self) -> &'t str {
        self.skip_ws();
        let rest = self.rest();
        let len = rest.chars().take_while(|c| c.is_ascii_alphabetic()).count();
        self.pos += len;
        &rest[..len]
    }
}
