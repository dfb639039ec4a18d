"""Kifameno as data (docs/rules.md#kifameno): its deck and options, positions with a stock that the
seats draw from after each trick, files in both forms, views and sampling of the hidden stock,
analysis of a played hand, and the command line.  The engine against the reference:
tests/test_kifameno_engine.py."""

from __future__ import annotations

import collections
import json
from math import factorial
from pathlib import Path

import pytest

import ciapano
from ciapano import Card, CardSet, GameError, InformationSet, Kifameno, Position, PositionError
from ciapano.dealing import random_deal
from ciapano.reference import reference_value
from ciapano.sampling import sample_deals

ROOT = Path(__file__).resolve().parents[1]


def test_the_deck_the_stock_and_the_options() -> None:
    assert ciapano.find_game("Kifameno") is Kifameno
    two, three, four = Kifameno(), Kifameno(players=3), Kifameno(players=4)
    assert (two.players, two.hand_size, two.stock_size, two.tricks) == (2, 10, 20, 20)
    assert (three.deck.size, three.stock_size, three.tricks) == (39, 9, 13)
    assert Card("4C") not in three.deck and three.removed == Card("4C")
    assert (four.stock_size, four.tricks, four.has_stock) == (0, 10, False)
    for game in (two, three, four):
        assert game.card_total == 32 and game.value_bounds == (0, 11)
        assert game.deal_size == game.deck.size
    assert three.options == {"cappotto": "all", "removed": "4C"}
    assert Kifameno.from_rules(3, {"removed": "4d"}).deck.size == 39
    assert Card("4D") not in Kifameno.from_rules(3, {"removed": "4D"}).deck
    assert repr(Kifameno(players=3, cappotto="off")) == (
        "Kifameno(players=3, cappotto='off', removed='4C')"
    )
    for bad, field in [
        ({"players": 5}, "players"),
        ({"players": 3, "removed": "5C"}, "rules.removed"),
        ({"players": 3, "removed": "XX"}, "rules.removed"),
        ({"players": 2, "removed": "4C"}, "rules.removed"),
        ({"cappotto": "sometimes"}, "rules.cappotto"),
    ]:
        with pytest.raises(GameError) as e:
            Kifameno(**bad)
        assert e.value.field == field


def test_each_seat_draws_after_a_trick_the_winner_first() -> None:
    game = Kifameno()
    pos = Position([["3S", "4H"], ["2S", "5H"]], 1, stock=["AC", "KC", "QC", "JC"], game=game,
                   taken=[0, 24])  # fmt: skip
    assert pos.tricks_left == 4 and pos.trick_number == 17
    pos = pos.play("2S").play("3S")  # seat 0 wins: it draws AC, seat 1 KC
    assert pos.leader == 0 and pos.stock == (Card("QC"), Card("JC"))
    assert pos.hands == (CardSet("4H AC"), CardSet("5H KC"))
    assert pos.taken == (2, 24)
    pos = pos.play("4H").play("5H")  # seat 1 wins: it draws QC, seat 0 JC
    assert pos.hands == (CardSet("AC JC"), CardSet("KC QC")) and not pos.stock
    assert not pos.is_over() and pos.tricks_left == 2
    end = pos.play_all(["KC", "AC", "JC", "QC"])
    assert end.is_over()
    assert end.score() == game.hand_score(end.final_points(), end.leader)


def test_a_whole_deal_is_played_out_with_the_stock() -> None:
    for players in (2, 3):
        game = Kifameno(players=players)
        pos = random_deal(seed=5, game=game)
        assert len(pos.stock) == game.stock_size and pos.first_trick
        assert pos.tricks_left == game.tricks
        tricks = 0
        while not pos.is_over():
            assert all(len(h) <= 10 for h in pos.hands)
            pos = pos.play(min(pos.legal_moves()))
            tricks += not pos.trick
        assert tricks == game.tricks and sum(pos.final_points()) == 32


def test_four_players_have_no_stock() -> None:
    pos = random_deal(seed=2, game=Kifameno(players=4))
    assert pos.stock == () and all(len(h) == 10 for h in pos.hands)
    with pytest.raises(PositionError) as e:
        Position(pos.hands, 0, stock=[], game=Kifameno(players=4)).play("3S")
    assert e.value.field == "card"


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"stock": ["AC"]}, "stock", "whole number of rounds"),
        ({"stock": ["3S", "AC"]}, "stock[0]", "appears twice"),
        ({"stock": ["AC", "AC"]}, "stock[1]", "appears twice"),
        ({"stock": ["AC", "XC"]}, "stock[1]", "not a card"),
    ],
)
def test_a_bad_stock_is_named(kwargs, field, words) -> None:
    with pytest.raises(PositionError) as e:
        Position([["3S"], ["2S"]], 0, game=Kifameno(), taken=[0, 32], **kwargs)
    assert e.value.field == field and words in str(e.value)


def test_a_stock_in_a_game_without_one_is_refused() -> None:
    data = {"hands": [["3S"], ["2S"], ["AS"], ["KS"]], "leader": 0, "taken": [26, 0, 0, 0],
            "stock": ["AC", "KC", "QC", "JC"]}  # fmt: skip
    r = _cli("solve", "-", stdin=json.dumps(data))
    assert r.exit_code == 2 and "stock" in r.output and "Traceback" not in r.output
    with pytest.raises(PositionError) as e:
        Position([["3S"], ["2S"], ["AS"]], 0, stock=["AC", "KC", "QC"], taken=[0, 32, 0])
    assert e.value.field == "stock" and "has no stock" in str(e.value)
    with pytest.raises(PositionError) as e:
        Position([["3S"], ["2S"], ["AS"], ["KS"]], 0, stock=["AC"] * 0 + ["AC", "KC", "QC", "JC"],
                 game=Kifameno(players=4), taken=[0, 32, 0, 0])  # fmt: skip
    assert e.value.field == "stock"


def test_a_deal_needs_its_whole_stock() -> None:
    deal = random_deal(seed=1, game=Kifameno())
    with pytest.raises(PositionError) as e:
        Position.from_deal(deal.hands, 1, game=Kifameno(), stock=deal.stock[:-2])
    assert e.value.field == "stock" and "20" in str(e.value)
    with pytest.raises(PositionError) as e:
        Position.from_deal(deal.hands, 1, game=Kifameno(), stock=[*deal.stock[:-1], "3S"])
    assert "appears twice" in str(e.value)


def test_files_in_both_forms_round_trip() -> None:
    deal = random_deal(seed=4, game=Kifameno(players=3))
    history = {
        "game": "kifameno", "players": 3, "dealer": 2, "deal": [h.texts() for h in deal.hands],
        "stock": [c.text for c in deal.stock], "play": ["3S"] if Card("3S") in deal.hands[0]
        else [min(deal.legal_moves()).text], "rules": {"removed": "4C"},
    }  # fmt: skip
    pos = ciapano.loads(json.dumps(history))
    assert pos.stock == deal.stock and len(pos.trick) == 1
    assert ciapano.loads(ciapano.dumps(pos)) == pos
    snap = ciapano.load(ROOT / "positions/kifameno_endgame2.json")
    assert snap.stock and ciapano.loads(ciapano.dumps(snap)) == snap


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"stock": ["AC"]}, "stock"),
        ({"stock": ["AC", "AC"]}, "stock"),
        ({"rules": {"removed": "4C"}}, "rules.removed"),
        ({"rules": {"drawing": "on"}}, "rules.drawing"),
        ({"game": "ciapano", "players": 2}, "players"),
    ],
)
def test_bad_files_exit_2_with_one_line(change, field) -> None:
    data = json.loads((ROOT / "positions/kifameno_endgame2.json").read_text(encoding="utf-8"))
    data.pop("expected")
    data.update(change)
    r = _cli("solve", "-", stdin=json.dumps(data))
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1, r.output
    assert field in r.output


def test_a_view_hides_the_stock_and_samples_its_order_uniformly() -> None:
    game = Kifameno()
    cards = sorted(game.deck)
    hands = [["3S", "7S"], ["2S", "6S"]]
    stock = ["AS", "KS"]
    rest = [c for c in cards if c.text not in {*hands[0], *hands[1], *stock}]
    pos = Position(hands, 0, won=[rest, []], stock=stock, game=game)
    info = InformationSet.from_position(pos, 0)
    assert info.stock == 2 and info.unseen == CardSet("2S 6S AS KS")
    # Seat 1's two cards among four, then the stock's two in either order: 6 x 2 deals.
    assert info.count_deals() == 6 * factorial(2)
    deals = {info.deal(i) for i in range(info.count_deals())}
    assert len(deals) == 12 and pos in deals
    assert all(info.consistent(d) for d in deals)
    counts = collections.Counter(sample_deals(info, 2400, seed=3))
    assert set(counts) == deals
    assert min(counts.values()) > 140 and max(counts.values()) < 260  # 200 each expected
    back = ciapano.view_from_dict(info.to_dict())
    assert back == info and info.to_dict()["stock"] == 2


def test_a_history_view_forgets_the_voids_at_each_draw() -> None:
    # 3 players: play the lowest legal card from a seeded deal until the second card of a trick
    # does not follow suit while the stock lasts.  The third seat's view then knows that void,
    # and forgets it once the trick is complete and every seat has drawn (the seat may have
    # drawn a card of the suit).
    game = Kifameno(players=3)
    for seed in range(50):
        deal = random_deal(seed=seed, game=game)
        pos, play = deal, []
        while pos.stock:
            card = min(pos.legal_moves())
            shows = len(pos.trick) == 1 and card.suit != pos.trick[0].suit
            seat = pos.to_move
            play.append(card.text)
            pos = pos.play(card)
            if shows:
                break
        if pos.stock and len(pos.trick) == 2:
            break
    else:  # pragma: no cover - the lowest card discards early in some deal
        raise AssertionError("no void shown in 50 deals")
    record = {
        "game": "kifameno",
        "players": 3,
        "dealer": 2,
        "deal": [h.texts() for h in deal.hands],
        "stock": [c.text for c in deal.stock],
    }
    during = ciapano.view_from_dict({**record, "play": play})
    assert during.voids[seat] == {pos.trick[0].suit} and during.stock == len(pos.stock)
    last = min(pos.legal_moves())
    after = ciapano.view_from_dict({**record, "play": [*play, last.text]})
    assert after.stock == len(pos.stock) - 3
    assert after.voids == (frozenset(),) * 3
    for sample in sample_deals(after, 5, seed=1):
        assert after.consistent(sample) and len(sample.stock) == after.stock


def test_sampled_values_agree_with_the_solver_on_each_deal() -> None:
    info = ciapano.load_view(ROOT / "positions/kifameno_view3_midhand.json")
    assert info.stock == 6 and info.players == 3
    for sample in sample_deals(info, 3, seed=2):
        assert info.consistent(sample)
        assert sample.stock and len(sample.stock) == 6


def test_analysis_of_a_played_hand_keeps_one_table_across_the_draws() -> None:
    # From the 2nd trick of a 3-player hand: the table made at the first position analysed
    # serves every later one (Search.set_root with the cards drawn since), across the two
    # rounds of draws still to come.  Every card's guarantees equal a fresh solve's.
    record = ciapano.load_record(ROOT / "positions/records/kifameno_hand3_record.json")
    analysis = ciapano.analyse(record, from_trick=2)
    positions = record.positions()
    assert len(analysis.cards) == len(record.play) - 3
    assert positions[analysis.cards[0].index].stock  # draws still to come
    for card in analysis.cards:
        pos = positions[card.index]
        fresh = ciapano.solve(pos, pos.to_move)
        values = dict(fresh)
        assert (card.before, card.after) == (fresh.value, values[card.card]), card
        assert set(card.best) == set(fresh.best)


def test_small_positions_agree_with_the_reference() -> None:
    for name in ("kifameno_endgame2.json", "kifameno_endgame3.json"):
        pos = ciapano.load(ROOT / "positions" / name)
        result = ciapano.solve(pos, all_seats=True)
        assert list(result.seats) == [reference_value(pos, s) for s in range(pos.players)]


def _cli(*args: str, stdin: str | None = None):
    from click.testing import CliRunner

    from ciapano.cli.main import app

    return CliRunner().invoke(app, list(args), input=stdin)


def test_the_line_shows_the_draws() -> None:
    # kifameno_endgame2.json: seat 1 leads QC, seat 0 wins with KC and draws the top card JC
    # first, seat 1 the 4D; the line says so after the trick.
    r = _cli("solve", str(ROOT / "positions/kifameno_endgame2.json"))
    assert r.exit_code == 0, r.output
    line = next(x for x in r.output.splitlines() if x.startswith("Line: "))
    assert line.startswith("Line: 1:QC 0:KC; draws 0:JC 1:4D | ")
    assert line.count("draws") == 1


def test_the_command_line() -> None:
    r = _cli("solve", str(ROOT / "positions/kifameno_endgame3.json"), "--all-seats", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    expected = json.loads((ROOT / "positions/kifameno_endgame3.json").read_text())["expected"]
    assert out["value"] == expected["value"] and out["seats"] == expected["seats"]
    r = _cli("deal", "--game", "kifameno", "--players", "3", "--seed", "1")
    assert r.exit_code == 0, r.output
    record = json.loads(r.output.splitlines()[0])
    assert len(record["stock"]) == 9 and record["rules"]["removed"] == "4C"
    assert ciapano.loads(json.dumps(record)).stock
    r = _cli("sample", str(ROOT / "positions/kifameno_view3_midhand.json"), "--samples", "4",
             "--seed", "1", "--workers", "1", "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    assert {m["card"] for m in json.loads(r.output)["moves"]} <= {"3S", "7S", "5S", "4S"}


def test_puzzles_stay_ciapano_s() -> None:
    from ciapano import PuzzleError
    from ciapano.puzzles import puzzle_from_dict

    data = json.loads((ROOT / "positions/kifameno_endgame2.json").read_text(encoding="utf-8"))
    data["puzzle"] = {
        "seat": 1, "value": 6, "solution": ["QC"], "line": ["QC"], "margin": 2,
        "costs": {"QC": 0, "QS": 2}, "heuristic": "QC", "difficulty": 1, "theme": None,
        "seed": 1, "index": 0,
        "generator": {"players": 2, "cards": 2, "count": 1, "seed": 1, "theme": None,
                      "min_difficulty": 0},
    }  # fmt: skip
    with pytest.raises(PuzzleError) as e:
        puzzle_from_dict(data)
    assert e.value.field == "game" and "Kifameno" in str(e.value)


def test_there_is_no_kifameno_match() -> None:
    # RULES.md gives Kifameno no match rules: refused, not played without an end.
    with pytest.raises(GameError) as e:
        ciapano.play_match(3, game="kifameno", seed=1)
    assert e.value.field == "game"
    r = _cli("match", "--game", "kifameno", "--players", "3")
    assert r.exit_code == 2 and "no match rules" in r.output
