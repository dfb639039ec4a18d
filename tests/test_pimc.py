"""Tests of PIMC scoring (``ciapano.pimc``, ``ciapano.pimc_check``) and ``ciapano sample``.

The scores are compared with what they are defined to be (the double-dummy values of the
sampled deals, solved one by one), never with hard-coded numbers; a view that allows a single
deal must score exactly that deal's double-dummy values.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import ciapano
from ciapano import (
    DECK,
    CardSet,
    InformationSet,
    InformationSetError,
    OptionError,
    Position,
    pimc,
    pimc_check,
    sample_deals,
)
from ciapano.cli.main import app
from ciapano.montecarlo import LARGE_SOLVE_CARDS

ROOT = Path(__file__).resolve().parents[1]
VIEW_FILE = ROOT / "positions" / "view4_midhand.json"
HISTORY_FILE = ROOT / "positions" / "history4_three_tricks_left.json"
VIEW = ciapano.load_view(VIEW_FILE)


def test_the_shipped_view_is_seat_3s_view_in_the_shipped_history():
    history = json.loads(HISTORY_FILE.read_text(encoding="utf-8"))
    assert ciapano.view_at(history, 20) == VIEW
    assert VIEW.voids[0] and VIEW.to_move == VIEW.view == 3
    with pytest.raises(ciapano.PositionError, match=r"^hands\[0\]: 5 is a number of hidden"):
        ciapano.load(VIEW_FILE)


def test_means_are_the_averages_of_the_solved_samples():
    result = pimc(VIEW, samples=12, seed=4, workers=1)
    deals = sample_deals(VIEW, 12, seed=4)
    solved = [{c: v for c, v in ciapano.solve(d, seat=3)} for d in deals]
    assert {m.card for m in result} == set(VIEW.legal_moves())
    for move in result:
        values = np.array([s[move.card] for s in solved], dtype=float)
        assert move.mean == pytest.approx(values.mean())
        assert move.stderr == pytest.approx(values.std(ddof=1) / math.sqrt(12))
        assert move.ci95 == pytest.approx((move.mean - 1.96 * move.stderr,
                                           move.mean + 1.96 * move.stderr), abs=1e-3)  # fmt: skip
        best_in = sum(s[move.card] == min(s.values()) for s in solved)
        assert move.best_rate == pytest.approx(best_in / 12)
        assert result.values[result.moves.index(move)] == tuple(int(v) for v in values)
    means = [m.mean for m in result]
    assert means == sorted(means)
    assert result.best == result.moves[0].card
    assert result.deals == VIEW.count_deals()


def test_the_result_does_not_depend_on_the_number_of_workers():
    one = pimc(VIEW, samples=16, seed=9, workers=1)
    two = pimc(VIEW, samples=16, seed=9, workers=2)
    assert (one.moves, one.values, one.best) == (two.moves, two.values, two.best)
    assert two.workers == 2


def _pinned_view() -> tuple[InformationSet, Position]:
    """A view whose voids leave exactly one deal: each hidden seat holds a single suit."""
    hands = [["3C", "4C"], ["3S", "4S"], ["3H", "4H"], ["3D", "4D"]]
    rest = DECK - CardSet([c for h in hands for c in h])
    truth = Position(hands, 0, taken=[ciapano.Ciapano().points(rest), 0, 0, 0])
    voids = {1: "HDC", 2: "SDC", 3: "SHC"}
    info = InformationSet.from_position(truth, 0, voids={s: list(v) for s, v in voids.items()})
    return info, truth


def test_a_view_that_allows_one_deal_scores_its_double_dummy_values():
    info, truth = _pinned_view()
    assert info.count_deals() == 1
    result = pimc(info, samples=3, seed=0, workers=1)
    exact = {c: v for c, v in ciapano.solve(truth)}
    for move in result:
        assert move.mean == exact[move.card]
        assert move.stderr == 0 and move.ci95 == (move.mean, move.mean)
        assert move.best_rate == (1.0 if exact[move.card] == min(exact.values()) else 0.0)


def test_a_cards_loss_is_the_paired_difference_against_the_best():
    result = pimc(VIEW, samples=20, seed=2, workers=1)
    best = result.loss(result.best)
    assert (best.loss, best.stderr, best.ci95) == (0, 0, (0, 0))
    worst = result.moves[-1]
    loss = result.loss(worst.card)
    assert loss.best == result.best and loss.samples == 20 and loss.seed == 2
    assert loss.loss == pytest.approx(worst.mean - result.moves[0].mean)
    assert loss.ci95[0] <= loss.loss <= loss.ci95[1]
    assert pimc_check(VIEW, worst.card, samples=20, seed=2, workers=1) == loss
    assert set(loss.to_dict()) == {"card", "best", "loss", "stderr", "ci95", "samples", "seed"}
    with pytest.raises(InformationSetError, match=r"^card: 2S is not a legal card of seat 3"):
        pimc_check(VIEW, "2S", samples=2, seed=0)
    with pytest.raises(InformationSetError, match=r"^card: 'ZZ' is not a card"):
        pimc_check(VIEW, "ZZ", samples=2, seed=0)


def test_an_open_position_is_scored_from_the_view_of_the_seat_to_move():
    pos = ciapano.load(ROOT / "positions" / "endgame3_discard_ace.json")
    result = pimc(pos, samples=4, seed=1, workers=1)
    assert result.seat == pos.to_move
    assert result.information_set == InformationSet.from_position(pos, pos.to_move)
    assert result.information_set.discard_hidden


def test_bad_requests_name_the_problem():
    not_to_move = ciapano.InformationSet.from_history(
        *(json.loads(HISTORY_FILE.read_text("utf-8"))[k] for k in ("deal", "dealer", "play")),
        view=0,
    )
    with pytest.raises(InformationSetError, match=r"^view: seat 0 is not to move \(seat 1 is\)"):
        pimc(not_to_move, samples=2, seed=0)
    with pytest.raises(OptionError, match=r"^samples: 1 "):
        pimc(VIEW, samples=1)
    with pytest.raises(OptionError, match=r"^workers: 0 "):
        pimc(VIEW, samples=2, workers=0)
    with pytest.raises(InformationSetError, match=r"^seed: -1 "):
        pimc(VIEW, samples=2, seed=-1)


# -- ciapano sample ---------------------------------------------------------------------------


def test_sample_help_gives_the_librarys_table_sizes():
    # cli/sample.py writes the defaults of --tt-mb into its help without importing the modules
    # that define them (NumPy's import, for a help text): they must stay the library's.
    result = CliRunner().invoke(app, ["sample", "--help"], terminal_width=200)
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert (
        f"default: {ciapano.WORKER_TT_MB} with {LARGE_SOLVE_CARDS} cards or more in play, "
        f"else {ciapano.DEFAULT_PIMC_TT_MB}"
    ) in text


def test_sample_json_is_the_documented_object():
    out = CliRunner().invoke(
        app, ["sample", str(VIEW_FILE), "--samples", "8", "--seed", "5", "--json", "--workers", "1"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert list(data) == ["seat", "samples", "seed", "moves", "best", "seconds", "concept"]
    assert (data["seat"], data["samples"], data["seed"]) == (3, 8, 5)
    for move in data["moves"]:
        assert list(move) == ["card", "mean", "stderr", "ci95", "best_rate"]
    expected = pimc(VIEW, samples=8, seed=5, workers=1).to_dict()
    assert data["moves"] == expected["moves"] and data["best"] == expected["best"]


def test_sample_table_and_a_fresh_seed_that_repeats_the_run(tmp_path):
    history = tmp_path / "history.json"
    history.write_text(HISTORY_FILE.read_text("utf-8"), encoding="utf-8")
    out = CliRunner().invoke(app, ["sample", str(history), "--seat", "1", "--samples", "6"])
    assert out.exit_code == 0, out.output
    assert "Recommended:" in out.stdout and "95% interval" in out.stdout
    seed = int(out.stdout.split("(seed ")[1].split(")")[0])
    again = pimc(ciapano.load_view(history, 1), samples=6, seed=seed, workers=1)
    assert f"Recommended: {again.best}" in out.stdout


BAD_SAMPLE = [
    (["--samples", "0"], "--samples: 0"),
    (["--samples", "lots"], "--samples: 'lots'"),
    (["--seed", "-2"], "--seed: -2"),
    (["--workers", "0"], "--workers: 0"),
    (["--seat", "7"], "--seat: 7 is not a seat"),
    (["--seat", "2"], "hands[2]: 5 is a number of cards"),
]


@pytest.mark.parametrize(("args", "mention"), BAD_SAMPLE, ids=[" ".join(a) for a, _ in BAD_SAMPLE])
def test_sample_bad_input_exits_2_with_one_line(args, mention):
    out = CliRunner().invoke(app, ["sample", str(VIEW_FILE), *args])
    assert out.exit_code == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and mention in lines[0], out.stderr


def test_sample_refuses_a_seat_not_to_move_and_an_inconsistent_view(tmp_path):
    out = CliRunner().invoke(app, ["sample", str(HISTORY_FILE), "--seat", "2"])
    assert out.exit_code == 2 and "--seat: seat 2 is not to move (seat 1 is)" in out.stderr
    data = json.loads(VIEW_FILE.read_text("utf-8"))
    data["voids"] = {"0": ["S", "H", "D"], "1": ["S", "H", "D"], "2": ["S", "H", "D"]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    out = CliRunner().invoke(app, ["sample", str(bad)])
    assert out.exit_code == 2
    assert out.stderr.count("\n") == 1 and "voids: " in out.stderr


RECORD_FILE = Path(__file__).resolve().parents[1] / "positions" / "records" / "hand4_record.json"
ENDGAME_FILE = Path(__file__).resolve().parents[1] / "positions" / "endgame4_midtrick.json"


def test_check_with_samples_adds_the_expected_loss_and_keeps_the_exit_status() -> None:
    out = CliRunner().invoke(
        app,
        ["check", str(ENDGAME_FILE), "KD", "--samples", "8", "--seed", "3", "--workers", "1"],
        catch_exceptions=False,
    )
    dd = ciapano.check(ciapano.load(ENDGAME_FILE), "KD")
    assert out.exit_code == (0 if dd.optimal else 1)
    text = out.stdout.splitlines()
    assert text[-1].startswith("From the seat's own view: KD")
    out = CliRunner().invoke(
        app,
        ["check", str(ENDGAME_FILE), "KD", "--samples", "8", "--seed", "3", "--json"],
    )
    got = json.loads(out.stdout)
    want = ciapano.pimc_check(ciapano.load_view(ENDGAME_FILE), "KD", 8, 3, workers=1)
    assert got["pimc"] == want.to_dict()
    assert got["cost"] == dd.cost


def test_analyse_with_samples_scores_each_card_from_its_players_view() -> None:
    args = ["--samples", "4", "--seed", "5", "--from-trick", "9", "--workers", "1", "--json"]
    out = CliRunner().invoke(app, ["analyse", str(RECORD_FILE), *args], catch_exceptions=False)
    assert out.exit_code == 0
    got = json.loads(out.stdout)
    assert got["pimc"] == {"samples": 4, "seed": 5}
    record = ciapano.load_record(RECORD_FILE)
    scored = 0
    for card in got["cards"]:
        i = card["index"]
        view = ciapano.view_at(record, i)
        if len(view.legal_moves()) == 1:
            assert card["expected_cost"] is None
            continue
        want = ciapano.pimc_check(view, record.play[i], 4, 5, workers=1)
        assert card["expected_cost"] == want.to_dict()
        assert card["expected_cost"]["loss"] >= 0
        scored += 1
    assert scored >= 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", str(ENDGAME_FILE), "KD", "--seed", "1"], "--seed and --workers go with"),
        (["check", str(ENDGAME_FILE), "KD", "--samples", "1"], "--samples: 1 is not"),
        (["analyse", str(RECORD_FILE), "--seed", "1"], "--seed goes with --samples"),
        (["analyse", "--batch", str(RECORD_FILE), "--samples", "3"], "does not go with --batch"),
    ],
)
def test_samples_options_that_do_not_fit_exit_2(args: list[str], message: str) -> None:
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 2
    assert message in out.stderr
    assert "Traceback" not in out.output


def test_analyse_with_samples_prints_the_library_text() -> None:
    args = ["--samples", "4", "--seed", "5", "--from-trick", "9", "--workers", "1"]
    out = CliRunner().invoke(app, ["analyse", str(RECORD_FILE), *args], catch_exceptions=False)
    assert out.exit_code == 0
    record = ciapano.load_record(RECORD_FILE)
    costs = ciapano.pimc_costs(record, 4, 5, from_trick=9, workers=1)
    seed, losses = costs  # a PimcCosts unpacks as (seed, losses)
    assert seed == costs.seed == 5
    text = ciapano.pimc_costs_text(losses, record.players, 4, seed)
    assert text.startswith("Expected cost from each player's own view (PIMC, 4 samples a card")
    assert out.stdout.rstrip("\n").endswith(text)
    nothing = ciapano.pimc_costs_text([None] * 3, 4, 4, 5)
    assert nothing.endswith(": no card costs anything in expectation.")
