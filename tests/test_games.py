"""Tests of ciapano.games beyond Ciapanò's scoring (tests/test_rules.py): the Game API, finding
games by name, Busca's points, first-trick bans and busche (docs/rules.md#busca), Busca
positions, histories and views."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import (
    CARDS,
    DECK,
    GAMES,
    ITALIAN_40,
    Busca,
    Cappotto,
    Card,
    CardSet,
    Ciapano,
    Game,
    GameError,
    IllegalMoveError,
    InformationSet,
    InformationSetError,
    Position,
    PositionError,
    Suit,
    busca_penalties,
    find_game,
    game_from_dict,
)
from ciapano.dealing import random_deal, random_deals
from strategies import busca_deals

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
BUSCA_VECTORS = json.loads(
    (Path(__file__).resolve().parent / "data" / "busca_scoring.json").read_text(encoding="utf-8")
)
PITA = Card("AD")


# -- the Game API ------------------------------------------------------------------------------


def test_games_are_found_by_name() -> None:
    assert {
        "ciapano": Ciapano,
        "busca": Busca,
        "mattazza": ciapano.Mattazza,
        "kifameno": ciapano.Kifameno,
        "calabrasella": ciapano.Calabrasella,
        "tarocchi": ciapano.games.Tarocchi,
        "bridge": ciapano.Bridge,
    } == GAMES
    for name in ("ciapano", "Ciapano", "CIAPANO", "ciapanò", "Ciapanò", " ciapano "):
        assert find_game(name) is Ciapano
    for name in ("busca", "Busca", "BUSCA"):
        assert find_game(name) is Busca
    for bad in ("tressette", "", "ciapanox", None, 4):
        with pytest.raises(GameError) as e:
            find_game(bad)  # type: ignore[arg-type]
        assert str(e.value).startswith(f"game: {bad!r} ")
        assert "'ciapano', 'busca', 'mattazza', 'kifameno'" in str(e.value)


def test_game_from_dict_takes_the_rules_object_with_defaults() -> None:
    assert game_from_dict("ciapano", 3, {"cappotto": "off"}) == Ciapano(3, Cappotto.OFF)
    assert game_from_dict("ciapano") == Ciapano()
    assert game_from_dict("busca", 4, {}) == Busca()
    assert game_from_dict("Busca") == Busca()
    assert Game.from_dict({"game": "busca", "players": 4, "rules": {}}) == Busca()
    assert Game.from_dict({}) == Ciapano()
    assert Busca.from_dict({"game": "busca"}) == Busca()
    with pytest.raises(GameError, match="game: 'ciapano' is not Busca"):
        Busca.from_dict({"game": "ciapano"})
    for game in (Ciapano(3, "cards"), Ciapano(5), Busca()):
        assert Game.from_dict(game.to_dict()) == game


@pytest.mark.parametrize(
    ("name", "players", "rules", "field", "mention"),
    [
        ("ciapano", 4, {"target": 31}, "rules.target", "'target'"),
        ("ciapano", 4, {"cappotto": "bogus"}, "rules.cappotto", "'bogus'"),
        ("ciapano", 6, {}, "players", "6"),
        ("busca", 4, {"cappotto": "all"}, "rules.cappotto", "Busca"),
        ("busca", 3, None, "players", "3"),
        ("busca", 4, ["cappotto"], "rules", "['cappotto']"),
        ("scopa", 4, None, "game", "'scopa'"),
        ("tarocchi", 3, None, "players", "3"),
    ],
)
def test_bad_game_fields_name_the_field(name, players, rules, field, mention) -> None:
    with pytest.raises(GameError) as e:
        game_from_dict(name, players, rules)
    assert e.value.field == field
    assert str(e.value).startswith(f"{field}: ")
    assert mention in str(e.value)
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("players", [3, 5, 0, True, "4", None])
def test_busca_is_played_by_4(players) -> None:
    with pytest.raises(GameError) as e:
        Busca(players=players)
    assert str(e.value).startswith(f"players: {players!r} is not 4")


def test_games_are_immutable_hashable_and_equal_by_value() -> None:
    assert Busca() == Busca() and hash(Busca()) == hash(Busca())
    assert Ciapano(3) == Ciapano(3, "all") and Ciapano(3) != Ciapano(3, "off")
    assert Ciapano(4) != Busca()
    assert len({Busca(), Busca(), Ciapano(), Ciapano(4, "all")}) == 2
    with pytest.raises(AttributeError):
        Busca().players = 3  # type: ignore[misc]
    assert repr(Busca()) == "Busca()"
    assert repr(Ciapano(3, "off")) == "Ciapano(players=3, cappotto='off')"
    assert eval(repr(Ciapano(5, "cards")), {"Ciapano": Ciapano}) == Ciapano(5, "cards")
    assert eval(repr(Busca()), {"Busca": Busca}) == Busca()
    with pytest.raises(TypeError):
        Game()  # type: ignore[abstract]


def test_what_each_game_says() -> None:
    c, b = Ciapano(), Busca()
    assert (c.name, c.title, b.name, b.title) == ("ciapano", "Ciapanò", "busca", "Busca")
    assert c.deck is ITALIAN_40 and b.deck is ITALIAN_40
    assert (c.players, c.hand_size, c.tricks, c.deal_size) == (4, 10, 10, 40)
    assert (b.players, b.hand_size, b.tricks, b.deal_size) == (4, 10, 10, 40)
    assert Ciapano(3).deal_size == 40 and Ciapano(3).has_discard and not b.has_discard
    assert (c.points_unit, c.value_unit) == ("thirds of a point", "penalty points")
    assert (b.points_unit, b.value_unit) == ("points", "busche")
    for g in (c, b):
        assert g.trump is None and g.fool is None and g.sides is None
        assert g.lower_is_better
        assert g.side_of(2) == (2,)
        assert [g.next_seat(s) for s in range(4)] == [1, 2, 3, 0]
        assert [g.first_leader(d) for d in range(4)] == [1, 2, 3, 0]
    assert (c.card_total, c.last_trick_points, c.total_points) == (32, 0, 32)
    assert (b.card_total, b.last_trick_points, b.total_points) == (37, 3, 40)
    assert c.value_bounds == (0, 11) and b.value_bounds == (0, 17)
    assert c.options == {"cappotto": "all"} and b.options == {}
    assert b.to_dict() == {"game": "busca", "players": 4, "rules": {}}
    assert (c.points_text(10), b.points_text(10)) == ("3 1/3", "10")
    assert str(b) == "Busca (4 players)"


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_busca_card_points(card: Card) -> None:
    # docs/rules.md#busca-points: 3, 2, K, Q, J 1; aces 3; the Pita (AD) 8; 7, 6, 5, 4 0.
    rank = card.text[0]
    expected = 8 if card.text == "AD" else 3 if rank == "A" else 1 if rank in "32KQJ" else 0
    assert Busca().card_points(card) == expected
    assert Busca().points_by_index[card.index] == expected
    assert Ciapano().points_by_index[card.index] == Ciapano().card_points(card)


def test_points_of_card_lists() -> None:
    b = Busca()
    assert b.points(DECK) == 37
    assert b.points(CardSet("AD AS 3S 7S")) == 12
    assert b.points([]) == 0
    assert Ciapano().points(CardSet("AD AS 3S 7S")) == 7


def test_core_parameters_of_busca() -> None:
    b = Busca()
    assert b.banned_lead_suit is Suit.D
    assert b.banned_lead_mask == Suit.D.mask == ITALIAN_40.suit_mask(Suit.D)
    assert b.pita is PITA and b.pita_mask == 1 << PITA.index
    assert b.deck.suit_masks == tuple(s.mask for s in Suit)
    assert len(b.points_by_index) == 40 and sum(b.points_by_index) == 37


# -- Busca: hand score -------------------------------------------------------------------------


@pytest.mark.parametrize("case", BUSCA_VECTORS, ids=[c["case"] for c in BUSCA_VECTORS])
def test_busca_scoring_table(case: dict) -> None:
    assert Busca().hand_score(case["taken"], case["last_trick"]) == case["busche"]
    assert busca_penalties(case["points"]) == case["busche"]
    assert sum(case["points"]) == 40


def test_the_scoring_table_covers_every_branch() -> None:
    kinds = set()
    for case in BUSCA_VECTORS:
        points = case["points"]
        zero = points.count(0)
        if zero:
            kinds.add(f"zero{zero}")
        else:
            most = max(points)
            k = points.count(most)
            kinds.add(f"tie{k}")
            kinds.add("f1" if most <= 18 else "f2" if most <= 22 else "f>22")
        if case["taken"][case["last_trick"]] == 0:
            kinds.add("last trick saves a seat without card points")
    assert kinds >= {"zero1", "zero2", "zero3", "tie1", "tie2", "tie3", "tie4", "f1", "f2", "f>22"}
    assert "last trick saves a seat without card points" in kinds
    assert len(BUSCA_VECTORS) >= 20


@st.composite
def _busca_takings(draw):
    cuts = sorted(draw(st.lists(st.integers(0, 37), min_size=3, max_size=3)))
    bounds = [0, *cuts, 37]
    taken = [bounds[i + 1] - bounds[i] for i in range(4)]
    if draw(st.booleans()):
        taken = [0, 0, 0, 0]
        taken[draw(st.integers(0, 3))] = 37
    return taken, draw(st.integers(0, 3))


@given(_busca_takings())
def test_busca_scores_follow_the_rule_in_words(case) -> None:
    taken, last = case
    points = [t + 3 if s == last else t for s, t in enumerate(taken)]
    score = Busca().hand_score(taken, last)
    zero = [s for s in range(4) if points[s] == 0]
    if zero:
        assert score == [len(zero) if s in zero else 0 for s in range(4)]
    else:
        most = max(points)
        top = [s for s in range(4) if points[s] == most]
        each = len(top) * (1 if most <= 18 else 2 if most <= 22 else most - 20)
        assert score == [each if s in top else 0 for s in range(4)]
    assert 0 <= max(score) <= Busca().value_bounds[1]


@pytest.mark.parametrize(
    ("taken", "last", "field"),
    [
        ([10, 10, 10, 10], 0, "taken"),
        ([37, 0, 0], 0, "taken"),
        ([38, -1, 0, 0], 0, "taken"),
        ([37, 0, 0, 0], 4, "last_trick"),
        ([37, 0, 0, 0], -1, "last_trick"),
    ],
)
def test_busca_hand_score_rejects_bad_input(taken, last, field) -> None:
    with pytest.raises(GameError) as e:
        Busca().hand_score(taken, last)
    assert e.value.field == field


def test_busca_penalties_rejects_bad_points() -> None:
    with pytest.raises(GameError, match="points: "):
        busca_penalties([10, -1, 31, 0])
    with pytest.raises(GameError, match="points: "):
        busca_penalties([])


# -- Busca: the first trick (docs/rules.md#busca-first-trick) ---------------------------------


def test_the_leader_of_the_first_trick_may_not_lead_a_coin() -> None:
    b = Busca()
    hand = CardSet("3S 2D AD 4D")
    assert b.legal_moves(hand, (), first_trick=True) == CardSet("3S")
    assert b.legal_moves(hand, (), first_trick=False) == hand
    assert b.why_illegal(hand, (), Card("2D"), True).startswith("may not lead a coin")
    assert b.why_illegal(hand, (), Card("3S"), True) is None
    # Only coins: any of them, the Pita included.
    coins = CardSet("2D AD 4D")
    assert b.legal_moves(coins, (), first_trick=True) == coins
    assert b.why_illegal(coins, (), PITA, True) is None


def test_the_pita_may_not_be_discarded_to_the_first_trick() -> None:
    b = Busca()
    led = (Card("5S"),)
    hand = CardSet("AD 3H 4C")
    assert b.legal_moves(hand, led, first_trick=True) == CardSet("3H 4C")
    assert b.legal_moves(hand, led, first_trick=False) == hand
    assert "Pita" in b.why_illegal(hand, led, PITA, True)
    # Unless it is the seat's only card.
    assert b.legal_moves(CardSet("AD"), led, first_trick=True) == CardSet("AD")
    # Following coins with the Pita is not a discard (only possible under the lead rule).
    assert b.legal_moves(CardSet("AD 4D 3H"), (Card("2D"),), True) == CardSet("AD 4D")
    # A seat that can follow suit plays the suit, as in Ciapanò.
    assert b.legal_moves(CardSet("AD 6S 3H"), led, True) == CardSet("6S")


def test_ciapano_has_no_first_trick_bans() -> None:
    c = Ciapano()
    assert c.legal_moves(CardSet("3S 2D AD"), (), True) == CardSet("3S 2D AD")
    assert c.legal_moves(CardSet("AD 3H"), (Card("5S"),), True) == CardSet("AD 3H")


@settings(max_examples=150, **SETTINGS)
@given(pos=busca_deals())
def test_bans_on_full_busca_deals(pos: Position) -> None:
    """On the first trick of a full deal the legal cards are exactly the rule's; afterwards
    they are Ciapanò's."""
    assert pos.first_trick
    hand = pos.hands[pos.to_move]
    legal = pos.legal_moves()
    coins = hand.suit(Suit.D)
    if not pos.trick:
        assert legal == (hand - coins if hand - coins else hand)
    else:
        follow = hand.suit(pos.trick[0].suit)
        if follow:
            assert legal == follow
        else:
            assert legal == hand - CardSet([PITA])  # ten cards: never the Pita alone
    for card in hand:
        if card in legal:
            pos.play(card)
        else:
            with pytest.raises(IllegalMoveError) as e:
                pos.play(card)
            assert e.value.field == "card"
            assert f"seat {pos.to_move} " in str(e.value)
    # After the first trick, no bans: Ciapanò's legal cards.
    after = pos
    while after.first_trick:
        after = after.play(min(after.legal_moves()))
    assert after.trick_number == 2
    ciapano_moves = Ciapano().legal_moves(after.hands[after.to_move], after.trick)
    assert after.legal_moves() == ciapano_moves


def _deal_with(leader_cards: str, pita_seat_cards: str | None = None) -> list[list[Card]]:
    """A Busca deal where seat 0 holds ``leader_cards`` (and seat 1 ``pita_seat_cards``), the
    rest dealt in index order."""
    hands: list[list[Card]] = [list(CardSet(leader_cards))]
    if pita_seat_cards:
        hands.append(list(CardSet(pita_seat_cards)))
    used = CardSet([c for h in hands for c in h])
    rest = [c for c in CARDS if c not in used]
    while len(hands) < 4:
        hands.append(rest[:10])
        rest = rest[10:]
    return hands


def test_busca_history_with_a_banned_lead_is_rejected() -> None:
    deal = _deal_with("3S 2S AS KS QS JS 7S 2D 3D 4D")
    data = {"game": "busca", "dealer": 3, "deal": [[c.text for c in h] for h in deal]}
    assert ciapano.from_dict(data).legal_moves() == CardSet("3S 2S AS KS QS JS 7S")
    with pytest.raises(PositionError) as e:
        ciapano.from_dict({**data, "play": ["2D"]})
    assert e.value.field == "play[0]"
    assert "may not lead a coin" in str(e.value)
    # The same lead is legal in Ciapanò.
    ciapano.from_dict({**data, "game": "ciapano", "play": ["2D"]})


def test_busca_history_with_a_discarded_pita_is_rejected() -> None:
    deal = _deal_with("3S 2S AS KS QS JS 7S 6S 5S 4S", "AD 3H 2H AH KH QH JH 7H 6H 5H")
    data = {"game": "busca", "dealer": 3, "deal": [[c.text for c in h] for h in deal]}
    with pytest.raises(PositionError) as e:
        ciapano.from_dict({**data, "play": ["3S", "AD"]})
    assert e.value.field == "play[1]"
    assert "Pita" in str(e.value)
    pos = ciapano.from_dict({**data, "play": ["3S", "3H"]})
    # After the first trick the Pita may be discarded.
    pos = pos.play_all([min(pos.legal_moves()) for _ in range(1)])
    pos = pos.play(min(pos.legal_moves()))
    assert not pos.first_trick


def test_first_trick_snapshots_check_the_bans() -> None:
    deal = _deal_with("3S 2S AS KS QS JS 7S 2D 3D 4D", "AD 3H 2H AH KH QH JH 7H 6H 5H")
    hands = [CardSet(h) for h in deal]
    # The leader led a coin while holding spades.
    led = [hands[0].remove("2D"), *hands[1:]]
    with pytest.raises(PositionError) as e:
        Position(led, 0, trick=["2D"], game=Busca())
    assert e.value.field == "trick[0]"
    assert "may not lead a coin" in str(e.value)
    # Seat 1, void in spades, discarded the Pita while holding hearts.
    pita = [hands[0].remove("3S"), hands[1].remove("AD"), *hands[2:]]
    with pytest.raises(PositionError) as e:
        Position(pita, 0, trick=["3S", "AD"], game=Busca())
    assert e.value.field == "trick[1]"
    assert "Pita" in str(e.value)
    # The legal versions are accepted; the same cards in Ciapanò too.
    ok = Position([hands[0].remove("3S"), hands[1].remove("3H"), *hands[2:]], 0,
                  trick=["3S", "3H"], game=Busca())  # fmt: skip
    assert ok.first_trick and ok.legal_moves() == hands[2].suit(Suit.S)
    Position(led, 0, trick=["2D"])
    Position(pita, 0, trick=["3S", "AD"])


def test_a_later_trick_has_no_bans() -> None:
    # Seat 0 leads a coin to trick 2 while holding spades: legal.
    hands = [["3S", "2D"], ["2S", "AD"], ["AS", "5H"], ["KS", "6H"]]
    gone = DECK - CardSet([c for h in hands for c in h])
    cards = list(gone)
    won = [cards[:16], cards[16:], [], []]
    pos = Position(hands, 0, won=won, game=Busca())
    assert not pos.first_trick
    assert pos.legal_moves() == CardSet("3S 2D")
    after = pos.play("3S")
    assert after.legal_moves() == CardSet("2S")
    pos.play("2D").play("AD")  # the Pita follows coins
    Position(hands, 0, won=won, game=Busca()).play_all(["3S", "2S", "AS", "KS"])


# -- Busca positions -------------------------------------------------------------------------


def test_a_busca_deal() -> None:
    pos = random_deal(seed=7, game=Busca())
    assert pos.game == Busca()
    assert pos.players == 4 and pos.leader == 0 and pos.first_trick
    assert [len(h) for h in pos.hands] == [10] * 4
    assert pos.taken == (0, 0, 0, 0) and pos.won == (CardSet(),) * 4
    other = random_deal(4, 7, dealer=1, game=Busca())
    assert other.leader == 2 and other.hands == pos.hands
    assert next(random_deals(count=3, seed=7, game=Busca())).hands == pos.hands
    with pytest.raises(GameError, match="players: 3"):
        random_deal(3, 1, game=Busca())


@pytest.mark.parametrize(
    ("players", "seed", "hands", "discard"),
    [
        (3, 1, ["3S AS KS 7S 4S AH KH QH 3D 2D 7D 6D 4D", "JS 5S 3H 5H AD KD QD JD 3C KC QC JC 5C",
                "2S QS 6S 2H JH 7H 6H 4H 5D AC 7C 6C 4C"], "2C"),
        (4, 2, ["AS KS 7S 6H 7D 6D AC JC 7C 6C", "KH QH JH 4H 2D AD KD QD JD 2C",
                "JS 6S 4S 3H 2H AH 7H 5H 4D 3C", "3S 2S QS 5S 3D 5D KC QC 5C 4C"], None),
        (5, 3, ["6S AH 5H 7D 4D 7C 6C 4C", "JS 7S 6H 3D QD 6D 5D 2C", "4S QH 4H 2D JD 3C QC 5C",
                "3S 2S KS 5S 2H 7H AD JC", "AS QS 3H KH JH KD AC KC"], None),
    ],
)  # fmt: skip
def test_ciapano_deals_are_those_of_before(players, seed, hands, discard) -> None:
    """The same seeds give the same Ciapanò deals as before games were data (recorded with
    the code of commit 305a54b)."""
    pos = random_deal(players, seed)
    assert [str(h) for h in pos.hands] == hands
    assert pos.discard == (None if discard is None else Card(discard))
    assert random_deal(players, seed, game=Ciapano(players)) == pos


@settings(max_examples=40, **SETTINGS)
@given(data=st.data())
def test_a_random_busca_hand_scores_its_points(data) -> None:
    order = data.draw(st.permutations(range(40)))
    pos = Position.from_deal(
        [[CARDS[i] for i in order[s * 10 : (s + 1) * 10]] for s in range(4)], 3, game=Busca()
    )
    while not pos.is_over():
        moves = list(pos.legal_moves())
        pos = pos.play(moves[data.draw(st.integers(0, len(moves) - 1))])
        assert sum(pos.taken) == Busca().points(CardSet([c for w in pos.won for c in w]))
    assert sum(pos.taken) == sum(pos.final_points()) == 37
    points = [t + 3 if s == pos.leader else t for s, t in enumerate(pos.taken)]
    assert pos.score() == busca_penalties(points)
    assert ciapano.loads(ciapano.dumps(pos)) == pos


def test_busca_position_files_round_trip() -> None:
    pos = random_deal(seed=3, game=Busca()).play_all([])
    pos = pos.play(min(pos.legal_moves()))
    d = pos.to_dict()
    assert d["game"] == "busca" and d["rules"] == {} and d["players"] == 4
    assert ciapano.from_dict(d) == pos
    assert ciapano.loads(ciapano.dumps(pos)) == pos
    assert "game=Busca()" in repr(pos)
    again = eval(repr(pos), {"Position": Position, "Busca": Busca})
    assert again == pos
    assert pos != Position(pos.hands, pos.leader, pos.trick, won=pos.won)  # the same in Ciapanò


@pytest.mark.parametrize(
    ("data", "field", "mention"),
    [
        ({"players": 3}, "hands", "'players' is 3"),
        ({"discard": "4C"}, "discard", "Busca"),
        ({"rules": {"cappotto": "all"}}, "rules.cappotto", "Busca"),
        ({"game": "bisca"}, "game", "'bisca'"),
        ({"taken": [38, 0, 0, 0]}, "taken[0]", "38"),
    ],
)
def test_bad_busca_files(data, field, mention) -> None:
    hands = [["3S"], ["2S"], ["AS"], ["KS"]]
    base = {"game": "busca", "hands": hands, "leader": 0, "taken": [31, 0, 0, 0]}
    assert ciapano.from_dict(base).game == Busca()
    with pytest.raises(PositionError) as e:
        ciapano.from_dict({**base, **data})
    assert e.value.field == field
    assert str(e.value).startswith(f"{field}: ")
    assert mention in str(e.value)


def test_busca_with_three_hands_names_the_hands() -> None:
    with pytest.raises(PositionError) as e:
        ciapano.from_dict({"game": "busca", "hands": [["3S"], ["2S"], ["AS"]], "leader": 0})
    assert e.value.field == "hands"
    assert "Busca is played by 4" in str(e.value)
    with pytest.raises(PositionError) as e:
        Position([["3S"], ["2S"], ["AS"]], 0, game=Busca())
    assert e.value.field == "hands"


def test_busca_positions_take_points_in_points() -> None:
    hands = [["3S"], ["2S"], ["AS"], ["KS"]]
    # 37 points in the deck, 6 in the hands (3S 2S KS 1 each, AS 3): 31 taken.
    pos = Position(hands, 0, taken=[20, 11, 0, 0], game=Busca())
    assert "taken 20" in str(pos)
    with pytest.raises(PositionError) as e:
        Position(hands, 0, taken=[26, 0, 0, 0], game=Busca())
    assert e.value.field == "taken"
    assert "26 points" in str(e.value) and "carry 31" in str(e.value)
    end = pos.play_all(["3S", "2S", "AS", "KS"])  # seat 0's 3S wins 6 and the last trick's 3
    assert end.taken == (26, 11, 0, 0)
    assert end.score() == busca_penalties([29, 11, 0, 0]) == [0, 0, 2, 2]


def test_solving_a_finished_busca_hand_needs_no_search() -> None:
    end = Position([[], [], [], []], 0, taken=[37, 0, 0, 0], game=Busca())
    assert ciapano.solve(end).value == end.score()[0] == 0
    assert list(ciapano.dd_table(end)) == end.score() == [0, 3, 3, 3]


# -- Busca: a seat's view ----------------------------------------------------------------------


def test_a_coin_led_to_the_first_trick_shows_the_leader_holds_only_coins() -> None:
    coins = list(ITALIAN_40.cards.suit(Suit.D))
    rest = [c for c in CARDS if c.suit != Suit.D]
    deal = [coins, rest[:10], rest[10:20], rest[20:]]
    info = InformationSet.from_history(deal, 3, ["4D"], view=2, game=Busca())
    assert info.voids[0] == {Suit.S, Suit.H, Suit.C}
    assert info.voids[1] == frozenset()
    # Every consistent deal gives seat 0 the nine coins left.
    samples = ciapano.sample_deals(info, 5, seed=1)
    assert all(p.hands[0] == CardSet(coins) - CardSet("4D") for p in samples)
    assert all(info.consistent(p) and p.game == Busca() for p in samples)
    assert info.count_deals() == ciapano.count_deals(info) > 1
    # The same play in Ciapanò reveals nothing about seat 0.
    free = InformationSet.from_history(deal, 3, ["4D"], view=2)
    assert free.voids[0] == frozenset()
    assert free.count_deals() > info.count_deals()


def test_a_view_of_a_first_trick_snapshot_reads_the_lead() -> None:
    deal = random_deal(seed=11, game=Busca())
    leader_hand = deal.hands[0]
    info = InformationSet(
        2,
        deal.hands[2],
        (9, 10, 10, 10),
        0,
        trick=[min(leader_hand)],
        game=Busca(),
    )
    led = min(leader_hand)
    if led.suit == Suit.D:
        assert info.voids[0] == {Suit.S, Suit.H, Suit.C}
    else:
        assert info.voids[0] == frozenset()
    assert info.first_trick


def test_a_viewer_that_broke_a_ban_is_an_inconsistent_view() -> None:
    deal = _deal_with("3S 2S AS KS QS JS 7S 2D 3D 4D")
    hand = CardSet(deal[0]).remove("2D")
    with pytest.raises(InformationSetError) as e:
        InformationSet(0, hand, (9, 10, 10, 10), 0, trick=["2D"], game=Busca())
    assert e.value.field == "trick[0]"
    # The leader's own view, to lead: no coins.
    info = InformationSet(0, CardSet(deal[0]), (10,) * 4, 0, game=Busca())
    assert info.legal_moves() == CardSet("3S 2S AS KS QS JS 7S")


@settings(max_examples=40, **SETTINGS)
@given(pos=busca_deals(), data=st.data())
def test_busca_views_sample_consistent_deals(pos: Position, data) -> None:
    view = data.draw(st.integers(0, 3))
    info = InformationSet.from_position(pos, view)
    assert info.game == Busca()
    for sample in ciapano.sample_deals(info, 3, seed=data.draw(st.integers(0, 100))):
        assert info.consistent(sample)
        assert sample.first_trick == pos.first_trick
        assert sample.legal_moves() is not None
    assert info.to_dict()["game"] == "busca"
    assert ciapano.view_from_dict(info.to_dict()).voids == info.voids


def test_game_errors_survive_pickling() -> None:
    # PIMC raises them in worker processes.
    import pickle

    e = pickle.loads(pickle.dumps(GameError("game", "'busca': no search engine yet")))
    assert isinstance(e, GameError)
    assert (e.field, e.reason) == ("game", "'busca': no search engine yet")
    assert str(e) == "game: 'busca': no search engine yet"


def test_the_schema_knows_each_games_constraints() -> None:
    import jsonschema

    schema = ciapano.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    root = Path(__file__).resolve().parents[1] / "positions"
    for name in ("busca_deal4_opening.json", "busca_endgame4.json", "busca_first_trick.json"):
        validator.validate(json.loads((root / name).read_text(encoding="utf-8")))
    snapshot = {"game": "busca", "hands": [["3S"], ["2S"], ["AS"], ["KS"]], "leader": 0,
                "taken": [31, 0, 0, 0]}  # fmt: skip
    assert validator.is_valid(snapshot)
    assert validator.is_valid({**snapshot, "rules": {}})
    assert not validator.is_valid({**snapshot, "players": 3})
    assert not validator.is_valid({**snapshot, "hands": snapshot["hands"][:3], "taken": [31, 0, 0]})
    assert not validator.is_valid({**snapshot, "discard": "4C"})
    assert not validator.is_valid({**snapshot, "rules": {"cappotto": "all"}})
    assert not validator.is_valid({**snapshot, "taken": [38, 0, 0, 0]})
    assert not validator.is_valid({**snapshot, "game": "tarocchi"})
    # Ciapanò keeps its own: 3 to 5 players, the cappotto option, at most 32 thirds a seat.
    ciapano_snapshot = {**snapshot, "game": "ciapano", "taken": [26, 0, 0, 0]}
    assert validator.is_valid({**ciapano_snapshot, "rules": {"cappotto": "off"}})
    assert not validator.is_valid({**ciapano_snapshot, "taken": [33, 0, 0, 0]})
    assert validator.is_valid({**ciapano_snapshot, "expected": {"value": 11}})
    assert not validator.is_valid({**ciapano_snapshot, "expected": {"value": 12}})
    assert validator.is_valid({**snapshot, "expected": {"value": 17}})
