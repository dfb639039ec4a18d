"""Piedicavallo tarocchi's dealer's discard (``ciapano.tarocchi``, ``ciapano discard``): the
legal pairs against the rules written plainly, every pair's value against a solve of its own
(a fresh engine on the position the pair leaves), bounds under a node limit, and the command.

The deal is lopsided (seat 0 holds fifteen trumps, seat 1 the two highest; positions/
tarocchi_discard4.json) so that every pair is solved in a fraction of a second; its values differ
from pair to pair (20 to 23 points of the dealer's partnership).
"""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import pytest
from click.testing import CliRunner
from clitools import error_line

import ciapano
from ciapano import CardSet, TarotSuit
from ciapano.cli.main import app
from ciapano.tarocchi import analyse_discard, discard_choices, discard_from_dict

GAME = ciapano.Tarocchi()
FILE = Path(__file__).resolve().parents[1] / "positions" / "tarocchi_discard4.json"
DATA = json.loads(FILE.read_text(encoding="utf-8"))
DEALER = DATA["dealer"]


def _allowed(hand: CardSet, pair: tuple) -> bool:
    """The rule (RULES.md §4): never a 5-point card; trumps only if the dealer has no other
    choice or discards all of its trumps."""
    if any(GAME.card_points(c) == 5 for c in pair):
        return False
    trumps = [c for c in pair if c.suit is TarotSuit.T]
    if not trumps:
        return True
    held = [c for c in hand if c.suit is TarotSuit.T]
    others = [c for c in hand if c.suit is not TarotSuit.T and GAME.card_points(c) != 5]
    return (len(others) < 2 and len(trumps) == 2 - len(others)) or len(trumps) == len(held)


@pytest.fixture(scope="module")
def analysis():
    return analyse_discard(DATA["deal"], DEALER)


def test_the_choices_are_the_legal_pairs(analysis):
    hand = CardSet(GAME.deck.parse_cards(" ".join(DATA["deal"][DEALER])))
    want = {p for p in combinations(sorted(hand, key=lambda c: c.index), 2) if _allowed(hand, p)}
    assert set(discard_choices(hand)) == want
    assert {c.discard for c in analysis.choices} == want and len(analysis.choices) == len(want)
    # A hand of trumps and 5-point cards but one plain card: a trump must go with it.
    few = CardSet(GAME.deck.parse_cards("KS KH KD KC 1T 21T FOOL 2T 3T 4T 5T 6T 7T 8T 9T 10T 5S"))
    pairs = discard_choices(few)
    assert pairs and all(any(c.suit is TarotSuit.T for c in p) for p in pairs)
    assert {p for p in combinations(sorted(few, key=lambda c: c.index), 2) if _allowed(few, p)} \
        == set(pairs)  # fmt: skip


def test_every_pair_has_the_value_of_its_own_solve(analysis):
    # The shared engine and table (engine.DiscardSearch) against a fresh engine for each pair.
    assert analysis.exact and analysis.stopped_by is None
    for choice in analysis.choices:
        pos = ciapano.Position.from_deal(DATA["deal"], DEALER, game=GAME, set_aside=choice.discard)
        assert ciapano.value(pos, DEALER) == choice.value, choice
    values = [c.value for c in analysis.choices]
    assert values == sorted(values, reverse=True) and len(set(values)) > 1


def test_a_node_limit_leaves_proved_bounds(analysis):
    exact = {c.discard: c.value for c in analysis.choices}
    limited = analyse_discard(DATA["deal"], DEALER, max_nodes=100_000)
    assert not limited.exact and limited.stopped_by == "max_nodes"
    for c in limited.choices:
        assert c.lower <= exact[c.discard] <= c.upper
        assert (c.value is None) == (c.lower < c.upper)
    # The proved values come first.
    proved = [c.value is not None for c in limited.choices]
    assert proved == sorted(proved, reverse=True)


def test_the_command(tmp_path):
    runner = CliRunner()
    out = runner.invoke(app, ["discard", str(FILE), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["dealer"] == DEALER and data["exact"]
    assert data["choices"][0] == {"discard": ["JC", "NC"], "value": 23}
    text = runner.invoke(app, ["discard", str(FILE)]).output
    assert "120 legal pairs" in text and "JC NC" in text
    limited = json.loads(runner.invoke(app, ["discard", str(FILE), "--json", "--max-nodes",
                                             "100000"]).output)  # fmt: skip
    assert limited["stopped_by"] == "max_nodes" and "lower" in limited["choices"][-1]
    # Bad input: one line, exit 2.
    bad = tmp_path / "bad.json"
    for data, words in [
        ({**DATA, "game": "ciapano"}, 'give "tarocchi"'),
        ({k: v for k, v in DATA.items() if k != "dealer"}, "dealer: is missing"),
        ({**DATA, "deal": [DATA["deal"][0][:-1], *DATA["deal"][1:]]}, "seat 0 is dealt 15"),
        ({**DATA, "deal": [DATA["deal"][1], *DATA["deal"][1:]]}, "dealt twice"),
        ({**DATA, "dealer": 4}, "dealer"),
    ]:
        bad.write_text(json.dumps(data), encoding="utf-8")
        assert words in error_line(runner, ["discard", str(bad)], app)
    with pytest.raises(ciapano.PositionError, match=r"^deal"):
        discard_from_dict({**DATA, "deal": "KS"})


def test_one_table_for_every_pair_changes_no_value():
    # engine.DiscardSearch keeps one table for every pair (the discards' points in the score
    # key while a partnership has no trick, in the offset after): small random deals (5 cards a
    # seat, the dealer 7) whose pairs often reach the same cards held with other discards, every
    # pair's value against a fresh engine of its own.  (5 cards a seat: entries with both
    # partnerships holding a trick need two tricks played and two to play.)
    from itertools import combinations as pairs

    from ciapano.engine import DiscardSearch

    cards = list(GAME.deck)
    reached = 0
    for seed in range(12):
        rng = random.Random(seed)
        order = rng.sample(cards, 22)
        dealer = seed % 4
        sizes = [7 if s == dealer else 5 for s in range(4)]
        hands, k = [], 0
        for size in sizes:
            hands.append(CardSet(order[k : k + size]))
            k += size
        shared = DiscardSearch(GAME, hands, dealer, 1)
        for pair in pairs(sorted(hands[dealer], key=lambda c: c.index), 2):
            fresh = DiscardSearch(GAME, hands, dealer, 1)
            assert shared.dealer_bounds(pair) == fresh.dealer_bounds(pair), (seed, pair)
            reached += 1
    assert reached == 12 * 21
