"""Piedicavallo tarocchi seen by one seat: what a seat knows (its cards, every card played and
by whom, the voids, trump voids included, the announced number of discarded trumps and the
discard rule), the exactly uniform sampling of what it does not, PIMC, and the commands.

The voids and the discard rule are written again here plainly from ``../shared/RULES.md`` §4
(:func:`_plain_voids`, :func:`_plain_discard_ok`), and the count and numbering of a view's
deals are checked against a brute-force enumeration of every place of every unseen card, never
against hard-coded numbers.  Histories are random (seeded), with dealers made to discard 0, 1
or 2 trumps.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from clitools import error_line
from scipy.stats import chi2

import ciapano
from ciapano import CardSet, InformationSet, InformationSetError, Position, Tarocchi, sample_deals
from ciapano.cards import TAROCCHI_62, TarotSuit
from ciapano.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
GAME = Tarocchi()
T = TarotSuit.T
FOOL = GAME.fool
CARDS = sorted(TAROCCHI_62.cards, key=lambda c: c.index)


def _five(card) -> bool:
    return (
        card.suit is None or (card.rank == 9 and card.suit is not T) or card.text in ("1T", "21T")
    )


def _plain(card) -> bool:
    """A suit card below the king: neither a trump nor worth 5."""
    return card.suit not in (None, T) and card.rank != 9


def _plain_discard_ok(dealt: CardSet, discards: CardSet) -> bool:
    """RULES.md §4: never a 5-point card; trumps only if the dealer has no alternative or
    discards all of its trumps."""
    if len(discards) != 2 or any(_five(c) for c in discards):
        return False
    trumps = [c for c in discards if c.suit is T]
    if not trumps:
        return True
    alternatives = [c for c in dealt if c.suit is not T and not _five(c)]
    no_alternative = len(alternatives) <= 2 - len(trumps)
    return no_alternative or set(trumps) == {c for c in dealt if c.suit is T}


def _led(trick):
    return next((c for c in trick if c is not FOOL), None)


def _plain_voids(dealer: int, play) -> list[set]:
    """Per seat, the suits it showed it lacks: not following the suit led (the Fool led, the
    next card sets it); neither following nor trumping also shows no trump; the Fool shows
    nothing."""
    voids: list[set] = [set() for _ in range(4)]
    for card, seat, trick in _walk(play, (dealer + 1) % 4):
        led = _led(trick)
        if led is not None and card is not FOOL and card.suit != led.suit:
            voids[seat].add(led.suit)
            if card.suit is not T:
                voids[seat].add(T)
    return voids


def _walk(play, leader: int):
    """Each card of ``play`` with the seat that played it and the cards before it in its trick,
    the first trick led by ``leader``."""
    seat, trick = leader, []
    for card in play:
        yield card, seat, list(trick)
        trick.append(card)
        if len(trick) == 4:
            leader = GAME.trick_winner(trick, leader)
            trick = []
            seat = leader
        else:
            seat = (seat + 1) % 4


def _history(seed: int, trumps: int | None = None, kept: str = "no plain"):
    """A random deal (dealer seat 3), its discards and a random legal play of the whole hand.

    ``trumps``: the number of trumps the dealer must discard (None: any legal pair); with 1 or
    2, ``kept`` says how it may: ``"no plain"`` (it keeps no suit card below the king) or
    ``"no trump"`` (it discards every trump it has)."""
    rng = random.Random(seed)
    cards = CARDS[:]
    rng.shuffle(cards)
    if trumps:
        if kept == "no plain":
            others = [c for c in cards if not _plain(c)]
            plain = [c for c in cards if _plain(c)]
            dealt = others[: 17 - (trumps == 1)] + plain[: int(trumps == 1)]
        else:
            low = [c for c in cards if c.suit is T and not _five(c)]
            non = [c for c in cards if c.suit is not T]
            dealt = low[:trumps] + non[: 17 - trumps]
    else:
        dealt = cards[:17]
    dealt_set = CardSet(dealt)
    choices = [
        p for p in ciapano.tarocchi.discard_choices(dealt_set)
        if trumps is None or sum(c.suit is T for c in p) == trumps
    ]  # fmt: skip
    discards = rng.choice(choices)
    rest = [c for c in cards if c not in dealt_set]
    deal = [rest[0:15], rest[15:30], rest[30:45], dealt]
    pos = Position.from_deal(deal, 3, game=GAME, set_aside=discards)
    play = []
    while not pos.is_over():
        card = rng.choice(sorted(pos.legal_moves()))
        play.append(card)
        pos = pos.play(card)
    return deal, list(discards), play


def _view(deal, discards, play, k, view=None) -> InformationSet:
    return InformationSet.from_history(deal, 3, play[:k], view, game=GAME, discards=discards)


def _truth(deal, discards, play, k) -> Position:
    return Position.from_deal(deal, 3, game=GAME, set_aside=discards).play_all(play[:k])


def _key(pos: Position):
    return (tuple(h.mask for h in pos.hands), CardSet(pos.set_aside).mask)


def _plain_fits(pos: Position, truth: Position, discards, play, k, view: int) -> bool:
    """Whether an open position fits what seat ``view`` saw of the true position ``truth``
    after ``k`` cards of ``play``, by the rules written plainly."""
    if (pos.trick, pos.won, pos.dealer) != (truth.trick, truth.won, truth.dealer):
        return False
    facts = _facts(play, k)
    return _hands_fit(list(pos.hands), CardSet(pos.set_aside), truth, discards, facts, view)


def _facts(play, k):
    """What every seat saw of the first ``k`` cards: the voids, and the dealer's cards."""
    by_dealer = CardSet(c for i, c in enumerate(play[:k]) if _seat_of(play, i) == 3)
    return _plain_voids(3, play[:k]), by_dealer


def _hands_fit(hands, aside, truth, discards, facts, view) -> bool:
    """Whether hands and discards (``aside``) fit what seat ``view`` saw (the plain rules)."""
    voids, by_dealer = facts
    if hands[view] != truth.hands[view] or [len(h) for h in hands] != [len(h) for h in truth.hands]:
        return False
    if any(hands[s].suit(x) for s in range(4) for x in voids[s]):
        return False
    if view == 3:
        return aside == CardSet(discards)
    if len(aside.suit(T)) != len(CardSet(discards).suit(T)):
        return False
    return _plain_discard_ok(hands[3] | by_dealer | aside, aside)


def _seat_of(play, i: int) -> int:
    """The seat that played card ``i`` (dealer 3: seat 0 leads)."""
    for j, (_, seat, _) in enumerate(_walk(play, 0)):
        if j == i:
            return seat
    raise IndexError(i)


def _brute_force(info: InformationSet, deal, discards, play, k) -> set:
    """Every way to put the viewer's unseen cards in the hidden hands and the discards that
    fits what it saw (:func:`_hands_fit`), as :func:`_key` gives them."""
    truth = _truth(deal, discards, play, k)
    unseen = sorted(info.unseen, key=lambda c: c.index)
    hidden = [s for s in range(4) if s != info.view]
    sizes = [len(truth.hands[s]) for s in hidden]
    found = set()
    facts = _facts(play, k)

    def rec(j, left, hands):
        if j == len(hidden):
            aside = CardSet(left) | (CardSet(discards) if info.view == 3 else CardSet())
            full = [truth.hands[info.view]] * 4
            for s, h in zip(hidden, hands, strict=True):
                full[s] = h
            if len(aside) == 2 and _hands_fit(full, aside, truth, discards, facts, info.view):
                found.add((tuple(h.mask for h in full), aside.mask))
            return
        for chosen in itertools.combinations(left, sizes[j]):
            rest = [c for c in left if c not in chosen]
            rec(j + 1, rest, [*hands, CardSet(chosen)])

    rec(0, unseen, [])
    return found


# Histories with 0, 1 and 2 trumps discarded, both ways of discarding trumps.
CASES = [
    (1, None, "no plain"), (2, None, "no plain"), (3, 1, "no plain"), (4, 2, "no plain"),
    (5, 1, "no trump"), (6, 2, "no trump"), (7, 1, "no plain"), (8, 2, "no trump"),
]  # fmt: skip


@pytest.mark.parametrize(("seed", "trumps", "kept"), CASES)
def test_views_hold_the_truth_and_samples_fit_the_rules(seed, trumps, kept):
    deal, discards, play = _history(seed, trumps, kept)
    rng = random.Random(seed)
    for k in sorted(rng.sample(range(0, 60), 3)):
        truth = _truth(deal, discards, play, k)
        for view in range(4):
            info = _view(deal, discards, play, k, view)
            # The voids are those of the rules written plainly, trump voids included.
            voids = _plain_voids(3, play[:k])
            assert [set(v) for v in info.voids] == voids
            assert info.discarded_trumps == len(CardSet(discards).suit(T))
            # (1) The true position fits the view.
            assert info.consistent(truth)
            assert _plain_fits(truth, truth, discards, play, k, view)
            # (2) Every sampled deal fits it, by the view's test and by the plain rules.
            for pos in sample_deals(info, 4, seed=k):
                assert info.consistent(pos)
                assert _plain_fits(pos, truth, discards, play, k, view)
                assert len(pos.set_aside) == 2 and pos.dealer == 3


@pytest.mark.parametrize(("seed", "trumps", "kept"), CASES)
def test_small_views_count_and_number_every_deal_once(seed, trumps, kept):
    # (3) Near the end of the hand, the deals numbered 0 .. count - 1 are exactly the brute
    # force's, the true one among them.
    deal, discards, play = _history(seed, trumps, kept)
    for k in (52, 55, 57):
        for view in range(4):
            info = _view(deal, discards, play, k, view)
            brute = _brute_force(info, deal, discards, play, k)
            total = info.count_deals()
            assert total == len(brute)
            numbered = {_key(info.deal(i)) for i in range(total)}
            assert numbered == brute
            assert _key(_truth(deal, discards, play, k)) in numbered


def test_sampling_is_uniform_on_small_views():
    # Chi-square on the deals drawn from small views (a fixed seed, a loose threshold: the
    # 99.9th percentile).
    tried = 0
    for seed, trumps, kept in CASES:
        deal, discards, play = _history(seed, trumps, kept)
        info = _view(deal, discards, play, 52, 0)
        total = info.count_deals()
        if not 10 <= total <= 150:
            continue
        tried += 1
        draws = 30 * total
        counts = Counter(_key(p) for p in sample_deals(info, draws, seed=seed))
        assert set(counts) <= _brute_force(info, deal, discards, play, 52)
        stat = sum((counts.get(_key(info.deal(i)), 0) - 30) ** 2 / 30 for i in range(total))
        assert stat < chi2.ppf(0.999, total - 1), (seed, total, stat)
    assert tried >= 2


def test_both_cases_of_a_trump_discard_are_counted_apart():
    # A view at the opening by a seat other than the dealer, trumps discarded: the deals are
    # those where the dealer keeps no plain card plus those where it keeps no trump, and the
    # samples show both (the dealer has played nothing yet).
    for seed, trumps, kept in [(4, 2, "no plain"), (6, 2, "no trump"), (3, 1, "no plain")]:
        deal, discards, play = _history(seed, trumps, kept)
        info = _view(deal, discards, play, 0, 0)
        cases = info._dealer().cases
        assert len(cases) == 2 and all(c.total for c in cases)
        assert info.count_deals() == sum(c.total for c in cases)
        n = 200
        in_first = 0
        for pos in sample_deals(info, n, seed=1):
            kept_cards = pos.hands[3]
            no_plain = not any(_plain(c) for c in kept_cards)
            no_trump = not kept_cards.suit(T)
            assert no_plain != no_trump  # exactly one of the two cases
            in_first += no_plain  # the first case is "no plain"
        # The samples fall in each case in proportion to its count (within 5 sigma).
        share = cases[0].total / info.count_deals()
        sigma = (n * share * (1 - share)) ** 0.5
        assert abs(in_first - n * share) <= 5 * sigma + 1, (in_first, n * share)


def test_the_fool_reveals_nothing():
    # (4) A seat that plays the Fool to a trick shows no void, and keeps the trumps and the
    # suit led among what it may hold.
    checked = 0
    for seed, trumps, kept in CASES:
        deal, discards, play = _history(seed, trumps, kept)
        i = play.index(FOOL)
        seat = _seat_of(play, i)
        viewer = (seat + 1) % 4
        before = _view(deal, discards, play, i, viewer)
        after = _view(deal, discards, play, i + 1, viewer)
        assert after.voids[seat] == before.voids[seat]
        # It may hold a trump in the samples when trumps are unseen and it is not void.
        if T not in after.voids[seat] and after.unseen.suit(T) and after.sizes[seat]:
            assert any(p.hands[seat].suit(T) for p in sample_deals(after, 60, seed=1))
        checked += 1
    assert checked == len(CASES)


def test_a_fool_led_lets_the_second_card_set_the_suit():
    # The Fool led, the second card is a heart: a later seat that plays a trump is void in
    # hearts, one that plays a club is void in hearts and trumps.
    voids = _plain_voids(3, [FOOL, TAROCCHI_62.card_type("2H"), TAROCCHI_62.card_type("7T"),
                             TAROCCHI_62.card_type("5C")])  # fmt: skip
    assert voids[0] == set() and voids[1] == set()
    assert voids[2] == {TarotSuit.H} and voids[3] == {TarotSuit.H, T}
    for trick, card, shown in [
        ([FOOL], "2H", set()),
        ([FOOL, "2H"], "7T", {TarotSuit.H}),
        ([FOOL, "2H", "7T"], "5C", {TarotSuit.H, T}),
        (["2H"], FOOL, set()),
    ]:
        trick = [TAROCCHI_62.card_type(c) if isinstance(c, str) else c for c in trick]
        c = TAROCCHI_62.card_type(card) if isinstance(card, str) else card
        assert set(GAME.revealed_voids(trick, c)) == shown


def test_view_files_round_trip_and_read_as_histories():
    deal, discards, play = _history(5, 1, "no trump")
    for k, view in [(0, 1), (13, 2), (30, 3), (41, 0)]:
        info = _view(deal, discards, play, k, view)
        back = ciapano.view_from_dict(json.loads(json.dumps(info.to_dict())))
        assert back == info and back.count_deals() == info.count_deals()
        assert [_key(back.deal(i)) for i in range(3)] == [_key(info.deal(i)) for i in range(3)]
        history = {"game": "tarocchi", "dealer": 3, "deal": [[c.text for c in h] for h in deal],
                   "discards": [c.text for c in discards], "play": [c.text for c in play[:k]],
                   "view": view}  # fmt: skip
        assert ciapano.view_from_dict(history) == info
        record = {**history, "play": [c.text for c in play]}
        del record["view"]
        if k < 60 and _seat_of(play, k) == view:
            assert ciapano.view_at(record, k) == info
    # An open position seen by a seat: the dealer's play must be given once trumps were
    # discarded and a trick is complete.
    truth = _truth(deal, discards, play, 13)
    with pytest.raises(InformationSetError) as e:
        InformationSet.from_position(truth, 0)
    assert e.value.field == "dealer_played"
    played = [c for i, c in enumerate(play[:13]) if _seat_of(play, i) == 3]
    info = InformationSet.from_position(truth, 0, dealer_played=played)
    assert info.consistent(truth)


def test_pimc_scores_a_tarocchi_view_late_in_the_hand():
    deal, discards, play = _history(3, 1, "no plain")
    k = 48
    info = _view(deal, discards, play, k)
    result = ciapano.pimc(info, samples=4, seed=2, workers=1)
    assert result.best in info.legal_moves()
    # Each mean is the mean of the samples' values, solved with every hand open.
    deals = sample_deals(info, 4, seed=2)
    for move in result.moves:
        values = [ciapano.solve(p)[move.card] for p in deals]
        assert move.mean == pytest.approx(sum(values) / 4)
    # The card of a pimc:N player from the opening's history (what play_out and matches use).
    from ciapano.analysis import _pimc_card

    start = _truth(deal, discards, play, 0)
    card = _pimc_card(start, play[:k], 3, 1, None)
    assert card in _truth(deal, discards, play, k).legal_moves()


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _write(tmp_path, data, name="view.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_sample_check_and_analyse_take_tarocchi_views(runner, tmp_path):
    # (5) ciapano sample on a history with a view and on a snapshot with hidden hands as
    # counts; analyse --samples and check --samples late in a hand.
    deal, discards, play = _history(6, 2, "no trump")
    k = 44
    info = _view(deal, discards, play, k)
    view_file = _write(tmp_path, info.to_dict())
    out = runner.invoke(app, ["sample", view_file, "--samples", "4", "--seed", "1",
                              "--workers", "1", "--json"])  # fmt: skip
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["deals"] == info.count_deals() if "deals" in data else True
    record = {"game": "tarocchi", "dealer": 3, "deal": [[c.text for c in h] for h in deal],
              "discards": [c.text for c in discards], "play": [c.text for c in play]}  # fmt: skip
    record_file = _write(tmp_path, record, "hand.json")
    out = runner.invoke(app, ["analyse", record_file, "--from-trick", "14", "--samples", "3",
                              "--seed", "1", "--workers", "1", "--json"])  # fmt: skip
    assert out.exit_code == 0, out.output
    position = {**record, "play": record["play"][:k]}
    out = runner.invoke(app, ["check", _write(tmp_path, position, "pos.json"), play[k].text,
                              "--samples", "3", "--seed", "1", "--workers", "1"])  # fmt: skip
    assert out.exit_code in (0, 1), out.output


def test_deal_and_match_play_pimc_seats_from_their_views(runner, monkeypatch):
    # (5) deal --play pimc:2 and a match with a pimc player: each pimc card is chosen from the
    # seat's own view of the hand so far.  A full hand's PIMC solves whole tarocchi deals
    # (minutes at the opening), so here each view is checked (the true hand fits it, its
    # samples fit it) and its lowest legal card played instead of the solver's choice.
    import ciapano.montecarlo

    seen = []

    class Fake:
        def __init__(self, best):
            self.best = best

    def fake_pimc(info, samples, seed, workers=None):
        assert info.game == GAME and samples == 2
        for pos in sample_deals(info, 2, seed):
            assert info.consistent(pos)
        seen.append(info.view)
        return Fake(min(info.legal_moves(), key=lambda c: c.index))

    monkeypatch.setattr(ciapano.montecarlo, "pimc", fake_pimc)
    out = runner.invoke(app, ["deal", "--game", "tarocchi", "--play", "pimc:2,random,random,random",
                              "--seed", "3"])  # fmt: skip
    assert out.exit_code == 0, out.output
    record = json.loads(out.stdout)
    assert len(record["play"]) == 60 and len(seen) == 15 and set(seen) == {0}
    ciapano.records.record_from_dict(record)  # every card legal
    seen.clear()
    result = ciapano.play_match(game="tarocchi", policies=["random", "pimc:2", "random",
                                                           "random"], seed=2, hands=1)  # fmt: skip
    assert len(result.hands) == 1 and len(seen) == 15 and set(seen) == {1}


def test_bad_views_exit_2_naming_the_field(runner, tmp_path):
    deal, discards, play = _history(4, 2, "no plain")
    k = 20
    info = _view(deal, discards, play, k, 0)
    good = info.to_dict()

    def line(data) -> str:
        return error_line(runner, ["sample", _write(tmp_path, data), "--samples", "2"])

    # A seat shown holding a trump it is known void of: the viewer, or another seat whose
    # cards the file gives.
    truth = _truth(deal, discards, play, 4)
    holder = next(s for s in range(4) if truth.hands[s].suit(T))
    viewer = _view(deal, discards, play, 4, holder).to_dict()
    voids = {**viewer.get("voids", {}), str(holder): ["T"]}
    assert f"voids.{holder}" in line({**viewer, "voids": voids})
    other = next(s for s in range(4) if s != holder and truth.hands[s].suit(T))
    hands = list(viewer["hands"])
    hands[other] = truth.hands[other].texts()
    voids = {**viewer.get("voids", {}), str(other): ["T"]}
    assert f"voids.{other}" in line({**viewer, "hands": hands, "voids": voids})
    # An impossible number of discarded trumps.
    assert "discarded_trumps" in line({**good, "discarded_trumps": 3})
    missing = {k: v for k, v in good.items() if k != "discarded_trumps"}
    assert "discarded_trumps: is missing" in line(missing)
    # Trumps discarded, but the dealer played both a trump and a plain card: no deal fits.
    deal1, discards1, play1 = _history(1)
    k1 = next(
        k for k in range(60)
        if (p := _facts(play1, k)[1]).suit(T) and any(_plain(c) for c in p)
    )  # fmt: skip
    played_both = _view(deal1, discards1, play1, k1, 0).to_dict()
    for t in (1, 2):
        assert "discarded_trumps" in line({**played_both, "discarded_trumps": t})
    # The dealer's own view with a 5-point discard.
    dealer_view = _view(deal, discards, play, k, 3).to_dict()
    dealer_info = _view(deal, discards, play, k, 3)
    king = next(c for c in dealer_info.unseen if _five(c))
    bad_discard = {**dealer_view, "discards": [king.text, dealer_view["discards"][1]]}
    assert f"discards: {king.text} is a 5-point card" in line(bad_discard)
    # The dealer's own view with a trump discarded while it keeps trumps and a plain card.
    early = _view(*_history(2), 0, 3).to_dict()
    low = next(c for c in early["hands"][3] if c.endswith("T") and c not in ("1T", "21T"))
    plain = next(c for c in early["hands"][3] if _plain(TAROCCHI_62.card_type(c)))
    hand = [c for c in early["hands"][3] if c != low] + [early["discards"][0]]
    hands = [*early["hands"][:3], hand]
    swapped = {**early, "discards": [low, early["discards"][1]], "hands": hands}
    assert any(c.endswith("T") for c in hand) and plain in hand
    assert "discards: " in (message := line(swapped)) and "could have discarded" in message
    # The dealer's discards shown to another seat.
    assert "discards" in line({**good, "discards": dealer_view["discards"]})
    # A trump void in a game without trumps.
    ciapano_view = json.loads((ROOT / "positions" / "view4_midhand.json").read_text("utf-8"))
    ciapano_view["voids"] = {"1": ["T"]}
    assert "voids.1" in line(ciapano_view)


def test_a_trump_void_is_refused_in_a_game_without_trumps():
    data = json.loads((ROOT / "positions" / "endgame4_midtrick.json").read_text("utf-8"))
    data.pop("expected", None)
    data["voids"] = {"1": ["T"]}
    with pytest.raises(ciapano.PositionError) as e:
        ciapano.from_dict(data)
    assert e.value.field == "voids.1"
