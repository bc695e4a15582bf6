"""Hidden information in Chromium: hot-seat privacy and sealed records.

A hot-seat round of Lost Cities is clicked through. At every hand-over screen the
test saves what the page shows; once the round is over the page holds the full
record, and the test replays it to learn every hand at every moment. It then
checks that no hand was on the page while the device was being handed over, and
that after each tap the page showed exactly the hand of the player to move.
Every message the worker sent before the end is checked for the sealed record.
"""

from __future__ import annotations

import base64
import json
import random
import re

import pytest
from playwright.sync_api import Page, expect
from table import assert_all_local, move_list, new_game, open_table, ply, saved_game, wait_for_turn, watch_requests

from pygames_core.games import lostcities
from pygames_core.record import Record
from pygames_core.watch import Watch

pytestmark = pytest.mark.browser

# Logs every message from the worker, before the page's own code sees it, and every request
# the page sends it.
RECORD_WORKER_MESSAGES = """
window.__workerMessages = [];
window.__pageRequests = [];
const PlainWorker = window.Worker;
window.Worker = class extends PlainWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (event) => window.__workerMessages.push(JSON.stringify(event.data)));
  }
  postMessage(message, ...rest) {
    window.__pageRequests.push(JSON.stringify(message));
    return super.postMessage(message, ...rest);
  }
};
"""


def sealed_bytes(sealed: str) -> int:
    """The length of the sealed plaintext: the string less its tag, nonce and AES-GCM tag."""
    body = sealed[len("s2."):]
    return len(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))) - 12 - 16


def shown_cards(page: Page) -> list[str]:
    return sorted(page.locator("#board [data-card]").evaluate_all("nodes => nodes.map((node) => node.dataset.card)"))


def card_words(card: str) -> str:
    colour, rank = card.split("-")
    return f"{colour} {rank}"


def test_hot_seat_lost_cities_hides_each_hand_until_its_player_taps(page: Page, site_url: str) -> None:
    page.add_init_script(RECORD_WORKER_MESSAGES)
    requests = watch_requests(page)
    open_table(page, site_url, "lostcities")
    chooser = random.Random("lost cities hot seat")
    handovers: list[tuple[int, str, str]] = []  # (ply, the page's HTML and text, the seat named)
    turns: list[tuple[int, list[str]]] = []  # (ply, the hand shown) after each tap
    state = new_game(page, ["human", "human"], {"rounds": "1"}, tap=False)
    while state != "over":
        if state == "handover":
            expect(page.locator("#handover")).to_be_visible()
            assert page.locator("#board [data-move], #board [data-from]").count() == 0
            handovers.append((ply(page), page.content() + page.inner_text("body"), page.inner_text("#handover .to")))
            page.click("#handover button")
            state = wait_for_turn(page, tap=False)
            turns.append((ply(page), shown_cards(page)))
            continue
        before = str(ply(page))
        draws = page.locator("#board [data-move='draw deck']")
        if draws.count():  # draw from the deck, so the round ends in a sensible number of turns
            draws.click()
        else:
            picks = page.locator("#board [data-from]")
            picks.nth(chooser.randrange(picks.count())).click()
            moves = page.locator("#board [data-move]")
            moves.nth(chooser.randrange(moves.count())).click()
        state = wait_for_turn(page, before, tap=False)

    assert len(handovers) > 20 and len(turns) == len(handovers)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result h2")).not_to_be_empty()
    assert page.locator("#board [data-move]").count() == 0
    assert_all_local(requests)
    record = Record.from_url(re.search(r"#r=(.+)$", page.url).group(1))  # over: the whole record is shown
    states = list(record.states())
    for (at, page_text, named), (shown_at, hand) in zip(handovers, turns):
        assert shown_at == at  # the tap played nothing
        state = states[at]
        seat = state.to_move
        assert named == ["South", "North"][seat]
        assert 'data-card' not in page_text, f"a hand was on the page during the hand-over at ply {at}"
        unseen = list(state.hands[seat])
        for card in state.known[seat]:  # taken from a discard pile in sight of both
            unseen.remove(card)
        secret = [lostcities.CARD_NAMES[card] for card in unseen if card % lostcities.KINDS]
        assert not [card for card in secret if card_words(card) in page_text or card in page_text]
        assert hand == sorted(lostcities.CARD_NAMES[card] for card in state.hands[seat])

    messages = [json.loads(text) for text in page.evaluate("window.__workerMessages")]
    answers = [message["answer"] for message in messages if "answer" in message and message["answer"].get("ok")]
    snapshots = [answer for answer in answers if "record" in answer and answer["record"].get("game") == "lostcities"]
    sealed = [answer for answer in snapshots if answer.get("outcome") is None]
    assert len(sealed) > 50
    for answer in sealed:
        assert answer["sealed"].startswith("s2.") and answer["url"] is None
        assert "seed" not in answer["record"] and "public" not in answer
    # The table opened on a game against the computer; the hot-seat game followed.
    assert {tuple(answer["humans"]) for answer in sealed} == {(0,), (0, 1)} and sealed[-1]["humans"] == [0, 1]
    # Padded: the length tells at most which 256-byte block the record has reached.
    assert {sealed_bytes(answer["sealed"]) % 256 for answer in sealed} == {0}
    requests = [json.loads(text)["request"] for text in page.evaluate("window.__pageRequests")]
    assert [request for request in requests if request.get("op") == "new"]
    assert not [request for request in requests if request.get("op") == "new" and "seed" in request]
    assert not [request for request in requests if str(request.get("move", "")).startswith("deal")]
    assert len(move_list(page)) == ply(page)
    assert saved_game(page)["record"]["seed"] is not None  # over: saved in the open


def test_a_tampered_sealed_game_is_refused_and_a_new_game_starts(page: Page, site_url: str) -> None:
    open_table(page, site_url, "lostcities")
    new_game(page, ["human", "300"], {"rounds": "1"})
    page.locator("#board [data-from]").first.click()
    page.locator("#board [data-move]").first.click()
    page.wait_for_function("() => document.getElementById('table').dataset.ply === '17'")
    save = saved_game(page)
    assert save["sealed"].startswith("s2.") and "record" not in save
    flipped = save["sealed"][:-6] + ("A" if save["sealed"][-6] != "A" else "B") + save["sealed"][-5:]
    key = page.evaluate("'pygames.save.' + new URLSearchParams(location.search).get('save')")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, json.dumps({"game": "lostcities", "sealed": flipped})])
    page.reload()
    wait_for_turn(page)
    expect(page.locator("#toast")).to_contain_text("changed")
    assert ply(page) == 16  # a new game, dealt
    assert page.evaluate("([key]) => localStorage.getItem(key)", [key]) is None
    assert page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('pygames.aside.')).length") == 1


def test_a_sealed_game_resumes_after_a_reload(page: Page, site_url: str) -> None:
    open_table(page, site_url, "lostcities")
    new_game(page, ["human", "300"], {"rounds": "1"})
    page.locator("#board [data-from]").first.click()
    page.locator("#board [data-move]").first.click()
    page.wait_for_function("() => document.getElementById('table').dataset.ply === '17'")
    hand = shown_cards(page)
    assert len(hand) == 7
    page.reload()
    wait_for_turn(page)
    assert shown_cards(page) == hand and ply(page) == 17


def test_a_lost_cities_game_in_progress_is_shared_as_a_spectator_sees_it(page: Page, site_url: str) -> None:
    open_table(page, site_url, "lostcities")
    new_game(page, ["human", "300"], {"rounds": "1"})
    for _ in range(3):  # three turns: play a card, draw from the deck
        before = str(ply(page))
        page.locator("#board [data-from]").first.click()
        page.locator("#board [data-move^='play '], #board [data-move^='discard ']").first.click()
        page.click("#board [data-move='draw deck']")
        wait_for_turn(page, before)
    hand = shown_cards(page)
    page.click("#share")
    expect(page.locator("#share-note")).to_contain_text("as a spectator")
    link = page.input_value("#share-link")
    assert "#w=" in link and "#r=" not in link
    watched = Watch.from_url(link.split("#w=", 1)[1])
    numbers = [card for card in hand if not card.endswith("-w")]  # three wagers of a colour share one name
    assert watched.moves and numbers and not [card for card in numbers if card in " ".join(watched.moves)]
    saves = page.evaluate("() => Object.keys(localStorage).filter((key) => key.startsWith('pygames.save.')).length")

    viewer = page.context.new_page()
    viewer.goto(link)
    viewer.wait_for_selector("#table[data-state='watching']")
    expect(viewer.locator("#status")).to_contain_text("Watching as a spectator")
    assert viewer.locator("#board [data-move], #board [data-from]").count() == 0
    assert shown_cards(viewer) == []  # both hands face down
    assert len(move_list(viewer)) == len(watched.moves) and "#w=" in viewer.url and "save=" not in viewer.url
    viewer.click("#history-back")
    expect(viewer.locator("#table")).to_have_attribute("data-looking", str(len(watched.moves) - 1))
    expect(viewer.locator("#history-at")).to_have_text(re.compile(r"^Turn \d+ of \d+$"))
    expect(viewer.locator("#play-on")).to_be_hidden()
    assert viewer.locator("#board [data-move]").count() == 0
    viewer.click("#history-latest")
    expect(viewer.locator("#undo")).to_be_disabled()
    expect(viewer.locator("#seats-note")).to_contain_text("You are watching")
    viewer.click("#share")  # passed on as it came
    assert viewer.input_value("#share-link") == link
    assert viewer.evaluate("() => Object.keys(localStorage).filter((key) => key.startsWith('pygames.save.')).length") == saves
    assert new_game(viewer, ["human", "300"], {"rounds": "1"}) == "ready"  # the watcher's own game from here
    assert "#w=" not in viewer.url and "save=" in viewer.url
    expect(viewer.locator("#seats-note")).to_contain_text("Switch a seat at any time")


# Asks a worker of its own, as any script on the page could, with the sealed game the page holds.
ASK_A_WORKER = """async ([sealed, seat, humans]) => {
    const worker = new Worker(new URL('worker.js', location.href), {type: 'module'});
    const answer = await new Promise((resolve) => {
        worker.onmessage = ({data}) => { if (data.id === 1) resolve(data.answer); };
        worker.postMessage({id: 1, request: {op: 'view', sealed, seat, humans}});
    });
    worker.terminate();
    return answer;
}"""


def test_no_script_on_the_page_sees_the_computers_hand(page: Page, site_url: str) -> None:
    open_table(page, site_url, "lostcities")
    new_game(page, ["human", "300"], {"rounds": "1"})
    play_a_card(page)  # a game is saved once someone has moved
    sealed = saved_game(page)["sealed"]
    mine = page.evaluate(ASK_A_WORKER, [sealed, 0, [0]])
    assert mine["ok"] and len(mine["view"]["hand"]) == 7
    for humans in ([0], [0, 1], [1]):  # claiming North as a person's seat changes nothing
        answer = page.evaluate(ASK_A_WORKER, [sealed, 1, humans])
        assert answer["error"]["code"] == "not_your_seat", humans
    page.select_option("select[name='seat-1']", "human")  # set for the next game; this one stays sealed
    expect(page.locator("#seats-note")).to_contain_text("The computer plays North until this game is over")
    assert page.evaluate(ASK_A_WORKER, [saved_game(page)["sealed"], 1, [0, 1]])["error"]["code"] == "not_your_seat"


def open_database_as(page: Page, version: int, stores: dict[str, dict[str, str]]) -> None:
    """Leaves the site's IndexedDB database `pygames` at `version` with just these stores."""
    page.evaluate("""async ([version, stores]) => {
        await new Promise((resolve) => { const gone = indexedDB.deleteDatabase('pygames'); gone.onsuccess = resolve; });
        const open = indexedDB.open('pygames', version);
        open.onupgradeneeded = () => {
            for (const [name, values] of Object.entries(stores)) {
                const store = open.result.createObjectStore(name);
                for (const [key, value] of Object.entries(values)) store.put(value, key);
            }
        };
        const database = await new Promise((resolve) => { open.onsuccess = () => resolve(open.result); });
        database.close();
    }""", [version, stores])


def database(page: Page) -> dict:
    return page.evaluate("""async () => {
        const database = await new Promise((resolve) => { const open = indexedDB.open('pygames');
            open.onsuccess = () => resolve(open.result); });
        const found = {version: database.version, stores: [...database.objectStoreNames]};
        if (found.stores.includes('other')) {
            const store = database.transaction('other').objectStore('other');
            found.other = await new Promise((resolve) => { const get = store.get('kept');
                get.onsuccess = () => resolve(get.result); });
        }
        database.close();
        return found;
    }""")


def play_a_card(page: Page) -> None:
    before = ply(page)
    page.locator("#board [data-from]").first.click()
    page.locator("#board [data-move]").first.click()
    page.wait_for_function("before => Number(document.getElementById('table').dataset.ply) > before", arg=before)


def test_a_database_of_another_version_keeps_the_games(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/index.html")
    open_database_as(page, 7, {"other": {"kept": "something else's"}})
    open_table(page, site_url, "lostcities")
    new_game(page, ["human", "300"], {"rounds": "1"})
    play_a_card(page)
    hand, at = shown_cards(page), ply(page)
    for _ in range(2):  # every reload resumes the game
        page.reload()
        wait_for_turn(page)
        assert (shown_cards(page), ply(page)) == (hand, at)
    found = database(page)
    assert found == {"version": 8, "stores": ["keys", "other"], "other": "something else's"}
    assert page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('pygames.aside.')).length") == 0


def test_a_damaged_key_is_replaced_and_said_so(page: Page, site_url: str) -> None:
    open_table(page, site_url, "lostcities")
    new_game(page, ["human", "300"], {"rounds": "1"})
    play_a_card(page)
    open_database_as(page, 1, {"keys": {"seal": "not a key"}})
    page.reload()
    wait_for_turn(page)
    expect(page.locator("#toast")).to_contain_text("damaged and has been replaced")
    assert ply(page) == 16  # a new game, dealt
    play_a_card(page)
    hand, at = shown_cards(page), ply(page)
    page.reload()  # the new key was kept: the new game resumes
    wait_for_turn(page)
    assert (shown_cards(page), ply(page)) == (hand, at)
