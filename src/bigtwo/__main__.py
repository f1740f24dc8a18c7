"""``python -m bigtwo``: the `bigtwo` command."""

from .cli.app import main

main()
