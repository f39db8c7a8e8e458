"""gorules.score: the JSON contract of `gorules score --format json`, read from every kind of
input, with the command's errors."""

import json
import warnings
from pathlib import Path

import pytest

import gorules
from conftest import run_cli

JAPANESE_13 = "13x13-japanese-31.sgf"


def test_score_is_what_the_command_prints(cli, corpus):
    # Equivalence: the same record, the same options, the same dicts.
    path = corpus / JAPANESE_13
    expected = json.loads(run_cli(cli, ["score", str(path), "--format", "json"]).stdout)
    # The command prints an array of games, one game or many; `score` gives the same list.
    got = gorules.score(path)
    assert got == expected
    # Field for field in the same order, the same types (json.dumps writes 37.0 and 37 apart).
    assert json.dumps(got) == json.dumps(expected)
    # Options as the command takes them.
    expected = json.loads(
        run_cli(
            cli,
            ["score", str(path), "--format", "json", "--rules", "japanese,aga",
             "--counting", "area", "--komi", "0.5", "--dead", "none"],
        ).stdout
    )
    got = gorules.score(str(path), rules=["japanese", "aga"], counting="area", komi=0.5, dead="none")
    assert got == expected


def test_a_collection_gives_a_dict_per_game(cli, repo, tmp_path):
    text = "(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];B[];W[])"
    path = tmp_path / "two.sgf"
    path.write_text(text)
    expected = json.loads(run_cli(cli, ["score", str(path), "--format", "json"]).stdout)
    assert isinstance(expected, list) and len(expected) == 2
    assert gorules.score(path) == expected
    # The same text given as a str or bytes, named as the file was.
    assert gorules.score(text, name=str(path)) == expected
    assert gorules.score(text.encode(), name=str(path)) == expected


def test_the_recorded_result_under_the_recorded_rules(corpus):
    # The record says RU[Japanese] RE[W+15.5]: GNU Go's own count of this 13x13 game of its
    # self-play. With the dead stones estimated, Japanese counting gives the same.
    [game] = gorules.score(corpus / JAPANESE_13, rules="japanese")
    assert game["game"]["rules"] == "Japanese"
    assert game["game"]["rules_builtin"] == "japanese"
    assert game["game"]["result"] == "W+15.5"
    assert game["game"]["size"] == "13x13"
    assert game["game"]["komi"] == 6.5
    [japanese] = game["rulesets"]
    [s] = japanese["scores"]
    assert s["counting"] == "territory"
    assert s["result"] == "W+15.5"
    assert s["white"] - s["black"] == 15.5
    b = s["breakdown"]["black"]
    # The parts add up to the total.
    assert b["territory"] + b["stones"] + sum(b["prisoners"].values()) + b["bonus"] - b["group_tax"] == b["total"]


def test_area_and_territory_counting_by_hand():
    # 5x5: Black walls off columns A-B (C1-C5), White column E (D1-D5); Black then fills A1
    # inside its own area and both pass. Komi 0.5, every stone alive.
    moves = []
    for row in range(1, 6):
        moves += [f"B[{'c'}{'edcba'[row - 1]}]", f"W[d{'edcba'[row - 1]}]"]
    sgf = "(;GM[1]FF[4]SZ[5]KM[0.5];" + ";".join(moves) + ";B[ae];W[];B[])"
    [game] = gorules.score(sgf, rules="japanese,chinese", dead="none")
    japanese, chinese = game["rulesets"]
    # Japanese Rules of Go (1989), Article 10: territory plus prisoners. Black surrounds A2-A5
    # and B1-B5 (9 points, A1 now holds a stone), White E1-E5 (5); no prisoners: 9 against
    # 5 + 0.5.
    [jt] = japanese["scores"]
    assert jt["counting"] == "territory"
    assert (jt["black"], jt["white"], jt["result"]) == (9, 5.5, "B+3.5")
    # Chinese Weiqi rules (2002), area counting: stones plus surrounded points. Black 6 stones
    # and 9 points, White 5 and 5: 15 against 10.5. Filling one's own area costs nothing.
    [ca] = chinese["scores"]
    assert ca["counting"] == "area"
    assert (ca["black"], ca["white"], ca["result"]) == (15, 10.5, "B+4.5")
    assert ca["breakdown"]["black"]["stones"] == 6
    assert ca["breakdown"]["black"]["territory"] == 9
    # The difference is named: one point of territory gone, six stones counted.
    [diff] = game["differences"]
    assert (diff["reference"], diff["other"], diff["delta"]) == ("japanese:territory", "chinese:area", 1)


def test_str_path_and_pathlike_are_paths_text_and_bytes_are_records(corpus, tmp_path):
    path = corpus / JAPANESE_13
    by_path = gorules.score(path, rules="chinese", dead="none")
    assert gorules.score(str(path), rules="chinese", dead="none") == by_path
    text = path.read_bytes()
    by_text = gorules.score(text, rules="chinese", dead="none", name=str(path))
    assert by_text == by_path
    # White space before the first "(" still makes a str SGF text.
    assert gorules.score("\n  " + text.decode(), rules="chinese", dead="none", name=str(path)) == by_path
    # A str that does not start with "(" is a path.
    with pytest.raises(gorules.GorulesError, match="no-such-file.sgf"):
        gorules.score(str(tmp_path / "no-such-file.sgf"))


def test_errors_carry_the_commands_messages(cli, tmp_path):
    bad = tmp_path / "bad.sgf"
    cases = [
        # Not well-formed: the line and column of the value never closed.
        ("(;GM[1]SZ[5]\n;B[cc];W[zz", f"{bad}:2:8: malformed SGF"),
        # A move off the board: its line and column, node and move.
        ("(;GM[1]SZ[5]\n;B[cc];W[zz])", f"{bad}:2:8: node 2, move 2:"),
        # A move onto a stone: the line and column of its W, node and move.
        ("(;GM[1]SZ[5]\n;B[cc];W[cc];B[];W[])", f"{bad}:2:8: node 2, move 2: White plays at cc (C3)"),
    ]
    for text, start in cases:
        bad.write_text(text)
        done = run_cli(cli, ["score", str(bad)], ok=False)
        assert done.returncode == 2
        message = done.stderr.strip().removeprefix("gorules: ")
        assert message.startswith(start)
        with pytest.raises(gorules.SgfError) as e:
            gorules.score(bad)
        assert str(e.value) == message
        assert isinstance(e.value, ValueError)

    with pytest.raises(gorules.RulesError, match="no built-in ruleset has this id"):
        gorules.score(bad, rules="no-such-rules")
    with pytest.raises(gorules.GorulesError, match="one of area, territory, stone, all"):
        gorules.score(bad, counting="points")
    with pytest.raises(gorules.GorulesError, match="komi"):
        gorules.score(bad, komi=float("nan"))
    with pytest.raises(TypeError):
        gorules.score(12)


def test_bad_choices_are_worded_without_command_line_flags(repo):
    # The request layer names the choice; the command line words the same errors with its
    # flags (--dead, --engine, --rules), Python with no flag at all.
    game = repo / "examples" / "dame-parity.sgf"
    cases = [
        (dict(dead="engine"), "dead-stone source `engine` needs an engine command"),
        (dict(dead="estimate", engine="gnugo"), "an engine command is used with the dead-stone source `engine` only"),
        (dict(dead="estimated"), "dead stones `estimated`: not a source of dead stones (did you mean `estimate`?)"),
        (dict(dead="D4,Z99"), "dead stones `D4,Z99`: bad coordinate"),
        (dict(rules=" , "), "the rules list names no ruleset"),
        (dict(counting="teritory"), "counting `teritory`: one of area, territory, stone, all (did you mean `territory`?)"),
        (dict(komi=0.3), "komi 0.3: komi must be a whole or half number"),
    ]
    for kwargs, start in cases:
        with pytest.raises(gorules.GorulesError) as e:
            gorules.score(game, **kwargs)
        assert str(e.value).startswith(start), (kwargs, str(e.value))
        for flag in ["--dead", "--engine", "--rules", "--counting", "--komi"]:
            assert flag not in str(e.value), (kwargs, str(e.value))


def test_a_broken_game_among_good_ones_warns(tmp_path):
    path = tmp_path / "mixed.sgf"
    path.write_text("(;GM[1]SZ[5];B[cc];W[];B[])(;GM[1]SZ[5];B[cc];W[cc])")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = gorules.score(path, dead="none")
    assert len(games) == 1
    assert [w.category for w in caught] == [gorules.GorulesWarning]
    assert "occupied" in str(caught[0].message)


def test_dead_stones_as_points(tmp_path):
    # White's lone stone at E5 in Black's 5x5 area, named dead: removed as a prisoner.
    sgf = "(;GM[1]SZ[5]KM[0];B[cc];W[ea];B[];W[])"
    [game] = gorules.score(sgf, rules="japanese", dead=["E5"])
    assert game["game"]["dead_stones"] == ["E5"]
    assert game["game"]["dead_source"] == "command-line"
    [s] = game["rulesets"][0]["scores"]
    # Black: the whole board but C3 (24 points, E5 emptied) and one prisoner.
    assert s["breakdown"]["black"]["territory"] == 24
    assert s["breakdown"]["black"]["prisoners"]["dead_stones"] == 1
    assert s["black"] == 25
    assert gorules.score(sgf, rules="japanese", dead="E5") == [game]
