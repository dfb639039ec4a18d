"""The analysis of played hands (``ciapano.analyse``), ``ciapano.check`` and ``play_out``.

Values are never hard-coded: each card's before, after and best cards, and every seat's
guarantee in every position, are compared with the pure-Python reference minimax
(``ciapano.reference``) on endgames small enough for it, and with fresh searches (no table
carried from one position to the next) on a whole hand.
"""

from __future__ import annotations

import _thread
import os
import signal
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import HandRecord, Position
from ciapano.dealing import random_deal
from ciapano.reference import reference_move_values, reference_value
from strategies import positions

RECORDS = Path(__file__).resolve().parents[1] / "positions" / "records"
ISSUE_CARD_KEYS = ["index", "trick", "seat", "card", "before", "after", "cost", "best"]
ISSUE_SEAT_KEYS = ["seat", "score", "guarantee", "mistakes", "total_cost"]


def _positions(start: Position, play) -> list[Position]:
    out = [start]
    for card in play:
        out.append(out[-1].play(card))
    return out


def _against_reference(analysis: ciapano.Analysis, positions: list[Position]) -> None:
    """Every card and every guarantee of an analysis, against the reference."""
    base = analysis.cards[0].index if analysis.cards else 0
    for c in analysis.cards:
        pos = positions[c.index - base]
        assert c.seat == pos.to_move and c.trick == pos.trick_number
        values = reference_move_values(pos, c.seat)
        best = min(values.values())
        assert c.before == best
        assert c.after == values[c.card]
        assert c.cost == c.after - c.before >= 0
        assert set(c.best) == {card for card, v in values.items() if v == best}
        assert c.card in c.best if c.cost == 0 else c.card not in c.best
    if analysis.guarantees is not None:
        assert len(analysis.guarantees) == len(positions)
        for pos, row in zip(positions, analysis.guarantees, strict=True):
            assert list(row) == [reference_value(pos, s) for s in range(pos.players)]
    first, last = positions[0], positions[-1]
    for s in analysis.seats:
        assert s.guarantee == reference_value(first, s.seat)
        assert s.score == last.score()[s.seat]
        costs = [c.cost for c in analysis.cards if c.seat == s.seat and c.cost]
        assert (s.mistakes, s.total_cost) == (len(costs), sum(costs))


@st.composite
def policies(draw, players: int):
    """One policy per seat: random or optimal, so that tables mix both."""
    return [draw(st.sampled_from(ciapano.analysis.POLICIES)) for _ in range(players)]


@settings(max_examples=150, deadline=None)
@given(data=st.data(), pos=positions())
def test_analysis_agrees_with_the_reference(data, pos: Position) -> None:
    chosen = data.draw(policies(pos.players))
    seed = data.draw(st.integers(0, 2**32 - 1))
    play = ciapano.play_out(pos, chosen, seed)
    analysis = ciapano.analyse(pos, play)
    positions_ = _positions(pos, play)
    assert positions_[-1].is_over()
    _against_reference(analysis, positions_)
    for s in analysis.seats:
        # A seat's guarantee rises only with its own costly cards: without one it scores at
        # most its opening guarantee (its guarantee at the end is its score).
        if s.mistakes == 0:
            assert s.score <= s.guarantee
        if chosen[s.seat] == "optimal":
            assert s.mistakes == 0


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p in (3, 4, 5) for s in range(1, 5)])
def test_the_last_tricks_of_random_hands_agree_with_the_reference(players: int, seed: int):
    deal = random_deal(players, seed)
    play = ciapano.play_out(deal, "random", seed)
    record = HandRecord(deal=deal.hands, dealer=players - 1, play=play, discard=deal.discard)
    last = deal.game.tricks - 2
    analysis = ciapano.analyse(record, from_trick=last)
    start = (last - 1) * players
    assert [c.index for c in analysis.cards] == list(range(start, len(play)))
    assert analysis.cards[0].trick == last
    _against_reference(analysis, list(record.positions()[start:]))


def test_a_whole_hand_agrees_with_fresh_searches() -> None:
    # The shipped 4-player record (two seats play at random), the table carried through all 40
    # cards, against fresh searches (a new table for each) from the third trick on, where they
    # are quick; the opening guarantees against the table of a fresh search.
    record = ciapano.load_record(RECORDS / "hand4_record.json")
    analysis = ciapano.analyse(record)
    assert analysis.id == record.id and len(analysis.cards) == 40
    assert [c.index for c in analysis.cards] == list(range(40))
    positions_ = record.positions()
    assert list(analysis.guarantees[0]) == ciapano.dd_table(positions_[0]).to_list()
    for c in analysis.cards:
        if c.index >= 8 and (c.index % 3 == 0 or c.cost):
            result = ciapano.solve(positions_[c.index])
            assert c.before == result.value
            assert c.after == result[c.card]
            assert set(c.best) == set(result.best)
    for k in range(10, 41, 5):
        assert list(analysis.guarantees[k]) == ciapano.dd_table(positions_[k]).to_list()
    for s in analysis.seats:
        assert s.guarantee == analysis.guarantees[0][s.seat]
        assert s.score == record.score()[s.seat] == analysis.guarantees[-1][s.seat]
        if s.mistakes == 0:
            assert s.score <= s.guarantee
    assert analysis.costly
    # Anna and Carla play optimally (ciapano deal --play optimal,random,optimal,random).
    assert [s.mistakes for s in analysis.seats][0::2] == [0, 0]


def test_the_json_shape_is_the_issues() -> None:
    deal = random_deal(4, 2)
    play = ciapano.play_out(deal, "random", 2)
    record = HandRecord(deal=deal.hands, dealer=3, play=play, names=["A", "B", "C", "D"])
    d = ciapano.analyse(record, from_trick=9, every_seat=False).to_dict()
    # Issue 29 added the concept, and each costly card's cost under maxn where proved.
    assert list(d) == ["cards", "seats", "nodes", "seconds", "concept"]
    assert [list(c)[: len(ISSUE_CARD_KEYS)] for c in d["cards"]] == [ISSUE_CARD_KEYS] * 8
    assert all(list(c)[len(ISSUE_CARD_KEYS) :] == ["maxn_cost"] for c in d["cards"])
    assert [list(s) for s in d["seats"]] == [ISSUE_SEAT_KEYS] * 4
    assert all(isinstance(x, str) for c in d["cards"] for x in [c["card"], *c["best"]])
    assert d["cards"][0]["index"] == 32 and d["cards"][0]["trick"] == 9


def test_the_table_marks_costly_cards() -> None:
    deal = random_deal(4, 6)
    play = ciapano.play_out(deal, "random", 6)
    record = HandRecord(deal=deal.hands, dealer=3, play=play, names=["Anna", "B", "C", "D"])
    analysis = ciapano.analyse(record, from_trick=8)
    text = str(analysis)
    rows = [line for line in text.splitlines() if line[:1] in "! " and " 0 Anna" in line]
    assert rows
    marked = [line for line in text.splitlines() if line.startswith("!")]
    assert len(marked) == len(analysis.costly)
    assert "score  guarantee  mistakes  cost" in text


@settings(max_examples=60, deadline=None)
@given(pos=positions(), data=st.data())
def test_check_agrees_with_the_reference(pos: Position, data) -> None:
    if pos.is_over():
        return
    card = data.draw(st.sampled_from(sorted(pos.legal_moves())))
    result = ciapano.check(pos, card)
    values = reference_move_values(pos, pos.to_move)
    best = min(values.values())
    assert (result.value, result.best_value) == (values[card], best)
    assert result.cost == values[card] - best and result.optimal == (result.cost == 0)
    assert set(result.best) == {c for c, v in values.items() if v == best}
    assert result.to_dict()["card"] == card.text


def test_check_rejects_an_illegal_card() -> None:
    pos = random_deal(4, 1).play("3S" if "3S" in random_deal(4, 1).hands[0] else "4C")
    not_held = next(c for c in ciapano.DECK if c not in pos.hands[pos.to_move])
    with pytest.raises(ciapano.IllegalMoveError, match="is not in the hand of seat 1"):
        ciapano.check(pos, not_held)
    with pytest.raises(ciapano.IllegalMoveError, match="is not a card"):
        ciapano.check(pos, "1X")


def test_bad_arguments() -> None:
    deal = random_deal(4, 1)
    play = ciapano.play_out(deal, "random", 1)
    record = HandRecord(deal=deal.hands, dealer=3, play=play)
    with pytest.raises(ciapano.PositionError, match="needs the cards played"):
        ciapano.analyse(deal)
    with pytest.raises(ciapano.PositionError, match="stops after 4 cards"):
        ciapano.analyse(deal, play[:4])
    with pytest.raises(ciapano.IllegalMoveError, match=r"play\[1\]"):
        ciapano.analyse(deal, [play[0], play[0]])
    with pytest.raises(ciapano.PositionError, match="not beside it"):
        ciapano.analyse(record, play)
    with pytest.raises(ciapano.PositionError, match="from_trick: 11 is not a trick number"):
        ciapano.analyse(record, from_trick=11)
    with pytest.raises(ciapano.RecordError, match=r"play\[0\]"):
        ciapano.analyse({**record.to_dict(), "play": ["3X"]})
    with pytest.raises(ciapano.PositionError, match="is not a policy: random, optimal or pimc:N"):
        ciapano.play_out(deal, "greedy")


def test_play_out_is_reproducible() -> None:
    deal = random_deal(5, 4)
    a = ciapano.play_out(deal.play_all([]), "random", 7)
    assert a == ciapano.play_out(deal, "random", 7)
    assert deal.play_all(a).is_over()
    assert a != ciapano.play_out(deal, "random", 8)


def test_plot_writes_a_picture(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    from ciapano.plot import plot_analysis

    deal = random_deal(4, 2)
    play = ciapano.play_out(deal, "random", 3)
    record = HandRecord(deal=deal.hands, dealer=3, play=play, id="p")
    analysis = ciapano.analyse(record, from_trick=7)
    assert analysis.costly, "the plot should show a costly card"
    for suffix in (".png", ".svg"):
        path = plot_analysis(analysis, tmp_path / f"hand{suffix}")
        assert path.stat().st_size > 1000
    assert (tmp_path / "hand.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    with pytest.raises(ciapano.CiapanoError, match="no picture suffix"):
        plot_analysis(analysis, tmp_path / "hand.txt")
    bare = ciapano.analyse(record, from_trick=7, every_seat=False)
    with pytest.raises(ciapano.CiapanoError, match="every_seat=True"):
        plot_analysis(bare, tmp_path / "bare.png")


# -- Ctrl-C -----------------------------------------------------------------------------------


@pytest.fixture
def python_sigint():
    """Python's own SIGINT handler for the test (a process started in the background may have
    SIGINT ignored)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.mark.parametrize("interrupt", ["signal", "interrupt_main"])
def test_ctrl_c_stops_an_analysis_at_once(interrupt, python_sigint):
    # The searches run without the GIL: the analysis turns Ctrl-C into a stop request of them
    # by itself (no caller's help), and raises AnalysisInterrupted, a KeyboardInterrupt.
    record = ciapano.load_record(RECORDS / "hand4_record.json")

    def fire() -> None:
        if interrupt == "signal":
            os.kill(os.getpid(), signal.SIGINT)
        else:
            _thread.interrupt_main()

    timer = threading.Timer(0.1, fire)
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(ciapano.AnalysisInterrupted):
            ciapano.analyse(record)  # about 1.3 s uninterrupted
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 1.0
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
