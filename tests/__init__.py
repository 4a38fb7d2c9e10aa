"""The test suite. Bytecode caches are written even where PYTHONDONTWRITEBYTECODE is set (as in this
workplace's shells): without them every xdist worker rewrote and compiled all ~300 test modules again on
each run (~10 s of CPU per worker, about half its collection), and every worker process a test starts
compiled the project again. This runs before any test module or conftest is imported; Python checks each
cache against its source's size and time, so a stale one is never used."""

import sys

sys.dont_write_bytecode = False
