"""The two tiers of the suite (README, "Running the tests").

The whole run (`pytest -n auto`, what CI runs) plays every test at full size. The fast tier
(`pytest -n auto --fast`, the command to run while working) leaves out the tests marked `slow`
and plays smaller seeded samples where a test takes a sample size from `sample(full, fast)`:
the same code paths and seeds, fewer of them. Set by tests/conftest.py's `pytest_configure`,
so it is known at collection time in every xdist worker too.
"""

from __future__ import annotations

FAST = False


def sample(full: int, fast: int) -> int:
    """A sample size: `full` in the whole run, `fast` in the fast tier."""
    return fast if FAST else full
