//! The unpatched lexer and parser of sgf-parse 4.2.8, verbatim but for their names and paths,
//! kept as the oracle that the patched ones are tested against (`tests` below): the patch
//! must change how fast a text is parsed, never what it is parsed into.

#![allow(clippy::all)]

use std::ptr::NonNull;

use crate::go;
use crate::lexer::{LexerError, Token};
use crate::parser::{ParseOptions, SgfParseError};
use crate::unknown_game;
use crate::{GameTree, GameType, SgfNode, SgfProp};

pub fn tokenize(
    text: &str,
) -> impl Iterator<Item = Result<(Token, std::ops::Range<usize>), LexerError>> + '_ {
    Lexer { text, cursor: 0 }
}

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

    fn get_char(&mut self) -> Option<char> {
        let result = self.text[self.cursor..].chars().next();
        result.iter().for_each(|c| self.cursor += c.len_utf8());

        result
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.cursor..].chars().next()
    }

    fn get_property(&mut self) -> Result<(String, Vec<String>), LexerError> {
        Ok((self.get_prop_ident()?, self.get_prop_values()?))
    }

    fn get_prop_ident(&mut self) -> Result<String, LexerError> {
        let mut prop_ident = vec![];
        loop {
            match self.peek_char() {
                Some('[') => break,
                Some(c) if c.is_ascii() => {
                    self.cursor += 1;
                    prop_ident.push(c);
                }
                Some(_c) => return Err(LexerError::UnexpectedEndOfPropertyIdentifier),
                None => return Err(LexerError::MissingPropertyIdentifier),
            }
        }

        Ok(prop_ident.iter().collect())
    }

    fn get_prop_values(&mut self) -> Result<Vec<String>, LexerError> {
        let mut prop_values = vec![];
        loop {
            self.trim_leading_whitespace();
            match self.peek_char() {
                Some('[') => {
                    self.cursor += 1;
                    prop_values.push(self.get_prop_value()?);
                }
                _ => break,
            }
        }

        Ok(prop_values)
    }

    fn get_prop_value(&mut self) -> Result<String, LexerError> {
        let mut prop_value = vec![];
        let mut escaped = false;
        loop {
            match self.get_char() {
                Some(']') if !escaped => break,
                Some('\\') if !escaped => escaped = true,
                Some(c) => {
                    escaped = false;
                    prop_value.push(c);
                }
                None => return Err(LexerError::UnexpectedEndOfPropertyValue),
            }
        }

        Ok(prop_value.iter().collect())
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<(Token, std::ops::Range<usize>), LexerError>;

    fn next(&mut self) -> Option<Self::Item> {
        let span_start = self.cursor;
        let token = match self.peek_char() {
            Some('(') => {
                self.cursor += 1;
                Token::StartGameTree
            }
            Some(')') => {
                self.cursor += 1;
                Token::EndGameTree
            }
            Some(';') => {
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

pub fn parse_with_options(
    text: &str,
    options: &ParseOptions,
) -> Result<Vec<GameTree>, SgfParseError> {
    let text = text.trim();
    let tokens = if options.lenient {
        tokenize(text)
            .take_while(Result::is_ok)
            .map(|result| result.unwrap().0)
            .collect()
    } else {
        tokenize(text)
            .map(|result| match result {
                Err(e) => Err(SgfParseError::LexerError(e)),
                Ok((token, _span)) => Ok(token),
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    split_by_gametree(&tokens, options.lenient)?
        .into_iter()
        .map(|tokens| {
            let gametype = if options.lenient {
                find_gametype(tokens).unwrap_or(GameType::Go)
            } else {
                find_gametype(tokens)?
            };
            match gametype {
                GameType::Go => parse_gametree::<go::Prop>(tokens, options),
                GameType::Unknown => parse_gametree::<unknown_game::Prop>(tokens, options),
            }
        })
        .collect::<Result<_, _>>()
}

fn split_by_gametree(tokens: &[Token], lenient: bool) -> Result<Vec<&[Token]>, SgfParseError> {
    let mut gametrees = vec![];
    let mut gametree_depth: u64 = 0;
    let mut slice_start = 0;
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::StartGameTree => gametree_depth += 1,
            Token::EndGameTree => {
                if gametree_depth == 0 {
                    if lenient {
                        break;
                    } else {
                        return Err(SgfParseError::UnexpectedGameTreeEnd);
                    }
                }
                gametree_depth -= 1;
                if gametree_depth == 0 {
                    gametrees.push(&tokens[slice_start..=i]);
                    slice_start = i + 1;
                }
            }
            _ => {}
        }
    }
    if gametree_depth != 0 {
        if lenient {
            // For lenient parsing assume all remaining tokens are part of the last gametree.
            gametrees.push(&tokens[slice_start..]);
        } else {
            return Err(SgfParseError::UnexpectedEndOfData);
        }
    }
    if gametrees.is_empty() {
        if lenient {
            // For a valid SGF there needs to be at least one gametree. If we didn't fine one but we're
            // using lenient mode, just populate an empty gametree.
            gametrees.push(&[]);
        } else {
            return Err(SgfParseError::NoGameTrees);
        }
    }

    Ok(gametrees)
}

fn parse_gametree<Prop: SgfProp>(
    tokens: &[Token],
    options: &ParseOptions,
) -> Result<GameTree, SgfParseError>
where
    SgfNode<Prop>: std::convert::Into<GameTree>,
{
    // TODO: Rewrite this without `unsafe`
    let mut collection: Vec<SgfNode<Prop>> = vec![];
    // //// Pointer to the `Vec` of children we're currently building.
    let mut current_node_list_ptr = NonNull::new(&mut collection).unwrap();
    // Stack of pointers to incomplete `Vec`s of children.
    let mut incomplete_child_lists: Vec<NonNull<Vec<SgfNode<Prop>>>> = vec![];
    //// Using pointers involves some unsafe calls, but should be ok here.
    //// Since pointers are always initialized from real structs, and those structs
    //// live for the whole function body, our only safety concern is dangling pointers.
    ////
    //// Since we build the tree traversing depth-first those structs shouldn't be
    //// modified while the pointer is live. Heap-allocated contents of their
    //// `children` may be modified, but that shouldn't change anything.

    let mut tokens = tokens.iter().peekable();
    while let Some(token) = tokens.next() {
        match token {
            Token::StartGameTree => {
                // SGF game trees must have a root node.
                if let Some(node_list_ptr) = incomplete_child_lists.last() {
                    let node_list = unsafe { node_list_ptr.as_ref() };
                    if node_list.is_empty() {
                        if options.lenient {
                            break;
                        } else {
                            return Err(SgfParseError::UnexpectedGameTreeStart);
                        }
                    }
                }
                incomplete_child_lists.push(current_node_list_ptr);
            }
            Token::EndGameTree => match incomplete_child_lists.pop() {
                Some(node_list) => current_node_list_ptr = node_list,
                None => {
                    if options.lenient {
                        break;
                    } else {
                        return Err(SgfParseError::UnexpectedGameTreeEnd);
                    }
                }
            },
            Token::StartNode => {
                let mut new_node = SgfNode::default();
                let mut prop_tokens = vec![];
                while let Some(Token::Property(_)) = tokens.peek() {
                    prop_tokens.push(tokens.next().unwrap());
                }
                for token in prop_tokens {
                    match token {
                        // TODO: Consider refactoring to consume tokens and clone of values.
                        Token::Property((identifier, values)) => {
                            let identifier = {
                                if identifier.chars().all(|c| c.is_ascii_uppercase()) {
                                    identifier.clone()
                                } else if options.convert_mixed_case_identifiers {
                                    identifier
                                        .chars()
                                        .filter(|c| c.is_ascii_uppercase())
                                        .collect()
                                } else if options.lenient {
                                    break;
                                } else {
                                    return Err(SgfParseError::InvalidFF4Property);
                                }
                            };
                            new_node
                                .properties
                                .push(Prop::new(identifier, values.clone()))
                        }
                        _ => unreachable!(),
                    }
                }
                let node_list = unsafe { current_node_list_ptr.as_mut() };
                node_list.push(new_node);
                current_node_list_ptr =
                    NonNull::new(&mut node_list.last_mut().unwrap().children).unwrap();
            }
            Token::Property(_) => {
                if options.lenient {
                    break;
                } else {
                    return Err(SgfParseError::UnexpectedProperty);
                }
            }
        }
    }

    if !options.lenient && (!incomplete_child_lists.is_empty() || collection.len() != 1) {
        return Err(SgfParseError::UnexpectedEndOfData);
    }
    let mut root_node = if options.lenient {
        // A valid game tree must have at least a single (empty) node. So make one!
        collection.into_iter().next().unwrap_or_default()
    } else {
        collection
            .into_iter()
            .next()
            .ok_or(SgfParseError::UnexpectedEndOfData)?
    };
    root_node.is_root = true;
    Ok(root_node.into())
}

fn find_gametype(tokens: &[Token]) -> Result<GameType, SgfParseError> {
    match find_gametree_root_prop_values("GM", tokens)?.map(|v| v.as_slice()) {
        None => Ok(GameType::Go),
        Some([value]) if value.parse::<i32>().is_ok() => match value.as_str() {
            "1" => Ok(GameType::Go),
            _ => Ok(GameType::Unknown),
        },
        _ => Err(SgfParseError::InvalidGameType),
    }
}

fn find_gametree_root_prop_values<'a>(
    prop_ident: &'a str,
    tokens: &'a [Token],
) -> Result<Option<&'a Vec<String>>, SgfParseError> {
    // Find the matching property values in the first node.
    // Skip the initial StartGameTree, StartNode tokens; we'll handle any errors later.
    let matching_tokens: Vec<&Vec<String>> = tokens
        .iter()
        .skip(2)
        .take_while(|&token| matches!(token, Token::Property(_)))
        .filter_map(move |token| match token {
            Token::Property((ident, values)) if ident == prop_ident => Some(values),
            _ => None,
        })
        .collect();

    match matching_tokens.len() {
        0 => Ok(None),
        1 => Ok(Some(matching_tokens[0])),
        _ => Err(SgfParseError::UnexpectedProperty),
    }
}

/// The unpatched `Point::from_str`.
fn parse_point(s: &str) -> Result<go::Point, crate::props::SgfPropError> {
    fn map_char(c: char) -> Result<u8, crate::props::SgfPropError> {
        if c.is_ascii_lowercase() {
            Ok(c as u8 - b'a')
        } else if c.is_ascii_uppercase() {
            Ok(c as u8 - b'A' + 26)
        } else {
            Err(crate::props::SgfPropError {})
        }
    }

    let chars: Vec<char> = s.chars().collect();
    if chars.len() != 2 {
        return Err(crate::props::SgfPropError {});
    }

    Ok(go::Point {
        x: map_char(chars[0])?,
        y: map_char(chars[1])?,
    })
}

mod tests {
    use proptest::prelude::*;

    use crate::parser::ParseOptions;

    /// Pieces of SGF text, mostly meaningful ones, with the characters the lexer treats
    /// apart (brackets, escapes, whitespace, non-ASCII) and garbage.
    fn piece() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("(".to_string()),
            Just(")".to_string()),
            Just(";".to_string()),
            Just("[".to_string()),
            Just("]".to_string()),
            Just("\\".to_string()),
            Just(" ".to_string()),
            Just("\n".to_string()),
            Just("\u{a0}".to_string()),
            Just("é".to_string()),
            prop::sample::select(vec![
                "B",
                "W",
                "AB",
                "AW",
                "SZ",
                "GM",
                "FF",
                "KM",
                "HA",
                "C",
                "TB",
                "TW",
                "RU",
                "RE",
                "CoPyright",
                "b",
                "PL",
                "LB",
                "AP",
                "FG",
                "XX"
            ])
            .prop_map(str::to_string),
            prop::sample::select(vec![
                "[dd]", "[tt]", "[]", "[19]", "[9:7]", "[6.5]", "[nan]", "[2]", "[1]", "[a\\]b]",
                "[x\\\\]", "[dd:ff]", "[aB]", "[zz]", "[ddd]", "[d]", "[é]", "[B+R]", "[dd:lab]",
                "[\\é]", "[1:x]"
            ])
            .prop_map(str::to_string),
            "\\PC{0,3}",
        ]
    }

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(piece(), 0..40).prop_map(|pieces| pieces.concat())
    }

    fn options() -> Vec<ParseOptions> {
        let mut all = vec![];
        for convert_mixed_case_identifiers in [false, true] {
            for lenient in [false, true] {
                all.push(ParseOptions {
                    convert_mixed_case_identifiers,
                    lenient,
                });
            }
        }
        all
    }

    /// The tokens up to the first error, which the parser stops at (the lexers do not
    /// promise to move on after one: upstream's stays on a bad identifier for ever).
    fn tokens<T, E>(lexer: impl Iterator<Item = Result<T, E>>) -> Vec<Result<T, E>> {
        let mut tokens = vec![];
        for token in lexer {
            let failed = token.is_err();
            tokens.push(token);
            if failed {
                break;
            }
        }
        tokens
    }

    fn same_as_upstream(text: &str) {
        let patched = tokens(crate::lexer::tokenize(text));
        let upstream = tokens(super::tokenize(text));
        assert_eq!(patched, upstream, "tokens of {text:?}");
        for options in options() {
            let patched = crate::parse_with_options(text, &options);
            let upstream = super::parse_with_options(text, &options);
            // Equal, or with the same Debug text: a `KM[nan]` is not equal to itself.
            assert!(
                patched == upstream || format!("{patched:?}") == format!("{upstream:?}"),
                "parse of {text:?}, lenient {}, converting {}",
                options.lenient,
                options.convert_mixed_case_identifiers
            );
        }
    }

    #[test]
    fn fixed_texts_parse_as_upstream() {
        for text in [
            "(;GM[1]FF[4]SZ[19]KM[6.5];B[dd];W[pp](;B[dp])(;B[pd]))",
            "(;CoPyright[text]C[a \\] b \\\\ c \\é d];B[tt]W[])",
            "(;C[unclosed",
            "(;C[ends in an escape\\",
            "(;B[dd])garbage(",
            ";B[dd]",
            "(;GM[2]B[x];W[y])(;SZ[9:7])",
            "(;Ab[dd:ff]aW[ee])",
            "",
            "  (;B[dd] ) ",
        ] {
            same_as_upstream(text);
        }
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/test/ff4_ex.sgf"
        ))
        .unwrap();
        same_as_upstream(&text);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn random_texts_parse_as_upstream(text in text()) {
            same_as_upstream(&text);
        }

        #[test]
        fn points_parse_as_upstream(s in "[a-zA-Z0-9é ]{0,3}") {
            let patched: Result<crate::go::Point, _> = s.parse();
            let upstream = super::parse_point(&s);
            prop_assert_eq!(format!("{:?}", patched), format!("{:?}", upstream));
        }
    }
}
