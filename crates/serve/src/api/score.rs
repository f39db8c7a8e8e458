//! `POST /api/score`: a record (every game of a collection) under each ruleset, as
//! `gorules score --format json` scores it: the same options by the same names, read by the
//! same request layer, and the same report per game (docs/json.md), point maps included.

use axum::extract::State;
use gorules_board::coords::gtp_move;
use gorules_board::{Color, Move, Point};
use gorules_compare::report::GameReport;
use gorules_compare::rules_choice::{
    compare_chosen, own_ruleset_left_out, ChoiceError, RulesetChoice,
};
use gorules_request::{remote, Request};
use gorules_rules::Counting;
use gorules_sgf::{place_error, GameRecord};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{all, auto, games, yes, ApiJson, JsonText};
use crate::error::{ApiError, ErrorBody};
use crate::inline;
use crate::limits::admit;
use crate::AppState;

/// The name of a record sent with a request, in its messages.
pub const SOURCE: &str = "request.sgf";

/// What to score, and how: the options of `gorules score`, by the same names.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreRequest {
    /// The SGF text (a collection's every game is scored, up to the server's limit).
    pub sgf: String,
    /// `all`, or built-in ids, `katago:` rules strings, `record` and `record:NAME`, separated
    /// by commas (as `--rules`, less paths: send a ruleset of your own in `rules_toml`).
    #[serde(default = "all")]
    #[schema(default = "all")]
    pub rules: String,
    /// Rulesets of your own, each the text of a TOML file (which may `extends` a built-in
    /// ruleset), scored after those of `rules` (an empty `rules` then scores these only).
    #[serde(default)]
    pub rules_toml: Vec<String>,
    /// `area`, `territory`, `stone` or `all` (every method each ruleset allows).
    #[serde(default = "all")]
    #[schema(default = "all")]
    pub counting: String,
    /// Komi, overriding the record's `KM` and the rulesets' defaults.
    pub komi: Option<f64>,
    /// Where the dead stones come from: `auto`, `markup`, `estimate`, `none`, or GTP points
    /// separated by commas (`D4,E5`). (`engine` is not offered.)
    #[serde(default = "auto")]
    #[schema(default = "auto")]
    pub dead: String,
    /// Also score a game that did not end in passes, as it stands.
    #[serde(default)]
    pub unfinished: bool,
    /// Refuse a record that implies passes it does not write.
    #[serde(default)]
    pub strict: bool,
    /// Score the position after this move (0: the setup) instead of the end: the record cut
    /// there, without the final node's markup or its result (give `unfinished` to score a
    /// position before the end).
    #[serde(rename = "move")]
    pub move_number: Option<usize>,
    /// Give each score its point-by-point map (`points`), as `score`'s JSON does.
    #[serde(default = "yes")]
    #[schema(default = true)]
    pub points: bool,
}

/// The position a report scores.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Position {
    /// The moves played to reach it (0: the setup).
    #[serde(rename = "move")]
    pub move_number: usize,
    /// The moves of the whole record.
    pub moves: usize,
    /// The move that led to it: `B D4`, `W pass` (absent at move 0).
    pub last_move: Option<String>,
    /// The stones on the board, dead ones included: a string per row from the top, a
    /// character per point from column A, `X` black, `O` white, `.` empty.
    pub board: Vec<String>,
    /// The stones each colour has captured so far (a suicide's stones to the opponent):
    /// `[black, white]`.
    pub captures: [u32; 2],
}

/// A record scored: one report per game that could be scored, as `gorules score --format
/// json` gives it, and the errors of the others.
#[derive(Serialize, ToSchema)]
pub struct ScoreAnswer {
    /// The reports, in the order of the games (docs/json.md, "gorules score").
    #[schema(value_type = Vec<Object>)]
    pub games: Vec<GameReport>,
    /// For each report, the position it scores.
    pub positions: Vec<Position>,
    /// The games that could not be scored, each with its place in the SGF.
    pub errors: Vec<ErrorBody>,
    /// What a reader should know (a record's own ruleset that could not be read).
    pub notes: Vec<String>,
}

/// Scores a record under each ruleset.
#[utoipa::path(post, path = "/api/score", tag = "records", request_body = ScoreRequest,
    responses(
        (status = 200, description = "Every game that could be scored, and the errors of the others", body = ScoreAnswer),
        (status = 400, description = "The body is not a score request's JSON", body = ErrorBody),
        (status = 413, description = "The body is over the server's limit", body = ErrorBody),
        (status = 422, description = "A choice that cannot be taken, or no game could be scored", body = ErrorBody),
        (status = 503, description = "Busy, or over the server's time", body = ErrorBody)))]
pub async fn score(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ScoreRequest>,
) -> Result<JsonText, ApiError> {
    let max_games = state.limits.max_games;
    let admitted = admit(&state)?;
    let texts = [&req.sgf, &req.rules, &req.counting, &req.dead];
    if !inline::readable(&state.limits, texts.into_iter().chain(&req.rules_toml)) {
        return admitted
            .on_pool(&state, move || JsonText::of(&score_text(&req, max_games)?))
            .await;
    }
    // A small text is read here; the scores too when the work is bounded (`crate::inline`).
    let work = admitted.in_time(&state.limits, read(&req, max_games))??;
    if work.bounded() {
        let answer = score_work(&req, &work).and_then(|a| JsonText::of(&a));
        return admitted.in_time(&state.limits, answer)?;
    }
    admitted
        .on_pool(&state, move || JsonText::of(&score_work(&req, &work)?))
        .await
}

/// The rulesets and options of a score request, checked as `gorules score` checks them.
pub fn request(req: &ScoreRequest) -> Result<Request, ApiError> {
    let mut choices = if req.rules.trim().is_empty() && !req.rules_toml.is_empty() {
        Vec::new()
    } else {
        remote::choices(&req.rules).map_err(ApiError::request)?
    };
    if req.rules.trim() == gorules_request::rules_list::ALL {
        // As `gorules score`: a KataGo record is scored under its own ruleset first.
        choices.insert(0, RulesetChoice::RecordKataGo);
    }
    for (i, text) in req.rules_toml.iter().enumerate() {
        let rs =
            remote::ruleset_text(text, &format!("rules_toml[{i}]")).map_err(ApiError::request)?;
        choices.push(RulesetChoice::Fixed(std::sync::Arc::new(rs)));
    }
    let countings = gorules_request::countings(&req.counting).map_err(ApiError::request)?;
    let mut request = Request::new()
        .rule_choices(choices)
        .counting_methods(countings)
        .komi(req.komi)
        .map_err(ApiError::request)?
        .unfinished(req.unfinished)
        .strict(req.strict)
        .point_maps(req.points);
    request.options.dead = remote::dead_stones(&req.dead).map_err(ApiError::request)?;
    Ok(request)
}

/// A score request read: its rulesets and options, and its games, each cut at the move asked
/// for, with the number of moves of the whole record (or the error that stopped its reading).
pub struct ScoreWork {
    /// The rulesets and options.
    pub request: Request,
    /// The games, cut at the move asked for, each with its record's number of moves.
    pub games: Vec<Result<(GameRecord, usize), gorules_sgf::RecordError>>,
}

impl ScoreWork {
    /// The scores asked of each game: its rulesets times the counting methods the request
    /// allows (all three when it names none).
    pub fn scores(&self) -> usize {
        let countings = self
            .request
            .options
            .countings
            .as_ref()
            .map_or(Counting::ALL.len(), Vec::len);
        self.request.rules.len() * countings
    }

    /// The games that could be read.
    fn records(&self) -> impl Iterator<Item = &GameRecord> + Clone {
        self.games
            .iter()
            .filter_map(|g| g.as_ref().ok())
            .map(|(g, _)| g)
    }

    /// The size of the work ([`crate::inline::units`]).
    pub fn units(&self) -> u64 {
        crate::inline::units(self.records(), self.scores())
    }

    /// Whether scoring it is bounded and cheap by construction ([`crate::inline::bounded`]).
    pub fn bounded(&self) -> bool {
        crate::inline::bounded(
            self.records(),
            self.scores(),
            &self.request.options.dead,
            self.request.options.score_unfinished,
        )
    }
}

/// Reads a score request: its options, its rulesets and its SGF's games (at most
/// `max_games`), each cut at the move asked for (a move beyond a record's end is a 422).
pub fn read(req: &ScoreRequest, max_games: usize) -> Result<ScoreWork, ApiError> {
    let request = request(req)?;
    let games = games(&req.sgf, SOURCE, max_games)?
        .into_iter()
        .map(|game| match game {
            Err(e) => Ok(Err(e)),
            Ok(g) => {
                let moves = g.moves.len();
                let g = match req.move_number {
                    Some(n) => at_move(g, n)?,
                    None => g,
                };
                Ok(Ok((g, moves)))
            }
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(ScoreWork { request, games })
}

/// Scores every game of the request's SGF (at most `max_games`).
pub fn score_text(req: &ScoreRequest, max_games: usize) -> Result<ScoreAnswer, ApiError> {
    score_work(req, &read(req, max_games)?)
}

/// Scores every game of a request read.
pub fn score_work(req: &ScoreRequest, work: &ScoreWork) -> Result<ScoreAnswer, ApiError> {
    let request = &work.request;
    let mut answer = ScoreAnswer {
        games: Vec::new(),
        positions: Vec::new(),
        errors: Vec::new(),
        notes: Vec::new(),
    };
    for (i, game) in work.games.iter().enumerate() {
        let (game, moves) = match game {
            Ok((g, moves)) => (g, *moves),
            Err(e) => {
                answer.errors.push(ApiError::record(e).body);
                continue;
            }
        };
        answer
            .notes
            .extend(own_ruleset_left_out(&request.rules, game, SOURCE, i));
        match compare_chosen(game, &request.rules, &request.options) {
            Ok(r) => {
                // The record replayed for the scores: its stones replay here too.
                answer
                    .positions
                    .push(position(game, game.moves.len(), moves)?);
                answer.games.push(r);
            }
            Err(ChoiceError::Record(e)) => answer
                .errors
                .push(ApiError::record(&place_error(req.sgf.as_bytes(), e)).body),
            Err(e) => answer
                .errors
                .push(ApiError::unprocessable(e.message(req.sgf.as_bytes(), SOURCE, i)).body),
        }
    }
    if answer.games.is_empty() {
        // Nothing scored: the first error is the answer.
        let first = answer.errors.into_iter().next().unwrap_or(ErrorBody {
            error: "no game could be scored".into(),
            line: None,
            column: None,
        });
        return Err(ApiError::unprocessable(first.error).at(first.line, first.column));
    }
    Ok(answer)
}

/// The position after `n` moves: its stones, by replaying the record as
/// [`GameRecord::final_board`] does (captures, suicide allowed), and the captures so far.
/// `moves` is the number of moves of the whole record.
fn position(game: &GameRecord, n: usize, moves: usize) -> Result<Position, ApiError> {
    let mut board = game.setup_board().map_err(|e| ApiError::record(&e))?;
    let mut captures = [0u32; 2];
    let side = |c: Color| usize::from(c == Color::White);
    for m in &game.moves[..n] {
        if let Move::Play(p) = m.mv {
            // Only a record the scores replayed comes here.
            let placed = board.play_allowing_suicide(m.color, p).map_err(|e| {
                ApiError::internal(&format!("a scored record does not replay: {e:?}"))
            })?;
            captures[side(m.color)] += placed.captured;
            captures[1 - side(m.color)] += placed.suicided;
        }
    }
    let size = game.size;
    let board_rows = (0..size.height())
        .map(|y| {
            (0..size.width())
                .map(|x| match board.get(Point { x, y }) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();
    Ok(Position {
        board: board_rows,
        captures,
        move_number: n,
        moves,
        last_move: n.checked_sub(1).map(|i| {
            let m = game.moves[i];
            let c = match m.color {
                Color::Black => "B",
                Color::White => "W",
            };
            format!("{c} {}", gtp_move(m.mv, game.size))
        }),
    })
}

/// The record cut after move `n`: the moves after it, the final node's territory markup and
/// the result dropped (they belong to the end of the game). A move beyond the end is a 422.
pub fn at_move(mut game: GameRecord, n: usize) -> Result<GameRecord, ApiError> {
    let moves = game.moves.len();
    if n > moves {
        return Err(ApiError::unprocessable(format!(
            "move {n} is beyond the end of the record, which has {moves} move(s): use a move number from 0 (the setup) to {moves}"
        )));
    }
    if n < moves {
        game.moves.truncate(n);
        game.move_nodes.truncate(n);
        game.territory_markup = None;
        game.result = None;
    }
    Ok(game)
}
