"""Piedicavallo tarocchi's rules (``docs/rules.md#piedicavallo``, ``../shared/RULES.md`` §4):
the card points, legal cards (follow suit, else trump, the Fool at any time), the trick's
winner, the voids a card shows and the hand's score.

The properties are checked on random hands and tricks against the rules' own statements (the
cards a seat holds decide what it may play; the voids a card shows must hold of the hand it was
played from), not against a second copy of the code.
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from clitools import error_line
from hypothesis import given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import TAROCCHI_62, CardSet, GameError, Position, TarotCard, TarotSuit
from ciapano.cli.main import app, solve_app
from ciapano.games import Tarocchi, find_game
from ciapano.reference import reference_move_values, reference_value

GAME = Tarocchi()
FOOL = TarotCard("FOOL")


def test_the_game():
    assert (GAME.players, GAME.hand_size, GAME.set_aside_size, GAME.deal_size) == (4, 15, 2, 62)
    assert GAME.tricks == 15 and not GAME.lower_is_better and GAME.counts_tricks
    assert GAME.sides == ((0, 2), (1, 3))
    assert GAME.side_of(2) == (0, 2) and GAME.side_of(3) == (1, 3)
    assert GAME.deck is TAROCCHI_62 and GAME.fool is FOOL and GAME.trump is TarotSuit.T
    assert GAME.value_bounds == (0, 114) and repr(GAME) == "Tarocchi()"
    with pytest.raises(GameError, match="players"):
        Tarocchi(players=3)
    assert find_game("Tarocchi") is Tarocchi


def test_card_points_add_up_to_114():
    # Kings, the Fool, trumps 1 and 21: 5; queens 4; horses 3; jacks 2; every other card 1.
    points = {c.text: GAME.card_points(c) for c in TAROCCHI_62}
    assert sum(points.values()) == GAME.card_total == 114
    fives = sorted(t for t, p in points.items() if p == 5)
    assert fives == sorted(["KS", "KH", "KD", "KC", "FOOL", "1T", "21T"])
    assert [points[r + "D"] for r in ("Q", "N", "J", "1", "6")] == [4, 3, 2, 1, 1]
    assert points["10S"] == points["20T"] == 1
    assert GAME.points(TAROCCHI_62.parse_cards("KS QS 21T FOOL")) == 19
    with pytest.raises(GameError, match="not a card of the tarocchi deck"):
        GAME.card_points(CardSet("3S").__iter__().__next__())


CARDS = list(TAROCCHI_62)


@st.composite
def hands_and_tricks(draw):
    """A hand of 1 to 15 cards and a trick of 0 to 3 other cards (the Fool anywhere)."""
    order = draw(st.permutations(range(62)))
    size = draw(st.integers(1, 15))
    hand = CardSet(CARDS[i] for i in order[:size])
    trick = [CARDS[i] for i in order[size : size + draw(st.integers(0, 3))]]
    return hand, trick


def _led(trick):
    return next((c for c in trick if c is not FOOL), None)


@settings(max_examples=400, deadline=None)
@given(hands_and_tricks())
def test_legal_cards_follow_the_rules(case):
    hand, trick = case
    legal = GAME.legal_moves(hand, trick)
    assert legal and not legal - hand
    if FOOL in hand:
        assert FOOL in legal  # the Fool may always be played
    led = _led(trick)
    if led is None:
        assert legal == hand  # a lead, or the card after a Fool led, is free
    elif hand.suit(led.suit):
        assert legal - CardSet([FOOL]) == hand.suit(led.suit)
    elif hand.suit(TarotSuit.T):
        assert legal - CardSet([FOOL]) == hand.suit(TarotSuit.T)
    else:
        assert legal == hand
    for card in hand:
        reason = GAME.why_illegal(hand, trick, card)
        assert (reason is None) == (card in legal), (card, reason)


@settings(max_examples=400, deadline=None)
@given(hands_and_tricks())
def test_the_voids_a_card_shows_hold_of_its_hand(case):
    hand, trick = case
    for card in GAME.legal_moves(hand, trick):
        for suit in GAME.revealed_voids(trick, card):
            assert not hand.suit(suit), (card, suit, hand)
    led = _led(trick)
    if led is not None and not hand.suit(led.suit) and FOOL not in hand:
        # A seat that did not follow shows it; one that did not trump either shows no trumps.
        for card in GAME.legal_moves(hand, trick):
            shown = GAME.revealed_voids(trick, card)
            assert led.suit in shown
            assert (TarotSuit.T in shown) == (card.suit is not TarotSuit.T)


@settings(max_examples=400, deadline=None)
@given(st.permutations(range(62)), st.integers(0, 3))
def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led(order, leader):
    cards = [CARDS[i] for i in order[:4]]
    if cards.count(FOOL) == len(cards):
        return
    winner = GAME.trick_winner(cards, leader)
    card = cards[(winner - leader) % 4]
    assert card is not FOOL
    trumps = [c for c in cards if c.suit is TarotSuit.T]
    if trumps:
        assert card is max(trumps, key=lambda c: c.rank)
    else:
        led = _led(cards)
        assert card is max((c for c in cards if c.suit is led.suit), key=lambda c: c.rank)


def test_a_fool_led_lets_the_next_card_set_the_suit():
    t = TarotCard
    assert GAME.trick_winner([FOOL, t("5C"), t("KS"), t("6C")], 0) == 3  # 6C beats 5C, KS off suit
    assert GAME.trick_winner([t("5C"), FOOL, t("KC"), t("1T")], 1) == 0  # the 1 of trumps wins
    assert GAME.legal_moves(TAROCCHI_62.parse_cards("KS 1T"), [FOOL]) == TAROCCHI_62.parse_cards(
        "KS 1T"
    )
    assert GAME.revealed_voids([FOOL], t("KS")) == frozenset()


def test_the_hand_score():
    # Both partnerships won tricks: each scores its piles (the Fool with its player, the
    # discards with the dealer).
    assert GAME.hand_score([60, 20, 34, 0], 0, [8, 3, 4, 0]) == [94, 20, 94, 20]
    # A partnership without a trick gives its Fool and discards away: 0 against 114.
    assert GAME.hand_score([5, 50, 2, 57], 3, [0, 7, 0, 8]) == [0, 114, 0, 114]
    with pytest.raises(GameError, match=r"^taken"):
        GAME.hand_score([60, 20, 34, 1], 0, [8, 3, 4, 0])
    with pytest.raises(GameError, match=r"^tricks"):
        GAME.hand_score([60, 20, 34, 0], 0, [8, 3, 4, 1])
    with pytest.raises(GameError, match=r"^tricks"):
        GAME.hand_score([60, 20, 34, 0], 0)


# -- positions (played with Position, solved by the reference solver) ----------------------------


def _small(seed: int, h: int) -> Position:
    """A random position of ``h`` cards a seat at a trick's start, the dealer's two discards set
    aside, the other cards in the seats' piles as whole tricks (the Fool, when played, in the
    pile of a seat other than the trick's winner)."""
    rng = random.Random(seed)
    cards = list(TAROCCHI_62)
    rng.shuffle(cards)
    hands = [cards[s * h : (s + 1) * h] for s in range(4)]
    aside, rest = cards[4 * h : 4 * h + 2], cards[4 * h + 2 :]
    piles = [CardSet() for _ in range(4)]
    for t in range(0, len(rest), 4):
        trick = rest[t : t + 4]
        winner = rng.randrange(4)
        if FOOL in trick:
            player = rng.choice([s for s in range(4) if s != winner])
            piles[player] = piles[player].add(FOOL)
            trick = [c for c in trick if c is not FOOL]
        piles[winner] = piles[winner] | CardSet(trick)
    return Position(
        hands, rng.randrange(4), won=piles, game=GAME, set_aside=aside, dealer=rng.randrange(4)
    )


def test_the_fool_goes_back_to_its_player_and_the_discards_to_the_dealer():
    t = TarotCard
    pos = Position.from_deal(_deal(), 3, game=GAME, set_aside=["10S", "9S"])
    assert pos.dealer == 3 and pos.leader == 0 and pos.first_trick
    assert all(len(h) == 15 for h in pos.hands)
    # Seat 0 leads KS; seat 1 plays the Fool; seat 2 trumps; seat 3 follows.
    after = pos.play_all(["KS", "FOOL", "2T", "5S"])
    assert after.leader == 2 and after.tricks == (0, 0, 1, 0)
    assert after.won[1] == CardSet([FOOL]) and after.won[2] == CardSet([t("KS"), t("2T"), t("5S")])
    assert after.taken == (0, 5, 7, 0)
    assert GAME.pile_tricks(after.won[2]) == 1 and GAME.pile_tricks(after.won[1]) == 0


def _deal() -> list[list[str]]:
    """A deal where seat 0 holds KS, seat 1 the Fool and no spade, seat 2 trumps and no spade,
    seat 3 (the dealer, 17 cards) the 5 of spades and the discards 10S 9S."""
    rest = [c for c in TAROCCHI_62 if c.text not in {"KS", "FOOL", "2T", "5S", "10S", "9S"}]
    spades = [c for c in rest if c.suit is TarotSuit.S]
    trumps = [c for c in rest if c.suit is TarotSuit.T]
    others = [c for c in rest if c.suit not in (TarotSuit.S, TarotSuit.T)]
    seat1 = others[:14]
    seat2 = trumps[:14]
    pool = others[14:] + trumps[14:] + spades
    seat0, seat3 = pool[:14], pool[14:]
    return [
        [c.text for c in seat0] + ["KS"],
        [c.text for c in seat1] + ["FOOL"],
        [c.text for c in seat2] + ["2T"],
        [c.text for c in seat3] + ["5S", "10S", "9S"],
    ]


def test_the_dealers_discards_are_checked():
    deal = _deal()
    with pytest.raises(ciapano.PositionError, match=r"^discards: KS is a 5-point card"):
        Position.from_deal(
            [[*deal[0][:-1], "10S"], deal[1], deal[2], [*deal[3][:-2], "9S", "KS"]], 3,
            game=GAME, set_aside=["KS", "9S"],
        )  # fmt: skip
    trump = next(c for c in deal[3] if c.endswith("T") and c not in ("1T", "21T"))
    with pytest.raises(ciapano.PositionError, match=r"^discards: .*T discarded while"):
        Position.from_deal(deal, 3, game=GAME, set_aside=["10S", trump])
    with pytest.raises(ciapano.PositionError, match=r"^discards: 1 card"):
        Position.from_deal(deal, 3, game=GAME, set_aside=["10S"])


def test_positions_name_the_dealer_and_give_piles():
    pos = _small(1, 2)
    with pytest.raises(ciapano.PositionError, match=r"^dealer: is missing"):
        Position(pos.hands, pos.leader, won=pos.won, game=GAME, set_aside=pos.set_aside)
    with pytest.raises(ciapano.PositionError, match=r"^won: is missing"):
        Position(pos.hands, pos.leader, taken=pos.taken, game=GAME, set_aside=pos.set_aside,
                 dealer=0)  # fmt: skip
    piles = list(pos.won)
    moved = next(iter(piles[0] - CardSet([FOOL]))) if piles[0] - CardSet([FOOL]) else None
    if moved is not None:
        piles[0] = piles[0].remove(moved)
        piles[1] = piles[1].add(moved)
        with pytest.raises(ciapano.PositionError, match=r"^won\["):
            Position(pos.hands, pos.leader, won=piles, game=GAME, set_aside=pos.set_aside,
                     dealer=0)  # fmt: skip
    with pytest.raises(ciapano.PositionError, match=r"^dealer: 1 given"):
        Position([["3S"], ["2S"], ["AS"], ["KS"]], 0, dealer=1)


@pytest.mark.parametrize("seed", range(12))
def test_the_reference_plays_the_sides_zero_sum(seed):
    pos = _small(seed, 2)
    ours, theirs = reference_value(pos, 0), reference_value(pos, 1)
    assert ours + theirs == 114
    assert reference_value(pos, 2) == ours and reference_value(pos, 3) == theirs
    values = reference_move_values(pos, 0)
    best = max(values.values()) if pos.to_move in (0, 2) else min(values.values())
    assert best == reference_value(pos, 0)


def test_a_partnership_without_a_trick_scores_nothing_even_with_the_fool():
    # Seats 1 and 3 have won every trick so far; seat 2 holds the Fool, seat 0 (the dealer) a
    # card that cannot win the last trick: seats 0 and 2 end with 0, though the Fool would go
    # to seat 2's pile and the discards count for the dealer.
    kept = CardSet([FOOL, *(TarotCard(t) for t in ("5S", "KS", "6C", "10S", "9S"))])
    rest = list(TAROCCHI_62.cards - kept)
    piles = [CardSet(), CardSet(rest[:28]), CardSet(), CardSet(rest[28:])]
    last = Position(
        [["5S"], ["KS"], ["FOOL"], ["6C"]], 0, won=piles, game=GAME, set_aside=["10S", "9S"],
        dealer=0,
    )  # fmt: skip
    assert reference_value(last, 0) == reference_value(last, 2) == 0
    assert reference_value(last, 1) == 114
    end = last.play_all(["5S", "KS", "FOOL", "6C"])
    assert end.won[2] == CardSet([FOOL]) and end.final_points()[0] == 2  # the discards 10S 9S
    assert end.score() == [0, 114, 0, 114]


# -- files and commands ---------------------------------------------------------------------------


def _history(**change) -> dict:
    return {"game": "tarocchi", "dealer": 3, "deal": _deal(), "discards": ["10S", "9S"],
            "play": ["KS", "FOOL", "2T", "5S"], **change}  # fmt: skip


def test_files_round_trip():
    pos = ciapano.from_dict(_history())
    assert pos.won[1] == CardSet([FOOL]) and pos.dealer == 3
    data = json.loads(ciapano.dumps(pos))
    assert data["dealer"] == 3 and data["discards"] == ["10S", "9S"] and "set_aside" not in data
    assert ciapano.loads(json.dumps(data)) == pos
    small = _small(7, 2)
    assert ciapano.from_dict(small.to_dict()) == small


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


_line = error_line


def _file(tmp_path, data) -> str:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_bad_input_exits_2_with_one_line(runner, tmp_path):
    deal = _deal()
    # A 5-point card discarded.
    bad = _history(deal=[[*deal[0][:-1], "10S"], deal[1], deal[2], [*deal[3][:-2], "9S", "KS"]],
                   discards=["KS", "9S"], play=[])  # fmt: skip
    assert "5-point" in _line(runner, [_file(tmp_path, bad)], solve_app)
    # A plain card played by a seat void in the suit led that holds a trump (seat 1 given one
    # of seat 2's trumps for one of its cups).
    swapped = [list(h) for h in deal]
    swapped[1][0], swapped[2][0] = swapped[2][0], swapped[1][0]
    plain = _history(deal=swapped, play=["KS", swapped[1][1]])
    line = _line(runner, [_file(tmp_path, plain)], solve_app)
    assert "play[1]" in line and "must trump" in line
    # 63 cards: a card twice.
    twice = _history(deal=[deal[0], deal[1], deal[2], [*deal[3][:-1], deal[0][0]]])
    assert "twice" in _line(runner, [_file(tmp_path, twice)], solve_app)
    # A card of neither deck is told in the tarocchi deck's terms.
    assert "not a tarocchi card" in _line(
        runner, [_file(tmp_path, _history(discards=["10S", "0T"]))], solve_app
    )
    # A seat's view of a bad history is refused in one line too (tests/test_tarocchi_views.py
    # has the views' own errors).
    assert "5-point" in _line(runner, ["sample", _file(tmp_path, bad)])


def test_random_deals(runner):
    from ciapano.dealing import random_deals

    deals = list(random_deals(count=6, seed=3, game=GAME))
    assert deals == list(random_deals(count=6, seed=3, game=GAME))
    for pos in deals:
        assert pos.dealer == 3 and pos.leader == 0 and pos.first_trick
        assert all(len(h) == 15 for h in pos.hands) and len(pos.set_aside) == 2
        full = pos.hands[3] | CardSet(pos.set_aside)
        assert GAME.discard_error(full, pos.set_aside) is None
    result = runner.invoke(app, ["deal", "--game", "tarocchi", "--count", "3", "--seed", "5"])
    assert result.exit_code == 0, result.stderr
    for line in result.stdout.splitlines():
        record = json.loads(line)
        assert len(record["deal"][record["dealer"]]) == 17
        pos = ciapano.from_dict(record)  # the discards checked again on reading
        assert CardSet(pos.set_aside) == TAROCCHI_62.parse_cards(" ".join(record["discards"]))


def test_simple_discards_are_legal_even_when_forced():
    # A dealer with only one card that is neither a trump nor worth 5 discards it and a trump.
    hand = TAROCCHI_62.parse_cards("KS KH KD KC 1T 21T FOOL 2T 3T 4T 5T 6T 7T 8T 9T 10T 6D")
    assert len(hand) == 17
    discards = GAME.simple_discards(hand)
    assert {c.text for c in discards} == {"6D", "2T"}
    assert GAME.discard_error(hand, discards) is None


def test_hand_records_are_played_read_and_analysed(runner, tmp_path):
    # ciapano deal --play random writes records with the dealer's 17 cards and its discards;
    # they read back (every card checked), and their last tricks are analysed: the guarantees
    # of the two partnerships add up to 114 and each card's cost is what a solve gives.
    out = runner.invoke(app, ["deal", "--game", "tarocchi", "--play", "random", "--seed", "4"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert len(data["deal"][data["dealer"]]) == 17 and len(data["discards"]) == 2
    record = ciapano.records.record_from_dict(data)
    assert len(record.play) == 60 and record.final.is_over()
    assert ciapano.records.record_from_dict(record.to_dict()) == record
    analysis = ciapano.analyse(record, from_trick=12)
    assert analysis.seats[0].guarantee + analysis.seats[1].guarantee == 114
    for c in analysis.cards[:6]:
        pos = record.positions()[c.index]
        result = ciapano.solve(pos)
        assert (c.before, c.after) == (result.value, result[c.card])
    # Each card of the last two tricks scored from its player's view (PIMC, --samples).
    record_file = tmp_path / "hand.json"
    record_file.write_text(json.dumps(data), encoding="utf-8")
    out = runner.invoke(
        app,
        ["analyse", str(record_file), "--from-trick", "14", "--samples", "4", "--seed", "1",
         "--workers", "1", "--json"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    sampled = json.loads(out.stdout)["cards"]
    assert [c["index"] for c in sampled] == list(range(52, 60))
    positions = record.positions()
    for c in sampled:
        scored = c["expected_cost"]
        if len(positions[c["index"]].legal_moves()) == 1:
            assert scored is None  # (an only card costs nothing: not scored)
            continue
        assert scored["card"] == c["card"] and scored["samples"] == 4
        assert scored["loss"] >= 0
    assert sum(c["expected_cost"] is not None for c in sampled) >= 2
    missing = {k: v for k, v in data.items() if k != "discards"}
    with pytest.raises(ciapano.RecordError, match="discards: is missing"):
        ciapano.records.record_from_dict(missing)
