"""A replay of an analysed hand in a browser: one self-contained HTML page.

:func:`replay_html` turns an :class:`~ciapano.Analysis` and the hand it analysed into one HTML
page with everything inline (styles, script, the guarantee graph as SVG; no network, no
fonts, no pictures) that steps card by card from the deal to the last trick: every seat's
hand, the trick on the table, the points taken so far, and at each analysed card the cards the
seat to move could have played with their values, the card it played and its cost, and the
best cards.  Costly cards are listed beside the table; a click jumps to one.  The graph is the
``--plot`` picture's (each seat's guarantee card by card) with a marker at the current card.

The page reads one embedded JSON blob, :func:`replay_data`'s, so what it shows can be checked
against the analysis without a browser.  ``ciapano analyse HAND --html FILE`` writes it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from os import PathLike
from pathlib import Path
from typing import Any

from .analysis import Analysis
from .cards import Card
from .errors import CiapanoError, IllegalMoveError, PositionError
from .games import Game
from .position import Position
from .records import HandRecord, record_from_dict
from .solving import DEFAULT_TT_MB, solve

__all__ = ["replay_data", "replay_html", "write_replay"]

#: The seats' colours (matplotlib's first five, as ``--plot`` draws them).
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd")

_GRAPH_WIDTH = 760
_GRAPH_HEIGHT = 250
_LEFT, _RIGHT, _TOP, _BOTTOM = 46, 12, 14, 34


def _hand_positions(
    source: HandRecord | Position | Mapping[str, Any], play: Sequence[Card | str] | None
) -> tuple[list[Position], list[Card], HandRecord | None]:
    """The positions before each card and at the end, the cards, and the record if any."""
    if isinstance(source, Mapping):
        source = record_from_dict(source)
    if isinstance(source, HandRecord):
        if play is not None:
            raise PositionError("play", "give the play in the record, not beside it")
        return list(source.positions()), list(source.play), source
    if not isinstance(source, Position):
        raise CiapanoError("source", f"{type(source).__name__} is not a hand record or a position")
    if play is None:
        raise PositionError("play", "replaying a position needs the cards played from it")
    if isinstance(play, (str, bytes)):
        play = str(play).replace(",", " ").split()
    positions = [source]
    cards: list[Card] = []
    for i, card in enumerate(play):
        try:
            c = positions[-1].game.deck.card(card)
            positions.append(positions[-1].play(c))
        except CiapanoError as e:
            raise IllegalMoveError(f"play[{i}]", e.reason) from None
        cards.append(c)
    if not positions[-1].is_over():
        raise PositionError(
            f"play[{len(cards)}]",
            f"the play stops after {len(cards)} cards, before the end of the hand",
        )
    return positions, cards, None


def _suit_class(card: Card, game: Game) -> str:
    suit = getattr(card, "suit", None)
    if suit is None:
        return "s-F"  # tarocchi's Fool
    trump = game.trump is not None and type(suit) is type(game.trump) and suit == game.trump
    return f"s-{suit.name}" + (" trump" if trump else "")


def _unit_text(analysis: Analysis) -> str:
    game = analysis.game
    unit = game.value_unit
    if game.lower_is_better:
        if analysis.concept == "paranoid":
            return (
                f"{unit}: the seat's own penalty with every other seat against it (lower is better)"
            )
        return f"{unit}: the seat's own penalty under {analysis.concept} (lower is better)"
    if not game.card_total:  # bridge: the cards carry no points, the values count tricks
        return f"{unit}: the tricks the seat's side takes from here on (higher is better)"
    return (
        f"{unit}: the points of the seat's side, both sides playing their best (higher is better)"
    )


def _sides(position: Position) -> list[list[int]] | None:
    """The sides of a game of two sides (each a list of seats), else None."""
    if not position.game.two_sided:
        return None
    sides: list[list[int]] = []
    for s in range(position.players):
        side = sorted(position.side_of(s))
        if side not in sides:
            sides.append(side)
    return sides


def _nice_step(span: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if span / step <= 8:
            return step
    return max(1, span // 8)


def _graph(analysis: Analysis, names: Sequence[str], last: int) -> tuple[str, dict[str, Any]]:
    """The guarantee graph as inline SVG (no namespace needed inside HTML) and the numbers the
    page's script needs to place its marker: ``{"x0", "x1", "left", "scale"}`` (card index
    ``k`` at pixel ``left + (k - x0) * scale``)."""
    rows = analysis.guarantees
    assert rows is not None
    players = len(rows[0])
    first = analysis.cards[0].index if analysis.cards else last
    x0, x1 = first, first + len(rows) - 1
    width, height = _GRAPH_WIDTH, _GRAPH_HEIGHT
    plot_w = width - _LEFT - _RIGHT
    plot_h = height - _TOP - _BOTTOM
    scale = plot_w / max(1, x1 - x0)
    low, high = analysis.game.value_bounds

    def px(k: float) -> float:
        return round(_LEFT + (k - x0) * scale, 2)

    def py(v: float) -> float:
        return round(_TOP + (high + 0.5 - v) / (high - low + 1) * plot_h, 2)

    out = [
        f'<svg id="graph" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        'role="img" aria-label="each seat\'s guarantee card by card">'
    ]
    # Tricks: every other one shaded.
    for c in analysis.cards:
        if c.trick % 2 == 0:
            out.append(
                f'<rect class="shade" x="{px(c.index)}" y="{_TOP}" width="{round(scale, 2)}" '
                f'height="{plot_h}"/>'
            )
    step = _nice_step(high - low)
    for v in range((low // step) * step, high + 1, step):
        if v < low:
            continue
        y = py(v)
        out.append(f'<line class="grid" x1="{_LEFT}" x2="{width - _RIGHT}" y1="{y}" y2="{y}"/>')
        out.append(f'<text class="tick" x="{_LEFT - 6}" y="{y + 4}" text-anchor="end">{v}</text>')
    xstep = _nice_step(max(1, x1 - x0))
    for k in range(x0, x1 + 1):
        if (k - x0) % xstep == 0 or k == x1:
            out.append(
                f'<text class="tick" x="{px(k)}" y="{height - _BOTTOM + 14}" '
                f'text-anchor="middle">{k}</text>'
            )
    out.append(
        f'<text class="axis" x="{_LEFT + plot_w / 2}" y="{height - 4}" '
        'text-anchor="middle">cards played</text>'
    )
    unit = html.escape(analysis.game.value_unit)
    out.append(
        f'<text class="axis" x="12" y="{_TOP + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 12 {_TOP + plot_h / 2})">guarantee ({unit})</text>'
    )
    # Seats on the same value would hide each other: each line a pixel or two apart.
    lift = [1.6 * (s - (players - 1) / 2) for s in range(players)]
    for s in range(players):
        points: list[str] = []
        for i, row in enumerate(rows):
            y = round(py(row[s]) - lift[s], 2)
            if i:
                points.append(f"{px(x0 + i)},{points[-1].split(',')[1]}")
            points.append(f"{px(x0 + i)},{y}")
        if len(rows) == 1:
            points.append(f"{px(x0) + 6},{points[0].split(',')[1]}")
        colour = COLOURS[s % len(COLOURS)]
        out.append(
            f'<polyline class="seat-line" data-seat="{s}" fill="none" stroke="{colour}" '
            f'stroke-width="2" points="{" ".join(points)}"><title>'
            f"{html.escape(names[s])}</title></polyline>"
        )
    for c in analysis.costly:
        y = round(py(rows[c.index - first + 1][c.seat]) - lift[c.seat], 2)
        colour = COLOURS[c.seat % len(COLOURS)]
        label = html.escape(f"{names[c.seat]}: {c.card.unicode()} +{c.cost} (card {c.index + 1})")
        out.append(
            f'<circle class="costly-dot" data-step="{c.index}" cx="{px(c.index + 1)}" cy="{y}" '
            f'r="6" stroke="{colour}"><title>{label}</title></circle>'
        )
    # The legend.
    x = _LEFT + 4
    for s in range(players):
        colour = COLOURS[s % len(COLOURS)]
        out.append(
            f'<rect x="{x}" y="{_TOP + 2}" width="12" height="4" fill="{colour}"/>'
            f'<text class="legend" x="{x + 16}" y="{_TOP + 8}">{html.escape(names[s])}</text>'
        )
        x += 24 + 7 * len(names[s])
    out.append(f'<line id="marker" x1="{px(x0)}" x2="{px(x0)}" y1="{_TOP}" y2="{_TOP + plot_h}"/>')
    out.append("</svg>")
    return "\n".join(out), {"x0": x0, "x1": x1, "left": _LEFT, "scale": round(scale, 4)}


def replay_data(
    analysis: Analysis,
    source: HandRecord | Position | Mapping[str, Any],
    play: Sequence[Card | str] | None = None,
    *,
    names: Sequence[str] | None = None,
    title: str | None = None,
    card_values: bool = True,
    tt_mb: float = DEFAULT_TT_MB,
) -> dict[str, Any]:
    """What the replay page shows, as one JSON-ready dict (the blob :func:`replay_html`
    embeds).

    Its keys: ``title``, ``names`` (one a seat), ``concept``, ``unit`` (the values' unit, the
    game's ``value_unit``) and ``unit_text`` (what the values are), ``game`` (``name``,
    ``title``, ``players``, ``lower_is_better``, ``points_unit``, ``bounds``, ``trump``: the
    trump suit's symbol or ``"tarocchi"``/None, ``fool``: the Fool's text or None, ``removed``:
    3-player Kifameno's four taken out of the deck or None, ``card_points``: whether cards carry
    points (not in bridge), ``sides``: the seats of each side in a game of two sides, else
    None), ``declarer``, ``dealer``,
    ``exchange`` (Calabrasella's widow, call and exchange, else None), ``set_aside_text``
    (the set-aside cards' label and what becomes of them), ``cards`` (every card of
    the deck: text -> ``[label with suit symbol, CSS class]``), ``first`` (the index of the
    first analysed card), ``costly`` (``{"index", "trick", "seat", "card", "cost"}`` per costly
    card), ``seats`` (the analysis's seats with their names), ``guarantees`` (the analysis's
    rows: row ``i`` before card ``first + i``, the last at the end of the hand), and ``steps``:
    one per card of the play and one at the end (``len(play) + 1``), step ``k`` the position
    before card ``k``::

        {"index": k, "trick": 1, "to_move": 0 (None at the end), "leader": 0,
         "hands": [["KS", ...], ...], "table": ["2C", ...], "table_seats": [0, ...],
         "last_trick": {"cards": [...], "seats": [...], "winner": 2} or None,
         "taken": [...] (card points, the game's points unit), "taken_text": [...],
         "tricks": [...] or None, "side_taken": [...] or None, "stock": [...] (top first),
         "set_aside": [...], "discard": "7C" or None,
         "card": "2C" (None at the end), "analysed": True,
         "before": 8, "after": 8, "cost": 0, "best": [...], "maxn_cost": None,
         "moves": [{"card": "KS", "value": 8, "cost": 0}, ...] (None without card_values),
         "guarantees": [8, 7, 5, 6] (every seat's, None before the analysed cards)}

    Values, costs and guarantees are in the analysis's unit (:attr:`Game.value_unit
    <ciapano.Game.value_unit>`: penalty points, busche, game points, side points or tricks);
    a step before the first analysed card (``from_trick``) has ``"analysed": False`` and no
    values.

    :param analysis: from :func:`ciapano.analyse` with ``every_seat=True`` (the default).
    :param source: the hand it analysed: a :class:`~ciapano.HandRecord`, a parsed record, or a
        :class:`~ciapano.Position` with ``play``.
    :param play: with a position, the cards played from it to the end of the hand.
    :param names: the seats' names (default: the analysis's, else ``seat 0``, ...).
    :param title: the page's title (default: ``hand ID`` from the record's id, else ``hand``).
    :param card_values: also value every legal card at each analysed step (one solve per card
        played, under the analysis's concept; about as long as the analysis); without it only
        the best cards and the card played carry a value.
    :param tt_mb: memory of the transposition table of those solves, in MiB.
    :returns: the dict described above.
    :raises CiapanoError: for an analysis without every seat's guarantees, or of another hand
        (its cards or values do not match the hand's), or a source that is no hand.
    :raises RecordError: for a bad record; :raises IllegalMoveError: for an illegal ``play``.
    :raises PositionError: for a play that stops before the end of the hand.
    :raises SolveInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C during the solves.
    """
    if analysis.guarantees is None:
        raise CiapanoError(
            "analysis", "it has no guarantees; analyse with every_seat=True to replay it"
        )
    positions, cards, record = _hand_positions(source, play)
    opening = positions[0]
    game = opening.game
    n = opening.players
    if game != analysis.game or len(analysis.seats) != n:
        raise CiapanoError("analysis", f"it is of another game ({analysis.game}, not {game})")
    last = len(cards)
    first = analysis.cards[0].index if analysis.cards else last
    by_index = {c.index: c for c in analysis.cards}
    indices = [c.index for c in analysis.cards]
    if indices != list(range(first, last)) or len(analysis.guarantees) != last - first + 1:
        raise CiapanoError(
            "analysis",
            f"it is of another hand (its cards are not the last {last - first} of {last})",
        )
    for c in analysis.cards:
        if cards[c.index] != c.card:
            raise CiapanoError(
                "analysis",
                f"it is of another hand: its card {c.index} is {c.card.text}, the hand's "
                f"{cards[c.index].text}",
            )
    if names is None:
        names = [s.name or f"seat {s.seat}" for s in analysis.seats]
    names = [str(x) for x in names]
    if len(names) != n:
        raise CiapanoError("names", f"{len(names)} names for {n} seats")
    if title is None:
        title = f"hand {analysis.id}" if analysis.id is not None else "hand"
    sides = _sides(opening)
    steps: list[dict[str, Any]] = []
    last_trick: dict[str, Any] | None = None
    for k, pos in enumerate(positions):
        over = k == last
        table = [c.text for c in pos.trick]
        step: dict[str, Any] = {
            "index": k,
            "trick": min(pos.trick_number, game.tricks),
            "to_move": None if over else pos.to_move,
            "leader": pos.leader,
            "hands": [h.texts() for h in pos.hands],
            "table": table,
            "table_seats": [(pos.leader + i) % n for i in range(len(table))],
            "last_trick": None if table else last_trick,
            "taken": list(pos.taken),
            "taken_text": [game.points_text(t) for t in pos.taken],
            "tricks": None if pos.tricks is None else list(pos.tricks),
            "side_taken": None,
            "stock": [c.text for c in pos.stock],
            "set_aside": [c.text for c in pos.set_aside],
            "discard": None if pos.discard is None else pos.discard.text,
            "card": None if over else cards[k].text,
            "analysed": k >= first,
            "guarantees": list(analysis.guarantees[k - first]) if k >= first else None,
        }
        if sides is not None:
            step["side_taken"] = [
                {
                    "seats": side,
                    "points": game.points_text(sum(pos.taken[s] for s in side)),
                    "tricks": None if pos.tricks is None else sum(pos.tricks[s] for s in side),
                }
                for side in sides
            ]
        c = by_index.get(k)
        if c is not None:
            step.update(
                before=c.before,
                after=c.after,
                cost=c.cost,
                best=[b.text for b in c.best],
                maxn_cost=c.maxn_cost,
                moves=None,
            )
            if card_values:
                result = solve(pos, pos.to_move, tt_mb=tt_mb, concept=analysis.concept)
                value, played = result.value, result[c.card]
                if (value, played) != (c.before, c.after):
                    raise CiapanoError(
                        "analysis",
                        f"card {k} ({c.card.text}): it says {c.before} before and {c.after} "
                        f"after, a solve {value} and {played}; is it of another hand?",
                    )
                step["moves"] = [
                    {"card": m.card.text, "value": m.value, "cost": m.cost} for m in result.moves
                ]
        steps.append(step)
        if not over:
            nxt = positions[k + 1]
            if not nxt.trick:  # the card completes the trick
                done = [*table, cards[k].text]
                last_trick = {
                    "cards": done,
                    "seats": [(pos.leader + i) % n for i in range(len(done))],
                    "winner": nxt.leader,
                }
    trump: str | None = None
    if game.trump is not None:
        trump = "tarocchi" if game.fool is not None else game.trump.symbol
    exchange = record.exchange.to_dict() if record is not None and record.exchange else None
    removed = getattr(game, "removed", None)  # 3-player Kifameno's four out of the deck
    dealer = opening.dealer
    if game.needs_dealer:
        set_aside = ["the dealer's discards", "they count for the dealer's side"]
    elif game.set_aside_scored:
        set_aside = ["set aside", "out of play; they go to the last trick's winner"]
    else:
        set_aside = ["set aside", "out of play; they count for no one"]
    if dealer is None and record is not None:
        dealer = record.dealer
    return {
        "title": title,
        "names": names,
        "concept": analysis.concept,
        "unit": game.value_unit,
        "unit_text": _unit_text(analysis),
        "game": {
            "name": game.name,
            "title": game.title,
            "players": n,
            "lower_is_better": game.lower_is_better,
            "points_unit": game.points_unit,
            "bounds": list(game.value_bounds),
            "trump": trump,
            "fool": None if game.fool is None else game.fool.text,
            "removed": None if removed is None else removed.text,
            "card_points": bool(game.card_total),
            "sides": sides,
        },
        "declarer": opening.declarer,
        "dealer": dealer,
        "exchange": exchange,
        "set_aside_text": set_aside,
        "cards": {c.text: [c.unicode(), _suit_class(c, game)] for c in game.deck.cards},
        "first": first,
        "costly": [
            {
                "index": c.index,
                "trick": c.trick,
                "seat": c.seat,
                "card": c.card.text,
                "cost": c.cost,
            }
            for c in analysis.costly
        ],
        "seats": [{**s.to_dict(), "name": names[s.seat]} for s in analysis.seats],
        "guarantees": [list(r) for r in analysis.guarantees],
        "steps": steps,
    }


def replay_html(
    analysis: Analysis,
    source: HandRecord | Position | Mapping[str, Any],
    play: Sequence[Card | str] | None = None,
    *,
    names: Sequence[str] | None = None,
    title: str | None = None,
    card_values: bool = True,
    tt_mb: float = DEFAULT_TT_MB,
) -> str:
    """The replay page of an analysed hand: one self-contained HTML document (styles, script,
    the graph as inline SVG, the data as one embedded JSON blob; nothing loaded from anywhere).

    The page steps from the deal to the end of the hand with the buttons first / previous /
    next / last or the keys Left, Right, Home, End (the step is also kept in the address's
    ``#step=K``).  Parameters, units and errors are :func:`replay_data`'s.

    :returns: the page's text (UTF-8 when written).
    """
    data = replay_data(
        analysis, source, play, names=names, title=title, card_values=card_values, tt_mb=tt_mb
    )
    names = data["names"]
    svg, graph = _graph(analysis, names, len(data["steps"]) - 1)
    data["graph"] = graph
    # No "</script>" (nor "<!--", "<script") can end or confuse the script element: every "<"
    # of the JSON (only inside its strings) written as the escape \u003c.
    blob = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    page_title = html.escape(f"{data['title']} — {data['game']['title']} replay")
    seat_style = "\n".join(
        f".seat-{s} {{ --seat: {COLOURS[s % len(COLOURS)]}; }}" for s in range(len(names))
    )
    return (
        _PAGE.replace("@TITLE@", page_title)
        .replace("@SEAT_STYLE@", seat_style)
        .replace("@SVG@", svg)
        .replace("@DATA@", blob)
    )


def write_replay(
    analysis: Analysis,
    source: HandRecord | Position | Mapping[str, Any],
    path: str | PathLike[str],
    play: Sequence[Card | str] | None = None,
    **options: Any,
) -> Path:
    """Write :func:`replay_html`'s page to ``path`` (UTF-8); ``options`` are its keywords.

    :returns: the path written.
    :raises OSError: if the file cannot be written; the rest as :func:`replay_data`.
    """
    path = Path(path)
    text = replay_html(analysis, source, play, **options)
    path.write_text(text, encoding="utf-8")
    return path


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
:root { font-family: system-ui, sans-serif; color: #222; background: #f4f1ea; }
body { margin: 0 auto; max-width: 1200px; padding: 12px 16px; }
h1 { font-size: 1.3em; margin: 4px 0; }
.sub { color: #555; font-size: 0.9em; margin: 2px 0; }
#controls { display: flex; align-items: center; gap: 6px; margin: 10px 0; flex-wrap: wrap; }
#controls button { font-size: 1.05em; padding: 3px 10px; cursor: pointer; }
#where { margin-left: 10px; font-weight: 600; }
#layout { display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 14px; }
.box { background: #fff; border: 1px solid #d8d2c4; border-radius: 6px; padding: 8px 10px;
  margin-bottom: 10px; }
.box h2 { font-size: 0.95em; margin: 0 0 6px 0; color: #444; }
.seat { border-left: 5px solid var(--seat); padding: 4px 8px; margin: 4px 0;
  border-radius: 4px; }
.seat.to-move { background: #fff6d6; }
.seat .name { font-weight: 600; }
.seat .marks { color: #666; font-size: 0.85em; margin-left: 6px; }
.seat .taken { float: right; color: #444; font-size: 0.9em; }
.hand { margin-top: 3px; min-height: 1.6em; }
.card { display: inline-block; min-width: 1.9em; padding: 1px 4px; margin: 1px 2px;
  border: 1px solid #bbb; border-radius: 4px; background: #fff; text-align: center;
  font-weight: 600; font-size: 1.05em; }
.s-S, .s-C { color: #111; }
.s-H, .s-D { color: #c62828; }
.s-T { color: #6a1b9a; background: #f3e8fb; }
.s-F { color: #00695c; background: #e0f2f1; }
.card.trump { box-shadow: inset 0 -3px 0 #b8860b; }
.card.play { outline: 3px solid #1565c0; }
.card.best { border-color: #2e7d32; }
#table { display: flex; gap: 10px; align-items: flex-end; min-height: 3.4em; flex-wrap: wrap; }
.played { display: flex; flex-direction: column; align-items: center; font-size: 0.8em; }
.played .card { font-size: 1.3em; }
.played .who { color: var(--seat); font-weight: 600; }
.played.winner .card { outline: 2px solid #2e7d32; }
#last-note { color: #666; font-size: 0.85em; }
#choices table, #summary table { border-collapse: collapse; width: 100%; }
#summary table { font-size: 0.9em; }
#choices td, #choices th, #summary td, #summary th { padding: 2px 5px; text-align: right;
  border-bottom: 1px solid #eee; }
#choices td:first-child, #choices th:first-child, #summary td:first-child,
#summary th:first-child { text-align: left; }
#summary td:first-child { white-space: nowrap; }
#choices tr.chosen { background: #e3f0fd; }
#choices tr.bad td.cost { color: #c62828; font-weight: 700; }
#verdict.bad { color: #c62828; font-weight: 700; }
#verdict.good { color: #2e7d32; font-weight: 700; }
#costly ol { margin: 0; padding-left: 1.4em; }
#costly li { cursor: pointer; padding: 1px 2px; }
#costly li:hover { background: #f0ead8; }
#costly li.current { background: #fde2e2; font-weight: 600; }
#graph { max-width: 100%; height: auto; background: #fff; }
#graph .shade { fill: #f0f0f0; }
#graph .grid { stroke: #e2e2e2; stroke-width: 1; }
#graph .tick, #graph .legend { font-size: 11px; fill: #444; }
#graph .axis { font-size: 12px; fill: #333; }
#graph .costly-dot { fill: #fff; fill-opacity: 0.01; stroke-width: 2.5; cursor: pointer; }
#graph #marker { stroke: #1565c0; stroke-width: 2; stroke-dasharray: 4 3; }
#graph-box { cursor: crosshair; }
.extra { margin: 3px 0; }
.muted { color: #777; }
kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 4px; background: #fafafa; }
@SEAT_STYLE@
</style>
</head>
<body>
<h1 id="title"></h1>
<p class="sub" id="about"></p>
<p class="sub" id="unit"></p>
<div id="controls">
<button id="first" title="the deal (Home)">&#x00AB; first</button>
<button id="prev" title="previous card (Left)">&#x25C0; previous</button>
<button id="next" title="next card (Right)">next &#x25B6;</button>
<button id="last" title="the end of the hand (End)">last &#x00BB;</button>
<span id="where"></span>
<span class="muted">&nbsp;<kbd>&larr;</kbd> <kbd>&rarr;</kbd> <kbd>Home</kbd> <kbd>End</kbd></span>
</div>
<div id="layout">
<div>
<div class="box"><h2>On the table</h2><div id="table"></div><div id="last-note"></div></div>
<div class="box"><h2>Hands</h2><div id="seats"></div></div>
<div class="box" id="extras-box"><h2>Out of the hands</h2><div id="extras"></div></div>
<div class="box" id="graph-box"><h2>Each seat's guarantee card by card
 <span class="muted">(o = costly card; the dashed line is this step)</span></h2>
@SVG@
</div>
</div>
<div>
<div class="box" id="choices"></div>
<div class="box" id="costly"><h2>Costly cards <span class="muted" id="costly-unit"></span></h2>
<ol id="costly-list"></ol></div>
<div class="box" id="summary"></div>
</div>
</div>
<script type="application/json" id="replay-data">@DATA@</script>
<script>
(function () {
"use strict";
var D = JSON.parse(document.getElementById("replay-data").textContent);
var LAST = D.steps.length - 1;
var cur = 0;
function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) { e.className = cls; }
  if (text !== undefined && text !== null) { e.textContent = String(text); }
  return e;
}
function card(text, extra) {
  var c = D.cards[text] || [text, ""];
  var e = el("span", "card " + c[1] + (extra ? " " + extra : ""), c[0]);
  e.setAttribute("data-card", text);
  return e;
}
function name(s) { return D.names[s]; }
function signed(v) { return v > 0 ? "+" + v : String(v); }
function cardsLine(texts) {
  var span = el("span");
  texts.forEach(function (t) { span.appendChild(card(t)); });
  if (!texts.length) { span.appendChild(el("span", "muted", "none")); }
  return span;
}
function header() {
  document.getElementById("title").textContent = D.title + " \u2014 " + D.game.title;
  var about = [D.game.players + " players"];
  if (D.game.trump === "tarocchi") {
    about.push("trumps: the 21 tarocchi (purple)");
  } else if (D.game.trump) {
    about.push("trumps: " + D.game.trump);
  } else if (D.game.name === "bridge") {
    about.push("no trumps");
  }
  if (D.game.removed) { about.push("out of the deck: " + D.cards[D.game.removed][0]); }
  if (D.game.fool) { about.push("the Fool (green) excuses its owner from following"); }
  if (D.declarer !== null) { about.push("declarer: " + name(D.declarer)); }
  if (D.dealer !== null && D.dealer !== undefined) { about.push("dealer: " + name(D.dealer)); }
  if (D.game.sides) {
    about.push("sides: " + D.game.sides.map(function (side) {
      return side.map(name).join(" + ");
    }).join(" v "));
  }
  if (D.first > 0) { about.push("analysed from card " + (D.first + 1)); }
  if (D.concept !== "paranoid") { about.push("concept: " + D.concept); }
  document.getElementById("about").textContent = about.join(" \u00b7 ");
  document.getElementById("unit").textContent = "Values in " + D.unit_text + ".";
  document.title = D.title + " \u2014 " + D.game.title + " replay";
}
function costlyList() {
  var ol = document.getElementById("costly-list");
  document.getElementById("costly-unit").textContent = "(cost in " + D.unit + "; click to go)";
  if (!D.costly.length) {
    ol.parentNode.appendChild(el("p", "muted", "none: every card kept its seat's guarantee"));
  }
  D.costly.forEach(function (c) {
    var li = el("li");
    li.setAttribute("data-step", c.index);
    li.setAttribute("data-cost", c.cost);
    li.appendChild(document.createTextNode("trick " + c.trick + " \u00b7 " + name(c.seat) + " "));
    li.appendChild(card(c.card));
    li.appendChild(document.createTextNode(" +" + c.cost));
    li.addEventListener("click", function () { go(c.index); });
    ol.appendChild(li);
  });
  document.querySelectorAll("#graph .costly-dot").forEach(function (dot) {
    dot.addEventListener("click", function (ev) {
      ev.stopPropagation();
      go(Number(dot.getAttribute("data-step")));
    });
  });
  var svg = document.getElementById("graph");
  svg.addEventListener("click", function (ev) {
    var box = svg.getBoundingClientRect();
    var x = (ev.clientX - box.left) * (svg.viewBox.baseVal.width / box.width);
    var k = Math.round((x - D.graph.left) / D.graph.scale + D.graph.x0);
    go(Math.max(D.graph.x0, Math.min(D.graph.x1, k)));
  });
}
function summary() {
  var box = document.getElementById("summary");
  box.appendChild(el("h2", null, "The hand (" + D.unit + ")"));
  var t = el("table");
  var head = el("tr");
  ["seat", "score", "guarantee", "mistakes", "cost"].forEach(function (h) {
    head.appendChild(el("th", null, h));
  });
  t.appendChild(head);
  D.seats.forEach(function (s) {
    var tr = el("tr", "seat-" + s.seat);
    [s.name, s.score, s.guarantee, s.mistakes, s.total_cost].forEach(function (v) {
      tr.appendChild(el("td", null, v));
    });
    t.appendChild(tr);
  });
  box.appendChild(t);
  box.appendChild(el("p", "muted", "guarantee: at " +
    (D.first > 0 ? "card " + (D.first + 1) : "the opening lead") +
    "; score: the hand's real score"));
}
function renderTable(st) {
  var table = document.getElementById("table");
  var note = document.getElementById("last-note");
  table.textContent = "";
  note.textContent = "";
  var cards = st.table, seats = st.table_seats, winner = null;
  if (!cards.length && st.last_trick) {
    cards = st.last_trick.cards; seats = st.last_trick.seats; winner = st.last_trick.winner;
    note.textContent = "the last trick, won by " + name(winner);
  }
  table.setAttribute("data-cards", st.table.join(" "));
  cards.forEach(function (c, i) {
    var p = el("div", "played seat-" + seats[i] + (seats[i] === winner ? " winner" : ""));
    p.appendChild(card(c));
    p.appendChild(el("span", "who", name(seats[i])));
    table.appendChild(p);
  });
  if (!cards.length) { table.appendChild(el("span", "muted", "no card yet")); }
}
function renderSeats(st) {
  var box = document.getElementById("seats");
  box.textContent = "";
  st.hands.forEach(function (hand, s) {
    var d = el("div", "seat seat-" + s + (st.to_move === s ? " to-move" : ""));
    d.setAttribute("data-seat", s);
    d.appendChild(el("span", "name", name(s)));
    var marks = [];
    if (st.to_move === s) { marks.push("to play"); }
    if (D.declarer === s) { marks.push("declarer"); }
    if (D.dealer === s) { marks.push("dealer"); }
    if (marks.length) { d.appendChild(el("span", "marks", marks.join(", "))); }
    var taken = [];
    if (D.game.card_points) { taken.push("taken " + st.taken_text[s]); }
    if (st.tricks) { taken.push(st.tricks[s] + " trick" + (st.tricks[s] === 1 ? "" : "s")); }
    if (st.guarantees) { taken.push("guarantee " + st.guarantees[s]); }
    d.appendChild(el("span", "taken", taken.join(" \u00b7 ")));
    var h = el("div", "hand");
    var best = st.analysed && st.best ? st.best : [];
    hand.forEach(function (c) {
      var extra = "";
      if (st.to_move === s && c === st.card) { extra = "play"; }
      if (st.to_move === s && best.indexOf(c) >= 0) { extra += " best"; }
      h.appendChild(card(c, extra));
    });
    if (!hand.length) { h.appendChild(el("span", "muted", "no cards")); }
    d.appendChild(h);
    box.appendChild(d);
  });
  if (st.side_taken) {
    var p = el("div", "extra");
    p.textContent = "By side: " + st.side_taken.map(function (x) {
      var parts = [];
      if (D.game.card_points) { parts.push(x.points); }
      if (x.tricks !== null) { parts.push(x.tricks + " tricks"); }
      return x.seats.map(name).join(" + ") + " " + parts.join(", ");
    }).join(" \u00b7 ");
    box.appendChild(p);
  }
}
function renderExtras(st) {
  var box = document.getElementById("extras");
  box.textContent = "";
  var any = false;
  function line(label, texts, note) {
    var p = el("div", "extra");
    p.appendChild(el("span", null, label + ": "));
    p.appendChild(cardsLine(texts));
    if (note) { p.appendChild(el("span", "muted", " " + note)); }
    box.appendChild(p);
    any = true;
  }
  if (D.game.name === "kifameno" || st.stock.length) {
    line("stock, " + st.stock.length + " card" + (st.stock.length === 1 ? "" : "s") +
      " left to draw (top first)", st.stock,
      "after each trick every seat draws one, the winner first");
  }
  if (st.set_aside.length) {
    line(D.set_aside_text[0], st.set_aside, "(" + D.set_aside_text[1] + ")");
  }
  if (st.discard) { line("the dealer's discard", [st.discard], "(to the last trick's winner)"); }
  if (D.exchange) {
    var x = D.exchange;
    line("widow", x.widow, "");
    var q = el("div", "extra");
    q.appendChild(document.createTextNode(name(x.declarer) + " called "));
    q.appendChild(card(x.called));
    if (x.given) {
      q.appendChild(document.createTextNode(", gave back "));
      q.appendChild(card(x.given));
    }
    q.appendChild(document.createTextNode(", discarded "));
    q.appendChild(cardsLine(x.discards));
    q.appendChild(document.createTextNode(" and took "));
    q.appendChild(cardsLine(x.take));
    box.appendChild(q);
  }
  document.getElementById("extras-box").style.display = any ? "" : "none";
}
function renderChoices(st) {
  var box = document.getElementById("choices");
  box.textContent = "";
  if (st.to_move === null) {
    box.appendChild(el("h2", null, "The hand is over"));
    box.appendChild(el("p", null, "Scores (" + D.unit + "): " + D.seats.map(function (s) {
      return s.name + " " + s.score;
    }).join(", ")));
    return;
  }
  box.appendChild(el("h2", null, name(st.to_move) + " to play"));
  if (!st.analysed) {
    box.appendChild(el("p", "muted", "not analysed: the analysis starts at card " +
      (D.first + 1) + " (--from-trick)"));
    var p = el("p", null, "played: ");
    p.appendChild(card(st.card));
    box.appendChild(p);
    return;
  }
  var v = el("p", st.cost > 0 ? "bad" : "good");
  v.id = "verdict";
  v.appendChild(document.createTextNode("played "));
  v.appendChild(card(st.card));
  v.appendChild(document.createTextNode(st.cost > 0
    ? " \u2014 costs " + st.cost + " " + D.unit + " (" + st.before + " \u2192 " + st.after + ")"
    : " \u2014 optimal (" + st.before + ")"));
  if (st.cost > 0 && st.maxn_cost !== null && st.maxn_cost !== undefined) {
    v.appendChild(document.createTextNode("; under maxn " + st.maxn_cost));
  }
  box.appendChild(v);
  var t = el("table");
  var head = el("tr");
  ["card", "value", "cost", ""].forEach(function (h) { head.appendChild(el("th", null, h)); });
  t.appendChild(head);
  var moves = st.moves;
  if (!moves) {
    moves = st.best.map(function (c) { return {card: c, value: st.before, cost: 0}; });
    if (st.best.indexOf(st.card) < 0) {
      moves.push({card: st.card, value: st.after, cost: st.cost});
    }
  }
  moves.forEach(function (m) {
    var tr = el("tr", (m.card === st.card ? "chosen" : "") + (m.cost > 0 ? " bad" : ""));
    tr.setAttribute("data-card", m.card);
    tr.setAttribute("data-value", m.value);
    tr.setAttribute("data-cost", m.cost);
    var td = el("td");
    td.appendChild(card(m.card, m.cost === 0 ? "best" : ""));
    tr.appendChild(td);
    tr.appendChild(el("td", "value", m.value));
    tr.appendChild(el("td", "cost", m.cost > 0 ? "+" + m.cost : "0"));
    var mark = [];
    if (m.cost === 0) { mark.push("\u2605 best"); }
    if (m.card === st.card) { mark.push("\u25c0 played"); }
    tr.appendChild(el("td", "mark", mark.join(" ")));
    t.appendChild(tr);
  });
  box.appendChild(t);
  box.appendChild(el("p", "muted", "value: " + D.unit + " for " + name(st.to_move) +
    (D.game.sides ? "'s side" : "") + " once the card is played; cost: against the best card" +
    (st.moves ? "" : " (only the best cards and the card played were valued)")));
}
function render() {
  var st = D.steps[cur];
  document.body.setAttribute("data-step", cur);
  var where;
  if (cur === LAST) {
    where = "end of the hand (" + LAST + " cards)";
  } else {
    where = "card " + (cur + 1) + " of " + LAST + " \u00b7 trick " + st.trick;
  }
  document.getElementById("where").textContent = where;
  renderTable(st);
  renderSeats(st);
  renderExtras(st);
  renderChoices(st);
  document.querySelectorAll("#costly-list li").forEach(function (li) {
    li.className = Number(li.getAttribute("data-step")) === cur ? "current" : "";
  });
  var marker = document.getElementById("marker");
  if (cur >= D.graph.x0) {
    var x = D.graph.left + (cur - D.graph.x0) * D.graph.scale;
    marker.setAttribute("x1", x); marker.setAttribute("x2", x);
    marker.style.display = "";
  } else {
    marker.style.display = "none";
  }
  document.getElementById("first").disabled = cur === 0;
  document.getElementById("prev").disabled = cur === 0;
  document.getElementById("next").disabled = cur === LAST;
  document.getElementById("last").disabled = cur === LAST;
  if (history.replaceState) {
    try { history.replaceState(null, "", "#step=" + cur); } catch (e) { /* file: pages */ }
  }
}
function go(k) {
  cur = Math.max(0, Math.min(LAST, k));
  render();
}
document.getElementById("first").addEventListener("click", function () { go(0); });
document.getElementById("prev").addEventListener("click", function () { go(cur - 1); });
document.getElementById("next").addEventListener("click", function () { go(cur + 1); });
document.getElementById("last").addEventListener("click", function () { go(LAST); });
document.addEventListener("keydown", function (ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
  var to = {ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: LAST}[ev.key];
  if (to === undefined) { return; }
  ev.preventDefault();
  go(to);
});
window.replayGo = go;
header();
costlyList();
summary();
function fromAddress() {
  var m = /step=(\\d+)/.exec(location.hash);
  return m ? Number(m[1]) : null;
}
window.addEventListener("hashchange", function () {
  var k = fromAddress();
  if (k !== null && k !== cur) { go(k); }
});
var start = fromAddress();
go(start === null ? 0 : start);
}());
</script>
</body>
</html>
"""
