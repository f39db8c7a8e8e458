pub fn tokenize(
    text: &str,
) -> impl Iterator<Item = Result<(Token, std::ops::Range<usize>), LexerError>> + '_ {
    Lexer { text, cursor: 0 }
}

#[derive(Debug, PartialEq)]
pub enum Token {
    StartGameTree,
    EndGameTree,
    StartNode,
    Property((String, Vec<String>)),
}

/// Error type for failures to tokenize text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LexerError {
    UnexpectedPropertyIdentifier,
    MissingPropertyIdentifier,
    UnexpectedEndOfPropertyIdentifier,
    UnexpectedEndOfPropertyValue,
}

impl std::fmt::Display for LexerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LexerError::UnexpectedPropertyIdentifier => {
                write!(f, "Unexpected property identifier value")
            }
            LexerError::MissingPropertyIdentifier => {
                write!(f, "Missing property identifier")
            }
            LexerError::UnexpectedEndOfPropertyIdentifier => {
                write!(f, "Unexpected end of property identifier")
            }
            LexerError::UnexpectedEndOfPropertyValue => {
                write!(f, "Unexpected end of property value")
            }
        }
    }
}

impl std::error::Error for LexerError {}

struct Lexer<'a> {
    text: &'a str,
    cursor: usize,
}

impl Lexer<'_> {
    fn trim_leading_whitespace(&mut self) {
        while self.cursor < self.text.len()
            && (self.text.as_bytes()[self.cursor] as char).is_ascii_whitespace()
        {
            self.cursor += 1;
        }
    }

    fn peek_byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.cursor).copied()
    }

    fn get_property(&mut self) -> Result<(String, Vec<String>), LexerError> {
        Ok((self.get_prop_ident()?, self.get_prop_values()?))
    }

    /// The identifier runs up to the first `[`. Every byte of it must be ASCII: the first
    /// byte that is not starts a multi-byte character, which is an error, as is the end of
    /// the text. (Scanning bytes rather than characters gives the same result, since `[` and
    /// every ASCII character are single bytes in UTF-8.)
    fn get_prop_ident(&mut self) -> Result<String, LexerError> {
        let start = self.cursor;
        loop {
            match self.peek_byte() {
                Some(b'[') => break,
                Some(b) if b.is_ascii() => self.cursor += 1,
                Some(_) => return Err(LexerError::UnexpectedEndOfPropertyIdentifier),
                None => return Err(LexerError::MissingPropertyIdentifier),
            }
        }

        Ok(self.text[start..self.cursor].to_string())
    }

    fn get_prop_values(&mut self) -> Result<Vec<String>, LexerError> {
        // Most properties have one value.
        let mut prop_values = Vec::with_capacity(1);
        loop {
            self.trim_leading_whitespace();
            match self.peek_byte() {
                Some(b'[') => {
                    self.cursor += 1;
                    prop_values.push(self.get_prop_value()?);
                }
                _ => break,
            }
        }

        Ok(prop_values)
    }

    /// The value runs up to the first `]` not escaped by a `\`; an escaping `\` is dropped
    /// and the character after it kept as it is. The value is copied from the text in runs
    /// between escapes (`]` and `\` are single bytes in UTF-8, so a run never splits a
    /// character).
    fn get_prop_value(&mut self) -> Result<String, LexerError> {
        let bytes = self.text.as_bytes();
        let mut prop_value = String::new();
        let mut run_start = self.cursor;
        let mut i = self.cursor;
        loop {
            match bytes.get(i) {
                Some(b']') => {
                    let run = &self.text[run_start..i];
                    self.cursor = i + 1;
                    if prop_value.is_empty() {
                        // Nothing gathered before this run (no escape, as a rule): it is the value.
                        return Ok(run.to_string());
                    }
                    prop_value.push_str(run);
                    return Ok(prop_value);
                }
                Some(b'\\') => {
                    prop_value.push_str(&self.text[run_start..i]);
                    // The escaped character, whatever it is, starts the next run.
                    run_start = i + 1;
                    match self.text[run_start..].chars().next() {
                        Some(c) => i = run_start + c.len_utf8(),
                        None => break,
                    }
                }
                Some(_) => i += 1,
                None => break,
            }
        }
        // An unclosed value runs to the end of the text.
        self.cursor = bytes.len();
        Err(LexerError::UnexpectedEndOfPropertyValue)
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<(Token, std::ops::Range<usize>), LexerError>;

    fn next(&mut self) -> Option<Self::Item> {
        let span_start = self.cursor;
        let token = match self.peek_byte() {
            Some(b'(') => {
                self.cursor += 1;
                Token::StartGameTree
            }
            Some(b')') => {
                self.cursor += 1;
                Token::EndGameTree
            }
            Some(b';') => {
                self.cursor += 1;
                Token::StartNode
            }
            None => return None,
            _ => match self.get_property() {
                Ok(property) => Token::Property(property),
                Err(e) => return Some(Err(e)),
            },
        };
        let span = span_start..self.cursor;
        self.trim_leading_whitespace();

        Some(Ok((token, span)))
    }
}

#[cfg(test)]
mod test {
    use super::tokenize;
    use super::Token::*;

    #[test]
    fn lexer() {
        let sgf = "(;SZ[9]C[Some comment];B[de];W[fe])(;B[de];W[ff])";
        let expected = vec![
            (StartGameTree, 0..1),
            (StartNode, 1..2),
            (Property(("SZ".to_string(), vec!["9".to_string()])), 2..7),
            (
                Property(("C".to_string(), vec!["Some comment".to_string()])),
                7..22,
            ),
            (StartNode, 22..23),
            (Property(("B".to_string(), vec!["de".to_string()])), 23..28),
            (StartNode, 28..29),
            (Property(("W".to_string(), vec!["fe".to_string()])), 29..34),
            (EndGameTree, 34..35),
            (StartGameTree, 35..36),
            (StartNode, 36..37),
            (Property(("B".to_string(), vec!["de".to_string()])), 37..42),
            (StartNode, 42..43),
            (Property(("W".to_string(), vec!["ff".to_string()])), 43..48),
            (EndGameTree, 48..49),
        ];
        let tokens: Vec<_> = tokenize(sgf).collect::<Result<_, _>>().unwrap();

        assert_eq!(tokens, expected);
    }

    #[test]
    fn handles_old_style_properties() {
        let sgf = "(;CoPyright[text])";
        let expected = vec![
            (StartGameTree, 0..1),
            (StartNode, 1..2),
            (
                Property(("CoPyright".to_string(), vec!["text".to_string()])),
                2..17,
            ),
            (EndGameTree, 17..18),
        ];
        let tokens: Vec<_> = tokenize(sgf).collect::<Result<_, _>>().unwrap();

        assert_eq!(tokens, expected);
    }
}
