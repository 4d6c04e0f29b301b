"""numba's njit(cache=True), typed as returning the function it compiles (numba's Dispatcher
type hides the signature from mypy); `Array` is the kernels' array annotation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from numba import njit

Array = npt.NDArray[Any]  # the kernels take several dtypes (float64, int64, int32, uint16, ...)
F64 = npt.NDArray[np.float64]
F = TypeVar("F", bound=Callable[..., Any])


def jit(fn: F) -> F:
    """Compile `fn` with numba (nopython, cached on disk), keeping its signature for mypy."""
    return cast(F, njit(cache=True)(fn))
