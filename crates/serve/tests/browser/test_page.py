"""The rules explorer in Chromium: load an example, step to a move, toggle a dead chain and
see the score `gorules score` gives for the same dead stones, load a TOML ruleset with an
error and see its line, run a failing claim and step through its counterexample."""

import json
import os
import subprocess

from playwright.sync_api import expect


def load_dame_parity(page, rules="chinese,japanese"):
    page.fill("#rules-list", rules)
    # Leave the field now: its change (a new score, a new board) would otherwise come at the
    # next click's press, and the board redrawn under the pointer would lose that click.
    page.locator("#rules-list").blur()
    page.select_option("#example", "dame-parity")
    expect(page.locator("#move-label")).to_contain_text("Move 17 of 17")


def cli_score(sgf_path, rules, dead):
    out = subprocess.run(
        [os.environ["GORULES_BIN"], "score", sgf_path, "--rules", rules, "--dead", dead,
         "--unfinished", "--format", "json"],
        check=True, capture_output=True, text=True,
    ).stdout
    [game] = json.loads(out)
    return {f'{r["ruleset"]}:{s["counting"]}': s["result"] for r in game["rulesets"] for s in r["scores"]}


def page_results(page):
    rows = page.locator("#score-table tbody tr")
    return {rows.nth(i).get_attribute("data-score"): rows.nth(i).locator("td.result").inner_text()
            for i in range(rows.count())}


def test_an_example_steps_through_its_moves(page):
    load_dame_parity(page)
    # By hand (crates/serve/tests/score.rs): Chinese area counting B+1, Japanese a draw.
    assert page_results(page) == {"chinese:area": "B+1", "japanese:territory": "0"}
    page.locator("#board").click(position={"x": 2, "y": 2})  # focus off the inputs
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#move-label")).to_contain_text("Move 16 of 17, last W pass")
    page.keyboard.press("Home")
    expect(page.locator("#move-label")).to_contain_text("Move 0 of 17")
    expect(page.locator("#board circle.stone")).to_have_count(0)
    page.locator("#move").fill("5")
    expect(page.locator("#move-label")).to_contain_text("Move 5 of 17, last B B4")
    expect(page.locator("#board circle.stone")).to_have_count(5)
    expect(page.locator("#board circle.last-move")).to_have_count(1)


def test_a_chain_called_dead_scores_as_gorules_score(page):
    load_dame_parity(page)
    before = page_results(page)
    # Click the white stone at C4: its chain (the whole white wall) is called dead.
    page.locator('#board circle[data-point="C4"]').click()
    expect(page.locator('#board circle[data-point="D1"]')).to_have_attribute("data-dead", "true")
    dead = page.locator("#dead-points").input_value()
    assert sorted(dead.split(",")) == sorted(["C2", "C4", "D1", "D2", "D3", "D4", "D5"])
    after = page_results(page)
    assert after != before
    repo = os.environ["GORULES_REPO"]
    assert after == cli_score(os.path.join(repo, "examples/dame-parity.sgf"), "chinese,japanese", dead)
    # A second click calls it alive again.
    page.locator('#board circle[data-point="C4"]').click()
    expect(page.locator('#board circle[data-point="D1"]')).to_have_attribute("data-dead", "false")
    assert page_results(page) == before


def test_a_toml_ruleset_with_an_error_shows_its_line(page):
    load_dame_parity(page)
    page.fill("#toml", 'id = "mine"\nname = "Mine"\nextends = "concord"\n[end]\nend-of-play = "three-passes"\n')
    page.click("#toml-use")
    expect(page.locator("#toml-error")).to_be_visible()
    expect(page.locator("#toml-error")).to_contain_text("line 5, column")
    expect(page.locator("#toml")).to_have_attribute("aria-invalid", "true")
    # Mended, it scores with the others.
    page.fill("#toml", 'id = "mine"\nname = "Mine"\nextends = "concord"\n[end]\nend-of-play = "two-passes"\n')
    page.click("#toml-use")
    expect(page.locator("#toml-error")).to_be_hidden()
    expect(page.locator('#score-table tr[data-score="mine:area"]')).to_have_count(1)


def test_a_failing_claim_replays_its_counterexample(page):
    page.fill("#claim", "abs(japanese:territory - chinese:area) <= 1")
    page.fill("#claim-games", "500")
    page.click("#claim-run")
    expect(page.locator("#claim-verdict")).to_contain_text("The claim fails", timeout=20000)
    expect(page.locator("#claim-text")).to_contain_text("counterexample")
    page.click("#claim-replay")
    expect(page.locator("#move-label")).to_contain_text("Move 0 of")
    total = int(page.locator("#move").get_attribute("max"))
    assert total > 0
    page.click("#next")
    expect(page.locator("#move-label")).to_contain_text(f"Move 1 of {total}")
    page.click("#last")
    expect(page.locator("#move-label")).to_contain_text(f"Move {total} of {total}")


def test_the_rules_matrix_and_a_diff(page):
    expect(page.locator("#matrix tbody tr.differs").first).to_be_visible()
    page.select_option("#diff-a", "aga")
    page.select_option("#diff-b", "chinese")
    expect(page.locator("#diff tbody")).to_contain_text("white-passes-last")


def test_a_phone_width_and_the_screenshot(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    p = context.new_page()
    p.goto(base_url + "/")
    load_dame_parity(p)
    # Nothing wider than the phone's screen but the tables, which scroll in their boxes.
    width = p.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    context.close()
    shot = os.environ.get("GORULES_SCREENSHOT")
    if shot:
        context = browser.new_context(viewport={"width": 1100, "height": 1250})
        p = context.new_page()
        p.goto(base_url + "/")
        p.fill("#rules-list", "concord,aga,japanese,chinese")
        p.select_option("#example", "dame-parity")
        expect(p.locator("#move-label")).to_contain_text("Move 17 of 17")
        p.locator('#board circle[data-point="C4"]').click()
        expect(p.locator('#board circle[data-point="C4"]')).to_have_attribute("data-dead", "true")
        p.locator('#board circle[data-point="C4"]').click()
        expect(p.locator('#board circle[data-point="C4"]')).to_have_attribute("data-dead", "false")
        p.screenshot(path=shot, clip={"x": 0, "y": 0, "width": 1100, "height": 1250})
        context.close()
