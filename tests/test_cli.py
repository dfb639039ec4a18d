"""Tests of the command-line tools ``ciapano-solve`` and ``ciapano`` (solve, validate, schema).

Solved values are never hard-coded: they are compared with the pure-Python oracle
``ciapano.reference`` on endgames small enough for it.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import ciapano
from ciapano import DECK, CardSet, Ciapano, Position, dumps
from ciapano.cli.main import app, solve_app
from ciapano.reference import reference_move_values, reference_value

REQUIRED_KEYS = {"to_move", "perspective", "value", "moves", "best", "line", "nodes", "seconds"}


def _rest(hands, trick=(), discard=None) -> int:
    in_play = CardSet([c for h in hands for c in h]) | CardSet(trick)
    if discard is not None:
        in_play = in_play.add(discard)
    return Ciapano().points(DECK - in_play)


# A 4-player endgame, three cards each, seat 0 to lead.
HANDS4 = [["AS", "2H", "KD"], ["2S", "AC", "6C"], ["JS", "4S", "6H"], ["3D", "4D", "QC"]]
TAKEN4 = [8, 4, 6, _rest(HANDS4) - 18]
END4 = Position(HANDS4, 0, taken=TAKEN4)

# A 3-player endgame with a trick in progress: seat 0 led 2D, seat 1 (void in D) to move.
HANDS3 = [["3S", "5H"], ["AS", "4H", "KC"], ["7S", "3H", "JD"]]
REST3 = _rest(HANDS3, ["2D"], "AD")
END3 = Position(HANDS3, 0, trick=["2D"], taken=[REST3 // 3, REST3 // 3, REST3 - 2 * (REST3 // 3)],
                discard="AD")  # fmt: skip

ROW = re.compile(r"^\s*([* ])\s(\S\S)\s+(\d+)\s+(\d+)")


def _bin(name: str) -> str:
    path = Path(sys.executable).parent / name
    if path.exists():
        return str(path)
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed")
    return found


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def end4(tmp_path: Path) -> Path:
    path = tmp_path / "end4.json"
    path.write_text(dumps(END4), encoding="utf-8")
    return path


@pytest.fixture
def end3(tmp_path: Path) -> Path:
    path = tmp_path / "end3.json"
    path.write_text(dumps(END3), encoding="utf-8")
    return path


def _best(values: dict, mover: int, perspective: int) -> set[str]:
    pick = min if mover == perspective else max
    target = pick(values.values())
    return {c.text for c, v in values.items() if v == target}


def _check_json(data: dict, pos: Position, perspective: int) -> None:
    """Everything ``--json`` reports, against the oracle."""
    assert set(data) >= REQUIRED_KEYS
    ref = reference_move_values(pos, perspective)
    assert data["to_move"] == pos.to_move
    assert data["perspective"] == perspective
    assert data["value"] == reference_value(pos, perspective)
    assert {m["card"]: m["value"] for m in data["moves"]} == {c.text: v for c, v in ref.items()}
    assert len(data["moves"]) == len(ref)
    legal = {c.text for c in pos.legal_moves()}
    for m in data["moves"]:
        assert {"card", "value", "equivalent"} <= set(m)
        assert m["card"] not in m["equivalent"]
        for other in m["equivalent"]:
            assert other in legal
            assert ref[ciapano.Card(other)] == m["value"]
    assert set(data["best"]) == _best(ref, pos.to_move, perspective)
    # The line is legal, plays the hand out and achieves the value.
    end = pos.play_all(data["line"])
    assert end.is_over()
    assert data["line"][0] in data["best"]
    assert end.score()[perspective] == data["value"]
    assert isinstance(data["nodes"], int) and data["nodes"] >= 0
    assert isinstance(data["seconds"], (int, float)) and data["seconds"] >= 0


def _values(data: dict) -> dict:
    """The JSON output without what depends on the run (nodes, time)."""
    return {k: v for k, v in data.items() if k not in ("nodes", "seconds")}


# -- ciapano-solve in-process ------------------------------------------------------------------


def test_table_output_marks_the_best_cards(runner: CliRunner, end4: Path) -> None:
    result = runner.invoke(solve_app, [str(end4)])
    assert result.exit_code == 0, result.output
    ref = reference_move_values(END4, 0)
    rows = {m.group(2): m for m in map(ROW.match, result.stdout.splitlines()) if m}
    assert set(rows) == {c.text for c in ref}
    marked = {card for card, m in rows.items() if m.group(1) == "*"}
    assert marked == _best(ref, 0, 0)
    for card, v in ref.items():
        assert int(rows[card.text].group(3)) == v
        assert int(rows[card.text].group(4)) == v - min(ref.values())  # cost
    assert f"Value for seat 0: {reference_value(END4, 0)}" in result.stdout
    assert "Line: " in result.stdout


def test_json_output(runner: CliRunner, end4: Path) -> None:
    result = runner.invoke(solve_app, [str(end4), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    _check_json(data, END4, 0)
    assert "seats" not in data


def test_json_output_for_another_seat(runner: CliRunner, end4: Path) -> None:
    result = runner.invoke(solve_app, [str(end4), "--json", "--for", "2"])
    assert result.exit_code == 0, result.output
    _check_json(json.loads(result.stdout), END4, 2)


def test_json_output_mid_trick_three_players(runner: CliRunner, end3: Path) -> None:
    for seat in range(3):
        result = runner.invoke(solve_app, [str(end3), "--json", "--for", str(seat)])
        assert result.exit_code == 0, result.output
        _check_json(json.loads(result.stdout), END3, seat)


@pytest.mark.parametrize("which", ["end4", "end3"])
def test_all_seats(runner: CliRunner, which: str, request: pytest.FixtureRequest) -> None:
    path = request.getfixturevalue(which)
    pos = END4 if which == "end4" else END3
    result = runner.invoke(solve_app, [str(path), "--json", "--all-seats"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data["seats"], list)
    assert data["seats"] == [reference_value(pos, s) for s in range(pos.players)]
    assert data["seats"][data["perspective"]] == data["value"]
    table = runner.invoke(solve_app, [str(path), "--all-seats"])
    assert table.exit_code == 0
    assert (
        "Every seat's guarantee: "
        + "  ".join(f"seat {s}: {v}" for s, v in enumerate(data["seats"]))
        in table.stdout
    )


def test_dash_reads_standard_input(runner: CliRunner, end4: Path) -> None:
    from_file = runner.invoke(solve_app, [str(end4), "--json"])
    from_stdin = runner.invoke(solve_app, ["-", "--json"], input=dumps(END4))
    assert from_stdin.exit_code == 0, from_stdin.output
    assert _values(json.loads(from_stdin.stdout)) == _values(json.loads(from_file.stdout))


def test_cli_agrees_with_the_api(runner: CliRunner, end3: Path) -> None:
    result = runner.invoke(solve_app, [str(end3), "--json", "--all-seats", "--for", "1"])
    api = ciapano.solve(END3, 1, all_seats=True).to_dict()
    assert _values(json.loads(result.stdout)) == _values(api)


def test_finished_hand(runner: CliRunner, tmp_path: Path) -> None:
    end = END4
    while not end.is_over():
        end = end.play(next(iter(end.legal_moves())))
    path = tmp_path / "over.json"
    path.write_text(dumps(end), encoding="utf-8")
    result = runner.invoke(solve_app, [str(path), "--json", "--all-seats", "--for", "3"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["value"] == end.score()[3]
    assert data["moves"] == [] and data["best"] == [] and data["line"] == []
    assert data["seats"] == end.score()
    table = runner.invoke(solve_app, [str(path)])
    assert "The hand is over" in table.stdout


# -- ciapano (the multi-command tool) in-process ------------------------------------------------


def test_ciapano_solve_gives_the_same_values(runner: CliRunner, end4: Path) -> None:
    for extra in ([], ["--for", "1"], ["--all-seats"]):
        a = runner.invoke(solve_app, [str(end4), "--json", *extra])
        b = runner.invoke(app, ["solve", str(end4), "--json", *extra])
        assert a.exit_code == b.exit_code == 0, b.output
        assert _values(json.loads(a.stdout)) == _values(json.loads(b.stdout))


def test_validate(runner: CliRunner, end3: Path) -> None:
    result = runner.invoke(app, ["validate", str(end3)])
    assert result.exit_code == 0, result.output
    assert "valid: 3 players, seat 1 to move" in result.stdout
    assert str(END3) in result.stdout
    stdin = runner.invoke(app, ["validate", "-"], input=dumps(END4))
    assert stdin.exit_code == 0
    assert "valid: 4 players, seat 0 to move" in stdin.stdout


def test_validate_rejects_a_bad_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"hands": HANDS4, "leader": 0}), encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert ": error: " in lines[0]
    assert "taken" in lines[0]


def test_schema_command_prints_the_schema(runner: CliRunner) -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == ciapano.schema()


# -- bad input, in-process -----------------------------------------------------------------------

BAD_FILES = {
    "bad JSON": "{",
    "bad card": json.dumps({"hands": [["XS", *HANDS4[0][1:]], *HANDS4[1:]], "leader": 0}),
    "inconsistent": json.dumps({"hands": HANDS4, "leader": 0, "taken": [1, 2, 3, 4]}),
    "not an object": "[]",
}


def _bad_args(case: str, tmp_path: Path, good: Path) -> list[str]:
    if case == "missing file":
        return [str(tmp_path / "missing.json")]
    if case == "directory":
        return [str(tmp_path)]
    if case.startswith("--"):
        return [str(good), *case.split()]
    path = tmp_path / "bad.json"
    path.write_text(BAD_FILES[case], encoding="utf-8")
    return [str(path)]


BAD_CASES = ["missing file", "directory", *BAD_FILES, "--for 4", "--for 9", "--for -1",
             "--tt-mb 0", "--tt-mb -5"]  # fmt: skip
MENTION = {"missing file": "missing.json", "bad card": "'XS'", "--for 4": "4", "--for 9": "9",
           "--for -1": "-1", "inconsistent": "[1, 2, 3, 4]", "--tt-mb 0": "0", "--tt-mb -5": "-5",
           "bad JSON": "JSON", "directory": "directory", "not an object": "list"}  # fmt: skip


@pytest.mark.parametrize("case", BAD_CASES)
@pytest.mark.parametrize("tool", ["ciapano-solve", "ciapano solve"])
def test_bad_input_in_process(
    runner: CliRunner, tmp_path: Path, end4: Path, case: str, tool: str
) -> None:
    args = _bad_args(case, tmp_path, end4)
    if tool == "ciapano-solve":
        result = runner.invoke(solve_app, args)
    else:
        result = runner.invoke(app, ["solve", *args])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert ": error: " in lines[0]
    assert MENTION[case] in lines[0]
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_tt_mb_nan_is_rejected(runner: CliRunner, end4: Path) -> None:
    result = runner.invoke(solve_app, [str(end4), "--tt-mb", "nan"])
    assert result.exit_code == 2


# -- the installed console scripts ---------------------------------------------------------


def _run(cmd: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        cmd, input=stdin, capture_output=True, text=True, timeout=60, encoding="utf-8"
    )


def test_console_scripts_solve_and_agree(end4: Path) -> None:
    a = _run([_bin("ciapano-solve"), str(end4), "--json", "--all-seats"])
    assert a.returncode == 0, a.stderr
    b = _run([_bin("ciapano"), "solve", str(end4), "--json", "--all-seats"])
    assert b.returncode == 0, b.stderr
    da, db = json.loads(a.stdout), json.loads(b.stdout)
    _check_json(da, END4, 0)
    assert _values(da) == _values(db)
    assert da["seats"] == [reference_value(END4, s) for s in range(4)]
    assert a.stderr == b.stderr == ""


def test_console_script_reads_standard_input() -> None:
    r = _run([_bin("ciapano-solve"), "-", "--json", "--for", "1"], stdin=dumps(END3))
    assert r.returncode == 0, r.stderr
    _check_json(json.loads(r.stdout), END3, 1)


def test_console_script_table_output(end4: Path) -> None:
    r = _run([_bin("ciapano-solve"), str(end4)])
    assert r.returncode == 0, r.stderr
    marked = {m.group(2) for m in map(ROW.match, r.stdout.splitlines()) if m and m.group(1) == "*"}
    assert marked == _best(reference_move_values(END4, 0), 0, 0)


@pytest.mark.parametrize("case", ["missing file", "bad JSON", "bad card", "--for 4", "--for 9"])
@pytest.mark.parametrize("tool", ["ciapano-solve", "ciapano"])
def test_console_scripts_bad_input(tmp_path: Path, end4: Path, case: str, tool: str) -> None:
    args = _bad_args(case, tmp_path, end4)
    cmd = [_bin(tool), *(["solve"] if tool == "ciapano" else []), *args]
    r = _run(cmd)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"{tool}: error: ")
    assert MENTION[case] in lines[0]
    assert "Traceback" not in r.stderr


def test_console_script_validate_and_schema(end4: Path, tmp_path: Path) -> None:
    ok = _run([_bin("ciapano"), "validate", str(end4)])
    assert ok.returncode == 0, ok.stderr
    assert "valid: 4 players, seat 0 to move" in ok.stdout
    bad = _run([_bin("ciapano"), "validate", str(tmp_path / "missing.json")])
    assert bad.returncode == 2
    assert bad.stderr.startswith("ciapano: error: ")
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "Traceback" not in bad.stderr
    schema = _run([_bin("ciapano"), "schema"])
    assert schema.returncode == 0
    assert json.loads(schema.stdout) == ciapano.schema()


def test_console_script_non_integer_seat(end4: Path) -> None:
    r = _run([_bin("ciapano-solve"), str(end4), "--for", "abc"])
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("ciapano-solve: error: ")
