"""gorules.Game: a game played move by move, each rule checked against the text that states it."""

import pytest

import gorules


def ko_game(rules: str) -> gorules.Game:
    # 5x5, komi 0. Black C4 B3 C2 and White D4 E3 D2 make a ko at C3/D3: Black plays D3,
    # White takes it at C3.
    g = gorules.Game(5, rules, komi=0)
    for color, vertex in [("b", "C4"), ("w", "D4"), ("b", "B3"), ("w", "E3"), ("b", "C2"), ("w", "D2"),
                          ("b", "D3")]:
        g.play(color, vertex)
    report = g.play("white", "C3")
    assert report["captured"] == 1
    assert g.stone_at("D3") is None
    return g


def test_simple_ko_refuses_the_immediate_retake():
    # Japanese Rules of Go (1989), Article 6: a player may not immediately recapture a ko.
    g = ko_game("japanese")
    before = g.board
    assert not g.is_legal("black", "D3")
    assert g.illegal_reason("black", "D3") == "ko: immediate recapture"
    with pytest.raises(gorules.IllegalMoveError) as e:
        g.play("black", "D3")
    assert e.value.reason == "ko: immediate recapture"
    assert isinstance(e.value, ValueError)
    # Refused, not played: the board, the turn and the moves are unchanged.
    assert g.board == before
    assert g.to_move == "black"
    assert len(g.moves) == 8
    # After an exchange elsewhere (a ko threat and its answer) the retake is legal.
    g.play("black", "A5")
    g.play("white", "E5")
    assert g.is_legal("black", "D3")
    assert g.play("black", "D3")["captured"] == 1
    assert g.stone_at("C3") is None


def test_superko_names_its_rule():
    # The Chinese ruleset forbids the retake as a repetition of the whole board (positional
    # superko, the Chinese Weiqi rules' ban on repeating a position).
    g = ko_game("chinese")
    reason = g.illegal_reason("black", "D3")
    assert reason is not None and "repeats an earlier position" in reason


def test_allow_illegal_applies_the_rulesets_handling():
    # Japanese Rules of Go (1989), Article 14: an illegal move loses the game.
    g = ko_game("japanese")
    report = g.play("black", "D3", allow_illegal=True)
    assert report["illegal"] == "ko: immediate recapture"
    assert g.status == "finished"
    assert g.score()["result"] == "W+F"
    # Chinese Weiqi rules: the forbidden move is void and counts as a pass.
    g = ko_game("chinese")
    report = g.play("black", "D3", allow_illegal=True)
    assert report["illegal"] is not None
    assert g.status == "playing" and g.to_move == "white"
    assert g.moves[-1] == ("black", "pass")


def test_suicide():
    # White A2 and B1 take both liberties of A1: a Black stone there would have none.
    def corner(rules: str) -> gorules.Game:
        g = gorules.Game(5, rules, komi=0)
        g.play("black", "E5")
        g.play("white", "A2")
        g.play("black", "E4")
        g.play("white", "B1")
        return g

    # Japanese Rules of Go (1989), Article 4: a play that leaves one's own stones without
    # liberties, capturing nothing, is forbidden.
    g = corner("japanese")
    assert g.illegal_reason("black", "A1") == "suicide of a single stone"
    with pytest.raises(gorules.IllegalMoveError, match="suicide"):
        g.play("black", (0, 4))  # A1 as (column, row from the top)
    # New Zealand Rules of Go: suicide is allowed; the stones are removed.
    g = corner("new-zealand")
    assert g.is_legal("black", "A1")
    report = g.play("black", "A1")
    assert (report["captured"], report["suicided"]) == (0, 1)
    assert g.stone_at("A1") is None


def test_play_to_the_end_and_score():
    # 5x5, Chinese rules, komi 0.5: Black C1-C5, White D1-D5, both pass.
    g = gorules.Game(5, "chinese", komi=0.5)
    for row in range(1, 6):
        g.play("black", f"C{row}")
        g.play("white", f"D{row}")
    assert g.board == ["..XO."] * 5
    assert not g.is_over
    g.pass_("black")
    g.pass_("white")
    assert g.is_over and g.status == "ended"
    assert g.finish() == "none"
    assert g.status == "finished"
    s = g.score()
    # Area counting: Black 5 stones + 10 points, White 5 + 5 + 0.5.
    assert (s["counting"], s["black"], s["white"], s["margin"], s["result"]) == ("area", 15, 10.5, 4.5, "B+4.5")
    assert s["breakdown"]["white"]["komi"] == 0.5
    with pytest.raises(gorules.GorulesError, match="does not count by territory"):
        g.score("territory")
    with pytest.raises(gorules.IllegalMoveError, match="over"):
        g.play("black", "A1")


def test_scores_and_prisoners_given_out_are_the_callers_own():
    # The package makes these dicts from copies it keeps between calls: a caller that changes
    # a dict it was given (emptied, or given other values) changes nothing given out later,
    # and two games' scores stay their own.
    g = gorules.Game(5, "chinese", komi=0.5)
    other = gorules.Game(5, "japanese", komi=6.5)
    for row in range(1, 6):
        g.play("black", f"C{row}")
        g.play("white", f"D{row}")
    other.play("black", "C3")
    first, prisoners, its = g.score(), g.prisoners("white"), other.score()
    expected = [repr(first), repr(prisoners), repr(its)]
    for d in (first, first["breakdown"], first["breakdown"]["black"], prisoners, its):
        for k in list(d):
            d[k] = "spoilt"
        d["extra"] = 1
    assert [repr(g.score()), repr(g.prisoners("white")), repr(other.score())] == expected
    assert g.score()["black"] == 15 and other.score()["counting"] == "territory"


def test_concord_third_pass_and_both_countings():
    # The Concord Rules of Go Commentary proves that Concord's area and territory counting
    # give the same result. Its end-of-play protocol may require one more pass of a player
    # (pass_required) before play ends.
    g = gorules.Game(5, "concord", komi=0)
    g.play("black", "C3")
    g.pass_("white")
    g.pass_("black")
    if not g.is_over:
        assert g.pass_required is not None
        g.pass_(g.pass_required)
    g.finish()
    results = {s["counting"]: s["result"] for s in g.scores()}
    assert set(results) == {"area", "territory"}
    assert results["area"] == results["territory"]


def test_handicap_and_defaults():
    g = gorules.Game(19, "japanese", handicap=4)
    assert g.handicap == 4
    assert g.to_move == "white"
    assert [g.stone_at(v) for v in ["D4", "Q4", "D16", "Q16"]] == ["black"] * 4
    assert g.komi == gorules.Ruleset.builtin("japanese").default_komi(4)
    assert gorules.Game().size == (19, 19)
    assert gorules.Game((9, 7)).size == (9, 7)
    with pytest.raises(gorules.GorulesError, match="handicap"):
        gorules.Game(5, handicap=9)


def test_bad_arguments_are_exceptions_not_crashes():
    g = gorules.Game(9)
    with pytest.raises(gorules.GorulesError, match="colour"):
        g.play("red", "D4")
    with pytest.raises(gorules.GorulesError):
        g.play("black", "Z99")
    with pytest.raises(gorules.GorulesError, match="off the"):
        g.play("black", (9, 0))
    with pytest.raises(TypeError):
        g.play("black", 3.5)
    with pytest.raises(gorules.IllegalMoveError, match="turn"):
        g.play("white", "D4")
    g.play("black", "D4")
    with pytest.raises(gorules.IllegalMoveError, match="occupied"):
        g.play("white", "D4")
    with pytest.raises(gorules.GorulesError):
        gorules.Game(0)
    with pytest.raises(gorules.GorulesError):
        gorules.Game(30)
    with pytest.raises(gorules.GorulesError, match="one ruleset"):
        gorules.Game(9, "japanese,chinese")
    with pytest.raises(gorules.GorulesError, match="has not ended"):
        g.finish()
