"""The whole suite's collection: a module that needs an optional library which is missing here
isn't imported for its doctests (its tests in ``tests/`` skip, saying which extra to install)."""

from importlib.util import find_spec

collect_ignore = [] if find_spec("pyspiel") else ["src/bigtwo/env/openspiel.py"]
