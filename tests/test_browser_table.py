"""The table as a player meets it: the end of a game in view, the New game dialog, rematch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from playthrough import played_out
from table import move_list, new_game, open_table, ply, wait_for_turn

from pygames_core import Record, games

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (390, 844)]


def finished(game: str, seed: int = 3) -> Record:
    """A whole game of seeded random moves."""
    return played_out(Record.start(game, {"rounds": "1"} if game == "lostcities" else {}, seed=seed), seed)[0]


@pytest.mark.parametrize("game", [info.id for info in games()])
def test_the_result_is_in_view_at_the_end(page: Page, site_url: str, game: str) -> None:
    record = finished(game)
    outcome = record.replay().outcome()
    open_table(page, site_url, game, f"#r={record.to_url()}")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        result = page.locator("#result")
        expect(result).to_be_visible()
        box = result.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height and box["x"] >= 0, (width, box)
        assert box["x"] + box["width"] <= width
        for button in ("#rematch", "#result-new", "#review"):
            expect(page.locator(button)).to_be_in_viewport()
        rows = page.locator("#result .standings li")
        expect(rows).to_have_count(len(outcome.scores))
        # first to last as the game ranks them: Flaming Pyramids' fewest tiles left after the winner
        expect(rows.locator(".score")).to_have_text([f"{outcome.scores[seat]:g}" for seat in outcome.standings()])
        expect(rows.first).to_have_class(re.compile("won"))
        expect(page.locator("#result .reason")).not_to_be_empty()
    page.click("#result-close")
    expect(result).to_be_hidden()
    page.get_by_role("button", name="Show the result").click()
    expect(result).to_be_visible()
    page.click("#review")  # the result goes away, and the game is shown from its start
    page.wait_for_function("() => document.getElementById('table').dataset.looking === '0'")
    expect(result).to_be_hidden()


def test_the_new_game_dialog_seats_the_computer_first_with_other_options(page: Page, site_url: str) -> None:
    open_table(page, site_url, "kalah")
    wait_for_turn(page)
    page.click("#new-game")
    dialog = page.locator("#setup-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#setup-options")).to_contain_text("more stones, a longer game")  # each option explained
    dialog.locator("select[name='setup-seat-0']").select_option("300")
    dialog.locator("select[name='setup-seat-1']").select_option("human")
    dialog.locator("select[name='stones']").select_option("6")
    dialog.locator("select[name='pie']").select_option("on")
    dialog.locator("#setup-start").click()
    expect(dialog).to_be_hidden()
    page.wait_for_function("() => Number(document.getElementById('table').dataset.ply) >= 1")  # the computer opened
    wait_for_turn(page)
    assert page.input_value("select[name='seat-0']") == "300" and page.input_value("select[name='seat-1']") == "human"
    expect(page.locator("#status")).to_contain_text("North to move")
    expect(page.locator("#options-now")).to_contain_text("Stones per pit: 6")
    expect(page.locator("#board [data-move='swap']")).to_have_count(1)  # the pie rule is on

    page.reload()  # remembered for this game
    wait_for_turn(page)
    page.click("#new-game")
    assert dialog.locator("select[name='stones']").input_value() == "6"
    assert dialog.locator("select[name='setup-seat-0']").input_value() == "300"
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()


def test_each_computer_seat_asks_for_its_own_level(page: Page, site_url: str) -> None:
    """The seat's level reaches the engine with each computer move: quick and normal lapse to a close
    second choice now and then (ai.LEVELS), strong never."""
    page.add_init_script("""(() => {
        const post = Worker.prototype.postMessage;
        window.levelsAsked = [];
        Worker.prototype.postMessage = function (message, ...rest) {
            const request = message?.request;
            if (request?.op === 'computer_move') window.levelsAsked.push([request.record.moves.length, request.level]);
            return post.call(this, message, ...rest);
        };
    })()""")
    open_table(page, site_url, "lits")
    wait_for_turn(page)
    page.click("#new-game")
    dialog = page.locator("#setup-dialog")
    for seat, kind in enumerate(["300", "3000"]):
        dialog.locator(f"select[name='setup-seat-{seat}']").select_option(kind)
    dialog.locator("#setup-random").set_checked(False)
    dialog.locator("#setup-start").click()
    page.wait_for_function("() => window.levelsAsked.length >= 3")
    asked = page.evaluate("window.levelsAsked")
    assert asked[:3] == [[0, "quick"], [1, "strong"], [2, "quick"]]


def test_the_computer_draws_a_seed_of_its_own_for_each_move(page: Page, site_url: str) -> None:
    """A computer move the page asks without a seed is searched with one the engine's worker draws,
    so a person who repeats their moves does not meet the same game again. The random player shows
    it: at Kalah's start it has six moves, and ten asks all alike would be a chance of 1 in 6**9."""
    open_table(page, site_url, "kalah")
    wait_for_turn(page)
    moves = page.evaluate("""async () => {
        const {startEngine} = await import('./client.js');
        const engine = startEngine();
        const game = await engine.call({op: 'new', game: 'kalah'});
        const asked = {op: 'computer_move', record: game.record, player: 'random', budget_ms: 1};
        const moves = [];
        for (let i = 0; i < 10; i++) moves.push((await engine.call(asked)).move);
        const named = await engine.call({...asked, seed: 5});
        return [...moves, named.move, (await engine.call({...asked, seed: 5})).move];
    }""")
    *drawn, named, again = moves
    assert len(set(drawn)) > 1, drawn
    assert named == again  # a seed the page names is kept


def test_a_rematch_swaps_the_seats(page: Page, site_url: str) -> None:
    record = finished("bobail")
    open_table(page, site_url, "bobail", f"#r={record.to_url()}")
    page.select_option("select[name='seat-0']", "human")
    page.select_option("select[name='seat-1']", "1000")
    games_started = page.get_attribute("#table", "data-game")
    page.click("#rematch")
    page.wait_for_function("games => document.getElementById('table').dataset.game !== games", arg=games_started)
    assert page.input_value("select[name='seat-0']") == "1000" and page.input_value("select[name='seat-1']") == "human"
    expect(page.locator("#result")).to_be_hidden()


def test_resigning_ends_a_go_game(page: Page, site_url: str) -> None:
    open_table(page, site_url, "go")
    new_game(page, ["human", "human"])
    page.click("#board [data-move='E5']")
    wait_for_turn(page, "0")
    page.click("#resign")
    page.locator("#resign-dialog").get_by_role("button", name="Resign", exact=True).click()
    expect(page.locator("#result h2")).to_have_text("Black wins!")
    expect(page.locator("#result .reason")).to_have_text("White resigned: Black wins by resignation.")
    assert page.locator("#result .standings li .score").all_inner_texts() == ["1", "0"]
    expect(page.locator("#resign")).to_be_hidden()


def test_resigning_a_gammon_in_backgammon_scores_two(page: Page, site_url: str) -> None:
    open_table(page, site_url, "backgammon")
    new_game(page, ["human", "human"], {"scoring": "gammons"})
    mover = page.locator("#status b").first.inner_text()
    page.click("#resign")
    dialog = page.locator("#resign-dialog")
    expect(dialog.locator(".resign-choice")).to_have_count(3)
    before = page.get_attribute("#table", "data-ply")
    dialog.get_by_role("button", name="Resign: resigns a gammon").click()
    wait_for_turn(page, before)
    page.click("#board [data-move='accept']")
    winner = "Black" if mover == "White" else "White"
    expect(page.locator("#result h2")).to_have_text(f"{winner} wins!")
    expect(page.locator("#result .reason")).to_contain_text(f"{mover} resigns a gammon: {winner} wins 2 points")


def test_a_draw_offered_is_declined_then_accepted_at_one_device(page: Page, site_url: str) -> None:
    open_table(page, site_url, "kalah")
    new_game(page, ["human", "human"])
    page.click("#offer-draw")
    wait_for_turn(page, "0")
    expect(page.locator("#status")).to_contain_text("South offers a draw.")
    expect(page.locator("#offer-draw")).to_be_hidden()
    assert page.locator("#board [data-move]").count() == 0, "the board waits for the answer"
    page.click("#status [data-move='decline draw']")
    wait_for_turn(page, "1")
    expect(page.locator("#status")).to_contain_text("North declined the draw. South to move.")
    expect(page.locator("#offer-draw")).to_be_hidden()  # once a turn
    page.click("#board [data-move='1']")
    wait_for_turn(page, "2")
    page.click("#offer-draw")
    wait_for_turn(page, "3")
    page.click("#status [data-move='accept draw']")
    expect(page.locator("#result h2")).to_have_text("A draw.")
    expect(page.locator("#result .reason")).to_have_text("The players agreed a draw.")
    assert move_list(page) == ["South offers a draw", "North declines the draw", "South pit 1",
                               "North offers a draw", "South accepts the draw"]


def test_the_computer_answers_a_draw_offer(page: Page, site_url: str) -> None:
    open_table(page, site_url, "bobail")
    new_game(page, ["human", "300"])
    page.click("#offer-draw")
    state = wait_for_turn(page, "0")
    moves = move_list(page)
    assert moves[0] == "Green offers a draw" and moves[1] in ("Red accepts the draw", "Red declines the draw")
    assert state == ("over" if moves[1] == "Red accepts the draw" else "ready")


def told_once(entry: str) -> list[str]:
    """The moves a move-list entry stands for: '8/7 ×2' is 8/7 played twice."""
    move, times = re.fullmatch(r"(.*?)(?: ×(\d+))?", entry).groups()
    return [move] * int(times or 1)


def test_backgammon_marks_what_the_computer_played_in_one_numbering(page: Page, site_url: str) -> None:
    open_table(page, site_url, "backgammon")
    new_game(page, ["human", "300"])
    numbers = page.locator("#board svg > text").all_inner_texts()
    rows = page.locator("#moves li")
    for _ in range(40):  # checker moves of the person's, until the computer has played checkers
        before = page.get_attribute("#table", "data-ply")
        if page.locator("#board [data-move]").count() == 0:
            page.locator("#board [data-from]").first.click()
        page.locator("#board [data-move]").first.click()
        if wait_for_turn(page, before) == "over":
            break
        mine = rows.last
        if mine.locator(".who").inner_text() != "White" or mine.locator(".move").count() != 1:
            continue  # the person's turn goes on (its row holds the roll and moves already made)
        computer = rows.nth(rows.count() - 2).locator(".move").all_inner_texts()
        played = [path for move in computer if "/" in move for path in told_once(move)]
        if not played:
            continue  # its roll could not be played
        marked = page.locator("#board .paths [data-path]").evaluate_all("nodes => nodes.map((node) => node.dataset.path)")
        assert sorted(marked) == sorted(played), (marked, computer)
        assert page.locator("#board svg > text").all_inner_texts() == numbers  # still White's numbering
        return
    raise AssertionError("the computer never played a checker")


RENDER_BACKGAMMON = """async ([view, perspective]) => {
    const renderer = await import(new URL('games/backgammon.js', location.href).href);
    const box = document.createElement('div');
    renderer.render(box, {view, legalMoves: [], interactive: false, perspective}, () => {});
    return [...box.querySelectorAll('svg > text')].map((node) => node.textContent);
}"""


def test_the_backgammon_board_keeps_the_persons_numbering_on_the_computers_turn(page: Page, site_url: str) -> None:
    from pygames_core.games.backgammon import BackgammonState

    state = BackgammonState.new(2, {}, 1).play("opening 2-5")  # Black won the opening roll: Black to move
    assert state.to_move == 1
    open_table(page, site_url, "backgammon")
    white = page.evaluate(RENDER_BACKGAMMON, [state.view(None), 0])
    movers = page.evaluate(RENDER_BACKGAMMON, [state.view(None), None])
    assert white[:24] == [str(number) for number in range(1, 25)]  # drawn point by point, White's 1 first
    assert movers[:24] == [str(25 - int(number)) for number in white[:24]]


def test_small_points_take_a_tap_to_mark_and_a_tap_to_play(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_table(page, site_url, "one")
        new_game(page, ["human", "human"])
        target = page.locator("#board [data-move='r3s4']")
        target.tap()
        expect(target).to_have_attribute("aria-label", re.compile("tap again to confirm"))
        assert page.get_attribute("#table", "data-ply") == "0"
        target.tap()
        page.wait_for_function("() => document.getElementById('table').dataset.ply === '1'")
    finally:
        context.close()


def test_a_move_is_seen_moving_unless_motion_is_reduced(page: Page, site_url: str) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.02})  # slow enough to be seen by any machine
    open_table(page, site_url, "bobail")
    new_game(page, ["human", "human"])
    page.click("#board [data-from='a1']")
    page.click("#board [data-move='a1-a4']")
    page.wait_for_function("""() => document.getElementById('table').dataset.ply === '1'
        && document.querySelector('#board [data-came-from="a1"]')?.getAnimations().length === 1""")
    page.emulate_media(reduced_motion="reduce")
    page.click("#board [data-from='c3']")
    page.click("#board [data-move='c3-c2']")
    page.wait_for_function("() => document.getElementById('table').dataset.ply === '2'")
    assert page.evaluate("() => document.querySelector('#board [data-came-from]').getAnimations().length") == 0


@pytest.mark.normal_pace
def test_the_computers_pace_is_one_switch_kept_for_the_site(page: Page, site_url: str) -> None:
    open_table(page, site_url, "kalah")
    switch = page.locator("#pace")
    expect(switch).to_have_text("Computer pace: normal")
    switch.click()
    expect(switch).to_have_text("Computer pace: fast")
    expect(switch).to_have_attribute("aria-pressed", "true")
    open_table(page, site_url, "go")  # another table keeps it
    expect(page.locator("#pace")).to_have_text("Computer pace: fast")
    new_game(page, ["human", "300"])
    page.locator("#board [data-move]").first.click()
    wait_for_turn(page, "0")
    assert ply(page) == 2, "the computer played at the fast pace"



def test_a_hint_marks_the_strong_computers_move_and_goes_with_the_position(page: Page, site_url: str) -> None:
    open_table(page, site_url, "kalah")
    new_game(page, ["human", "1000"])
    hint_button = page.locator("#hint")
    expect(hint_button).to_be_visible()
    hint_button.click()
    advice = page.locator("#status .advice")
    expect(advice).to_contain_text("Hint: pit ")
    expect(hint_button).to_be_disabled()  # one hint a position
    marked = page.locator("#board .hinted")
    expect(marked).to_have_count(1)
    move = marked.get_attribute("data-move")
    assert advice.text_content().startswith(f"Hint: pit {move}.")
    marked.click()
    wait_for_turn(page, "0")
    assert move_list(page)[0] == f"South pit {move}"
    expect(page.locator("#board .hinted")).to_have_count(0)
    expect(advice).to_have_count(0)
    expect(hint_button).to_be_enabled()


def test_a_cacao_hint_marks_the_turn_button_while_the_tile_lies_the_wrong_way(page: Page, site_url: str) -> None:
    open_table(page, site_url, "cacao")
    advice = page.locator("#status .advice")
    hinted = page.locator("#board .hinted")
    for _ in range(20):  # the plain 1-1-1-1 tile has no turns: deal again
        new_game(page, ["human", "human"])
        page.click("#hint")
        expect(advice).to_have_text(re.compile(r"^Hint: lays a "))
        tile, square, rotation = re.match(r"Hint: lays a (\S+) on (\S+?)(?:, turned (\d+)°)?\.", advice.text_content()).groups()
        if tile != "1-1-1-1":
            break
    else:
        pytest.fail("twenty hints in a row laid the plain tile")
    expect(hinted).to_have_count(1)
    # A hand of one kind of tile comes picked already; otherwise the hint marks the tile to pick.
    if not page.locator(f'#board [data-from="{tile}"][aria-pressed="true"]').count():
        expect(hinted).to_have_attribute("data-from", tile)
        hinted.click()
    wanted = f"{tile} {square} {rotation or 0}"
    turn_button = page.locator("#board .cc-turn")
    lying = 0
    if rotation is None:  # turn it away from the hinted way first
        expect(hinted).to_have_attribute("data-move", wanted)
        turn_button.click()
        lying = 90
    while lying != int(rotation or 0):
        expect(turn_button).to_have_class(re.compile(r"\bhinted\b"))  # picked, but lying the wrong way
        expect(hinted).to_have_count(1)
        turn_button.click()
        lying = (lying + 90) % 360
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_attribute("data-move", wanted)
    expect(turn_button).to_have_text(f"Turn the tile (R) · {rotation or 0}°")
    turn = ply(page)
    hinted.click()
    wait_for_turn(page, str(turn))
    turned = f", turned {rotation}°" if rotation else ""
    assert f"Red lays a {tile} on {square}{turned}" in move_list(page)


def test_a_hint_at_a_table_of_three_tells_the_place_the_computer_expects(page: Page, site_url: str) -> None:
    """With more than two seats the computer plays for its place (Outcome.standing_returns), so the
    hint's figure is the share of the others it expects the person to finish ahead of."""
    open_table(page, site_url, "one")
    new_game(page, ["human", "human", "human"])
    page.click("#hint")
    expect(page.locator("#status .advice")).to_have_text(
        re.compile(r"^Hint: [^.]+\. The computer expects you to finish ahead of about \d+% of the others\.$"))


def test_a_backgammon_hint_tells_the_whole_play_and_its_chance(page: Page, site_url: str) -> None:
    open_table(page, site_url, "backgammon")
    new_game(page, ["human", "human"])
    page.click("#hint")
    advice = page.locator("#status .advice")
    expect(advice).to_have_text(
        re.compile(r"^Hint: [^.]+/[^.]+, [^.]+\. The computer gives you about a \d+% chance\.$"))
    # The board picks a checker first: the hint marks it, then, once picked, where it goes.
    origin = page.locator("#board .hinted")
    expect(origin).to_have_count(1)
    picked = origin.get_attribute("data-from")
    assert picked is not None
    origin.click()
    target = page.locator("#board .hinted")
    expect(target).to_have_attribute("data-move", re.compile(rf"^{re.escape(picked)}/"))
    expect(page.locator(f'#board [data-from="{picked}"]')).to_have_attribute("aria-pressed", "true")
    expect(target).to_have_count(1)
    assert advice.text_content().startswith(f"Hint: {picked}/")
    # The rest of the play stays hinted once its first move is made.
    rest = advice.text_content().split(", ", 1)[1]
    target.click()
    expect(advice).to_have_text(re.compile(rf"^Hint: {re.escape(rest)}"))
    expect(page.locator("#board .hinted")).to_have_count(1)
