"""Every row of the hostile corpus gets exactly the refusal it names (see README.md)."""

from __future__ import annotations

import api_cases
import cli_cases
import pytest
from cli_run import run_cli

from bigtwo import BigTwoError


@pytest.mark.parametrize("case", api_cases.CASES, ids=lambda c: f"{c.category}-{c.id}")
def test_api_call_is_refused_in_words(case: api_cases.Api) -> None:
    with pytest.raises(BigTwoError) as refused:
        case.call()
    message = str(refused.value)
    assert case.refusal in message
    assert len(message) < 600 and "\n" not in message


@pytest.mark.parametrize("case", cli_cases.CASES, ids=lambda c: f"{c.category}-{c.id}")
def test_command_line_is_refused_in_one_line(case: cli_cases.Cli) -> None:
    result = run_cli(case.argv, case.stdin, case.decode, interrupt=case.interrupt)
    assert result.code == case.code, (result.err, result.out[-500:])
    assert "Traceback" not in result.err + result.out
    if case.code == 2:
        assert result.err.count("\n") == 1 and result.err.startswith("bigtwo: "), result.err
        assert case.refusal in result.err
        assert result.err.isprintable() or result.err[:-1].isprintable()
    else:
        assert case.refusal in result.out
    for shown in case.output:
        assert shown in result.out
    for hidden in case.never:
        assert hidden not in result.out + result.err


def test_the_corpus_is_large_enough() -> None:
    assert len(api_cases.CASES) + len(cli_cases.CASES) >= 70
