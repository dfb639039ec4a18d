"""Tests of the puzzles: the shipped set, the generator, the heuristics, ``ciapano puzzle``.

Every claim a puzzle makes is re-derived here with the solver (and, on tiny positions, with the
pure-Python reference), never copied from the file or the generator.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import ciapano
from ciapano import DECK, CardSet, Position
from ciapano.cli.main import app
from ciapano.reference import reference_move_values

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "positions" / "puzzles").glob("*.json"))


def _one_class(result: ciapano.SolveResult) -> bool:
    """The best cards of a solve are exactly one class of equivalent cards."""
    best = CardSet(result.best)
    first = result.moves[0]
    return best == CardSet((first.card, *first.equivalent))


# -- the shipped set ---------------------------------------------------------------------


def test_the_shipped_set_covers_players_and_themes():
    puzzles = [ciapano.load_puzzle(p) for p in SHIPPED]
    assert len(puzzles) >= 30
    assert {p.position.players for p in puzzles} == {3, 4, 5}
    themes = {p.theme for p in puzzles}
    assert themes == {None, *ciapano.THEMES}
    assert len({p.position for p in puzzles}) == len(puzzles), "a position shipped twice"
    for path, p in zip(SHIPPED, puzzles, strict=True):
        assert path.stem == p.name
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["id"] == p.name


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_puzzle_holds(path):
    puzzle = ciapano.load_puzzle(path)
    pos = puzzle.position
    assert ciapano.check_puzzle(puzzle).ok
    # The same claims, derived again here.
    result = ciapano.solve(pos)
    assert result.value == puzzle.value
    assert CardSet(result.best) == CardSet(puzzle.solution)
    assert _one_class(result)
    wrong = [m.cost for m in result.moves if m.card not in CardSet(puzzle.solution)]
    assert wrong and min(wrong) == puzzle.margin >= 1
    end = pos.play_all(puzzle.line)
    assert end.is_over() and end.score()[puzzle.seat] == result.value
    assert puzzle.line[0] in puzzle.solution
    assert ciapano.heuristic_card(pos) not in puzzle.solution
    # The file says how to find it again.
    gen = puzzle.generator
    again = ciapano.puzzle_candidate(pos.players, gen["cards"], puzzle.seed, puzzle.index)
    assert again == pos
    if puzzle.theme == "discard":
        assert pos.players == 3 and pos.trick
        assert not pos.hands[puzzle.seat].suit(pos.trick[0].suit)


def _searches():
    """The shipped sets' searches (generator arguments) whose puzzles depend on values only:
    no theme, or discard.  (last-trick and cappotto also read the solver's lines, which a
    change of the search core may alter without any value changing.)"""
    found = {}
    for path in SHIPPED:
        gen = ciapano.load_puzzle(path).generator
        if gen["theme"] in (None, "discard"):
            found[json.dumps(gen, sort_keys=True)] = gen
    return list(found.values())


@pytest.mark.parametrize("gen", _searches(), ids=lambda g: f"{g['players']}-{g['theme']}")
def test_shipped_sets_are_found_again(gen):
    puzzles = ciapano.generate_puzzles(**gen, workers=1)
    assert len(puzzles) == gen["count"]
    for p in puzzles:
        stored = ciapano.load_puzzle(ROOT / "positions" / "puzzles" / f"{p.name}.json")
        assert stored.position == p.position
        assert (stored.solution, stored.value, stored.margin) == (p.solution, p.value, p.margin)
        assert (stored.costs, stored.difficulty, stored.heuristic) == (
            p.costs, p.difficulty, p.heuristic)  # fmt: skip


# -- the heuristics ----------------------------------------------------------------------


def _position(hands, leader=0, trick=()):
    """A 4-player position with the rest of the points taken by seat 0."""
    held = CardSet([c for h in hands for c in h]) | CardSet(trick)
    taken = [ciapano.Ciapano().points(DECK - held), 0, 0, 0]
    return Position(hands, leader, trick=trick, taken=taken)


OTHERS = [["7C", "6C", "5C"], ["4C", "JC", "QC"], ["KC", "2C", "3C"]]


@pytest.mark.parametrize(
    ("hand", "trick", "simple", "duck"),
    [
        # Leading: the lowest rank; among equal ranks the first suit in S H D C.
        (["4H", "4S", "AS"], [], "4S", "4S"),
        (["5D", "JS", "6H"], [], "5D", "5D"),
        # Following: the lowest card of the suit led; ducking: the highest below the winner.
        (["2D", "QD", "5D"], ["KD"], "5D", "QD"),
        # Every card of the suit wins: the simple heuristic plays the lowest, ducking the top.
        (["2D", "3D", "AH"], ["KD"], "2D", "3D"),
        # Void: the most points (thirds); then the higher rank; then the first suit.
        (["AC", "3S", "KH"], ["KD"], "AC", "AC"),
        (["3H", "KS", "5C"], ["KD"], "3H", "3H"),
        (["KH", "KS", "5C"], ["KD"], "KS", "KS"),
    ],
)
def test_the_heuristics(hand, trick, simple, duck):
    if trick:
        # Seat 3 led (it holds one card fewer); seat 0 is to move.
        others = [["7C", "6C", "7S"], ["4C", "JC", "6S"], ["KC", "2C"]]
        pos = _position([hand, *others], 3, trick)
    else:
        pos = _position([hand, *OTHERS])
    assert pos.to_move == 0
    assert ciapano.heuristic_card(pos).text == simple
    assert ciapano.duck_card(pos).text == duck


def test_the_duck_heuristic_ducks_under_the_winning_card_not_the_lead():
    # Seat 2 led 5D, seat 3 played QD (winning); seat 0 ducks with JD, under the queen.
    hands = [["KD", "JD", "4D"], ["7S", "6S", "AH"], ["5S", "4S"], ["7H", "6H"]]
    pos = _position(hands, 2, ["5D", "QD"])
    assert pos.to_move == 0
    assert ciapano.duck_card(pos).text == "JD"
    assert ciapano.heuristic_card(pos).text == "4D"


# -- the generator -----------------------------------------------------------------------

TINY = {"players": 4, "cards": 3, "count": 3, "seed": 11}


@pytest.fixture(scope="module")
def tiny() -> list[ciapano.Puzzle]:
    return ciapano.generate_puzzles(**TINY, workers=1)


def test_generator_finds_puzzles_that_the_reference_confirms(tiny):
    assert len(tiny) == TINY["count"]
    assert [p.index for p in tiny] == sorted({p.index for p in tiny})
    for p in tiny:
        pos = p.position
        assert pos.players == 4 and pos.to_move == p.seat
        assert len(pos.hands[pos.to_move]) == TINY["cards"]
        values = reference_move_values(pos)
        best = min(values.values())
        assert p.value == best
        assert {c for c, v in values.items() if v == best} == set(p.solution)
        assert p.margin == min(v for v in values.values() if v > best) - best
        assert dict(p.costs) == {c: v - best for c, v in values.items()}
        assert ciapano.heuristic_card(pos) not in p.solution
        parts = ciapano.difficulty_parts(pos, p.solution)
        assert p.difficulty == (
            len(values) - len(p.solution) + pos.tricks_left - 1 + 2 * parts["duck_fooled"]
        )


def test_generator_skips_only_non_puzzles(tiny):
    # Every candidate before the last puzzle found that is not a puzzle fails a criterion.
    found = {p.index for p in tiny}
    for i in range(min(max(found), 40)):
        if i in found:
            continue
        pos = ciapano.puzzle_candidate(4, 3, TINY["seed"], i)
        if len(pos.legal_moves()) < 2:
            continue
        values = reference_move_values(pos)
        best = min(values.values())
        best_cards = CardSet([c for c, v in values.items() if v == best])
        result = ciapano.solve(pos)
        one_class = _one_class(result) and len(best_cards) < len(values)
        assert not one_class or ciapano.heuristic_card(pos) in best_cards, i


def test_generator_is_reproducible_and_independent_of_workers(tiny):
    again = ciapano.generate_puzzles(**TINY, workers=1)
    assert again == tiny
    assert [ciapano.dumps_puzzle(p) for p in again] == [ciapano.dumps_puzzle(p) for p in tiny]
    assert ciapano.generate_puzzles(**TINY, workers=2) == tiny
    other = ciapano.generate_puzzles(**{**TINY, "seed": 12}, workers=1)
    assert [p.position for p in other] != [p.position for p in tiny]


def test_candidates_follow_the_definition():
    for i in range(20):
        pos = ciapano.puzzle_candidate(3, 4, 5, i)
        assert pos == ciapano.puzzle_candidate(3, 4, 5, i)
        to_move = pos.to_move
        played = len(pos.trick)
        assert len(pos.hands[to_move]) == 4
        assert all(len(pos.hands[(pos.leader + k) % 3]) == 4 - (k < played) for k in range(3))


def test_puzzle_files_read_back(tiny, tmp_path):
    for p in tiny:
        text = ciapano.dumps_puzzle(p)
        back = ciapano.loads_puzzle(text)
        assert back.position == p.position
        assert (back.seat, back.value, back.solution, back.line) == (p.seat, p.value, p.solution,
                                                                     p.line)  # fmt: skip
        assert (back.margin, back.difficulty, back.theme, back.costs) == (
            p.margin, p.difficulty, p.theme, p.costs)  # fmt: skip
        assert ciapano.check_puzzle(back).ok
        # A puzzle file is a position file.
        assert ciapano.loads(text) == p.position


def _lines(pos, result):
    """Each costly card and the solver's line after it, computed here."""
    seat = pos.to_move
    out = []
    for m in result.moves:
        if m.cost:
            out.append((m.card, (m.card, *ciapano.solve(pos.play(m.card), seat).line)))
    return out


def test_last_trick_theme_holds():
    (p,) = ciapano.generate_puzzles(4, 3, 1, 3, theme="last-trick", workers=1)
    pos = p.position
    result = ciapano.solve(pos)
    winner = pos.play_all(p.line).leader
    others = {pos.play_all(line).leader == p.seat for _, line in _lines(pos, result)}
    assert (winner != p.seat) in others


def test_discard_theme_holds():
    (p,) = ciapano.generate_puzzles(3, 3, 1, 2, theme="discard", workers=1)
    pos = p.position
    assert pos.trick and not pos.hands[p.seat].suit(pos.trick[0].suit)
    assert p.solution[0].suit != pos.trick[0].suit


def test_cappotto_theme_criterion():
    # Seat 0 has taken every point so far and can take the rest: the theme needs a line
    # ending in cappotto, or one after a wrong card.
    hands = [["3S", "2S"], ["4S", "AH"], ["5S", "6H"], ["6S", "7H"]]
    pos = _position(hands)
    result = ciapano.solve(pos)
    wrong = _lines(pos, result)
    end = pos.play_all(result.line)
    expect = sum(end.score()) > 11 or any(sum(pos.play_all(w).score()) > 11 for _, w in wrong)
    assert ciapano.theme_holds("cappotto", pos, result.line, wrong) == expect
    # Two seats with points: cappotto is no longer possible.
    split = Position(hands, 0, taken=[pos.taken[0] - 1, 1, 0, 0])
    assert not ciapano.theme_holds("cappotto", split, result.line, wrong)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"players": 6}, "players"),
        ({"cards": 1}, "cards"),
        ({"cards": 11}, "cards"),
        ({"count": 0}, "count"),
        ({"seed": -1}, "seed"),
        ({"theme": "trumps"}, "theme"),
        ({"theme": "discard"}, "theme"),
        ({"max_candidates": 0}, "max_candidates"),
    ],
)
def test_generator_rejects_bad_arguments(kwargs, field):
    args = {**TINY, **kwargs}
    with pytest.raises(ciapano.PuzzleError) as e:
        ciapano.generate_puzzles(**args, workers=1)
    assert e.value.field == field
    assert str(e.value).startswith(field + ":")


def test_generator_gives_up_after_max_candidates():
    found = ciapano.generate_puzzles(4, 3, 50, 11, workers=1, max_candidates=5)
    assert len(found) < 50 and all(p.index < 5 for p in found)


def test_min_difficulty_keeps_the_hard_puzzles_of_the_plain_search():
    hard = ciapano.generate_puzzles(4, 3, 3, 11, workers=1, min_difficulty=5)
    assert len(hard) == 3 and all(p.difficulty >= 5 for p in hard)
    last = hard[-1].index
    plain = ciapano.generate_puzzles(4, 3, 10_000, 11, workers=1, max_candidates=last + 1)
    assert [p.position for p in plain if p.difficulty >= 5] == [p.position for p in hard]


def test_generator_rejects_bad_workers():
    with pytest.raises(ciapano.OptionError):
        ciapano.generate_puzzles(**TINY, workers=0)


# -- the command line --------------------------------------------------------------------


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> list[Path]:
    out = tmp_path_factory.mktemp("puzzles")
    args = ["--players", "4", "--cards", "3", "--count", "2", "--seed", "11", "--workers", "1"]
    result = CliRunner().invoke(app, ["puzzle", "generate", *args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    paths = sorted(out.glob("*.json"))
    assert len(paths) == 2
    assert "Found 2 puzzle(s)" in result.stdout
    return paths


def test_cli_generate_writes_the_api_puzzles(files, tiny):
    assert [ciapano.loads_puzzle(f.read_text()).position for f in files] == [
        p.position for p in tiny[:2]
    ]


def test_cli_show(files):
    runner = CliRunner()
    plain = runner.invoke(app, ["puzzle", "show", str(files[0])])
    assert plain.exit_code == 0
    assert "♠" in plain.stdout and "to play" in plain.stdout and "taken" in plain.stdout
    assert "Solution" not in plain.stdout
    full = runner.invoke(app, ["puzzle", "show", str(files[0]), "--solution"])
    assert full.exit_code == 0
    puzzle = ciapano.load_puzzle(files[0])
    assert "Solution: " + puzzle.solution[0].unicode() in full.stdout
    assert "trick" in full.stdout and "cost" in full.stdout
    # The library renders what the command shows.
    assert plain.stdout == ciapano.puzzle_diagram(puzzle) + "\n"
    assert full.stdout == "\n".join(
        [ciapano.puzzle_diagram(puzzle), "", ciapano.puzzle_solution_text(puzzle), ""]
    )


def test_cli_check_passes_and_fails_tampered_files(files, tmp_path):
    runner = CliRunner()
    ok = runner.invoke(app, ["puzzle", "check", *map(str, files)])
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.count(": ok") == 2
    data = json.loads(files[0].read_text())
    wrong = next(c for c, cost in data["puzzle"]["costs"].items() if cost > 0)
    legal = list(data["puzzle"]["costs"])
    other = next(c for c in legal if c != data["puzzle"]["heuristic"])
    for key, value in [("solution", [wrong]), ("margin", data["puzzle"]["margin"] + 1),
                       ("value", (data["puzzle"]["value"] + 1) % 12), ("heuristic", other),
                       ("difficulty", data["puzzle"]["difficulty"] + 1),
                       ("line", data["puzzle"]["line"][:-1]),
                       ("costs", {**data["puzzle"]["costs"], wrong: 0})]:  # fmt: skip
        bad = tmp_path / f"bad-{key}.json"
        bad.write_text(json.dumps({**data, "puzzle": {**data["puzzle"], key: value}}))
        result = runner.invoke(app, ["puzzle", "check", str(files[1]), str(bad)])
        assert result.exit_code == 1, (key, result.output)
        (line,) = [x for x in result.stdout.splitlines() if x.startswith(str(bad))]
        mention = "cost of" if key == "costs" else key
        assert mention in line.split("FAILED: ", 1)[1], line


def test_cli_puzzle_bad_input(files, tmp_path):
    runner = CliRunner()
    plain = tmp_path / "plain.json"
    plain.write_text(ciapano.dumps(ciapano.load_puzzle(files[0]).position))
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    for args, mention in [
        (["show", str(plain)], "puzzle: is missing"),
        (["show", str(tmp_path / "nope.json")], "no such file"),
        (["check", str(broken)], "not valid JSON"),
        (["check", str(files[0]), str(plain)], "puzzle: is missing"),
        (["generate", "--players", "6", "--out", str(tmp_path)], "--players: 6"),
        (["generate", "--players", "4", "--theme", "discard", "--out", str(tmp_path)],
         "--theme"),
        (["generate", "--cards", "0", "--out", str(tmp_path)], "--cards: 0"),
        (["generate", "--workers", "0", "--out", str(tmp_path)], "--workers"),
        (["generate", "--count", "ten", "--out", str(tmp_path)], "--count: 'ten'"),
        (["generate", "--out", str(plain)], "--out"),
    ]:  # fmt: skip
        result = runner.invoke(app, ["puzzle", *args])
        assert result.exit_code == 2, (args, result.output)
        assert mention in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output
        assert len(result.stderr.strip().splitlines()) == 1
