"""Match play (``ciapano.play_match``, ``ciapano match``; docs/rules.md#ciapano-match,
#mattazza-match, #busca-match).

Every match is checked against the rules from its own hand records, re-scored here: the totals
add up the hands' scores, the seats of each hand are the players still in, in order of play,
the dealer passes to the next player still in, the match ends at the first hand where its rule
says so and not before, and the winners are the rule's.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import GameError, play_match
from ciapano.cli.main import app
from ciapano.records import record_from_dict

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


def _replay(result: ciapano.MatchResult) -> list[list[int]]:
    """Each player's running totals after each hand, from the hand records alone; checks the
    seats and the dealers on the way."""
    totals = [0] * result.players
    running = []
    still = list(range(result.players))
    dealer = result.players - 1
    for record in result.hands:
        hand = record_from_dict(record)
        assert record["seats"] == still
        assert still[record["dealer"]] == dealer
        assert hand.players == len(still)
        for p, s in zip(record["seats"], hand.score(), strict=True):
            totals[p] += s
        running.append(list(totals))
        if result.rule == "survivors":
            gone = [p for p in still if totals[p] >= result.target]
        else:
            gone = []
        if len(running) == len(result.hands):
            break  # the last hand: no next dealer
        nxt = still[(record["dealer"] + 1) % len(still)]
        while nxt in gone:
            nxt = still[(still.index(nxt) + 1) % len(still)]
        still = [p for p in still if p not in gone]
        dealer = nxt
    assert totals == list(result.totals)
    return running


def _lowest(totals, among, k):
    bar = sorted(totals[p] for p in among)[min(k, len(among)) - 1]
    return tuple(p for p in sorted(among) if totals[p] <= bar)


@settings(max_examples=30, **SETTINGS)
@given(
    players=st.sampled_from([3, 4, 5]),
    target=st.sampled_from([11, 21, 31]),
    survivors=st.integers(1, 2),
    seed=st.integers(0, 10**6),
)
def test_ciapano_matches_end_by_the_rule(players, target, survivors, seed):
    result = play_match(players, target=target, survivors=survivors, seed=seed)
    assert result.rule == "survivors" and result.target == target
    running = _replay(result)
    for k, totals in enumerate(running):
        still = result.hands[k]["seats"]
        under = [p for p in still if totals[p] < target]
        over = len(under) <= survivors or len(under) < 3
        assert over == (k == len(running) - 1), (k, totals)
    last = result.hands[-1]["seats"]
    assert result.winners == _lowest(result.totals, last, survivors)
    assert set(result.out) == {p for p in range(players) if result.totals[p] >= target}


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 10**6), target=st.sampled_from([11, 21]))
def test_lowest_wins_ends_with_the_first_player_at_the_target(seed, target):
    result = play_match(4, target=target, lowest_wins=True, seed=seed)
    running = _replay(result)
    for k, totals in enumerate(running):
        assert (max(totals) >= target) == (k == len(running) - 1)
    assert result.winners == _lowest(result.totals, range(4), 1)
    assert result.out == ()


@settings(max_examples=15, **SETTINGS)
@given(seed=st.integers(0, 10**6))
def test_mattazza_the_first_two_to_five_lose(seed):
    result = play_match(4, game="mattazza", seed=seed)
    assert result.rule == "first-two-lose" and result.target is None
    running = _replay(result)
    for k, totals in enumerate(running):
        at_five = sum(t >= 5 for t in totals)
        assert (at_five >= 2) == (k == len(running) - 1)
    assert set(result.out) == {p for p in range(4) if result.totals[p] >= 5}
    assert set(result.winners) == set(range(4)) - set(result.out)


def test_busca_plays_its_hands_and_the_fewest_busche_win():
    result = play_match(4, game="busca", hands=3, seed=5)
    assert len(result.hands) == 3 and result.rule == "hands"
    _replay(result)
    assert result.winners == _lowest(result.totals, range(4), 1)
    assert all(h["game"] == "busca" for h in result.hands)


@pytest.mark.parametrize("seed", [3, 8])
def test_tarocchi_four_rounds_and_the_partnership_with_more_points_wins(seed):
    result = play_match(4, game="tarocchi", seed=seed)
    assert result.rule == "rounds" and result.target is None
    running = _replay(result)
    # Four rounds, and one more for each tie after them; the deal goes round the table.
    assert len(running) >= 4
    for k, totals in enumerate(running):
        assert totals[0] == totals[2] and totals[1] == totals[3]  # partnerships' totals
        ended = k >= 3 and totals[0] != totals[1]
        assert ended == (k == len(running) - 1)
    assert [h["dealer"] for h in result.hands[:4]] == [3, 0, 1, 2]
    t = result.totals
    assert set(result.winners) == ({0, 2} if t[0] > t[1] else {1, 3})
    assert all(h["game"] == "tarocchi" and len(h["discards"]) == 2 for h in result.hands)


def test_a_tarocchi_tie_plays_one_more_round(monkeypatch):
    # The first five hands scored 57 points each (the real scores after them): level after
    # four rounds, and after the fifth, so the match plays a sixth round and ends there.
    real = ciapano.Tarocchi.hand_score
    calls = []

    def level(self, taken, last_trick, tricks=None, declarer=None):
        calls.append(1)
        return [57] * 4 if len(calls) <= 5 else real(self, taken, last_trick, tricks, declarer)

    monkeypatch.setattr(ciapano.Tarocchi, "hand_score", level)
    result = play_match(4, game="tarocchi", seed=11)
    assert len(result.hands) == 6
    assert result.scores[:5] == ((57,) * 4,) * 5 and result.totals[0] != result.totals[1]


def test_a_seed_replays_the_match_and_a_fresh_one_is_given():
    a = play_match(4, seed=17, policies=["optimal", "random", "random", "random"], target=11)
    assert (
        play_match(4, seed=17, policies=["optimal", "random", "random", "random"], target=11) == a
    )
    fresh = play_match(3, target=11)
    assert play_match(3, target=11, seed=fresh.seed) == fresh
    assert json.loads(json.dumps(a.to_dict()))["winners"] == list(a.winners)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 6}, "players"),
        ({"game": "mattazza", "players": 3}, "players"),
        ({"target": 0}, "target"),
        ({"survivors": 4}, "survivors"),
        ({"players": 3, "survivors": 3}, "survivors"),
        ({"game": "busca"}, "hands"),
        ({"hands": 0}, "hands"),
        ({"policies": ["random"] * 3}, "policies"),
        ({"policies": "best"}, "policies[0]"),
        ({"game": "mattazza", "lowest_wins": True}, "lowest_wins"),
        ({"game": "tressette"}, "game"),
    ],
)
def test_bad_options_name_the_field(kwargs, field):
    with pytest.raises(GameError) as e:
        play_match(**kwargs)
    assert e.value.field == field


def test_the_command_line():
    runner = CliRunner()
    r = runner.invoke(app, ["match", "--players", "3", "--target", "11", "--seed", "2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert list(data) == [
        "game", "players", "target", "survivors", "rule", "seed", "hands", "totals", "out",
        "winners",
    ]  # fmt: skip
    assert data == play_match(3, target=11, seed=2).to_dict()
    assert all("seats" in h and "dealer" in h for h in data["hands"])
    r = runner.invoke(app, ["match", "--game", "mattazza", "--seed", "4"])
    assert r.exit_code == 0, r.output
    assert "winners:" in r.output and "game points" in r.output
    for args, mention in [
        (["--players", "6"], "--players"),
        (["--game", "busca"], "--hands"),
        (["--play", "foo"], "--play"),
        (["--seed", "-1"], "--seed"),
    ]:
        r = runner.invoke(app, ["match", *args])
        assert r.exit_code == 2, (args, r.output)
        assert mention in r.output and "Traceback" not in r.output


def test_a_pimc_player_plays_legal_reproducible_hands():
    from ciapano.dealing import random_deal

    start = random_deal(5, seed=8)
    policies = ["pimc:2", "random", "optimal", "random", "random"]
    cards = ciapano.play_out(start, policies, seed=5)
    assert cards == ciapano.play_out(start, policies, seed=5)
    assert start.play_all(cards).is_over()  # every card legal, the hand to its end
    with pytest.raises(ciapano.PositionError) as e:
        ciapano.play_out(start.play(cards[0]), policies, seed=5)
    assert e.value.field == "policies" and "opening lead" in str(e.value)
    with pytest.raises(ciapano.PositionError) as e:
        ciapano.play_out(start, ["pimc:1", "random", "random", "random", "random"])
    assert e.value.field == "policies[0]"
    result = play_match(5, target=6, policies=["pimc:2"] + ["random"] * 4, seed=3)
    _replay(result)


def test_a_tournament_rotates_the_policies_and_counts_them():
    policies = ["optimal", "random", "random"]
    one = ciapano.play_matches(3, 3, policies=policies, seed=11, target=11, workers=1)
    two = ciapano.play_matches(3, 3, policies=policies, seed=11, target=11, workers=2)
    assert one == two  # the results do not depend on the workers
    by = {p.policy: p for p in one.standings}
    assert by["optimal"].entries == 3 and by["random"].entries == 6
    for j, result in enumerate(one.results):
        _replay(result)
        # Match j gives player i the policy policies[(i + j) % 3].
        assert result == play_match(
            3, target=11, policies=[policies[(i + j) % 3] for i in range(3)], seed=result.seed
        )
    wins = {p: 0 for p in by}
    for j, result in enumerate(one.results):
        for i in result.winners:
            wins[policies[(i + j) % 3]] += 1
    assert {p: s.wins for p, s in by.items()} == wins
    for s in one.standings:
        assert s.win_low <= s.win_rate <= s.win_high
        assert s.total_low <= s.mean_total <= s.total_high
    with pytest.raises(GameError) as e:
        ciapano.play_matches(0)
    assert e.value.field == "matches"


def test_the_tournament_command():
    runner = CliRunner()
    args = ["match", "--matches", "3", "--players", "3", "--target", "11", "--seed", "4"]
    r = runner.invoke(app, [*args, "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["matches"] == 3 and data["seed"] == 4
    expected = ciapano.play_matches(3, 3, seed=4, target=11, workers=1).to_dict()
    assert data["standings"] == expected["standings"]
    r = runner.invoke(app, [*args, "--workers", "0"])
    assert r.exit_code == 2 and "--workers" in r.output


def test_analysing_a_match_sums_each_players_mistakes(tmp_path):
    match = play_match(3, target=11, seed=2, policies=["optimal", "random", "random"])
    result = ciapano.analyse_match(match, workers=1, from_trick=9)
    assert len(result["hands"]) == len(match.hands)
    # Each hand's own analysis, summed per match player through the hand's seats.
    expected = {p: [0, 0, 0] for p in range(3)}
    for hand in match.hands:
        analysis = ciapano.analyse(record_from_dict(hand), from_trick=9)
        for seat, player in enumerate(hand["seats"]):
            costs = [c.cost for c in analysis.cards if c.seat == seat]
            expected[player][0] += 1
            expected[player][1] += sum(1 for c in costs if c > 0)
            expected[player][2] += sum(costs)
    got = {p["player"]: [p["hands"], p["mistakes"], p["cost"]] for p in result["players"]}
    assert got == expected
    assert got[0][1] == 0  # the optimal player makes no mistake
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_dict()), encoding="utf-8")
    args = ["analyse", "--match", str(path), "--workers", "1", "--from-trick", "9", "--json"]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["players"] == result["players"]
    with pytest.raises(GameError) as e:
        ciapano.analyse_match({"hands": []})
    assert e.value.field == "match"
    r = CliRunner().invoke(app, ["analyse", "--match", str(path), "--batch", str(path)])
    assert r.exit_code == 2


def test_a_limit_of_hands_ends_any_match():
    result = play_match(4, hands=2, target=31, seed=1)
    assert len(result.hands) == 2
    running = _replay(result)
    assert all(max(t) < 31 for t in running)  # ended by the limit, not by the target
    assert result.winners == _lowest(result.totals, range(4), 1)
    result = play_match(4, game="mattazza", hands=1, seed=1)
    assert len(result.hands) == 1 and result.out == ()
