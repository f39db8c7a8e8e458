"""Bad arguments raise the package's own exceptions, with a message naming the argument: numbers
out of range (never OverflowError), file names that are not UTF-8 (read as the file system names
them, never UnicodeEncodeError); a Game may be shared by threads; and a ruleset lives as long as
the games that use it, no longer."""

import os
import sys
import threading

import pytest

import gorules

GAME = "(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[];B[])"


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: gorules.Game(5, handicap=2**70), "handicap"),
        (lambda: gorules.Game(5, handicap=-1), "handicap"),
        (lambda: gorules.Game(10**30), "board size"),
        (lambda: gorules.Game((5, -(10**30))), "board size"),
        (lambda: gorules.Game(5, komi=10**400), "komi"),
        (lambda: gorules.Game(5).play("b", (10**30, 0)), "off the 5x5 board"),
        (lambda: gorules.Ruleset.builtin("concord").default_komi(handicap=-1), "handicap"),
        (lambda: gorules.score(GAME, max_file_size=-1), "max_file_size"),
        (lambda: gorules.score(GAME, komi=-(10**400)), "komi"),
        (lambda: gorules.compare(".", jobs=2**70), "jobs"),
        (lambda: gorules.compare(".", jobs=3000), "jobs: 3000 threads is more than the 256"),
        (lambda: gorules.compare(".", examples=-1), "examples"),
        (lambda: gorules.fuzz("concord-area-territory", games=-1), "games"),
        (lambda: gorules.fuzz("concord-area-territory", seed=2**64), "seed"),
        (lambda: gorules.fuzz("concord-area-territory", counterexamples=-5), "counterexamples"),
        (lambda: gorules.fuzz("concord-area-territory", max_handicap=2**40), "max_handicap"),
    ],
)
def test_numbers_out_of_range_are_the_packages_errors(call, name):
    with pytest.raises(gorules.GorulesError, match=name) as e:
        call()
    assert not isinstance(e.value, OverflowError)


def test_not_an_integer_is_a_type_error():
    with pytest.raises(TypeError, match="games: a whole number"):
        gorules.fuzz("concord-area-territory", games="many")


@pytest.mark.skipif(sys.platform == "win32", reason="file names are not bytes there")
def test_file_names_that_are_not_utf8_are_read(tmp_path):
    # A name that is not UTF-8 (Latin-1 "é"): Python names it with a lone surrogate.
    raw = os.fsencode(str(tmp_path)) + b"/partie-\xe9"
    with open(raw + b".sgf", "wb") as f:
        f.write(GAME.encode())
    with open(raw + b".toml", "wb") as f:
        f.write(b'id = "mine"\nextends = "chinese"\n')
    sgf = os.fsdecode(raw + b".sgf")
    toml = os.fsdecode(raw + b".toml")
    assert "\udce9" in sgf
    [game] = gorules.score(sgf, rules="chinese")
    # Black's c3 and passes: the whole 5x5 board is Black's by area, komi 0.5.
    assert game["rulesets"][0]["scores"][0]["result"] == "B+24.5"
    assert gorules.Ruleset.from_toml(toml).id == "mine"
    assert gorules.Ruleset.load(toml).id == "mine"
    assert gorules.Game(5, rules=toml).rules.id == "mine"
    [game] = gorules.score(GAME, rules=toml)
    assert game["rulesets"][0]["ruleset"] == "mine"


def test_text_that_is_not_utf8_is_refused_by_name():
    with pytest.raises(gorules.GorulesError, match="from_toml: .* is not text"):
        gorules.Ruleset.from_toml('id = "\udce9"\n')
    with pytest.raises(gorules.GorulesError, match="vertex: .* is not text"):
        gorules.Game(5).play("b", "\udce9")
    with pytest.raises(gorules.GorulesError, match="sgf|no such file"):
        gorules.score("missing-\udce9.sgf")


def test_a_game_shared_by_threads_works():
    # Each thread plays its own colour on its own row, and reads the game meanwhile: every
    # call runs alone, none is refused for the game being in use.
    game = gorules.Game(9, "chinese", komi=0.5)
    errors = []
    turn = threading.Condition()

    def play(color, row):
        try:
            for x in range(9):
                with turn:
                    # The other thread's move comes, unless that thread failed.
                    if not turn.wait_for(lambda: game.to_move == color or errors, timeout=30):
                        raise AssertionError("the other thread never moved")
                    if errors:
                        return
                    game.play(color, (x, row))
                    turn.notify_all()
                game.score()
                game.board
                repr(game)
        except Exception as e:  # noqa: BLE001 (any failure fails the test)
            errors.append(e)

    def read():
        try:
            for _ in range(300):
                game.scores()
                game.moves
                game.is_legal("black", "E5")
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=play, args=("black", 0)),
               threading.Thread(target=play, args=("white", 8))]
    threads += [threading.Thread(target=read) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(game.moves) == 18
    assert game.board[0] == "X" * 9 and game.board[8] == "O" * 9


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc (Linux)")
def test_a_ruleset_goes_with_the_last_game_that_uses_it():
    # Forty rulesets of 5 MB each (a long description), one game each, each game dropped:
    # kept for the life of the process, they would hold 200 MB.
    def resident() -> int:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    filler = "x" * (5 << 20)
    gorules.Game(5, rules=gorules.Ruleset.from_toml(f'id = "big"\nextends = "chinese"\ndescription = "{filler}"\n'))
    before = resident()
    for i in range(40):
        rules = gorules.Ruleset.from_toml(
            f'id = "big"\nextends = "chinese"\ndescription = "{filler}{i}"\n'
        )
        game = gorules.Game(5, rules=rules)
        game.play("b", "C3")
        del game, rules
    grown = resident() - before
    assert grown < 60 << 20, f"{grown >> 20} MB kept after the games were dropped"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_files_are_read_only_when_regular_and_small(tmp_path):
    # A sparse file of 3 GB (no disk behind it) as a ruleset, and a device as a record or a
    # ruleset: refused from what the file is, before any of it is read.
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(3 << 30)
    for read in (gorules.Ruleset.from_toml, gorules.Ruleset.load, lambda p: gorules.Game(5, rules=p)):
        with pytest.raises(gorules.RulesError, match="3072 MiB is larger than the limit of 1 MiB"):
            read(str(big))
    with pytest.raises(gorules.RulesError, match="not a regular file"):
        gorules.Ruleset.from_toml("/dev/zero")
    with pytest.raises(gorules.GorulesError, match="not a regular file"):
        gorules.score("/dev/zero")
