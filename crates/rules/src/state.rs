//! What a game has been so far: the board, every move, every position, prisoners and passes.
//! Rulesets read it to decide legality, the end of play and the score.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex};

use gorules_board::{side_to_move_key, Board, Color, Move, Point, PointSet, Position};

use crate::cleanup::Cleanup;
use crate::score::Prisoners;
use gorules_board::HashCounts;

/// Why a move in the game is not the plain move it looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A move as given.
    Normal,
    /// An illegal board play that the ruleset replaced with a pass.
    ReplacedIllegal,
    /// A pass added at the end because the end-of-play protocol required it.
    AddedPass,
    /// A play at a blocked ko in a cleanup phase (`end-of-play = "cleanup-phases"`): it
    /// lifted the block and left the board unchanged. Applied as a pass, but not a pass: it
    /// neither counts toward the passes that end a phase nor takes the button.
    PassForKo,
}

/// One move of the game as it was applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// Who moved.
    pub color: Color,
    /// What was applied to the board (a pass for a replaced illegal move).
    pub applied: Move,
    /// What was asked for (differs from `applied` for a replaced illegal move).
    pub requested: Move,
    /// Why the move is what it is.
    pub kind: MoveKind,
    /// Which playing phase it belongs to: 0 for the main play, 1 for the first resumption, ...
    pub phase: u32,
}

/// One state of the game: the position and who is to move, after the setup or after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateEntry {
    /// Zobrist hash of the stones.
    pub hash: u64,
    /// Player to move in this state.
    pub to_move: Color,
    /// The colour whose board play created this state (`None` after a pass or the setup).
    pub created_by_play_of: Option<Color>,
}

impl MoveEntry {
    /// Whether the move is a pass (a pass for ko is not one).
    pub fn is_pass(&self) -> bool {
        self.applied == Move::Pass && self.kind != MoveKind::PassForKo
    }
}

impl StateEntry {
    /// The hash of (position, player to move), for situational comparisons.
    pub fn situation_hash(&self) -> u64 {
        self.hash ^ side_to_move_key(self.to_move)
    }
}

/// How often each board hash occurs in a history. After [`Seen::share`], copies share the
/// counts so far (read-only from then on) and each counts what it adds in a table of its own,
/// so that forking a game ([`crate::Game::fork`]) copies no table.
#[derive(Clone, Debug, Default)]
struct Seen {
    /// The counts frozen by [`Seen::share`].
    shared: Option<Arc<HashCounts>>,
    /// The counts added since (all of them in a table never shared).
    own: HashCounts,
    /// Distinct hashes in both.
    distinct: usize,
}

impl Seen {
    /// An empty table with room for `room` hashes.
    fn with_capacity(room: usize) -> Seen {
        Seen {
            shared: None,
            own: HashCounts::with_capacity(room),
            distinct: 0,
        }
    }

    /// How often `hash` occurs.
    #[inline]
    fn count(&self, hash: u64) -> u32 {
        let shared = self.shared.as_ref().map_or(0, |t| t.get(hash));
        shared + self.own.get(hash)
    }

    /// Counts one more occurrence of `hash`.
    #[inline]
    fn add(&mut self, hash: u64) {
        let before = self.own.add(hash, 1);
        let fresh = before == 0 && self.shared.as_ref().is_none_or(|t| t.get(hash) == 0);
        self.distinct += usize::from(fresh);
    }

    /// Where `hash` would be added, if it never occurred: for [`Seen::add_new`].
    #[inline]
    fn new_slot(&self, hash: u64) -> Option<usize> {
        if self.shared.as_ref().is_some_and(|t| t.get(hash) != 0) {
            return None;
        }
        self.own.free_slot(hash)
    }

    /// Counts the first occurrence of `hash`, given the slot [`Seen::new_slot`] found for it
    /// with no change since (no second probe).
    #[inline]
    fn add_new(&mut self, slot: usize, hash: u64) {
        self.own.insert_at(slot, hash);
        self.distinct += 1;
    }

    /// Freezes the counts so far into the table copies share.
    fn share(&mut self) {
        if self.own.is_empty() {
            return;
        }
        match &mut self.shared {
            None => self.shared = Some(Arc::new(std::mem::take(&mut self.own))),
            Some(table) => {
                let table = Arc::make_mut(table);
                for (hash, n) in self.own.iter() {
                    table.add(hash, n);
                }
                self.own.clear();
            }
        }
    }

    /// Empties the table.
    fn clear(&mut self) {
        self.shared = None;
        self.own.clear();
        self.distinct = 0;
    }
}

/// A value a game owns, or shares read-only with its forks after [`Shareable::share`]; the
/// first change to a shared value copies it (or takes it back when no other copy is left).
/// The board of a forked game is the original's until the fork plays a stone or removes one.
#[derive(Debug)]
pub(crate) struct Shareable<T> {
    /// The value, when owned (exactly one of `own` and `shared` holds it).
    own: Option<T>,
    /// The value, when shared.
    shared: Option<Arc<Frozen<T>>>,
}

/// A shared value, and the values its holders made of it by removing stones (the settlement
/// of dead stones, [`Shareable::remove_stones`]): forks that remove the same stones from the
/// same shared board share the board that leaves instead of each copying the board to change
/// it.
#[derive(Debug)]
struct Frozen<T> {
    value: T,
    /// Each set of points removed so far, with the value it left.
    removals: Mutex<Vec<(PointSet, Arc<Frozen<T>>)>>,
}

impl<T> Frozen<T> {
    fn new(value: T) -> Arc<Frozen<T>> {
        Arc::new(Frozen {
            value,
            removals: Mutex::new(Vec::new()),
        })
    }
}

impl<T: Clone> Shareable<T> {
    fn new(value: T) -> Shareable<T> {
        Shareable {
            own: Some(value),
            shared: None,
        }
    }

    /// Shares the value with the copies made from now on.
    fn share(&mut self) {
        if let Some(value) = self.own.take() {
            self.shared = Some(Frozen::new(value));
        }
    }
}

/// A copy of an owned value is a copy; of a shared one, one more share.
impl<T: Clone> Clone for Shareable<T> {
    fn clone(&self) -> Shareable<T> {
        Shareable {
            own: self.own.clone(),
            shared: self.shared.clone(),
        }
    }
}

impl<T> Deref for Shareable<T> {
    type Target = T;
    fn deref(&self) -> &T {
        match (&self.own, &self.shared) {
            (Some(value), _) => value,
            (None, Some(shared)) => &shared.value,
            (None, None) => unreachable!("a shareable value is owned or shared"),
        }
    }
}

impl<T: Clone> Shareable<T> {
    /// Takes the shared value back as an owned one (copying it if another copy holds it).
    #[cold]
    #[inline(never)]
    fn unshare(&mut self) {
        if let Some(shared) = self.shared.take() {
            self.own = Some(match Arc::try_unwrap(shared) {
                Ok(frozen) => frozen.value,
                Err(shared) => shared.value.clone(),
            });
        }
    }
}

impl<T: Clone> DerefMut for Shareable<T> {
    /// Inlined: an owned value (every change but a fork's first) costs one test.
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        if self.shared.is_some() {
            self.unshare();
        }
        self.own
            .as_mut()
            .expect("a shareable value is owned or shared")
    }
}

impl Shareable<Board> {
    /// Removes the stones on `points` as [`Board::remove_stones`] does, and returns the number
    /// removed of each colour. A board shared with other holders is not copied when one of
    /// them removed the same points from it before: the board that left is shared instead
    /// (the result depends on the board and the set of points alone).
    pub(crate) fn remove_stones(&mut self, points: &[Point]) -> [u32; 2] {
        let shared = match &mut self.shared {
            Some(shared) if Arc::strong_count(shared) > 1 => shared,
            _ => return self.deref_mut().remove_stones(points.iter().copied()),
        };
        let mut key = PointSet::empty(shared.value.size());
        for &p in points {
            if shared.value.size().contains(p) {
                key.insert(p);
            }
        }
        if key.len() != points.len() {
            // Points off the board or given twice: left to the board to sort out, on a copy.
            return self.deref_mut().remove_stones(points.iter().copied());
        }
        let left = {
            let mut removals = shared
                .removals
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match removals.iter().find(|(k, _)| *k == key) {
                Some((_, left)) => Arc::clone(left),
                None => {
                    let mut board = shared.value.clone();
                    board.remove_stones(points.iter().copied());
                    let left = Frozen::new(board);
                    removals.push((key, Arc::clone(&left)));
                    left
                }
            }
        };
        let counts =
            Color::ALL.map(|c| shared.value.stones_on_board(c) - left.value.stones_on_board(c));
        *shared = left;
        counts
    }
}

/// Moves a fork may add after it is made (passes, the end-of-play protocol) without growing
/// its lists.
const FORK_ROOM: usize = 8;

/// A copy of `items` with room for [`FORK_ROOM`] more.
fn with_room<T: Copy>(items: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(items.len() + FORK_ROOM);
    out.extend_from_slice(items);
    out
}

/// The game so far.
#[derive(Debug)]
pub struct GameState {
    /// Shared: it never changes, and forks of a game ([`crate::Game::fork`]) keep it.
    pub(crate) initial: Arc<Board>,
    /// Shared with the game it was forked from until either changes it.
    pub(crate) board: Shareable<Board>,
    pub(crate) komi: crate::Komi,
    pub(crate) handicap: u32,
    pub(crate) to_move: Color,
    pub(crate) moves: Vec<MoveEntry>,
    pub(crate) history: Vec<StateEntry>,
    /// How often each board hash occurs in `history`: a repetition check asks this first.
    seen: Seen,
    /// States of `history` created by a pass (played, added, or replacing an illegal move).
    pass_states: usize,
    /// Who made the first pass in `moves` ([`GameState::first_pass`] without a scan).
    first_passer: Option<Color>,
    pub(crate) prisoners: [Prisoners; 2],
    pub(crate) ko_point: Option<Point>,
    pub(crate) phase: u32,
    pub(crate) phase_start: usize,
    pub(crate) until_captured: bool,
    pub(crate) dead_removed: bool,
    /// The first state of `history` that counts for repetition (states before the button
    /// was taken do not).
    pub(crate) repetition_start: usize,
    /// The current cleanup phase's state (`end-of-play = "cleanup-phases"`).
    pub(crate) cleanup: Cleanup,
}

/// A copy shares the setup board and, once the game is shared (the common opening of
/// [`crate::fast::FastReplay::plain_opening`]), the board (until either copy changes it) and the
/// repetition counts (each copy counts what it adds on its own); the rest is copied, the move
/// and state lists with room for a few more entries.
impl Clone for GameState {
    fn clone(&self) -> GameState {
        GameState {
            initial: Arc::clone(&self.initial),
            board: self.board.clone(),
            komi: self.komi,
            handicap: self.handicap,
            to_move: self.to_move,
            moves: with_room(&self.moves),
            history: with_room(&self.history),
            seen: self.seen.clone(),
            pass_states: self.pass_states,
            first_passer: self.first_passer,
            prisoners: self.prisoners,
            ko_point: self.ko_point,
            phase: self.phase,
            phase_start: self.phase_start,
            until_captured: self.until_captured,
            dead_removed: self.dead_removed,
            repetition_start: self.repetition_start,
            cleanup: self.cleanup.clone(),
        }
    }
}

impl GameState {
    /// A game from `board` before its first move, with room for `moves` moves at most
    /// (`None`: as many as a game on this board typically has) before its tables grow.
    pub(crate) fn new(
        board: Board,
        komi: crate::Komi,
        handicap: u32,
        to_move: Color,
        moves: Option<usize>,
    ) -> GameState {
        let first = StateEntry {
            hash: board.hash(),
            to_move,
            created_by_play_of: None,
        };
        // Room for a typical game (about three moves per point at most before the players
        // pass), so that play does not spend its time growing the tables; for fewer moves when
        // the caller knows there are fewer (the tables grow if there are more).
        let typical = 3 * board.size().area();
        let room = moves.map_or(typical, |n| n.min(typical)) + 16;
        let mut seen = Seen::with_capacity(room);
        seen.add(first.hash);
        let mut history = Vec::with_capacity(room + 1);
        history.push(first);
        GameState {
            seen,
            pass_states: 0,
            first_passer: None,
            initial: Arc::new(board.clone()),
            board: Shareable::new(board),
            komi,
            handicap,
            to_move,
            moves: Vec::with_capacity(room),
            history,
            prisoners: [Prisoners::default(); 2],
            ko_point: None,
            phase: 0,
            phase_start: 0,
            until_captured: false,
            dead_removed: false,
            repetition_start: 0,
            cleanup: Cleanup::default(),
        }
    }

    /// Starts over from `board`, as [`GameState::new`] would, reusing the buffers.
    pub(crate) fn restart(
        &mut self,
        board: &Board,
        komi: crate::Komi,
        handicap: u32,
        to_move: Color,
    ) {
        let first = StateEntry {
            hash: board.hash(),
            to_move,
            created_by_play_of: None,
        };
        Arc::make_mut(&mut self.initial).clone_from(board);
        Board::clone_from(&mut self.board, board);
        self.komi = komi;
        self.handicap = handicap;
        self.to_move = to_move;
        self.moves.clear();
        self.history.clear();
        self.history.push(first);
        self.seen.clear();
        self.seen.add(first.hash);
        self.pass_states = 0;
        self.first_passer = None;
        self.prisoners = [Prisoners::default(); 2];
        self.ko_point = None;
        self.phase = 0;
        self.phase_start = 0;
        self.until_captured = false;
        self.dead_removed = false;
        self.repetition_start = 0;
        self.cleanup.clear();
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board after the setup (handicap stones), before any move.
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    /// Komi for White.
    pub fn komi(&self) -> crate::Komi {
        self.komi
    }

    /// Number of handicap stones (0 for an even game).
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Every move so far, added passes and replaced illegal moves included.
    pub fn moves(&self) -> &[MoveEntry] {
        &self.moves
    }

    /// Every state: the setup, then one per move.
    pub fn history(&self) -> &[StateEntry] {
        &self.history
    }

    /// Prisoners held by `c`.
    pub fn prisoners(&self, c: Color) -> &Prisoners {
        &self.prisoners[c.index()]
    }

    /// The point simple ko forbids to the player to move, if the last move was a ko capture.
    pub fn ko_point(&self) -> Option<Point> {
        self.ko_point
    }

    /// The current playing phase: 0 for the main play, then one more per resumption.
    pub fn phase(&self) -> u32 {
        self.phase
    }

    /// The moves of the current phase.
    pub fn phase_moves(&self) -> &[MoveEntry] {
        &self.moves[self.phase_start..]
    }

    /// Whether the players called "play until all dead stones are captured".
    pub fn until_captured(&self) -> bool {
        self.until_captured
    }

    /// Whether agreed dead stones have been removed.
    pub fn dead_removed(&self) -> bool {
        self.dead_removed
    }

    /// Number of passes by `c` in the whole game.
    pub fn passes(&self, c: Color) -> u32 {
        self.moves
            .iter()
            .filter(|m| m.color == c && m.is_pass())
            .count() as u32
    }

    /// Who made the game's very first pass.
    pub fn first_pass(&self) -> Option<Color> {
        debug_assert_eq!(
            self.first_passer,
            self.moves.iter().find(|m| m.is_pass()).map(|m| m.color)
        );
        self.first_passer
    }

    /// Records a move (every move goes through here, or through [`GameState::play_plain`],
    /// which records board plays only).
    pub(crate) fn push_move(&mut self, entry: MoveEntry) {
        if entry.is_pass() && self.first_passer.is_none() {
            self.first_passer = Some(entry.color);
        }
        self.moves.push(entry);
    }

    /// Who made the game's last pass.
    pub fn last_pass(&self) -> Option<Color> {
        self.moves
            .iter()
            .rev()
            .find(|m| m.is_pass())
            .map(|m| m.color)
    }

    /// Who made the game's last board play.
    pub fn last_board_play(&self) -> Option<Color> {
        self.moves
            .iter()
            .rev()
            .find(|m| m.applied != Move::Pass)
            .map(|m| m.color)
    }

    /// Passes in a row at the end of the current phase.
    pub fn consecutive_passes(&self) -> u32 {
        self.phase_moves()
            .iter()
            .rev()
            .take_while(|m| m.is_pass())
            .count() as u32
    }

    /// How many states in the history hold a board with this hash.
    pub fn board_occurrences(&self, hash: u64) -> u32 {
        self.seen.count(hash)
    }

    /// Whether no board position occurs twice in the history (compared by hash: a hash
    /// collision counts as a repetition).
    pub(crate) fn all_positions_distinct(&self) -> bool {
        self.seen.distinct == self.history.len()
    }

    /// Makes copies share the board and the repetition counts so far instead of copying them
    /// (each copy then counts, and changes the board, on its own).
    pub(crate) fn share(&mut self) {
        self.board.share();
        self.seen.share();
    }

    /// Whether every move so far was a board play: none a pass (a move that is not
    /// [`MoveKind::Normal`] applies a pass too).
    pub(crate) fn plays_only(&self) -> bool {
        self.pass_states == 0
    }

    /// Records a new state after a move.
    pub(crate) fn push_state(&mut self, entry: StateEntry) {
        self.seen.add(entry.hash);
        self.pass_states += usize::from(entry.created_by_play_of.is_none());
        self.history.push(entry);
    }

    /// Plays a stone of `color` at `p` when the play is *plain*: `color` is to move, `p` is a
    /// free point of the board and not the ko point, and the play is no suicide and makes a
    /// position the game has not seen. Records it as [`crate::Game::play`] records a legal
    /// play (captures, ko point, move, state) and returns `true`; otherwise changes nothing and
    /// returns `false`. No [`crate::Ruleset`] refuses a plain play or ends play with one (see
    /// [`crate::Game::plain_opening`]); one board preview serves the checks and the play.
    pub(crate) fn play_plain(&mut self, color: Color, p: Point) -> bool {
        if color != self.to_move || self.ko_point == Some(p) {
            return false;
        }
        let seen = &self.seen;
        // The repetition table's slot for the new position, found by the check and used by
        // the insert (nothing changes the table in between).
        let mut slot = None;
        let accept = |pv: &gorules_board::Preview| {
            slot = seen.new_slot(pv.hash);
            slot.is_some()
        };
        let placed = match self.board.play_if(color, p, accept) {
            Ok(Some(placed)) => placed,
            // Off the board, onto a stone, a suicide or a position seen before.
            _ => return false,
        };
        let slot = slot.expect("an accepted play has a free slot");
        self.prisoners[color.index()].captures += placed.captured;
        self.ko_point = placed.ko_point;
        self.moves.push(MoveEntry {
            color,
            applied: Move::Play(p),
            requested: Move::Play(p),
            kind: MoveKind::Normal,
            phase: self.phase,
        });
        self.to_move = color.opponent();
        // A board play (not a pass state), of a position never seen.
        let hash = self.board.hash();
        self.seen.add_new(slot, hash);
        self.history.push(StateEntry {
            hash,
            to_move: self.to_move,
            created_by_play_of: Some(color),
        });
        true
    }

    /// The board as it was in state `k` of [`GameState::history`], rebuilt by replaying the
    /// moves: used to confirm that an equal hash is really an equal position.
    pub fn position_at(&self, k: usize) -> Position {
        let mut b = Board::clone(&self.initial);
        for m in &self.moves[..k] {
            if let Move::Play(p) = m.applied {
                b.play_allowing_suicide(m.color, p)
                    .expect("moves in the history were applied before");
            }
        }
        b.position()
    }

    /// Whether some earlier state satisfies `same` and really holds the position `position`
    /// (hash matches are confirmed against the rebuilt position).
    pub(crate) fn repeats(
        &self,
        hash: u64,
        position: impl Fn() -> Position,
        same: impl Fn(&StateEntry) -> bool,
    ) -> bool {
        if self.seen.count(hash) == 0 {
            return false;
        }
        let mut wanted: Option<Position> = None;
        for (k, e) in self.history.iter().enumerate().skip(self.repetition_start) {
            if e.hash == hash && same(e) {
                let p = wanted.get_or_insert_with(&position);
                if *p == self.position_at(k) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_of_a_shared_repetition_table_share_what_came_before_and_count_their_own() {
        let mut seen = Seen::with_capacity(4);
        for h in [1, 2, 2] {
            seen.add(h);
        }
        seen.share();
        assert!(seen.own.is_empty());
        let mut copy = seen.clone();
        for h in [2, 3, 3, 1] {
            copy.add(h);
        }
        assert_eq!([1, 2, 3, 4].map(|h| copy.count(h)), [2, 3, 2, 0]);
        assert_eq!(copy.distinct, 3);
        assert!(Arc::ptr_eq(
            seen.shared.as_ref().unwrap(),
            copy.shared.as_ref().unwrap()
        ));
        // The original is unchanged, and counts on on its own.
        assert_eq!([1, 2, 3].map(|h| seen.count(h)), [1, 2, 0]);
        assert_eq!(seen.distinct, 2);
        seen.add(3);
        assert_eq!((seen.count(3), seen.distinct), (1, 3));
        // Sharing again folds its own counts into its (still shared) table.
        seen.share();
        assert_eq!(
            ([1, 2, 3].map(|h| seen.count(h)), seen.distinct),
            ([1, 2, 1], 3)
        );
        assert_eq!(copy.count(3), 2, "the copy keeps its counts");
        seen.clear();
        assert_eq!((seen.count(2), seen.distinct), (0, 0));
    }

    #[test]
    fn a_table_never_shared_is_copied() {
        let mut seen = Seen::with_capacity(4);
        seen.add(1);
        let mut copy = seen.clone();
        copy.add(1);
        seen.add(2);
        assert_eq!(([1, 2].map(|h| seen.count(h)), seen.distinct), ([1, 1], 2));
        assert_eq!(([1, 2].map(|h| copy.count(h)), copy.distinct), ([2, 0], 1));
    }

    #[test]
    fn holders_that_remove_the_same_stones_from_a_shared_board_share_what_is_left() {
        let board = gorules_board::diagram::from_diagram(
            ". X O .\n\
             X X O .\n\
             O O O .\n\
             . . X X",
        )
        .unwrap();
        let dead = [Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)];
        let mut expected = board.clone();
        let expected_counts = expected.remove_stones(dead);
        let mut original = Shareable::new(board);
        original.share();
        let (mut a, mut b, mut c) = (original.clone(), original.clone(), original.clone());
        // The same points in another order are the same removal.
        let mut reversed = dead;
        reversed.reverse();
        assert_eq!(a.remove_stones(&dead), expected_counts);
        assert_eq!(b.remove_stones(&reversed), expected_counts);
        // Another set of points: a board of its own (one stone of the chain: that stone alone).
        assert_eq!(c.remove_stones(&dead[..1]), [1, 0]);
        for holder in [&a, &b] {
            assert_eq!(**holder, expected);
            assert_eq!(holder.last_removed(), expected.last_removed());
        }
        let (a_shared, b_shared) = (a.shared.as_ref().unwrap(), b.shared.as_ref().unwrap());
        assert!(Arc::ptr_eq(a_shared, b_shared), "one board left, shared");
        assert!(!Arc::ptr_eq(a_shared, c.shared.as_ref().unwrap()));
        assert_eq!(
            original.stones_on_board(Color::Black),
            5,
            "the original is unchanged"
        );
        // A change after the removal copies the board left, as any change of a shared board.
        a.play(Color::Black, Point::new(3, 0)).unwrap();
        assert_eq!(*b, expected);
    }

    #[test]
    fn a_shared_board_is_copied_on_its_first_change() {
        let size = gorules_board::Size::square(5).unwrap();
        let mut board = Shareable::new(Board::new(size));
        board.share();
        let mut copy = board.clone();
        copy.play(Color::Black, Point::new(2, 2)).unwrap();
        assert_eq!(copy.get(Point::new(2, 2)), Some(Color::Black));
        assert_eq!(board.get(Point::new(2, 2)), None);
        assert!(copy.shared.is_none() && copy.own.is_some());
        // The last holder takes the value back without copying it.
        drop(copy);
        board.play(Color::White, Point::new(0, 0)).unwrap();
        assert_eq!(board.stones_on_board(Color::White), 1);
    }
}
