//! The engine: a game kept as a record (`gorules_sgf::GameRecord`) under one ruleset, and the
//! commands that change, check, show and score it. The record's moves are replayed by the
//! stepper every replay uses (`gorules_rules::Replay`), and the replay is kept between
//! commands: a `play` checks and steps one move (the same work at move 300 as at move 10);
//! only a command that changes what came before (`undo`, `komi`, a new ruleset, a handicap, a
//! new board or file) or a refused move of a colour out of turn replays the record again. Scores and dead stones come from the same
//! comparison as `gorules score` (`gorules_compare::report::compare_game`), so the engine and
//! the command line always agree; its report is kept until the position or the settings
//! change, so that `final_status_list` and `final_score` on one position estimate the dead
//! stones once.

use std::io::{self, BufRead, Write};
use std::sync::Arc;

use gorules_board::coords::{gtp_point, parse_gtp_move, parse_gtp_point};
use gorules_board::handicap::fixed_handicap;
use gorules_board::{Board, Color, ColoredMove, Move, Point, Size, MAX_SIDE, MIN_SIDE};
use gorules_compare::dead::{resolve, DeadStones};
use gorules_compare::replay::Options;
use gorules_compare::report::{compare_game, GameReport};
use gorules_rules::katago::KataGoRules;
use gorules_rules::{
    implied_pass, load, Game, Komi, MoveError, Replay, Ruleset, Setup, Status, Track,
};
use gorules_sgf::{read_sgf_file, to_sgf, GameRecord};

use crate::protocol::{format_response, parse_line, read_line, write_response, Command};

/// Every command the engine knows, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "undo",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "showboard",
    "final_score",
    "final_status_list",
    "loadsgf",
    "printsgf",
    "gorules-rules",
    "kata-get-rules",
    "kata-set-rules",
    "kgs-rules",
    "gorules-score",
    "gorules-legal",
];

/// What a command answers: its text, or the error message of a `?` response.
type Answer = Result<String, String>;

/// A GTP rules engine: the game so far and the ruleset it is played under.
pub struct Engine {
    rules: Arc<Ruleset>,
    record: GameRecord,
    /// The record replayed under `rules`, as a replay from scratch leaves it; `None` when a
    /// command changed what came before, until the next command that needs it replays the
    /// record again.
    kept: Option<Replay>,
    /// The comparison of the position as it stands (`final_score`, `final_status_list`,
    /// `gorules-score`), until the position or the settings change.
    report: Option<Result<GameReport, String>>,
    /// How many comparisons (each with its dead-stone estimate) the engine has made.
    reports_made: u64,
}

impl Engine {
    /// An empty 19x19 board under `rules`.
    pub fn new(rules: Ruleset) -> Engine {
        Engine {
            rules: Arc::new(rules),
            record: GameRecord::new(Size::square(19).expect("19 is a board size")),
            kept: None,
            report: None,
            reports_made: 0,
        }
    }

    /// The game so far, as a record.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Answers one command (for `quit` an empty success: [`serve`] then stops).
    pub fn answer(&mut self, cmd: &Command) -> Answer {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        match (cmd.name.as_str(), args.as_slice()) {
            ("protocol_version", []) => Ok("2".into()),
            ("name", []) => Ok("gorules".into()),
            ("version", []) => Ok(env!("CARGO_PKG_VERSION").into()),
            ("known_command", [name]) => Ok(COMMANDS.contains(name).to_string()),
            ("list_commands", []) => Ok(COMMANDS.join("\n")),
            ("quit", []) => Ok(String::new()),
            ("boardsize", [n]) => self.boardsize(n),
            ("clear_board", []) => {
                self.clear();
                Ok(String::new())
            }
            ("komi", [k]) => self.komi(k),
            ("play", [color, vertex]) => self.play(color, vertex),
            ("undo", []) => self.undo(),
            ("fixed_handicap", [n]) | ("place_free_handicap", [n]) => self.fixed_handicap(n),
            ("set_free_handicap", vertices) if !vertices.is_empty() => {
                self.set_free_handicap(vertices)
            }
            ("showboard", []) => self.showboard(),
            ("final_score", []) => self.final_score(),
            ("final_status_list", [status]) => self.final_status_list(status),
            ("loadsgf", [path]) => self.loadsgf(path, None),
            ("loadsgf", [path, n]) => {
                let n = n
                    .parse::<usize>()
                    .map_err(|_| format!("syntax error: move number {n:?}"))?;
                self.loadsgf(path, Some(n))
            }
            ("printsgf", []) => Ok(to_sgf(&self.record)),
            ("gorules-rules", []) => Ok(self.rules.id.clone()),
            ("kata-get-rules", []) => Ok(self.kata_get_rules()),
            ("gorules-rules", [spec]) => self.set_rules(spec),
            ("kata-set-rules", words) if !words.is_empty() => self.kata_set_rules(&words.join(" ")),
            ("kgs-rules", [name, ..]) => self.kgs_rules(name),
            ("gorules-score", []) => self
                .report()
                .map(|r| gorules_rules::json::to_string(r).expect("a report serialises")),
            ("gorules-legal", [color, vertex]) => self.legal(color, vertex),
            (name, _) if COMMANDS.contains(&name) => {
                Err(format!("syntax error: wrong arguments for {name}"))
            }
            _ => Err("unknown command".into()),
        }
    }

    fn clear(&mut self) {
        let mut fresh = GameRecord::new(self.record.size);
        fresh.komi = self.record.komi;
        self.record = fresh;
        self.replay_again();
    }

    /// After a change to what came before the last move (the setup, the komi, the ruleset, a
    /// move taken back): the kept replay and report no longer describe the game.
    fn replay_again(&mut self) {
        self.kept = None;
        self.report = None;
    }

    fn boardsize(&mut self, n: &str) -> Answer {
        let side: u32 = n
            .parse()
            .map_err(|_| format!("syntax error: board size {n:?}"))?;
        if !(MIN_SIDE as u32..=MAX_SIDE as u32).contains(&side) {
            return Err("unacceptable size".into());
        }
        self.record.size = Size::square(side).map_err(|_| "unacceptable size".to_string())?;
        self.clear();
        Ok(String::new())
    }

    fn komi(&mut self, k: &str) -> Answer {
        let value: f64 = k.parse().map_err(|_| format!("syntax error: komi {k:?}"))?;
        let komi = Komi::new(value).map_err(|e| format!("syntax error: {e}"))?;
        self.record.komi = Some(komi);
        self.replay_again();
        Ok(String::new())
    }

    /// The komi of the game: the one `komi` set, else the ruleset's default for the handicap
    /// ([`gorules_rules::game_komi`]; a GTP engine has no override above the controller's).
    fn komi_now(&self) -> Komi {
        let handicap = self.record.handicap_stones();
        gorules_rules::game_komi(None, self.record.komi, &self.rules, handicap).0
    }

    /// The record replayed under the ruleset: the kept replay, made now if a command dropped
    /// it.
    fn replay(&mut self) -> Result<&mut Replay, String> {
        if self.kept.is_none() {
            let first = self.record.first_player();
            self.kept = Some(self.replay_from(first)?);
        }
        Ok(self.kept.as_mut().expect("made above"))
    }

    /// The replay to check a move of `color` in: the game so far, or, before the first move,
    /// one that `color` begins (a record's first move says who moves first). A caller whose
    /// move is not added drops it ([`Engine::keep_if_first`]).
    fn replay_for(&mut self, color: Color) -> Result<&mut Replay, String> {
        let begins = |kept: &Replay| kept.game().to_move() == color;
        if self.record.moves.is_empty() && !self.kept.as_ref().is_some_and(begins) {
            self.kept = Some(self.replay_from(color)?);
        }
        self.replay()
    }

    /// Drops the kept replay when `color` begins it but not the record (before the first move,
    /// after a move of `color` was refused or only checked).
    fn keep_if_first(&mut self, color: Color) {
        if self.record.moves.is_empty() && color != self.record.first_player() {
            self.kept = None;
        }
    }

    /// The record's moves replayed from its setup under the ruleset, `first` to move first.
    fn replay_from(&self, first: Color) -> Result<Replay, String> {
        let board: Board = self.record.setup_board().map_err(|e| e.to_string())?;
        let setup = Setup {
            board,
            handicap: self.record.handicap_stones(),
            komi: self.komi_now(),
            first,
        };
        let mut replay = Replay::new(Arc::clone(&self.rules), setup);
        for m in &self.record.moves {
            step(&mut replay, *m).map_err(|e| e.to_string())?;
        }
        Ok(replay)
    }

    /// The moves a play of `color` at `vertex` adds to the record: the pass it implies when
    /// `color` is not the one to move ([`implied_pass`], as the record reader reads a colour
    /// moving twice), then the move itself.
    fn moves_for(game: &Game, color: Color, mv: Move) -> Vec<ColoredMove> {
        let mut out = Vec::with_capacity(2);
        out.extend(implied_pass(game.to_move(), color));
        out.push(ColoredMove { color, mv });
        out
    }

    /// Whether the moves can be played after those of `replay` under the ruleset; the reason
    /// when not. The moves before the last are stepped (the last one is only checked): a
    /// caller keeps `replay` only when it has no such moves or they are kept too.
    fn check(replay: &mut Replay, moves: &[ColoredMove]) -> Result<(), String> {
        let (last, before) = moves.split_last().expect("at least the move itself");
        for m in before {
            step(replay, *m).map_err(|e| e.to_string())?;
        }
        let game = replay.game();
        if game.status() == Status::Finished {
            return Err(MoveError::GameOver.to_string());
        }
        match game.check(last.color, last.mv) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(illegal)) => Err(illegal.to_string()),
            Err(MoveError::Occupied(_)) => Err("the point is occupied".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn parse_move(&self, color: &str, vertex: &str) -> Result<(Color, Move), String> {
        let color = parse_color(color)?;
        let mv =
            parse_gtp_move(vertex, self.record.size).map_err(|e| format!("syntax error: {e}"))?;
        Ok((color, mv))
    }

    fn play(&mut self, color: &str, vertex: &str) -> Answer {
        let (color, mv) = self.parse_move(color, vertex)?;
        let replay = self.replay_for(color)?;
        let moves = Self::moves_for(replay.game(), color, mv);
        let checked = Self::check(replay, &moves).and_then(|()| {
            let last = moves.last().expect("at least the move itself");
            step(replay, *last).map_err(|e| e.to_string())
        });
        if let Err(why) = checked {
            if moves.len() > 1 {
                // The pass before the refused move was stepped: replay the record again.
                self.kept = None;
            }
            self.keep_if_first(color);
            return Err(format!("illegal move: {why}"));
        }
        self.moves_changed();
        for m in moves {
            let node = self.record.moves.len() + 1;
            self.record.moves.push(m);
            self.record.move_nodes.push(node);
        }
        Ok(String::new())
    }

    /// After a move is added or taken back, a loaded file's territory markup and result no
    /// longer describe the game's end.
    fn moves_changed(&mut self) {
        self.record.territory_markup = None;
        self.record.result = None;
        self.report = None;
    }

    fn legal(&mut self, color: &str, vertex: &str) -> Answer {
        let (color, mv) = self.parse_move(color, vertex)?;
        let replay = self.replay_for(color)?;
        let moves = Self::moves_for(replay.game(), color, mv);
        let checked = if moves.len() == 1 {
            Self::check(replay, &moves)
        } else {
            // The pass before the move would be stepped (only after a first move: before it,
            // the replay is one that `color` begins): check on a replay of its own.
            Self::check(&mut self.replay_from(self.record.first_player())?, &moves)
        };
        self.keep_if_first(color);
        Ok(match checked {
            Ok(()) => "true".into(),
            Err(why) => format!("false {why}"),
        })
    }

    fn undo(&mut self) -> Answer {
        if self.record.moves.pop().is_none() {
            return Err("cannot undo".into());
        }
        self.record.move_nodes.pop();
        self.moves_changed();
        self.replay_again();
        Ok(String::new())
    }

    fn fixed_handicap(&mut self, n: &str) -> Answer {
        let stones: u32 = n
            .parse()
            .map_err(|_| format!("syntax error: handicap {n:?}"))?;
        if !self.record.moves.is_empty() || !self.record.setup.is_empty() {
            return Err("board not empty".into());
        }
        let points = fixed_handicap(self.record.size, stones)
            .map_err(|e| format!("invalid number of stones: {e}"))?;
        self.set_handicap(&points);
        let size = self.record.size;
        Ok(points
            .iter()
            .map(|&p| gtp_point(p, size))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn set_free_handicap(&mut self, vertices: &[&str]) -> Answer {
        if !self.record.moves.is_empty() || !self.record.setup.is_empty() {
            return Err("board not empty".into());
        }
        let mut points: Vec<Point> = Vec::with_capacity(vertices.len());
        for v in vertices {
            let p =
                parse_gtp_point(v, self.record.size).map_err(|e| format!("syntax error: {e}"))?;
            if points.contains(&p) {
                return Err(format!("bad vertex list: {v} twice"));
            }
            points.push(p);
        }
        if points.len() < 2 || points.len() >= self.record.size.area() {
            return Err(
                "bad vertex list: a handicap is 2 stones or more, not the whole board".into(),
            );
        }
        self.set_handicap(&points);
        Ok(String::new())
    }

    fn set_handicap(&mut self, points: &[Point]) {
        self.record.handicap = points.len() as u32;
        self.record.setup = points.iter().map(|&p| (Color::Black, p)).collect();
        // Keep the setup's order (Black's stones row by row), as the record reader makes it.
        self.record.setup.sort_by_key(|&(_, p)| (p.y, p.x));
        self.replay_again();
    }

    fn showboard(&mut self) -> Answer {
        let game = self.replay()?.game();
        let st = game.state();
        Ok(format!(
            "\n{}\n{} to move; captures: Black {}, White {}",
            gorules_board::diagram::to_diagram(st.board()),
            game.to_move(),
            st.board().stones_removed(Color::White),
            st.board().stones_removed(Color::Black),
        ))
    }

    /// The comparison of the record under the ruleset, scored as it stands when it did not end
    /// in passes, with the dead stones of `--dead auto` (the record's markup, else the
    /// estimate).
    ///
    /// Made once for a position: kept until the position or the settings change.
    fn report(&mut self) -> Result<&GameReport, String> {
        if self.report.is_none() {
            let options = Options {
                dead: DeadStones::Auto,
                score_unfinished: true,
                ..Options::default()
            };
            self.reports_made += 1;
            let made = compare_game(&self.record, std::slice::from_ref(&self.rules), &options)
                .map_err(|e| e.to_string());
            self.report = Some(made);
        }
        self.report
            .as_ref()
            .expect("made above")
            .as_ref()
            .map_err(Clone::clone)
    }

    fn final_score(&mut self) -> Answer {
        let report = self.report()?;
        let ruleset = &report.rulesets[0];
        match ruleset.scores.first() {
            Some(s) => Ok(s.result.clone()),
            None => Err(format!("cannot score: play {}", ruleset.end.state)),
        }
    }

    fn final_status_list(&mut self, status: &str) -> Answer {
        let size = self.record.size;
        let board = self.record.final_board().map_err(|e| e.to_string())?;
        // The dead stones `final_score` removes: `--dead auto` on the position as it stands,
        // as the comparison found them (when the comparison cannot be made, as `resolve`
        // finds them, or why not).
        let dead = match self.report() {
            Ok(report) => report
                .game
                .dead_stones
                .iter()
                .map(|v| parse_gtp_point(v, size).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()?,
            Err(_) => resolve(&self.record, &DeadStones::Auto, true)?.stones,
        };
        let seki = seki_stones(&board, &dead);
        let listed: Vec<Point> = match status {
            "dead" => dead,
            "seki" => seki,
            "alive" => size
                .points()
                .filter(|p| board.get(*p).is_some() && !dead.contains(p) && !seki.contains(p))
                .collect(),
            _ => {
                return Err(format!(
                    "syntax error: status {status:?} (dead, alive or seki)"
                ))
            }
        };
        Ok(listed
            .iter()
            .map(|&p| gtp_point(p, size))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn loadsgf(&mut self, path: &str, move_number: Option<usize>) -> Answer {
        let games = read_sgf_file(path).map_err(|e| format!("cannot load file: {e}"))?;
        let Some(mut record) = games.into_iter().next() else {
            return Err(format!("cannot load file: {path}: no game in it"));
        };
        // "loadsgf FILE N": the position before move N.
        if let Some(n) = move_number {
            let keep = n.saturating_sub(1).min(record.moves.len());
            record.moves.truncate(keep);
            record.move_nodes.truncate(keep);
        }
        if move_number.is_some() {
            // The final node's markup and the result describe the end of the file's game.
            record.territory_markup = None;
            record.result = None;
        }
        let previous = std::mem::replace(&mut self.record, record);
        match self.replay_from(self.record.first_player()) {
            Ok(kept) => {
                self.kept = Some(kept);
                self.report = None;
                Ok(String::new())
            }
            Err(e) => {
                self.record = previous;
                Err(e)
            }
        }
    }

    fn set_rules(&mut self, spec: &str) -> Answer {
        let rules = load(spec).map_err(|e| e.to_string())?;
        self.use_rules(rules, spec)
    }

    /// `kata-get-rules`: the ruleset as KataGo's JSON without komi, as KataGo answers, when
    /// KataGo's rules express it exactly; else its id.
    fn kata_get_rules(&self) -> String {
        match KataGoRules::from_ruleset(&self.rules) {
            Some(k) => k.to_json(false),
            None => self.rules.id.clone(),
        }
    }

    /// `kata-set-rules RULES`: KataGo's rules string (a preset, compact or JSON, its words
    /// joined by spaces), exactly that KataGo ruleset; the komi is kept, as KataGo keeps it
    /// (a komi in the string is refused). A gorules ruleset (built-in id or TOML file) is
    /// also accepted.
    fn kata_set_rules(&mut self, text: &str) -> Answer {
        let komi = self.komi_now().points();
        let rules = match KataGoRules::parse_without_komi(text, komi as f32) {
            Ok(k) => k.ruleset(text).map_err(|e| e.to_string())?,
            Err(kata) => load(text).map_err(|_| kata.to_string())?,
        };
        self.use_rules(rules, text)
    }

    /// `kgs-rules NAME`, as KGS sends it to an engine and as KataGo answers it (KataGo
    /// gtp.cpp, `kgs-rules`): `chinese`, `aga`, `new_zealand` or `japanese` (any case) become
    /// KataGo's presets `chinese-kgs`, `aga`, `new_zealand` and `japanese`, the komi kept; any
    /// other name is refused as KataGo refuses it, `Unknown rules 'NAME'`.
    fn kgs_rules(&mut self, name: &str) -> Answer {
        let name = name.trim().to_lowercase();
        let preset = match name.as_str() {
            "chinese" => "chinese-kgs",
            "aga" | "new_zealand" | "japanese" => name.as_str(),
            _ => return Err(format!("Unknown rules '{name}'")),
        };
        self.kata_set_rules(preset)
    }

    /// Plays the game so far under `rules` (named `spec`), keeping the previous ruleset if it
    /// does not replay.
    fn use_rules(&mut self, rules: Ruleset, spec: &str) -> Answer {
        let previous = std::mem::replace(&mut self.rules, Arc::new(rules));
        match self.replay_from(self.record.first_player()) {
            Ok(kept) => {
                self.kept = Some(kept);
                self.report = None;
                Ok(String::new())
            }
            Err(e) => {
                self.rules = previous;
                Err(format!("the game so far does not replay under {spec}: {e}"))
            }
        }
    }
}

/// Steps one move of the record through the stepper, refusing what a referee refuses and the
/// stepper passes over: a move after the game finished ([`MoveError::GameOver`]), and one
/// that no longer fits the position after an illegal move was replaced by a pass (the reason
/// it does not fit). Any other refusal is the stepper's own.
fn step(replay: &mut Replay, m: ColoredMove) -> Result<(), MoveError> {
    if replay.game().status() == Status::Finished {
        return Err(MoveError::GameOver);
    }
    replay.step(m.color, m.mv)?;
    if replay.track() == Track::Diverged {
        // The stepper left the game as it was: the move's check gives the reason.
        return Err(replay
            .game()
            .check(m.color, m.mv)
            .err()
            .unwrap_or(MoveError::GameOver));
    }
    Ok(())
}

/// `black`/`b`/`white`/`w`, any case.
fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("syntax error: colour {text:?}")),
    }
}

/// The stones of chains in seki once `dead` is removed: the chains next to a seki eye (an
/// empty region both colours' living chains share, as `gorules_rules::seki` finds them).
fn seki_stones(board: &Board, dead: &[Point]) -> Vec<Point> {
    let mut b = board.clone();
    b.remove_stones(dead.iter().copied());
    let [black_eyes, white_eyes] = gorules_rules::seki::seki_eyes(&b);
    let size = b.size();
    size.points()
        .filter(|&p| {
            b.get(p).is_some()
                && b.chain_at(p).is_some_and(|chain| {
                    chain.stones.iter().any(|&s| {
                        size.neighbors(s)
                            .any(|q| black_eyes.contains(q) || white_eyes.contains(q))
                    })
                })
        })
        .collect()
}

/// Reads commands from `input` and writes the answers to `output` until `quit` or the end of
/// the input. A malformed or unknown command gets a `?` answer; nothing ends the loop early.
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    while let Some((line, cut)) = read_line(&mut input)? {
        if cut {
            let text = format_response(None, &Err("command line too long".into()));
            write_response(&mut output, &text)?;
            continue;
        }
        let Some(cmd) = parse_line(&line) else {
            continue;
        };
        let answer = engine.answer(&cmd);
        write_response(&mut output, &format_response(cmd.id, &answer))?;
        if cmd.name == "quit" && cmd.args.is_empty() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse_line;

    fn ask(engine: &mut Engine, line: &str) -> Answer {
        engine.answer(&parse_line(line).expect("a command"))
    }

    /// GTP boards are square, from 1x1 to 25x25. On the board of one point every play is a
    /// suicide (it has no neighbour), and there are no fixed handicap points.
    #[test]
    fn the_board_of_one_point() {
        let mut e = Engine::new(gorules_rules::builtin("chinese").expect("built in"));
        for bad in ["0", "26"] {
            assert_eq!(
                ask(&mut e, &format!("boardsize {bad}")),
                Err("unacceptable size".to_string())
            );
        }
        ask(&mut e, "boardsize 1").expect("1x1 is a board");
        assert_eq!(e.record().size, Size::square(1).unwrap());
        assert!(ask(&mut e, "showboard").unwrap().contains("\n   A\n 1 .\n"));
        for color in ["b", "w"] {
            let refused = ask(&mut e, &format!("play {color} a1")).unwrap_err();
            assert!(refused.contains("suicide"), "{refused}");
        }
        assert!(ask(&mut e, "play b b1").is_err(), "off the board");
        let handicap = ask(&mut e, "fixed_handicap 2").unwrap_err();
        assert!(
            handicap.starts_with("invalid number of stones"),
            "{handicap}"
        );
        // Two passes on the empty point: nothing to count for either side, komi 0: a draw.
        for line in ["komi 0", "play b pass", "play w pass"] {
            ask(&mut e, line).expect("accepted");
        }
        assert_eq!(ask(&mut e, "final_score"), Ok("0".to_string()));
        assert_eq!(ask(&mut e, "final_status_list dead"), Ok(String::new()));
    }

    /// The dead stones of a position are estimated once, however often and in whatever order
    /// `final_status_list` and `final_score` ask; any change of the position or the settings
    /// makes a new estimate.
    #[test]
    fn a_position_is_compared_once() {
        let mut e = Engine::new(gorules_rules::builtin("chinese").expect("built in"));
        for line in [
            "boardsize 7",
            "play b c3",
            "play w e5",
            "play b c5",
            "play w e3",
            "play b d4",
        ] {
            ask(&mut e, line).expect("accepted");
        }
        assert_eq!(e.reports_made, 0);
        let dead = ask(&mut e, "final_status_list dead");
        let score = ask(&mut e, "final_score");
        assert!(score.is_ok(), "{score:?}");
        assert_eq!(e.reports_made, 1, "final_score after final_status_list");
        for line in [
            "final_score",
            "final_status_list alive",
            "final_status_list seki",
            "gorules-score",
            "showboard",
            "gorules-legal w d5",
            "printsgf",
        ] {
            ask(&mut e, line).expect("answered");
        }
        assert_eq!(ask(&mut e, "final_status_list dead"), dead);
        assert_eq!(e.reports_made, 1, "nothing changed the position");

        // Each change makes one new comparison, whichever command asks first.
        let changes = [
            "play w d5",
            "undo",
            "komi 0.5",
            "kata-set-rules japanese",
            "gorules-rules chinese",
            "clear_board",
            "boardsize 9",
            "fixed_handicap 2",
        ];
        for (i, change) in changes.iter().enumerate() {
            ask(&mut e, change).expect("accepted");
            let first = if i % 2 == 0 {
                "final_score"
            } else {
                "final_status_list dead"
            };
            let _ = ask(&mut e, first);
            let _ = ask(&mut e, "final_score");
            let _ = ask(&mut e, "final_status_list dead");
            assert_eq!(e.reports_made, 2 + i as u64, "after {change}");
        }
        // A refused move changes nothing.
        assert!(ask(&mut e, "play b d4").is_ok());
        let _ = ask(&mut e, "final_score");
        let made = e.reports_made;
        assert!(ask(&mut e, "play w d4").is_err());
        let _ = ask(&mut e, "final_score");
        assert_eq!(e.reports_made, made);
    }
}
