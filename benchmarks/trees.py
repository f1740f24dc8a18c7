"""Another source tree for a benchmark to run beside this one (``--src DIR``)."""

from __future__ import annotations

import argparse
from pathlib import Path


def source_tree(path: str) -> str:
    """The folder holding the package ``bigtwo`` of the tree at ``path`` (a checkout or its
    ``src``), for ``PYTHONPATH``: given anything else, the child would quietly import this
    tree's installed package and compare it with itself."""
    for where in (Path(path) / "src", Path(path)):
        if (where / "bigtwo" / "__init__.py").is_file():
            return str(where.resolve())
    raise argparse.ArgumentTypeError(f"{path} holds no bigtwo package (nor does its src)")
