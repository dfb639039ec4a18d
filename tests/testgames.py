"""Games made for the tests only (not real games): Busca on a small deck, so that the first
trick, where Busca's bans apply, is small enough for the reference; and a two-sided Ciapanò, to
test the reference's code path for games of two sides before a real one exists."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ciapano import Busca, CardSet, Ciapano, Deck, GameError


@dataclass(frozen=True, repr=False)
class SmallBusca(Busca):
    """Busca's rules on a deck of ``4 × hand`` cards (``cards``, a mask), every card dealt: a
    full deal of it is at its first trick.  The points, the last trick's 3 and the busche are
    Busca's (with fewer points in the deck than 37)."""

    cards: int = (1 << 40) - 1
    hand: int = 10

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(CardSet(self.cards)) != self.players * self.hand:
            raise GameError("cards", f"{self.cards:#x} is not {self.players * self.hand} cards")

    @property
    def deck(self) -> Deck:
        return Deck("small", CardSet(self.cards))

    @property
    def hand_size(self) -> int:
        return self.hand

    def __repr__(self) -> str:
        return f"SmallBusca(cards={self.cards:#x}, hand={self.hand})"


@dataclass(frozen=True, repr=False)
class PairsCiapano(Ciapano):
    """Ciapanò for 4 players in two sides, seats 0 and 2 against 1 and 3: each seat scores its
    side's penalties (the sum of the two seats' Ciapanò scores).  A zero-sum game of two sides
    in the reference's sense: each side plays for its own total against the other's."""

    sides: ClassVar[tuple[tuple[int, ...], ...] | None] = ((0, 2), (1, 3))
    player_counts: ClassVar[tuple[int, ...]] = (4,)

    def hand_score(
        self,
        taken: Sequence[int],
        last_trick: int,
        tricks: Sequence[int] | None = None,
        declarer: int | None = None,
    ) -> list[int]:
        score = super().hand_score(taken, last_trick)
        return [score[s] + score[(s + 2) % 4] for s in range(4)]

    @property
    def value_bounds(self) -> tuple[int, int]:
        return (0, 22)

    def __repr__(self) -> str:
        return f"PairsCiapano(cappotto={self.cappotto.value!r})"
