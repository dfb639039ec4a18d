"""Calabrasella seen by one seat: what each seat knows after the call and the exchange, the
exactly uniform sampling of what it does not, PIMC on the sides' points, and the commands.

The count and numbering of a view's deals are checked against a brute-force enumeration written
from the rules of what a seat knows (every place of every card it has not seen played or in its
hand, kept if the sizes, voids, known set-aside cards, known cards in other hands and the called
card's two possible places all hold), never against hard-coded numbers.
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import Calabrasella, Card, CardSet, InformationSet, PositionError, sample_deals
from ciapano.calabrasella import Exchange
from ciapano.cli.main import app
from ciapano.dealing import random_histories

ROOT = Path(__file__).resolve().parents[1]
HISTORY_FILE = ROOT / "positions" / "calabrasella_history3_exchange.json"
HISTORY = json.loads(HISTORY_FILE.read_text(encoding="utf-8"))
VIEW_FILE = ROOT / "positions" / "calabrasella_view3_defender.json"
GAME = Calabrasella()
#: The play before the shipped view (the solver's line from the shipped history's opening).
VIEW_PLAY = ["2S", "KS", "AS", "QS", "3S", "6C", "7S", "7H", "AH", "6S", "KC", "QH"]


def _exchange(record: dict) -> Exchange:
    return Exchange.from_dict(record, GAME, "a test")


def _view(record: dict, k: int, view: int | None = None) -> InformationSet:
    return InformationSet.from_history(
        record["deal"], record["dealer"], record.get("play", [])[:k], view, game=GAME,
        exchange=_exchange(record),
    )  # fmt: skip


def _truth(record: dict, k: int) -> ciapano.Position:
    return (
        _exchange(record)
        .opening(GAME, record["deal"], record["dealer"])
        .play_all(record["play"][:k])
    )


def _records(seed: int, count: int = 1, play: str = "random") -> list[dict]:
    return list(random_histories(None, count, seed, play=play, game=GAME))


# -- what each seat knows ------------------------------------------------------------------------


def test_what_each_seat_knows_after_the_exchange():
    # Seat 0 declares, names 3H (seat 2 gives it and receives 4C), discards JS 5S 6D and takes
    # AS AC 6C; the widow card left is 4D.
    declarer, defender, holder = (_view(HISTORY, 0, v) for v in range(3))
    assert declarer.set_aside == CardSet(["JS", "5S", "6D", "4D"])
    assert declarer.held == (CardSet(), CardSet(), CardSet(["4C"]))
    assert declarer.called is None and declarer.set_aside_hidden == 0
    for info in (defender, holder):
        assert info.declarer == 0
        assert info.set_aside == CardSet(["4D"]) and info.set_aside_hidden == 3
        assert info.held == (CardSet(["AS", "AC", "6C"]), CardSet(), CardSet())
        assert info.called == Card("3H")
        assert "3H" not in info.hand
    assert "4C" in holder.hand


def test_played_known_cards_are_known_no_more():
    record = {**HISTORY, "play": ["2S", "KS", "AS", "QS", "3S", "AC"]}
    info = _view(record, 6, 1)
    assert info.held[0] == CardSet(["6C"])
    assert info.to_dict()["held"] == {"0": ["6C"]}


def test_a_called_card_the_declarer_discarded_is_set_aside_in_some_samples():
    # The declarer may discard the card it called: a defender cannot tell.
    record = {**HISTORY, "discards": ["3H", "5S", "6D"], "play": []}
    info = _view(record, 0, 1)
    assert info.called == Card("3H")
    assert info.consistent(_truth(record, 0))
    deals = sample_deals(info, 60, seed=3)
    places = {"aside" if Card("3H") in d.set_aside else "hand" for d in deals}
    assert places == {"aside", "hand"}
    assert all(Card("3H") in d.hands[0] or Card("3H") in d.set_aside for d in deals)


def _brute_force(info: InformationSet) -> set[tuple[CardSet, ...]]:
    """Every deal of the cards the viewer has not seen played nor holds, to the other hands and
    the set-aside pile, that the sizes, voids and the viewer's knowledge allow: the other hands
    in seat order, then the four set-aside cards."""
    hidden = info.hidden_seats
    rooms = [info.sizes[s] for s in hidden] + [4]
    cards = sorted(GAME.deck.cards - info.hand - CardSet(info.trick) - info.gone)
    called = info.called
    out = set()
    for where in itertools.product(range(len(rooms)), repeat=len(cards)):
        held = [[] for _ in rooms]
        for card, j in zip(cards, where, strict=True):
            held[j].append(card)
        if any(len(h) != r for h, r in zip(held, rooms, strict=True)):
            continue
        sets = [CardSet(h) for h in held]
        hands = dict(zip(hidden, sets, strict=False))
        if any(hands[s].suit(x) for s in hidden for x in info.voids[s]):
            continue
        if info.set_aside - sets[-1] or any(info.held[s] - hands[s] for s in hidden):
            continue
        somewhere = sets[-1] | hands.get(info.declarer, CardSet())
        if called is not None and called in cards and called not in somewhere:
            continue
        out.add(tuple(sets))
    return out


def _key(info: InformationSet, pos: ciapano.Position) -> tuple[CardSet, ...]:
    return (*(pos.hands[s] for s in info.hidden_seats), CardSet(pos.set_aside))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), k=st.integers(30, 35), view=st.integers(0, 2))
def test_count_and_numbering_match_brute_force(seed, k, view):
    record = _records(seed)[0]
    info = _view(record, k, view)
    truth = _truth(record, k)
    assert info.consistent(truth)
    every = _brute_force(info)
    assert info.count_deals() == len(every)
    assert _key(info, truth) in every
    numbered = {_key(info, info.deal(i)) for i in range(info.count_deals())}
    assert numbered == every


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), k=st.integers(28, 35), view=st.integers(1, 2))
def test_brute_force_with_the_called_card_discarded(seed, k, view):
    # The declarer discarded the card it called: the defenders place it in its hand or set
    # aside until the end, with the widow cards it took known in its hand until played.
    import random

    record = {**HISTORY, "discards": ["3H", "5S", "6D"], "play": []}
    pos = _truth(record, 0)
    rng = random.Random(seed)
    while not pos.is_over():
        card = rng.choice(sorted(pos.legal_moves()))
        record["play"].append(card.text)
        pos = pos.play(card)
    info = _view(record, k, view)
    assert info.called == Card("3H") and info.set_aside_hidden == 3
    every = _brute_force(info)
    assert info.count_deals() == len(every)
    assert _key(info, _truth(record, k)) in every
    assert {_key(info, info.deal(i)) for i in range(info.count_deals())} == every


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), k=st.integers(0, 35), view=st.integers(0, 2))
def test_the_truth_and_every_sample_fit_the_view(seed, k, view):
    record = _records(seed)[0]
    info = _view(record, k, view)
    assert info.consistent(_truth(record, k))
    for deal in sample_deals(info, 10, seed=seed):
        assert info.consistent(deal)
        assert deal.declarer == record["declarer"] and len(deal.set_aside) == 4
        # Consistency is not vacuous: another seat's hand swapped with the viewer's is refused.
        other = info.hidden_seats[0]
        same = deal.hands[other] != info.hand and len(deal.hands[other]) == len(info.hand)
        if same and not deal.trick:
            hands = list(deal.hands)
            hands[other], hands[info.view] = hands[info.view], hands[other]
            swapped = ciapano.Position(
                hands, deal.leader, deal.trick, won=deal.won, game=GAME, declarer=deal.declarer,
                set_aside=deal.set_aside,
            )  # fmt: skip
            assert not info.consistent(swapped)


def test_the_numbering_is_uniform_in_frequency():
    from scipy.stats import chisquare

    record = _records(11)[0]
    info = _view(record, 30, 1)
    every = sorted(_brute_force(info), key=lambda key: [c.mask for c in key])
    counts = {key: 0 for key in every}
    for deal in sample_deals(info, 40 * len(every), seed=5):
        counts[_key(info, deal)] += 1
    assert chisquare(list(counts.values())).pvalue > 1e-4


# -- view files ----------------------------------------------------------------------------------


def test_a_view_round_trips_through_its_file_form():
    record = {**HISTORY, "play": ["2S", "KS", "AS", "QS"]}
    for v in range(3):
        info = ciapano.view_from_dict(record, v)
        assert info == _view(record, 4, v)
        assert ciapano.view_from_dict(info.to_dict()) == info
        assert ciapano.view_from_dict(json.loads(json.dumps(info.to_dict()))) == info


def test_the_shipped_view_is_a_defenders_view_of_the_shipped_hand():
    info = ciapano.load_view(VIEW_FILE)
    assert info.view != info.declarer and info.view == info.to_move
    assert info.called is not None and any(info.held)
    assert info == _view({**HISTORY, "play": VIEW_PLAY}, len(VIEW_PLAY))
    with pytest.raises(PositionError, match=r"^hands\[0\]: 8 is a number of hidden"):
        ciapano.load(VIEW_FILE)


def test_an_open_position_seen_by_one_seat():
    pos = _truth(HISTORY, 4)
    declarer = InformationSet.from_position(pos, 0)
    defender = InformationSet.from_position(pos, 1)
    assert declarer.set_aside == CardSet(pos.set_aside) and not declarer.set_aside_hidden
    assert defender.set_aside == CardSet() and defender.set_aside_hidden == 4
    assert declarer.consistent(pos) and defender.consistent(pos)
    assert "set aside: - and 4 unseen" in str(defender)


def _defender_view() -> dict:
    return ciapano.load_view(VIEW_FILE).to_dict()


BAD_VIEWS = [
    ("held by the viewer", {"held": {"2": ["3D"]}}, "held.2", "viewer"),
    ("held card seen elsewhere", {"held": {"0": ["AS"]}}, "held.0", "AS"),
    ("held card in a void suit", {"voids": {"0": ["C"]}}, "voids.0", "AC"),
    ("too many held cards",
     {"held": {"1": ["JS", "5S", "2H", "KH", "6H", "5H", "4H", "3D", "AD"]}}, "held.1", "9 cards"),
    ("called card in the viewer's hand", {"called": "3C"}, "called", "3C"),
    ("called card for the declarer", {"view": 0}, "hands[0]", "number"),
    ("five set-aside cards", {"set_aside": ["4D", "JS", "5S", "6D", "3D"]}, "set_aside", "5"),
    ("not a card", {"called": "ZZ"}, "called", "ZZ"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "field", "mention"), [b[1:] for b in BAD_VIEWS], ids=[b[0] for b in BAD_VIEWS]
)
def test_bad_views(change, field, mention):
    data = {**_defender_view(), **change}
    with pytest.raises(PositionError) as e:
        ciapano.view_from_dict(data)
    assert e.value.field == field, str(e.value)
    assert mention in str(e.value) and "\n" not in str(e.value)


def test_the_declarer_has_no_called_card_to_place():
    data = _view(HISTORY, 0, 0).to_dict()
    with pytest.raises(PositionError, match=r"^called: 3H given, but the declarer"):
        ciapano.view_from_dict({**data, "called": "3H"})


def test_other_games_have_no_held_cards():
    info = ciapano.load_view(ROOT / "positions" / "view4_midhand.json")
    with pytest.raises(PositionError, match=r"^held: "):
        ciapano.view_from_dict({**info.to_dict(), "held": {"0": ["2S"]}})
    with pytest.raises(PositionError, match=r"^held: "):
        InformationSet(0, info.hand, info.sizes, info.leader, won=info.won, held={1: ["2S"]})


# -- PIMC on the sides' points -------------------------------------------------------------------


def test_pimc_means_are_the_sides_points_of_the_solved_samples_best_first():
    info = ciapano.load_view(VIEW_FILE)
    result = ciapano.pimc(info, samples=8, seed=2, workers=1)
    solved = [dict(ciapano.solve(d, seat=info.view)) for d in sample_deals(info, 8, seed=2)]
    for move in result:
        values = np.array([s[move.card] for s in solved], dtype=float)
        assert move.mean == pytest.approx(values.mean())
        assert move.stderr == pytest.approx(values.std(ddof=1) / math.sqrt(8))
        assert move.best_rate == pytest.approx(
            sum(s[move.card] == max(s.values()) for s in solved) / 8
        )
    means = [m.mean for m in result]
    assert means == sorted(means, reverse=True) and result.best == result.moves[0].card
    for move in result:
        loss = result.loss(move.card)
        best = np.array([s[result.best] for s in solved], dtype=float)
        mine = np.array([s[move.card] for s in solved], dtype=float)
        assert loss.loss == pytest.approx((best - mine).mean()) and loss.loss >= 0
    assert "higher is better" in str(result) and "most points" in str(result)


def test_play_out_by_pimc_plays_legal_cards_from_each_seats_view():
    (record,) = _records(4, play="pimc:3")
    assert len(record["play"]) == 36
    analysis = ciapano.analyse(record)  # replays the hand: every card legal
    assert len(analysis.cards) == 36
    pos = _exchange(record).opening(GAME, record["deal"], record["dealer"])
    assert _exchange(record).dealt_hands(pos) == [CardSet(h) for h in record["deal"]]
    with pytest.raises(PositionError, match=r"^exchange: is missing"):
        ciapano.play_out(pos, "pimc:3", seed=1)


def test_view_at_a_card_of_a_record_is_its_players_view():
    (record,) = _records(6)
    for i in (0, 13, 35):
        info = ciapano.view_at(record, i)
        assert info == _view(record, i)
        assert info.view == _truth(record, i).to_move


# -- the commands --------------------------------------------------------------------------------


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_sample_scores_a_defenders_cards(runner):
    result = runner.invoke(app, ["sample", str(VIEW_FILE), "--samples", "6", "--seed", "1",
                                 "--workers", "1", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    info = ciapano.load_view(VIEW_FILE)
    assert {m["card"] for m in out["moves"]} == {c.text for c in info.legal_moves()}
    assert out["best"] == out["moves"][0]["card"]
    assert out["moves"][0]["mean"] == max(m["mean"] for m in out["moves"])


def test_deal_plays_calabrasella_by_pimc_and_analyse_scores_it(runner, tmp_path):
    result = runner.invoke(app, ["deal", "--game", "calabrasella", "--count", "1", "--seed", "2",
                                 "--play", "pimc:2,random,random"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    path = tmp_path / "hand.jsonl"
    path.write_text(result.stdout, encoding="utf-8")
    analysed = runner.invoke(app, ["analyse", str(path), "--samples", "2", "--seed", "1",
                                   "--from-trick", "11"])  # fmt: skip
    assert analysed.exit_code == 0, analysed.stderr
    assert "Expected cost from each player's own view" in analysed.stdout


def test_a_bad_view_file_exits_2_with_one_line(runner, tmp_path):
    path = tmp_path / "view.json"
    path.write_text(json.dumps({**_defender_view(), "held": {"2": ["3D"]}}), encoding="utf-8")
    result = runner.invoke(app, ["sample", str(path)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "held.2" in lines[0] and "Traceback" not in result.stderr
