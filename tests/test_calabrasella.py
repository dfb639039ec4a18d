"""Calabrasella end to end: the game's scoring, positions with a declarer and set-aside cards,
the history form's call and exchange (every step checked), and the commands.

Values are never hard-coded: they come from the pure-Python reference (``ciapano.reference``)
on positions small enough for it, or from the recorded files that tests/test_positions.py
checks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from clitools import error_line

import ciapano
from ciapano import Calabrasella, Card, CardSet, Position, SetAside
from ciapano.cli.main import app, solve_app
from ciapano.reference import reference_move_values, reference_value

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "positions"
HISTORY = POSITIONS / "calabrasella_history3_exchange.json"
ENDGAME = POSITIONS / "calabrasella_endgame3.json"


def _history() -> dict:
    return json.loads(HISTORY.read_text(encoding="utf-8"))


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


_error = error_line


# -- the game ------------------------------------------------------------------------------------


def test_the_game_and_its_option():
    game = Calabrasella()
    assert (game.players, game.hand_size, game.set_aside_size, game.deal_size) == (3, 12, 4, 40)
    assert game.total_points == 35 and game.value_bounds == (0, 35)
    assert not game.lower_is_better and game.has_declarer
    assert game.set_aside is SetAside.LAST_TRICK and game.set_aside_scored
    assert Calabrasella(set_aside="none").options == {"set_aside": "none"}
    assert ciapano.find_game("Calabrasella") is Calabrasella
    with pytest.raises(ciapano.GameError, match=r"rules\.set_aside"):
        Calabrasella(set_aside="declarer")
    with pytest.raises(ciapano.GameError, match="players"):
        Calabrasella(players=4)
    assert game.side_of(1, declarer=1) == (1,) and game.side_of(0, declarer=1) == (0, 2)


def test_the_hand_score_adds_the_defenders_and_the_payment_doubles_at_35_0():
    game = Calabrasella()
    # Card points per seat (the set-aside cards counted for the last trick's winner, seat 2).
    assert game.hand_score([10, 12, 10], 2, declarer=0) == [10, 25, 25]
    assert game.hand_score([32, 0, 0], 0, declarer=0) == [35, 0, 0]
    assert game.payment(20, 15) == 5 and game.payment(10, 25) == -15
    assert game.payment(35, 0) == 70 and game.payment(0, 35) == -70
    none = Calabrasella(set_aside="none")
    five = [Card("AS"), Card("3S"), Card("2S")]  # 5 points
    assert none.hand_total(five) == 30 and game.hand_total(five) == 35
    with pytest.raises(ciapano.GameError, match="declarer"):
        game.hand_score([10, 12, 10], 2)


# -- positions -----------------------------------------------------------------------------------


def _small(rule: str = "last-trick") -> Position:
    """Two cards a seat, the rest won or set aside (seat 0 declares)."""
    game = Calabrasella(set_aside=rule)
    hands = [["3S", "4S"], ["AS", "5H"], ["2S", "AH"]]
    aside = ["AD", "3D", "4D", "5D"]
    used = {Card(c) for h in hands for c in h} | {Card(c) for c in aside}
    rest = [c for c in ciapano.CARDS if c not in used]
    won = [rest[:15], rest[15:27], rest[27:]]
    return Position(hands, 1, won=won, game=game, declarer=0, set_aside=aside)


@pytest.mark.parametrize("rule", ["last-trick", "none"])
def test_the_set_aside_cards_go_with_the_last_trick_or_to_no_one(rule):
    pos = _small(rule)
    # Seat 1 leads AS, seat 2 follows 2S, the declarer wins with 3S and the last trick with 4S
    # (both others void in spades by then).
    end = pos.play_all(["AS", "2S", "3S", "4S", "5H", "AH"])
    assert end.is_over() and end.leader == 0
    aside = pos.game.points([Card(c) for c in ("AD", "3D", "4D", "5D")])
    points = end.final_points()
    assert points[0] == end.taken[0] + (aside if rule == "last-trick" else 0)
    score = end.score()
    assert score[1] == score[2] and score[0] + score[1] == pos.game.hand_total(pos.set_aside)


def test_a_position_needs_its_declarer_and_four_set_aside_cards():
    pos = _small()
    hands = [list(h) for h in pos.hands]
    with pytest.raises(ciapano.PositionError, match="declarer: is missing"):
        Position(hands, 1, won=pos.won, game=pos.game, set_aside=pos.set_aside)
    with pytest.raises(ciapano.PositionError, match="set_aside: 3 card"):
        Position(hands, 1, won=pos.won, game=pos.game, declarer=0, set_aside=pos.set_aside[:3])
    with pytest.raises(ciapano.PositionError, match="declarer: 3 is not a seat"):
        Position(hands, 1, won=pos.won, game=pos.game, declarer=3, set_aside=pos.set_aside)
    with pytest.raises(ciapano.PositionError, match="declarer: 0 given, but Ciapan"):
        Position([["3S"], ["2S"], ["AS"]], 0, game=ciapano.Ciapano(players=3), declarer=0)


def test_a_snapshot_round_trips_and_keeps_its_sides():
    pos = _small()
    assert ciapano.loads(ciapano.dumps(pos)) == pos
    assert "declarer=0" in repr(pos) and "set aside:" in str(pos)
    assert pos.side_of(0) == (0,) and pos.same_side(1, 2) and not pos.same_side(0, 1)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_solve_gives_each_side_its_points(seat):
    pos = _small()
    result = ciapano.solve(pos, seat, all_seats=True)
    assert {c: v for c, v in result} == reference_move_values(pos, seat)
    assert list(result.seats) == [reference_value(pos, s) for s in range(3)]
    total = pos.game.hand_total(pos.set_aside)
    assert result.seats[0] + result.seats[1] == total
    ours = result.value if seat == 0 else total - result.value
    assert result.payment == pos.game.payment(ours, total - ours)


# -- the history form: call and exchange ---------------------------------------------------------


def test_the_history_plays_the_exchanged_hands():
    data = _history()
    pos = ciapano.loads(json.dumps(data))
    assert pos.declarer == 0 and pos.to_move == 1 and pos.first_trick
    d = data["deal"]
    want = (CardSet(d[0]) - CardSet(["4C", "JS", "5S", "6D"])) | CardSet(["3H", "AS", "AC", "6C"])
    assert pos.hands[0] == want
    assert pos.hands[2] == (CardSet(d[2]) - CardSet(["3H"])) | CardSet(["4C"])
    assert set(pos.set_aside) == {Card(c) for c in ("JS", "5S", "6D", "4D")}


BAD_STEPS = [
    ({"called": "2H"}, "called: 2H is in the declarer's own hand"),
    ({"called": "2S"}, "called: 2S may not be named"),
    ({"called": None}, "called: is missing"),
    ({"given": None}, "given: is missing"),
    ({"given": "3S"}, "given: 3S is not in the declarer's hand"),
    ({"discards": ["JS", "3S", "6D"]}, "discards[1]: 3S is not in the declarer's hand"),
    ({"discards": []}, "discards"),
    ({"take": ["AS", "AC"]}, "take: 2 cards taken for 3 discarded"),
    ({"take": ["AS", "AC", "KS"]}, "take[2]: KS is not a widow card"),
    ({"widow": ["AC", "6C", "4D", "2S"]}, "widow"),
]


@pytest.mark.parametrize(("change", "message"), BAD_STEPS)
def test_every_step_of_the_exchange_is_checked(change, message, runner, tmp_path):
    data = _history()
    for key, value in change.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    with pytest.raises(ciapano.PositionError) as info:
        ciapano.loads(json.dumps(data))
    assert message in str(info.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "error" in _error(runner, [str(path)], tool=solve_app)


def test_a_called_card_in_the_widow_changes_no_hands():
    data = _history()
    # Put the 3 of clubs in the widow in place of the ace of clubs, which seat 2 takes.
    data["deal"][2] = [c for c in data["deal"][2] if c != "3C"] + ["AC"]
    data["widow"] = ["3C", "6C", "4D", "AS"]
    data["called"] = "3C"
    data.pop("given")
    data["take"] = ["AS", "3C", "6C"]
    pos = ciapano.loads(json.dumps(data))
    assert Card("3C") in pos.hands[0] and Card("3H") not in pos.hands[0]
    data["given"] = "4C"
    with pytest.raises(ciapano.PositionError, match=r"given: .* was in the widow"):
        ciapano.loads(json.dumps(data))


# -- the commands --------------------------------------------------------------------------------


def test_solve_json_gives_the_payment(runner):
    result = runner.invoke(solve_app, [str(ENDGAME), "--json", "--all-seats"])
    assert result.exit_code == 0, result.stderr
    d = json.loads(result.stdout)
    pos = ciapano.load(ENDGAME)
    assert d["seats"] == [reference_value(pos, s) for s in range(3)]
    total = pos.game.hand_total(pos.set_aside)
    ours = d["seats"][pos.declarer]
    assert d["payment"] == pos.game.payment(ours, total - ours)


def test_check_reports_the_points_a_card_gives_away(runner):
    pos = ciapano.load(ENDGAME)
    values = reference_move_values(pos)
    best = max(values.values())
    for card, value in values.items():
        result = ciapano.check(pos, card)
        assert result.optimal == (value == best) and result.cost == best - value
        assert result.value == value and result.best_value == best


def _record(seed: int) -> dict:
    """The shipped hand played to its end at random (seeded), as a hand record."""
    import random

    record = {k: v for k, v in _history().items() if k not in ("expected", "comment")}
    pos = ciapano.loads(json.dumps(record))
    rng = random.Random(seed)
    play = []
    while not pos.is_over():
        card = rng.choice(sorted(pos.legal_moves()))
        play.append(card.text)
        pos = pos.play(card)
    record["play"] = play
    return record


def test_a_played_hand_is_analysed_card_by_card(runner, tmp_path):
    record = _record(3)
    analysis = ciapano.analyse(record)
    assert len(analysis.cards) == 36
    pos = ciapano.loads(json.dumps({**record, "play": []}))
    for c in analysis.cards:
        # Each card's cost is what a check of that decision says (points its side gave away).
        check = ciapano.check(pos, c.card)
        assert (c.cost, c.before, c.after) == (check.cost, check.best_value, check.value)
        assert c.optimal == check.optimal and c.best == check.best
        pos = pos.play(c.card)
    assert [s.score for s in analysis.seats] == pos.score()
    assert [s.total_cost for s in analysis.seats] == [
        sum(c.cost for c in analysis.cards if c.seat == s) for s in range(3)
    ]
    assert analysis.costly  # random play gives points away
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--json"])
    assert result.exit_code in (0, 1), result.stderr
    assert json.loads(result.stdout)["cards"] == [c.to_dict() for c in analysis.cards]
    # A record whose exchange breaks a rule is refused with its field.
    bad = {**record, "take": ["AS", "AC", "KS"]}
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert "take[2]" in _error(runner, ["analyse", str(path)])


# -- the exchange ----------------------------------------------------------------------------


def _after_call() -> tuple[list[list[str]], list[str]]:
    """The shipped hand's three hands after the call (3H to the declarer, 4C to seat 2)."""
    data = _history()
    hands = [list(h) for h in data["deal"]]
    hands[0] = [c for c in hands[0] if c != "4C"] + ["3H"]
    hands[2] = [c for c in hands[2] if c != "3H"] + ["4C"]
    return hands, data["widow"]


def test_every_exchange_is_valued_as_its_own_deal(runner, tmp_path):
    hands, widow = _after_call()
    path = tmp_path / "exchange.json"
    path.write_text(
        json.dumps({"game": "calabrasella", "declarer": 0, "hands": hands, "widow": widow}),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["exchange", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    d = json.loads(result.stdout)
    choices = d["choices"]
    assert len(choices) == 1819
    values = [c["value"] for c in choices]
    assert values == sorted(values, reverse=True) and d["best"] == choices[0]
    # The history form gives the same hands after the call, so the same analysis.
    history = runner.invoke(app, ["exchange", str(HISTORY), "--json"])
    assert json.loads(history.stdout)["choices"] == choices
    # A sample of the choices (the best, the worst and some between), each solved afresh as the
    # deal it makes: the one table shared by the analysis changes no value.
    game = Calabrasella()
    for c in [*choices[:3], *choices[::200], choices[-1]]:
        keep = CardSet(c["keep"])
        assert len(keep) == 12
        assert keep == (CardSet(hands[0]) - CardSet(c["discard"])) | CardSet(c["take"])
        aside = [*c["discard"], *(w for w in widow if w not in c["take"])]
        pos = Position(
            [keep, hands[1], hands[2]], 1, game=game, declarer=0, set_aside=aside,
            won=[[], [], []],
        )  # fmt: skip
        assert ciapano.value(pos, 0) == c["value"], c


def test_bad_exchange_files_exit_2(runner, tmp_path):
    hands, widow = _after_call()
    base = {"game": "calabrasella", "declarer": 0, "hands": hands, "widow": widow}
    cases = [
        ({"widow": ["AC", "6C", "4D", "2S"]}, "widow"),
        ({"declarer": 3}, "declarer"),
        ({"game": "ciapano"}, "game"),
        ({"hands": [hands[0][:11], hands[1], hands[2]]}, "hands[0]"),
    ]
    for change, field in cases:
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({**base, **change}), encoding="utf-8")
        line = _error(runner, ["exchange", str(path)])
        assert f"{field}:" in line, line


def test_the_call_analysis_gives_each_call_its_best_give_back_and_exchange(runner, tmp_path):
    from ciapano.calabrasella import analyse_call, analyse_exchange, best_exchange, callable_cards
    from ciapano.dealing import random_deal

    pos = random_deal(seed=9, game=Calabrasella())
    deal, widow, d = pos.hands, pos.set_aside, pos.declarer
    path = tmp_path / "call.json"
    path.write_text(
        json.dumps(
            {"game": "calabrasella", "deal": [h.texts() for h in deal],
             "widow": [c.text for c in widow], "declarer": d}
        ),
        encoding="utf-8",
    )  # fmt: skip
    result = runner.invoke(app, ["call", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    calls = json.loads(result.stdout)["calls"]
    assert {c["called"] for c in calls} == {c.text for c in callable_cards(deal[d])}
    assert [c["value"] for c in calls] == sorted((c["value"] for c in calls), reverse=True)
    analysis = analyse_call(deal, widow, d)
    assert [o.to_dict() for o in analysis.options] == calls
    best = analysis.best
    holder = best.holder
    assert holder is not None and best.called in deal[holder]
    hands = list(deal)
    hands[d] = hands[d].remove(best.given).add(best.called)
    hands[holder] = hands[holder].remove(best.called).add(best.given)
    # After that call and give-back: the best exchange is the best of every choice's value, and
    # its deal solved afresh is worth it.
    every = analyse_exchange(hands, widow, d)
    assert every.best.value == best.value == best_exchange(hands, widow, d).value
    e = best.exchange
    aside = [*e.discard, *(c for c in widow if c not in e.take)]
    played = [CardSet(e.keep) if s == d else hands[s] for s in range(3)]
    opening = Position(played, (d + 1) % 3, game=pos.game, declarer=d, set_aside=aside,
                       won=[[], [], []])  # fmt: skip
    assert ciapano.value(opening, d) == best.value
    # Another give-back is worth no more.
    other = next(c for c in deal[d] if c != best.given)
    hands2 = list(deal)
    hands2[d] = hands2[d].remove(other).add(best.called)
    hands2[holder] = hands2[holder].remove(best.called).add(other)
    assert best_exchange(hands2, widow, d).value <= best.value


# -- should I declare? ---------------------------------------------------------------------------


def test_each_sample_of_the_declaring_estimate_is_its_deals_best_exchange():
    from ciapano.calabrasella import best_exchange, declaring_deal, estimate_declaring

    game = Calabrasella()
    hand = CardSet([f"{r}{s}" for r in "32A" for s in "SHDC"])
    estimate = estimate_declaring(hand, 3, 0)
    for i, points in enumerate(estimate.points):
        hands, widow = declaring_deal(game, hand, 0, i)
        assert set(hands[1]) | set(hands[2]) | set(widow) | set(hand) == set(game.deck)
        assert points == best_exchange(hands, widow, 0).value
    # Holding the three top cards of every suit, it wins nearly everything.
    assert min(estimate.points) >= 30 and estimate.declare


def test_the_declaring_estimate_is_reproducible_and_the_same_on_any_workers(runner, tmp_path):
    from ciapano.calabrasella import estimate_declaring

    hand = "7S 6S 5S 4S 7H 6H 5H 4H 6D 5D 4D JC"
    one = estimate_declaring(hand, 4, 5, workers=1).to_dict()
    two = estimate_declaring(hand, 4, 5, workers=2).to_dict()
    for d in (one, two):
        d.pop("seconds")
    assert one == two
    game = Calabrasella()
    payments = [game.payment(p, 35 - p) for p in one["points"]]
    assert one["mean_payment"] == pytest.approx(sum(payments) / 4, abs=1e-4)
    assert one["declare"] == (one["mean_payment"] > 0)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"game": "calabrasella", "hand": hand.split()}), encoding="utf-8")
    result = runner.invoke(app, ["sample", str(path), "--samples", "4", "--seed", "5", "--json"])
    assert result.exit_code == 0, result.stderr
    shown = json.loads(result.stdout)
    shown.pop("seconds")
    assert shown == one
    path.write_text(json.dumps({"game": "calabrasella", "hand": ["3S", "2S"]}), encoding="utf-8")
    assert "hand: holds 2 cards" in _error(runner, ["sample", str(path)])


def test_random_deals_and_records_with_a_simple_exchange(runner, tmp_path):
    result = runner.invoke(
        app, ["deal", "--game", "calabrasella", "--count", "2", "--seed", "4", "--play",
              "optimal,random,optimal"],
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 2
    for record in records:
        assert record["declarer"] == (record["dealer"] + 1) % 3 and len(record["play"]) == 36
        analysis = ciapano.analyse(record)  # the call and exchange are checked on reading
        # The optimal seats (0 and 2) never give points away.
        assert all(c.cost == 0 for c in analysis.cards if c.seat in (0, 2))
