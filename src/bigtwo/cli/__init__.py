"""The `bigtwo` command: play against bots, simulate bot games, replay and verify game records,
and print rule sets in plain words. Each command lives in its own module and is registered in
`bigtwo.cli.app`."""
