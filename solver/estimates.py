"""Sample means with their 95 % intervals: what sampling (:func:`ciapano.pimc`), the declaring
estimate (:func:`ciapano.calabrasella.estimate_declaring`) report."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

__all__ = ["Z95", "Estimate", "Interval", "mean_estimate"]

#: The standard normal quantile of 0.975, for 95 % intervals.
Z95 = 1.959963984540054


class Interval(NamedTuple):
    """A 95 % interval ``(low, high)`` (the game's value unit)."""

    low: float
    high: float


class Estimate(NamedTuple):
    """A sample mean with its standard error and 95 % normal interval."""

    mean: float
    stderr: float
    ci95: Interval


def mean_estimate(values: np.ndarray) -> Estimate:
    """Mean, standard error (sample standard deviation / sqrt(n)) and 95 % normal interval of
    ``values`` (at least two)."""
    mean = float(values.mean())
    stderr = float(values.std(ddof=1) / math.sqrt(len(values)))
    return Estimate(mean, stderr, Interval(mean - Z95 * stderr, mean + Z95 * stderr))
