"""Busca end to end: every command on Busca files, with the same JSON keys as Ciapanò's.

Each command runs on a Busca file and on a Ciapanò file of the same kind; their JSON objects
must have the same keys at every level (the values of the Busca run are busche).  Values are
never hard-coded: they are compared with the pure-Python oracle ``ciapano.reference`` on
positions small enough for it.  A full Busca deal takes the core minutes so far, so it is only
solved under a node budget, a deadline or Ctrl-C.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from clitools import error_line

import ciapano
from ciapano import Busca, Card, CardSet, Suit
from ciapano.cli.main import app, solve_app
from ciapano.reference import reference_move_values, reference_value

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "positions"
RECORDS = POSITIONS / "records"

BUSCA_END = POSITIONS / "busca_endgame4.json"
BUSCA_FIRST = POSITIONS / "busca_first_trick.json"
BUSCA_DEAL = POSITIONS / "busca_deal4_opening.json"
BUSCA_VIEW = POSITIONS / "busca_view4_midhand.json"
BUSCA_RECORD = RECORDS / "busca_hand4_record.json"
CIAPANO_END = POSITIONS / "endgame4_midtrick.json"
CIAPANO_DEAL = POSITIONS / "deal4_opening.json"
CIAPANO_VIEW = POSITIONS / "view4_midhand.json"
CIAPANO_RECORD = RECORDS / "hand4_record.json"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _paths(obj: object, prefix: str = "") -> Iterator[str]:
    """Every key path of a JSON value (``cards[].expected_cost.loss``), values left out."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            path = f"{prefix}.{key}" if prefix else key
            yield path
            yield from _paths(value, path)
    elif isinstance(obj, list):
        for item in obj:
            yield from _paths(item, f"{prefix}[]")


def _keys(obj: object) -> set[str]:
    return set(_paths(obj))


def _run(runner: CliRunner, args: list[str], code: int = 0, tool=app) -> str:
    result = runner.invoke(tool, args)
    assert result.exit_code == code, (result.stdout, result.stderr)
    return result.stdout


def _json(runner: CliRunner, args: list[str], code: int = 0, tool=app) -> dict:
    return json.loads(_run(runner, args, code, tool))


_error = error_line


def _write(tmp_path: Path, name: str, data: dict) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _data(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _pita_history() -> dict:
    """Busca's first-trick position as a history whose third card discards the Pita."""
    data = _data(BUSCA_FIRST)
    deal = [list(h) for h in data["hands"]]
    deal[1].append("5C")  # seat 1 led 5C, seat 2 played 4C
    deal[2].append("4C")
    return {"game": "busca", "dealer": 0, "deal": deal, "play": ["5C", "4C", "AD"]}


def _costly_record() -> dict:
    """The shipped Busca record with its last three tricks played badly: every card the worst
    for the seat that plays it (by the reference), so that some cards cost busche."""
    record = _data(BUSCA_RECORD)
    hand = ciapano.record_from_dict(record)
    pos = hand.positions()[28]
    play = list(record["play"][:28])
    while not pos.is_over():
        values = reference_move_values(pos, pos.to_move)
        card = max(sorted(values), key=lambda c: values[c])
        play.append(card.text)
        pos = pos.play(card)
    return {**record, "id": "busca-worst", "play": play}


# -- solve -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "extra", [[], ["--all-seats"], ["--for", "3"], ["--for", "0", "--all-seats"]]
)
def test_solve_json_has_ciapanos_keys_and_the_reference_values(runner, extra):
    busca = _json(runner, [str(BUSCA_END), "--json", *extra], tool=solve_app)
    ciapano_ = _json(runner, [str(CIAPANO_END), "--json", *extra], tool=solve_app)
    assert _keys(busca) == _keys(ciapano_)
    pos = ciapano.load(BUSCA_END)
    seat = int(extra[1]) if "--for" in extra else pos.to_move
    ref = reference_move_values(pos, seat)
    assert busca["value"] == reference_value(pos, seat)
    assert {m["card"]: m["value"] for m in busca["moves"]} == {c.text: v for c, v in ref.items()}
    pick = min if seat == pos.to_move else max
    assert set(busca["best"]) == {c.text for c, v in ref.items() if v == pick(ref.values())}
    end = pos.play_all(busca["line"])
    assert end.is_over() and end.score()[seat] == busca["value"]
    if "--all-seats" in extra:
        assert busca["seats"] == [reference_value(pos, s) for s in range(4)]
    same = _json(runner, ["solve", str(BUSCA_END), "--json", *extra])
    assert {k: v for k, v in same.items() if k not in ("nodes", "seconds")} == {
        k: v for k, v in busca.items() if k not in ("nodes", "seconds")
    }


def test_solve_table_speaks_busche(runner):
    text = _run(runner, [str(BUSCA_END), "--all-seats"], tool=solve_app)
    pos = ciapano.load(BUSCA_END)
    assert "values are its own penalty (busche) with every other seat against seat 1." in text
    assert "points" not in text and "thirds" not in text
    assert f"Value for seat 1: {reference_value(pos, 1)}    best: 4D" in text
    seats = "  ".join(f"seat {s}: {reference_value(pos, s)}" for s in range(4))
    assert f"Every seat's guarantee: {seats}" in text
    other = _run(runner, [str(BUSCA_END), "--for", "2"], tool=solve_app)
    assert "values are seat 2's penalty (busche)" in other


def test_validate_names_the_game(runner):
    text = _run(runner, ["validate", str(BUSCA_END)])
    assert "valid: Busca, 4 players, seat 1 to move" in text
    assert "valid: 4 players, seat 0 to move" in _run(runner, ["validate", str(CIAPANO_END)])


def test_solve_of_the_first_trick_lists_the_legal_cards_only(runner):
    # Seat 3 cannot follow clubs and holds the Pita: every card but the Pita.
    data = _json(runner, [str(BUSCA_FIRST), "--json", "--max-nodes", "20000", "--threads", "1"],
                 tool=solve_app)  # fmt: skip
    hand = ciapano.load(BUSCA_FIRST).hands[3]
    assert {m["card"] for m in data["moves"]} == set((hand - CardSet("AD")).texts())
    expected = _data(BUSCA_FIRST)["expected"]
    assert data["lower"] <= expected["value"] <= data["upper"]
    for m in data["moves"]:
        assert m["lower"] <= expected["moves"][m["card"]] <= m["upper"]


def test_a_played_ban_is_a_one_line_error_naming_the_card(runner, tmp_path):
    pita = _write(tmp_path, "pita.json", _pita_history())
    line = _error(runner, [str(pita)], tool=solve_app)
    assert "play[2]: seat 3 may not discard the Pita AD to the first trick" in line
    assert "docs/rules.md#busca-first-trick" in line
    lead = {**_data(BUSCA_DEAL), "play": ["2D"]}
    line = _error(runner, [str(_write(tmp_path, "lead.json", lead))], tool=solve_app)
    assert "play[0]: seat 0 may not lead a coin to the first trick" in line
    # The same in a hand record.
    record = {**_data(BUSCA_RECORD)}
    record["play"] = ["2D", *[c for c in record["play"] if c != "2D"]]
    line = _error(runner, ["analyse", str(_write(tmp_path, "rec.json", record))])
    assert "play[0]: seat 0 may not lead a coin to the first trick" in line


# -- limits ------------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [["--max-nodes", "100000"], ["--time-limit", "0.3"]])
def test_a_full_deal_under_a_limit_reports_bounds_only(runner, limit):
    args = ["--json", "--threads", "1", *limit]
    busca = _json(runner, [str(BUSCA_DEAL), *args], tool=solve_app)
    # Ciapanò's deal under a budget it cannot be solved in, whatever the machine's speed.
    stopped = ["--json", "--threads", "1", "--max-nodes", "1000"]
    ciapano_ = _json(runner, [str(CIAPANO_DEAL), *stopped], tool=solve_app)
    assert _keys(busca) == _keys(ciapano_)
    assert busca["exact"] is False and busca["value"] is None
    assert busca["stopped_by"] == ("max_nodes" if "--max-nodes" in limit else "time_limit")
    low, high = Busca().value_bounds
    assert low <= busca["lower"] <= busca["upper"] <= high
    # Seat 0 leads the first trick and holds coins beside other suits: no coin may be led.
    pos = ciapano.load(BUSCA_DEAL)
    hand = pos.hands[0]
    assert {m["card"] for m in busca["moves"]} == set((hand - hand.suit(Suit.D)).texts())
    text = _run(runner, [str(BUSCA_DEAL), "--max-nodes", "20000", "--threads", "1"], tool=solve_app)
    assert "Stopped by max_nodes" in text and "penalty (busche)" in text


def _wait_for_cpu(pid: int, seconds: float, timeout: float = 60.0) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU time (well past its start-up), or
    a fixed while where /proc cannot tell."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        time.sleep(3.0)
        return
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / tick >= seconds:  # utime + stime
            return
        time.sleep(0.05)
    pytest.fail(f"the solve did not get {seconds} s of CPU in {timeout} s")


def test_ctrl_c_stops_a_busca_solve_with_what_was_proved():
    script = Path(sys.executable).parent / "ciapano-solve"
    if not script.exists():
        pytest.skip("ciapano-solve is not installed next to this Python")
    proc = subprocess.Popen(
        [str(script), str(BUSCA_DEAL), "--json", "--threads", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C must reach it even when the tests run with SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    _wait_for_cpu(proc.pid, 1.0)  # started and searching (the solve takes minutes)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["exact"] is False and data["stopped_by"] == "interrupt"
    assert data["lower"] <= data["upper"]
    assert "interrupted" in err and "Traceback" not in err


# -- check -------------------------------------------------------------------------------------


def test_check_exit_codes_text_and_json(runner):
    pos = ciapano.load(BUSCA_END)
    ref = {c.text: v for c, v in reference_move_values(pos, 1).items()}
    best = min(ref.values())
    good = _json(runner, ["check", str(BUSCA_END), "4D", "--json"], 0)
    bad = _json(runner, ["check", str(BUSCA_END), "3S", "--json"], 1)
    ciapano_ = _json(runner, ["check", str(CIAPANO_END), "KD", "--json"], 1)
    assert _keys(good) == _keys(bad) == _keys(ciapano_)
    assert good["optimal"] and good["cost"] == 0 and good["value"] == best
    assert bad["cost"] == ref["3S"] - best and bad["value"] == ref["3S"]
    assert set(bad["best"]) == {c for c, v in ref.items() if v == best}
    text = _run(runner, ["check", str(BUSCA_END), "3S"], 1)
    assert text.startswith(f"3S costs seat 1 {ref['3S'] - best} busche: its guarantee goes from")
    assert "is optimal for seat 1: it keeps its guarantee of" in _run(
        runner, ["check", str(BUSCA_END), "4D"]
    )


def test_check_bad_input_and_the_first_trick_ban(runner):
    assert "'XS' is not a card" in _error(runner, ["check", str(BUSCA_END), "XS"])
    line = _error(runner, ["check", str(BUSCA_FIRST), "AD"])
    assert "may not discard the Pita AD to the first trick" in line


def test_check_with_samples_has_ciapanos_keys(runner):
    args = ["--samples", "6", "--seed", "1", "--workers", "1", "--json"]
    busca = _json(runner, ["check", str(BUSCA_END), "3S", *args], 1)
    ciapano_ = _json(runner, ["check", str(CIAPANO_END), "KD", *args], 1)
    assert _keys(busca) == _keys(ciapano_)
    assert busca["pimc"]["card"] == "3S" and busca["pimc"]["samples"] == 6
    text = _run(runner, ["check", str(BUSCA_END), "3S", *args[:-1]], 1)
    assert "From the seat's own view: 3S:" in text
    assert "points" not in text


def test_check_batch_has_ciapanos_keys(runner, tmp_path):
    busca = _data(BUSCA_END)
    busca.pop("expected")
    ciapano_ = _data(CIAPANO_END)
    ciapano_.pop("expected")
    lines = {
        "busca": [{**busca, "id": "b1", "card": "4D"}, {**busca, "id": "b2", "card": "3S"}],
        "ciapano": [{**ciapano_, "id": "c1", "card": "2H"}, {**ciapano_, "id": "c2", "card": "KD"}],
    }
    out = {}
    for game, decisions in lines.items():
        path = tmp_path / f"{game}.jsonl"
        path.write_text("\n".join(json.dumps(d) for d in decisions) + "\n", encoding="utf-8")
        result = runner.invoke(app, ["check", "--batch", str(path), "--json"])
        assert result.exit_code == 1, result.stderr
        out[game] = [json.loads(t) for t in result.stdout.splitlines()]
    assert [_keys(d) for d in out["busca"]] == [_keys(d) for d in out["ciapano"]]
    assert [d.get("cost") for d in out["busca"][:2]] == [0, 2]


# -- analyse -----------------------------------------------------------------------------------


def _check_analysis(data: dict, record: dict, from_trick: int) -> None:
    """Every card's before, after and cost, every seat's score and guarantee, against the
    reference."""
    hand = ciapano.record_from_dict(record)
    positions = hand.positions()
    start = (from_trick - 1) * 4
    assert [c["index"] for c in data["cards"]] == list(range(start, 40))
    for c in data["cards"]:
        k = c["index"]
        pos, seat = positions[k], c["seat"]
        assert seat == pos.to_move and c["card"] == record["play"][k]
        values = reference_move_values(pos, seat)
        assert c["before"] == min(values.values())
        assert c["after"] == values[Card(c["card"])]
        assert c["cost"] == c["after"] - c["before"]
        assert set(c["best"]) == {x.text for x, v in values.items() if v == c["before"]}
    score = positions[-1].score()
    for s in data["seats"]:
        assert s["score"] == score[s["seat"]]
        assert s["guarantee"] == reference_value(positions[start], s["seat"])
        costs = [c["cost"] for c in data["cards"] if c["seat"] == s["seat"] and c["cost"]]
        assert (s["mistakes"], s["total_cost"]) == (len(costs), sum(costs))


def test_analyse_json_has_ciapanos_keys_and_the_reference_values(runner, tmp_path):
    record = _costly_record()
    path = _write(tmp_path, "worst.json", record)
    busca = _json(runner, ["analyse", str(path), "--json", "--from-trick", "8"])
    ciapano_ = _json(runner, ["analyse", str(CIAPANO_RECORD), "--json", "--from-trick", "8"])
    assert _keys(busca) == _keys(ciapano_)
    _check_analysis(busca, record, 8)
    assert any(c["cost"] for c in busca["cards"])
    shipped = _json(runner, ["analyse", str(BUSCA_RECORD), "--json", "--from-trick", "9"])
    _check_analysis(shipped, _data(BUSCA_RECORD), 9)


def test_analyse_text_and_plot(runner, tmp_path):
    path = _write(tmp_path, "worst.json", _costly_record())
    text = _run(runner, ["analyse", str(path), "--from-trick", "8"])
    assert "its own penalty (busche) with every other seat against it." in text
    assert "costly (marked !)" in text and "\n!" in text
    pytest.importorskip("matplotlib")
    picture = tmp_path / "hand.svg"
    result = runner.invoke(app, ["analyse", str(path), "--from-trick", "8", "--plot", str(picture)])
    assert result.exit_code == 0, result.stderr
    svg = picture.read_text(encoding="utf-8")
    assert "guarantee (busche)" in svg


def test_analyse_with_samples_has_ciapanos_keys(runner):
    args = ["--json", "--from-trick", "9", "--samples", "3", "--seed", "1", "--workers", "1"]
    busca = _json(runner, ["analyse", str(BUSCA_RECORD), *args])
    ciapano_ = _json(runner, ["analyse", str(CIAPANO_RECORD), *args])
    assert _keys(busca) == _keys(ciapano_)
    assert busca["pimc"] == {"samples": 3, "seed": 1}
    assert any(c["expected_cost"] is not None for c in busca["cards"])


def test_analyse_batch_has_ciapanos_keys(runner, tmp_path):
    out = {}
    for game, record in (("busca", _data(BUSCA_RECORD)), ("ciapano", _data(CIAPANO_RECORD))):
        bad = {**record, "id": "bad", "play": record["play"][:-1]}
        path = tmp_path / f"{game}.jsonl"
        path.write_text(json.dumps(record) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
        results = tmp_path / f"{game}-results.jsonl"
        result = runner.invoke(
            app,
            ["analyse", "--batch", str(path), "--out", str(results), "--workers", "1",
             "--from-trick", "9"],
        )  # fmt: skip
        assert result.exit_code == 2, result.stderr
        assert "play[39]" in result.stderr
        out[game] = [json.loads(t) for t in results.read_text(encoding="utf-8").splitlines()]
    assert [_keys(d) for d in out["busca"]] == [_keys(d) for d in out["ciapano"]]
    single = _json(runner, ["analyse", str(BUSCA_RECORD), "--json", "--from-trick", "9"])
    assert out["busca"][0]["cards"] == single["cards"]


# -- sample ------------------------------------------------------------------------------------


def _history_seen_by(cards: int) -> dict:
    """The shipped Busca record's first ``cards`` cards, seen by the seat to move then."""
    record = _data(BUSCA_RECORD)
    seat = ciapano.record_from_dict(record).positions()[cards].to_move
    return {k: v for k, v in record.items() if k != "id"} | {
        "play": record["play"][:cards],
        "view": seat,
    }


@pytest.mark.parametrize("source", ["history", "snapshot"])
def test_sample_json_has_ciapanos_keys_and_the_sampled_deals_values(runner, tmp_path, source):
    if source == "history":
        path = _write(tmp_path, "history.json", _history_seen_by(29))
    else:
        path = BUSCA_VIEW
    args = ["--samples", "8", "--seed", "5", "--workers", "1", "--json"]
    busca = _json(runner, ["sample", str(path), *args])
    ciapano_ = _json(runner, ["sample", str(CIAPANO_VIEW), *args])
    assert _keys(busca) == _keys(ciapano_)
    view = ciapano.load_view(path)
    assert busca["seat"] == view.view == view.to_move
    deals = ciapano.sample_deals(view, 8, seed=5)
    if source == "history":  # three cards a hand or fewer: the reference solves them
        solved = [reference_move_values(d, view.view) for d in deals]
    else:
        solved = [dict(ciapano.solve(d, view.view)) for d in deals]
    for move in busca["moves"]:
        values = np.array([s[Card(move["card"])] for s in solved], dtype=float)
        assert move["mean"] == pytest.approx(values.mean(), abs=1e-4)


def test_sample_text_speaks_busche(runner):
    text = _run(runner, ["sample", str(BUSCA_VIEW), "--samples", "6", "--seed", "7",
                         "--workers", "1"])  # fmt: skip
    assert "seat 1: 4 hidden cards, void in S   taken 2  (led)" in text
    assert "seat 2: 4 hidden cards, void in S H   taken 0" in text
    assert "Values are seat 3's penalty (busche, lower is better)" in text
    assert "thirds" not in text


def test_sample_bad_seat_is_one_line(runner, tmp_path):
    history = _history_seen_by(29)
    path = _write(tmp_path, "history.json", history)
    other = (history["view"] + 1) % 4
    line = _error(runner, ["sample", str(path), "--seat", str(other)])
    assert f"--seat: seat {other} is not to move (seat {history['view']} is)" in line


def test_the_shipped_view_is_seat_3s_view_in_the_shipped_record():
    record = ciapano.load_record(BUSCA_RECORD)
    view = ciapano.load_view(BUSCA_VIEW)
    assert ciapano.view_at(record, 22) == view
    assert view.game == Busca() and view.voids[1] and view.voids[2]


def test_a_first_trick_view_keeps_the_ban():
    # Seat 3's view of the first trick: the Pita may not be discarded, in every sampled deal.
    view = ciapano.view_from_dict(_data(BUSCA_FIRST), view=3)
    assert Card("AD") in view.hand and Card("AD") not in view.legal_moves()
    for deal in ciapano.sample_deals(view, 5, seed=1):
        assert deal.first_trick and deal.legal_moves() == view.legal_moves()


# -- deal --------------------------------------------------------------------------------------


def test_deal_busca(runner):
    lines = _run(runner, ["deal", "--game", "busca", "--seed", "1", "--count", "2"]).splitlines()
    ciapano_ = json.loads(_run(runner, ["deal", "--seed", "1"]).splitlines()[0])
    assert "game" not in ciapano_
    for line in lines:
        record = json.loads(line)
        assert record["game"] == "busca" and record["players"] == 4
        assert set(record) == set(ciapano_) | {"game"}
        pos = ciapano.from_dict(record)
        assert pos.game == Busca() and pos.first_trick
    assert lines == _run(runner, ["deal", "--game", "Busca", "--players", "4", "--seed", "1",
                                  "--count", "2"]).splitlines()  # fmt: skip


def test_deal_busca_plays_out_random_hands_to_analyse(runner, tmp_path):
    out = tmp_path / "hands.jsonl"
    _run(runner, ["deal", "--game", "busca", "--play", "random", "--seed", "3", "--count", "2",
                  "--out", str(out)])  # fmt: skip
    records = list(ciapano.read_records(out.read_text(encoding="utf-8").splitlines()))
    assert len(records) == 2
    for _, record in records:
        assert record.game == Busca() and len(record.play) == 40
        # The first-trick bans were kept: no coin led while holding other suits.
        lead, leader = record.play[0], (record.dealer + 1) % 4
        hand = CardSet(record.deal[leader])
        assert lead.suit is not Suit.D or not (hand - hand.suit(Suit.D))


def test_the_shipped_record_is_the_documented_deal():
    record = _data(BUSCA_RECORD)
    made_by = "ciapano deal --game busca --play optimal,random,optimal,random --seed 1"
    assert made_by in record["comment"]
    dealt = next(ciapano.random_histories(count=1, seed=1, game=Busca()))
    assert record["deal"] == dealt["deal"] and record["dealer"] == dealt["dealer"]
    assert ciapano.load_record(BUSCA_RECORD).game == Busca()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--game", "busca", "--players", "3"], "--players: 3 is not 4: Busca is played by 4"),
        (["--game", "whist"], "--game: 'whist' is not a known game"),
        (["--game", "busca", "--play", "optimal,random"], "2 policies for 4 seats"),
        (["--game", "busca", "--dealer", "4"], "--dealer: 4 is not a seat"),
        (["--players", "6"], "--players: 6 is not 3, 4 or 5"),
    ],
)
def test_deal_bad_input(runner, args, says):
    assert says in _error(runner, ["deal", *args])


# -- puzzle ------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["show"], ["show", "--solution"], ["check"]])
def test_puzzles_are_ciapanos_only(runner, command):
    line = _error(runner, ["puzzle", command[0], str(BUSCA_END), *command[1:]])
    assert "game: 'busca': this is a Busca position, and puzzles are Ciapanò's only" in line


def test_a_busca_puzzle_file_is_refused_by_the_library():
    data = {**_data(BUSCA_END), "puzzle": {"seat": 1, "value": 1, "solution": ["4D"],
                                           "line": [], "margin": 2, "difficulty": 1,
                                           "theme": None}}  # fmt: skip
    with pytest.raises(ciapano.PuzzleError, match=r"^game: 'busca'"):
        ciapano.puzzle_from_dict(data)


# -- the library -------------------------------------------------------------------------------


def test_api_analyse_check_pimc_play_out_and_dd_table():
    pos = ciapano.load(BUSCA_END)
    # check
    ref = reference_move_values(pos, 1)
    result = ciapano.check(pos, "3S")
    assert (result.cost, result.value, result.best_value) == (2, ref[Card("3S")], 1)
    assert "2 busche" in str(result) and result.game == Busca()
    # analyse, from a position and its play
    play = ["3S", *(str(c) for c in ciapano.play_out(pos.play("3S"), "optimal", seed=1))]
    analysis = ciapano.analyse(pos, play)
    assert analysis.game == Busca()
    assert analysis.cards[0].cost == 2 and analysis.cards[0].before == 1
    positions = [pos]
    for card in play:
        positions.append(positions[-1].play(card))
    for c in analysis.cards:
        assert c.before == reference_value(positions[c.index], c.seat)
        assert c.after == reference_value(positions[c.index + 1], c.seat)
    assert [s.guarantee for s in analysis.seats] == [reference_value(pos, s) for s in range(4)]
    assert "penalty (busche)" in str(analysis)
    # play_out: optimal seats keep their guarantee, random ones play legal cards
    for seed in range(3):
        line = ciapano.play_out(pos, ["optimal", "random", "optimal", "random"], seed=seed)
        walk = pos
        for card in line:
            seat = walk.to_move
            nxt = walk.play(card)  # legal, or it raises
            if seat in (0, 2):
                assert reference_value(nxt, seat) == reference_value(walk, seat)
            walk = nxt
        assert walk.is_over()
    # dd_table
    table = ciapano.dd_table(pos)
    assert table.to_list() == [reference_value(pos, s) for s in range(4)]
    stopped = ciapano.dd_table(ciapano.load(BUSCA_DEAL), max_nodes=1000)
    assert not stopped.exact and stopped.stopped_by == "max_nodes"
    low, high = Busca().value_bounds
    assert all(low <= lo <= hi <= high for lo, hi in stopped.bounds)
    # pimc
    view = ciapano.load_view(BUSCA_VIEW)
    pimc = ciapano.pimc(view, samples=6, seed=2, workers=1)
    deals = ciapano.sample_deals(view, 6, seed=2)
    solved = [dict(ciapano.solve(d, 3)) for d in deals]
    for move in pimc:
        assert move.mean == pytest.approx(np.mean([s[move.card] for s in solved]))
    worst = pimc.moves[-1].card
    loss = pimc.loss(worst)
    assert loss.game == Busca()
    if worst != pimc.best:
        assert f"expected loss {loss.loss:.2f} busche against {pimc.best}" in str(loss)
    assert "penalty (busche, lower is better)" in str(pimc)


def test_the_value_nouns():
    assert Busca().value_text(1) == "1 busca" and Busca().value_text(2) == "2 busche"
    assert ciapano.Ciapano().value_text(1) == "1 point"
    assert ciapano.Ciapano().value_text(0) == "0 points"
