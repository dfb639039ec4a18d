"""The replay page of an analysed hand (``ciapano.replay``, ``ciapano analyse --html``).

The page's JSON blob against the analysis and the hand (every step's hands, trick, values,
costs, best cards, the costly cards, the guarantees), the page self-contained (nothing loaded
from anywhere), the errors, the command line; then the page in a real browser: headless
Debian Chromium driven by selenium steps through a Ciapanò, a Calabrasella and a tarocchi hand
with the arrow keys, the buttons and clicks on the costly cards, and what it shows is checked
against the analysis.  The browser part is skipped when /usr/bin/chromium or
/usr/bin/chromedriver is absent (``.ci/run`` installs them).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from clitools import error_line

import ciapano
from ciapano import Analysis, CiapanoError, HandRecord, Position, PositionError
from ciapano.cli.main import app
from ciapano.replay import replay_data, replay_html, write_replay

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "positions" / "records"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

# name -> (record file, from_trick): full hands where they are quick to analyse (a Ciapanò
# hand in about 5 s, Calabrasella in under a second), the tarocchi hand from trick 6 (its
# opening takes minutes), so that the steps before it are shown unanalysed.
HANDS = {
    "ciapano": ("hand4_record.json", 1),
    "calabrasella": ("calabrasella_hand3_record.json", 1),
    "tarocchi": ("tarocchi_hand4_record.json", 6),
}


class Hand:
    """A shipped record, its analysis, its replay page and the page's data."""

    def __init__(self, name: str) -> None:
        file, from_trick = HANDS[name]
        self.name = name
        self.record: HandRecord = ciapano.load_record(RECORDS / file)
        self.analysis: Analysis = ciapano.analyse(self.record, from_trick=from_trick)
        self.page = replay_html(self.analysis, self.record)
        self.data = blob(self.page)
        self.positions = self.record.positions()
        self.play = [c.text for c in self.record.play]
        self.by_index = {c.index: c for c in self.analysis.cards}

    def shown_trick(self, k: int) -> list[str]:
        """The cards the page shows on the table at step ``k``: the trick in progress, or when
        none is, the trick just completed (the last ``players`` cards)."""
        pos = self.positions[k]
        if pos.trick:
            return [c.text for c in pos.trick]
        n = pos.players
        return self.play[k - n : k] if k >= n else []


_HANDS: dict[str, Hand] = {}


def hand(name: str) -> Hand:
    if name not in _HANDS:
        _HANDS[name] = Hand(name)
    return _HANDS[name]


def blob(page: str) -> dict[str, Any]:
    """The page's embedded JSON."""
    m = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert m is not None
    return json.loads(m.group(1))


# -- the data ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(HANDS))
def test_the_blob_is_the_analysis_step_by_step(name: str) -> None:
    h = hand(name)
    d, a = h.data, h.analysis
    game = h.record.game
    assert game is not None
    assert len(d["steps"]) == len(h.play) + 1
    assert d["unit"] == game.value_unit and d["concept"] == a.concept
    assert d["first"] == a.cards[0].index
    assert d["guarantees"] == [list(r) for r in a.guarantees or ()]
    assert d["names"] == list(h.record.names or ())
    assert d["seats"] == [{**s.to_dict(), "name": d["names"][s.seat]} for s in a.seats]
    assert d["costly"] == [
        {"index": c.index, "trick": c.trick, "seat": c.seat, "card": c.card.text, "cost": c.cost}
        for c in a.costly
    ]
    assert a.costly, "each shipped hand has costly cards to show"
    for k, step in enumerate(d["steps"]):
        pos = h.positions[k]
        assert step["index"] == k
        assert step["hands"] == [hand.texts() for hand in pos.hands]
        assert step["table"] == [c.text for c in pos.trick]
        assert step["table_seats"] == [
            (pos.leader + i) % pos.players for i in range(len(pos.trick))
        ]
        if not pos.trick and k >= pos.players:
            assert step["last_trick"]["cards"] == h.shown_trick(k)
            assert step["last_trick"]["winner"] == pos.leader
        assert step["taken"] == list(pos.taken)
        assert step["stock"] == [c.text for c in pos.stock]
        assert step["set_aside"] == [c.text for c in pos.set_aside]
        if k == len(h.play):
            assert step["to_move"] is None and step["card"] is None
            assert step["guarantees"] == [s.score for s in a.seats]
            continue
        assert step["to_move"] == pos.to_move and step["card"] == h.play[k]
        c = h.by_index.get(k)
        assert step["analysed"] == (c is not None)
        if c is None:
            assert step["guarantees"] is None and "moves" not in step
            continue
        assert (step["before"], step["after"], step["cost"]) == (c.before, c.after, c.cost)
        assert step["best"] == [b.text for b in c.best]
        assert step["guarantees"] == list(a.guarantees[k - d["first"]])  # type: ignore[index]
        moves = {m["card"]: m for m in step["moves"]}
        # Every legal card, valued: the best ones keep the value, the played one is "after".
        assert set(moves) == set(pos.legal_moves().texts())
        assert {t for t, m in moves.items() if m["cost"] == 0} == set(step["best"])
        assert moves[c.card.text]["value"] == c.after
        assert moves[c.card.text]["cost"] == c.cost
        for m in moves.values():
            worse = m["value"] - c.before if game.lower_is_better else c.before - m["value"]
            assert m["cost"] == worse >= 0


def test_the_page_is_self_contained() -> None:
    h = hand("calabrasella")
    page = h.page
    assert page.startswith("<!DOCTYPE html>")
    for external in ("http://", "https://", "<link", " src=", "url(", "@import", "@font-face"):
        assert external not in page, external
    assert page.count("<svg") == 1 and page.count("<script") == 2
    # The graph: one line a seat, one dot a costly card, the marker.
    assert page.count('class="seat-line"') == 3
    assert page.count('class="costly-dot"') == len(h.analysis.costly)
    assert 'id="marker"' in page
    # Names cannot close the script: "<" is escaped in the blob, and read back as given.
    evil = ["</script><script>alert(1)</script>", "B & <b>", "C"]
    page = replay_html(h.analysis, h.record, names=evil, title="</title>x")
    assert page.count("</script>") == 2 and "<script>alert" not in page
    assert blob(page)["names"] == evil and blob(page)["title"] == "</title>x"
    assert "<title>&lt;/title&gt;x" in page


def test_special_games_are_in_the_data() -> None:
    cal = hand("calabrasella").data
    assert cal["declarer"] == 0 and cal["exchange"]["called"] == "3H"
    assert cal["exchange"]["widow"] == ["AC", "6C", "4D", "AS"]
    assert cal["game"]["sides"] == [[0], [1, 2]] and cal["game"]["trump"] is None
    assert len(cal["steps"][0]["set_aside"]) == 4
    assert "last trick" in cal["set_aside_text"][1]
    tar = hand("tarocchi").data
    assert tar["game"]["trump"] == "tarocchi" and tar["game"]["fool"] == "FOOL"
    assert tar["game"]["sides"] == [[0, 2], [1, 3]]
    assert tar["cards"]["FOOL"][1] == "s-F" and "trump" in tar["cards"]["21T"][1]
    assert tar["steps"][0]["set_aside"] and tar["dealer"] == 3
    assert not tar["steps"][tar["first"] - 1]["analysed"] and tar["steps"][tar["first"]]["analysed"]
    for step in tar["steps"]:
        sides = step["side_taken"]
        assert [s["seats"] for s in sides] == [[0, 2], [1, 3]]
    # Kifameno's stock, card by card; bridge's trump suit, tricks and no card points.
    kif = ciapano.load(ROOT / "positions" / "kifameno_endgame3.json")
    play = ciapano.play_out(kif, "random", seed=1)
    d = replay_data(ciapano.analyse(kif, play), kif, play)
    stocks = [len(s["stock"]) for s in d["steps"]]
    assert stocks[0] == 3 and stocks[-1] == 0 and stocks == sorted(stocks, reverse=True)
    assert d["game"]["removed"] == kif.game.removed.text  # type: ignore[attr-defined]
    bridge = ciapano.load(ROOT / "positions" / "bridge_ending.json")
    play = ciapano.play_out(bridge, "random", seed=3)
    d = replay_data(ciapano.analyse(bridge, play), bridge, [c.text for c in play])
    assert d["game"]["trump"] == "\u2660" and not d["game"]["card_points"]
    assert "trump" in d["cards"]["2S"][1] and "trump" not in d["cards"]["AH"][1]
    assert d["steps"][0]["tricks"] == [1, 3, 4, 2] and d["unit"] == "tricks"


def test_without_card_values_only_the_analysis_is_shown() -> None:
    h = hand("calabrasella")
    d = replay_data(h.analysis, h.record, card_values=False)
    assert all(s.get("moves") is None for s in d["steps"])
    assert [s.get("cost") for s in d["steps"]] == [s.get("cost") for s in h.data["steps"]]


def test_bad_input_is_refused(tmp_path: Path) -> None:
    h = hand("calabrasella")
    bare = ciapano.analyse(h.record, every_seat=False)
    with pytest.raises(CiapanoError, match="every_seat=True"):
        replay_html(bare, h.record)
    with pytest.raises(CiapanoError, match="another game"):
        replay_html(hand("ciapano").analysis, h.record)
    # Another Ciapanò hand of 4 players: the same game, other cards.
    last_trick = ciapano.analyse(hand("ciapano").record, from_trick=10)
    lines = (RECORDS / "hands4.jsonl").read_text(encoding="utf-8").splitlines()
    other = next(r for _, r in ciapano.read_records(lines) if isinstance(r, HandRecord))
    with pytest.raises(CiapanoError, match="another hand: its card 36 is"):
        replay_html(last_trick, other)
    opening = h.record.opening
    with pytest.raises(PositionError, match="play"):
        replay_html(h.analysis, opening)
    with pytest.raises(PositionError, match="play"):
        replay_html(h.analysis, h.record, play=h.play)
    with pytest.raises(CiapanoError, match="names"):
        replay_html(h.analysis, h.record, names=["a", "b"])
    # A position and its play give the same page data as the record.
    assert isinstance(opening, Position)
    assert replay_data(h.analysis, opening, h.play)["steps"] == h.data["steps"]
    path = write_replay(h.analysis, h.record, tmp_path / "hand.html")
    assert path.read_text(encoding="utf-8") == h.page


# -- the command line ---------------------------------------------------------------------


def test_analyse_html_writes_the_page(tmp_path: Path) -> None:
    runner = CliRunner()
    page = tmp_path / "hand.html"
    record = RECORDS / "tarocchi_hand4_record.json"
    result = runner.invoke(app, ["analyse", str(record), "--from-trick", "6", "--html", str(page)])
    assert result.exit_code in (0, 1), result.stderr
    assert result.stderr.strip() == f"replay written to {page}"
    assert "before  after  cost" in result.stdout
    assert blob(page.read_text(encoding="utf-8"))["steps"] == hand("tarocchi").data["steps"]
    for args, message in [
        (["--batch", str(record), "--html", "x.html"], "--html replays one hand"),
        (["--match", str(record), "--html", "x.html"], "--html replays one hand"),
        ([str(record), "--html", str(tmp_path / "no" / "x.html")], "cannot be written"),
        ([str(record), "--html", str(tmp_path)], "it is a folder"),
    ]:
        assert message in error_line(runner, ["analyse", *args])


# -- in a browser -------------------------------------------------------------------------

BROWSER_MISSING = not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK))


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    if BROWSER_MISSING:
        pytest.skip(f"no {CHROMIUM} or {CHROMEDRIVER} (apt-get install chromium chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for switch in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,1000",
    ):
        options.add_argument(switch)
    profile = tmp_path_factory.mktemp("chromium-profile")
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    # The driver by path: selenium-manager is never asked for one (no network).
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


# What the page shows, read from its elements (not from its data).
SHOWN = """
const q = (s) => Array.from(document.querySelectorAll(s));
return {
  step: Number(document.body.getAttribute("data-step")),
  where: document.getElementById("where").textContent,
  table: q("#table .played .card").map((e) => e.getAttribute("data-card")),
  hands: q("#seats .seat").map((s) => Array.from(s.querySelectorAll(".hand .card"))
    .map((e) => e.getAttribute("data-card"))),
  toMove: q("#seats .seat.to-move").map((s) => Number(s.getAttribute("data-seat"))),
  playing: q("#seats .card.play").map((e) => e.getAttribute("data-card")),
  rows: q("#choices tr[data-card]").map((r) => [r.getAttribute("data-card"),
    r.querySelector("td.value").textContent, r.querySelector("td.cost").textContent,
    r.classList.contains("chosen")]),
  verdict: (document.getElementById("verdict") || {textContent: ""}).textContent,
  choices: document.getElementById("choices").textContent,
  current: q("#costly-list li.current").map((e) => Number(e.getAttribute("data-step"))),
  marker: Number(document.getElementById("marker").getAttribute("x1")),
  markerShown: getComputedStyle(document.getElementById("marker")).display !== "none",
};
"""


def _check_step(h: Hand, shown: dict[str, Any], k: int) -> None:
    """What the page shows at step ``k`` is the hand's position and the analysis's card."""
    assert shown["step"] == k
    pos = h.positions[k]
    assert shown["table"] == h.shown_trick(k)
    assert shown["hands"] == [hand.texts() for hand in pos.hands]
    if k == len(h.play):
        assert "end of the hand" in shown["where"] and "The hand is over" in shown["choices"]
        assert shown["toMove"] == [] and shown["rows"] == []
        return
    assert f"card {k + 1} of {len(h.play)}" in shown["where"]
    assert shown["toMove"] == [pos.to_move] and shown["playing"] == [h.play[k]]
    c = h.by_index.get(k)
    if c is None:
        assert "not analysed" in shown["choices"] and shown["rows"] == []
        return
    rows = {card: (value, cost, chosen) for card, value, cost, chosen in shown["rows"]}
    assert set(rows) == set(pos.legal_moves().texts())
    assert {card for card, (_, cost, _) in rows.items() if cost == "0"} == {b.text for b in c.best}
    value, cost, chosen = rows[c.card.text]
    assert chosen and int(value) == c.after
    assert cost == (f"+{c.cost}" if c.cost else "0")
    if c.cost:
        assert f"costs {c.cost} {h.analysis.game.value_unit}" in shown["verdict"]
    else:
        assert "optimal" in shown["verdict"]
    assert shown["current"] == ([k] if c.cost else [])


@pytest.mark.parametrize("name", list(HANDS))
def test_the_page_in_a_browser(browser, tmp_path: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    h = hand(name)
    page = write_replay(h.analysis, h.record, tmp_path / f"{name}.html")
    browser.get(page.as_uri())
    assert browser.find_element(By.ID, "title").text.endswith(h.analysis.game.title)
    assert browser.execute_script("return document.querySelectorAll('#graph polyline').length") == (
        h.record.players
    )
    body = browser.find_element(By.TAG_NAME, "body")
    last = len(h.play)
    # Right arrow through the whole hand, every step checked.
    _check_step(h, browser.execute_script(SHOWN), 0)
    graph = h.data["graph"]
    for k in range(1, last + 1):
        body.send_keys(Keys.ARROW_RIGHT)
        shown = browser.execute_script(SHOWN)
        _check_step(h, shown, k)
        # The graph's marker at the card, hidden before the analysed cards.
        assert shown["markerShown"] == (k >= h.data["first"])
        if shown["markerShown"]:
            x = graph["left"] + (k - graph["x0"]) * graph["scale"]
            assert shown["marker"] == pytest.approx(x)
    body.send_keys(Keys.ARROW_RIGHT)  # past the end: stays
    assert browser.execute_script(SHOWN)["step"] == last
    body.send_keys(Keys.ARROW_LEFT)
    _check_step(h, browser.execute_script(SHOWN), last - 1)
    body.send_keys(Keys.HOME)
    _check_step(h, browser.execute_script(SHOWN), 0)
    body.send_keys(Keys.END)
    _check_step(h, browser.execute_script(SHOWN), last)
    # The buttons.
    for button, k in (("first", 0), ("next", 1), ("next", 2), ("prev", 1), ("last", last)):
        browser.find_element(By.ID, button).click()
        _check_step(h, browser.execute_script(SHOWN), k)
    # The costly cards' list: one entry a costly card, a click jumps to it.
    entries = browser.find_elements(By.CSS_SELECTOR, "#costly-list li")
    assert [int(e.get_attribute("data-step")) for e in entries] == [
        c.index for c in h.analysis.costly
    ]
    for entry, c in zip(entries, h.analysis.costly, strict=True):
        label = h.data["cards"][c.card.text][0]
        assert f"trick {c.trick}" in entry.text and label in entry.text
        assert entry.text.endswith(f"+{c.cost}")
        assert h.data["names"][c.seat] in entry.text
    for entry, c in zip(entries, h.analysis.costly, strict=True):
        entry.click()
        _check_step(h, browser.execute_script(SHOWN), c.index)
    # A costly card's dot on the graph jumps to it too.
    c = h.analysis.costly[0]
    browser.find_element(By.ID, "first").click()
    dot = browser.find_element(By.CSS_SELECTOR, f'#graph .costly-dot[data-step="{c.index}"]')
    browser.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", dot
    )
    _check_step(h, browser.execute_script(SHOWN), c.index)
    # The step is in the address: an address with a step goes there, a reload stays.
    browser.find_element(By.ID, "last").click()
    browser.get(page.as_uri() + f"#step={c.index}")
    _check_step(h, browser.execute_script(SHOWN), c.index)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    browser.refresh()
    _check_step(h, browser.execute_script(SHOWN), c.index + 1)
    # Nothing went to the network, and the console has no error.
    resources = browser.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name)"
    )
    assert resources == []
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []
