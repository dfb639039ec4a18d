"""Many hands (``ciapano.analyse_batch``, ``ciapano analyse --batch``) and the new commands
``ciapano analyse``, ``check`` and ``deal``: the same results with 1 worker, 2 workers and a
Dask cluster started here; bad records reported and skipped; exit codes 0, 1, 2.

The hands are whole 5-player records analysed from trick 6 (the last three tricks), so that
they are quick; values are checked against the reference in ``test_analysis.py``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import ciapano
from ciapano import HandRecord, dumps
from ciapano.cli.main import app
from ciapano.dealing import random_deal
from ciapano.reference import reference_move_values

FROM = 6


def _hand(seed: int, players: int = 5) -> HandRecord:
    deal = random_deal(players, seed)
    play = ciapano.play_out(deal, "random", seed)
    return HandRecord(
        deal=deal.hands, dealer=players - 1, play=play, discard=deal.discard, id=f"h{seed}"
    )


def _bad(seed: int) -> str:
    """A record whose card 5 is played twice."""
    d = _hand(seed).to_dict()
    d["play"][7] = d["play"][5]
    return json.dumps(d)


@pytest.fixture(scope="module")
def lines() -> list[str]:
    good = [ciapano.dumps_record(_hand(seed)) for seed in range(1, 7)]
    return [*good[:2], _bad(9), "", *good[2:4], "{oops", *good[4:]]


@pytest.fixture
def hands_file(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _same(results: list[dict]) -> list[dict]:
    """Results without the wall time, the only thing that depends on the run."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in results]


def _check_results(results: list[dict], lines: list[str]) -> None:
    numbered = [(i, t) for i, t in enumerate(lines, start=1) if t.strip()]
    assert [r["line"] for r in results] == [i for i, _ in numbered]
    for r, (_, text) in zip(results, numbered, strict=True):
        if "error" in r:
            continue
        record = ciapano.loads_record(text)
        assert r["id"] == record.id
        direct = ciapano.analyse(record, from_trick=FROM, every_seat=False).to_dict()
        assert _same([r]) == _same([{"id": record.id, "line": r["line"], **direct}])
    errors = [r for r in results if "error" in r]
    assert [e["line"] for e in errors] == [3, 7]
    assert errors[0]["id"] == "h9"
    assert errors[0]["error"].startswith("line 3: record 'h9': play[7]: card ")
    assert "appears twice: at play[5] and play[7]" in errors[0]["error"]
    assert errors[1]["error"].startswith("line 7: not valid JSON")


def test_one_worker_two_workers_and_dask_give_the_same_results(lines: list[str]) -> None:
    distributed = pytest.importorskip("distributed")
    records = list(ciapano.read_records(lines))
    seen: list[dict] = []
    one = list(ciapano.analyse_batch(records, workers=1, from_trick=FROM, on_done=seen.append))
    _check_results(one, lines)
    assert sorted(r["line"] for r in seen) == sorted(r["line"] for r in one)
    two = list(ciapano.analyse_batch(records, workers=2, from_trick=FROM))
    assert _same(two) == _same(one)
    with distributed.LocalCluster(
        processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        on_dask = list(ciapano.analyse_batch(records, dask=cluster.scheduler_address,
                                             from_trick=FROM))  # fmt: skip
        with distributed.Client(cluster) as client:
            with_client = list(ciapano.analyse_batch(records, dask=client, from_trick=FROM))
    assert _same(on_dask) == _same(one) == _same(with_client)


def test_batch_takes_records_and_dicts() -> None:
    hand = _hand(3)
    results = list(ciapano.analyse_batch([hand, hand.to_dict()], workers=1, from_trick=7))
    assert [r.pop("line") for r in results] == [1, 2]
    assert "cards" in results[0] and _same(results[:1]) == _same(results[1:])
    late = list(ciapano.analyse_batch([hand], workers=1, from_trick=9))
    assert late[0]["error"] == "line 1: record 'h3': from_trick: 9 is not a trick number 1..8"
    with pytest.raises(ciapano.OptionError, match="workers"):
        ciapano.analyse_batch([hand], workers=0)


# -- the command line -----------------------------------------------------------------------


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_cli_batch_writes_results_and_reports_bad_records(
    runner: CliRunner, hands_file: Path, lines: list[str], tmp_path: Path
) -> None:
    out = tmp_path / "results.jsonl"
    args = ["analyse", "--batch", str(hands_file), "--out", str(out), "--from-trick", str(FROM)]
    result = runner.invoke(app, [*args, "--workers", "1"])
    assert result.exit_code == 2, result.output
    results = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    _check_results(results, lines)
    assert "line 3: record 'h9': play[7]: card" in result.stderr
    assert "line 7: not valid JSON" in result.stderr
    assert "analysed 6 of 8 hands" in result.stderr and "2 failed" in result.stderr
    assert "Traceback" not in result.output


def test_cli_batch_on_dask(runner: CliRunner, hands_file: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "dask.jsonl"
    local = tmp_path / "local.jsonl"
    common = ["analyse", "--batch", str(hands_file), "--from-trick", str(FROM)]
    with distributed.LocalCluster(
        processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        result = runner.invoke(
            app, [*common, "--out", str(out), "--dask", cluster.scheduler_address]
        )
    assert result.exit_code == 2, result.output  # the two bad records
    runner.invoke(app, [*common, "--out", str(local), "--workers", "2"])

    def read(path: Path) -> list[dict]:
        return _same([json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()])

    assert read(out) == read(local)


def test_cli_batch_of_good_records_exits_0(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "good.jsonl"
    path.write_text(ciapano.dumps_record(_hand(4)) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["analyse", "--batch", str(path), "--from-trick", "7",
                                 "--workers", "1"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["id"] == "h4"


def test_cli_analyse_one_hand(runner: CliRunner, tmp_path: Path) -> None:
    hand = _hand(5)
    path = tmp_path / "hand.json"
    path.write_text(ciapano.dumps_record(hand), encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path), "--json", "--from-trick", str(FROM)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    direct = ciapano.analyse(hand, from_trick=FROM, every_seat=False).to_dict()
    assert _same([data]) == _same([direct])
    table = runner.invoke(app, ["analyse", str(path), "--from-trick", str(FROM)])
    assert table.exit_code == 0
    assert "before  after  cost  maxn  best" in table.stdout
    pytest.importorskip("matplotlib")
    picture = tmp_path / "hand.svg"
    plotted = runner.invoke(
        app, ["analyse", str(path), "--from-trick", "7", "--plot", str(picture)]
    )
    assert plotted.exit_code == 0, plotted.output
    assert picture.stat().st_size > 1000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyse"], "give either a hand record HAND, --batch FILE or --match FILE"),
        (["analyse", "{hand}", "--workers", "2"], "--workers goes with --batch FILE"),
        (["analyse", "{hand}", "--plot", "x.txt"], "--plot: 'x.txt' has no picture suffix"),
        (["analyse", "{hand}", "--from-trick", "0"], "--from-trick: 0 is not a trick number"),
        (["analyse", "{hand}", "--from-trick", "12"], "from_trick: 12 is not a trick number"),
        (["analyse", "{bad}"], "record 'h9': play[7]: card"),
        (["analyse", "{missing}"], "no such file"),
        (["analyse", "--batch", "{hand}", "--workers", "0"], "--workers: 0 is not"),
        (["analyse", "--batch", "{hand}", "--plot", "a.png"], "--plot draws one hand"),
        (["analyse", "--batch", "{hand}", "--tt-mb", "-1"], "--tt-mb: -1"),
        (["check", "{position}"], "give a position file and a card"),
        (["check", "{position}", "ZZ"], "card: 'ZZ' is not a card"),
        (["deal", "--players", "6"], "--players: 6 is not 3, 4 or 5"),
        (["deal", "--play", "greedy"], "--play: 'greedy' is not a policy"),
        (["deal", "--play", "random,optimal"], "2 policies for 4 seats"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    runner: CliRunner, tmp_path: Path, args: list[str], message: str
) -> None:
    files = {
        "hand": tmp_path / "hand.json",
        "bad": tmp_path / "bad.json",
        "position": tmp_path / "pos.json",
        "missing": tmp_path / "nothing.json",
    }
    files["hand"].write_text(ciapano.dumps_record(_hand(2)), encoding="utf-8")
    files["bad"].write_text(_bad(9), encoding="utf-8")
    files["position"].write_text(dumps(random_deal(4, 1)), encoding="utf-8")
    result = runner.invoke(app, [a.format(**{k: str(v) for k, v in files.items()}) for a in args])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_missing_optional_dependencies_exit_2(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "hand.json"
    path.write_text(ciapano.dumps_record(_hand(2)), encoding="utf-8")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = runner.invoke(app, ["analyse", str(path), "--plot", "x.png"])
    assert result.exit_code == 2
    assert "matplotlib is not installed; pip install 'ciapano[plot]'" in result.stderr
    result = runner.invoke(app, ["analyse", "--batch", str(path), "--dask", "tcp://x:1"])
    assert result.exit_code == 2
    assert "dask.distributed is not installed; pip install 'ciapano[dask]'" in result.stderr


# -- check ------------------------------------------------------------------------------------


def _endgame(seed: int) -> ciapano.Position:
    """The last two tricks of a random 4-player hand, mid-trick."""
    deal = random_deal(4, seed)
    play = ciapano.play_out(deal, "random", seed)
    return deal.play_all(play[:33])


def test_check_exit_status_is_0_for_an_optimal_card_and_1_for_a_costly_one(
    runner: CliRunner, tmp_path: Path
) -> None:
    for seed in range(1, 40):
        pos = _endgame(seed)
        values = reference_move_values(pos)
        if len(set(values.values())) > 1:
            break
    path = tmp_path / "pos.json"
    path.write_text(dumps(pos), encoding="utf-8")
    best = min(values.values())
    for card, value in values.items():
        result = runner.invoke(app, ["check", str(path), card.text, "--json"])
        assert result.exit_code == (0 if value == best else 1), result.output
        data = json.loads(result.stdout)
        assert (data["cost"], data["value"], data["best_value"]) == (value - best, value, best)
        assert data["optimal"] == (value == best)
        assert set(data["best"]) == {c.text for c, v in values.items() if v == best}
    text = runner.invoke(app, ["check", str(path), card.text])
    assert ("is optimal" in text.stdout) == (value == best)


def test_check_batch_reports_each_cost_and_a_summary(runner: CliRunner, tmp_path: Path) -> None:
    decisions, costs = [], []
    for seed in range(1, 6):
        pos = _endgame(seed)
        values = reference_move_values(pos)
        best = min(values.values())
        for card, value in values.items():
            decisions.append(json.dumps({**pos.to_dict(), "id": f"d{len(decisions)}",
                                         "card": card.text}))  # fmt: skip
            costs.append(value - best)
    path = tmp_path / "decisions.jsonl"
    path.write_text("\n".join(decisions) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "--batch", str(path), "--json"])
    assert result.exit_code == (1 if any(costs) else 0), result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["cost"] for r in rows[:-1]] == costs
    assert [r["id"] for r in rows[:-1]] == [f"d{i}" for i in range(len(costs))]
    summary = rows[-1]["summary"]
    assert summary["checked"] == len(costs)
    assert summary["optimal"] == costs.count(0)
    assert summary["total_cost"] == sum(costs)
    assert summary["mean_cost"] == pytest.approx(sum(costs) / len(costs), abs=1e-4)
    text = runner.invoke(app, ["check", "--batch", str(path)])
    assert f"{len(costs)} decisions checked: {costs.count(0)} optimal" in text.stdout
    # A bad line is reported and skipped; the status is then 2.
    path.write_text(decisions[0] + "\n" + '{"hands": []}\n' + decisions[1] + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "--batch", str(path)])
    assert result.exit_code == 2
    assert "line 2: card: is missing" in result.stderr
    assert "2 decisions checked" in result.stdout


def test_decisions_api_checks_what_the_cli_checks(runner: CliRunner, tmp_path: Path) -> None:
    pos = _endgame(2)
    values = reference_move_values(pos)
    best = min(values.values())
    lines = [json.dumps({**pos.to_dict(), "id": f"d{i}", "card": c.text}) for i, c in
             enumerate(values)]  # fmt: skip
    lines.insert(1, "")  # blank lines are skipped, and count in the line numbers
    lines.append('{"hands": [], "id": "x", "card": "5C"}')
    lines.append("[")
    path = tmp_path / "decisions.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    read = list(ciapano.read_decisions(lines))
    assert [n for n, _ in read] == [1, *range(3, len(lines) + 1)]
    assert isinstance(read[0][1], ciapano.Decision) and read[0][1].id == "d0"
    bad, worse = read[-2][1], read[-1][1]
    assert (
        isinstance(bad, ciapano.RecordError) and bad.record_id == "x" and bad.line == len(lines) - 1
    )
    assert str(worse).startswith(f"line {len(lines)}: not valid JSON")
    checks = list(ciapano.check_decisions(read))
    assert [c.result.cost for c in checks[:-2]] == [v - best for v in values.values()]
    assert [c.error is not None for c in checks] == [False] * len(values) + [True, True]
    summary = ciapano.summarize_decisions(checks)
    assert (summary.checked, summary.errors) == (len(values), 2)
    assert summary.total_cost == sum(v - best for v in values.values())
    cli = runner.invoke(app, ["check", "--batch", str(path), "--json"])
    assert cli.exit_code == 2
    rows = [json.loads(line) for line in cli.stdout.splitlines()]
    want = [c.to_dict() for c in checks]
    for row, api in zip(rows, want, strict=False):
        row.pop("seconds", None), api.pop("seconds", None)
        assert row == api
    assert rows[-1] == {"summary": summary.to_dict()}
    text = runner.invoke(app, ["check", "--batch", str(path)])
    assert text.stdout.splitlines() == [*(str(c) for c in checks[:-2]), str(summary)]


# -- deal -------------------------------------------------------------------------------------


def test_deal_is_reproducible_and_makes_records(runner: CliRunner, tmp_path: Path) -> None:
    first = runner.invoke(app, ["deal", "--players", "3", "--count", "3", "--seed", "5"])
    again = runner.invoke(app, ["deal", "--players", "3", "--count", "3", "--seed", "5"])
    assert first.exit_code == 0 and first.stdout == again.stdout
    deals = [json.loads(line) for line in first.stdout.splitlines()]
    assert len(deals) == 3 and len({json.dumps(d["deal"]) for d in deals}) == 3
    for d, pos in zip(deals, ciapano.dealing.random_deals(3, 3, 5), strict=True):
        assert ciapano.from_dict(d) == pos  # each line is a position file (history form)
    out = tmp_path / "hands.jsonl"
    played = runner.invoke(
        app, ["deal", "--count", "2", "--seed", "1", "--play", "random", "--out", str(out)]
    )
    assert played.exit_code == 0, played.output
    records = list(ciapano.read_records(out.read_text(encoding="utf-8").splitlines()))
    assert [r.id for _, r in records] == ["1-1", "1-2"]
    assert all(len(r.play) == 40 for _, r in records)
    # The library makes the same lines.
    api = ciapano.random_histories(4, 2, 1, play="random")
    assert [json.dumps(r) for r in api] == out.read_text(encoding="utf-8").splitlines()
    assert [json.dumps(r) for r in ciapano.random_histories(3, 3, 5)] == first.stdout.splitlines()


def test_console_script_analyse_and_check(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "ciapano"
    if not exe.exists():
        found = shutil.which("ciapano")
        if found is None:
            pytest.skip("ciapano is not installed")
        exe = Path(found)
    path = tmp_path / "bad.json"
    path.write_text(_bad(9), encoding="utf-8")
    run = subprocess.run([str(exe), "analyse", str(path)], capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.startswith("ciapano: error: ") and "play[7]" in run.stderr
    assert "Traceback" not in run.stderr
