"""A picture of an analysed hand: each seat's guarantee after every card, costly cards marked.

Needs matplotlib (``pip install "ciapano[plot]"``), drawn with its Agg backend (no display).
"""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike
from pathlib import Path

from .analysis import Analysis
from .errors import CiapanoError, MissingDependency

__all__ = ["FORMATS", "plot_analysis"]

#: The file formats :func:`plot_analysis` writes, by suffix.
FORMATS = (".png", ".svg", ".pdf")


def plot_analysis(
    analysis: Analysis,
    path: str | PathLike[str],
    *,
    names: Sequence[str] | None = None,
    title: str | None = None,
) -> Path:
    """Draw each seat's double-dummy guarantee after every card of the hand, one line a seat,
    each costly card marked on its seat's line with its cost; the x axis is the number of cards
    played, tricks shaded alternately, the y axis the game's value unit over its
    ``value_bounds`` (Ciapanò's penalty points 0..11, Busca's busche).  The last point of each
    line is the seat's real score.

    :param analysis: from :func:`ciapano.analyse` with ``every_seat=True`` (the default).
    :param path: the picture's file; its suffix (``.png``, ``.svg``, ``.pdf``) is the format.
    :param names: the seats' names for the legend (default: the analysis's record's names,
        else ``seat 0``, ...).
    :param title: the title (default: the record's id, if any).
    :returns: the path written.
    :raises CiapanoError: for an analysis without every seat's guarantees, or another suffix.
    :raises MissingDependency: if matplotlib is not installed.
    """
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise CiapanoError(
            "path", f"{str(path)!r} has no picture suffix; use one of {' '.join(FORMATS)}"
        )
    if analysis.guarantees is None:
        raise CiapanoError(
            "analysis", "it has no guarantees; analyse with every_seat=True to plot it"
        )
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingDependency(
            "plot", "matplotlib is not installed; pip install 'ciapano[plot]'", name="matplotlib"
        ) from None
    rows = analysis.guarantees
    players = len(rows[0])
    if names is None:
        names = [s.name or f"seat {s.seat}" for s in analysis.seats]
    first = analysis.cards[0].index if analysis.cards else 0
    xs = list(range(first, first + len(rows)))
    fig = Figure(figsize=(max(6.0, 0.18 * len(rows) + 2), 4.2), layout="constrained")
    ax = fig.add_subplot()
    # Tricks: shade every other one.
    for c in analysis.cards:
        if c.trick % 2 == 0:
            ax.axvspan(c.index, c.index + 1, color="0.94", lw=0)
    colours = [f"C{s}" for s in range(players)]
    # Seats on the same value would hide each other: each line a little apart.
    lift = [0.08 * (s - (players - 1) / 2) for s in range(players)]
    for s in range(players):
        ys = [row[s] + lift[s] for row in rows]
        ax.step(xs, ys, where="post", color=colours[s], lw=1.8, label=f"{names[s]}")
    for c in analysis.costly:
        y = rows[c.index - first + 1][c.seat] + lift[c.seat]
        ax.plot([c.index + 1], [y], marker="o", ms=8, mfc="none", mec=colours[c.seat], mew=2)
        ax.annotate(
            f"{c.card.text} +{c.cost}",
            (c.index + 1, y),
            textcoords="offset points",
            xytext=(3, 6),
            fontsize=7,
            color=colours[c.seat],
        )
    ax.set_xlim(xs[0], xs[-1] + 0.5)
    low, high = analysis.game.value_bounds
    ax.set_ylim(low - 0.5, high + 0.5)
    ax.set_yticks(range(low, high + 1))
    ax.set_xlabel("cards played")
    ax.set_ylabel(f"guarantee ({analysis.game.value_unit})")
    label = (
        title
        if title is not None
        else (f"hand {analysis.id}" if analysis.id is not None else "hand")
    )
    ax.set_title(f"{label}: each seat's double-dummy guarantee; o = costly card")
    ax.legend(loc="upper left", fontsize=8, ncols=players)
    ax.grid(axis="y", color="0.85", lw=0.5)
    fig.savefig(path)
    return path
