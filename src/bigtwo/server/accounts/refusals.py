"""A refused account request as an exception, so that a check deep in a route can refuse
(the app turns it into `protocol.http_error`: a JSON error in the person's language)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..protocol import http_error, language


class Refused(Exception):
    """A request refused: its HTTP status, code and English sentence."""

    def __init__(self, status: int, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.params = status, code, message, params


def refused(request: Request, exc: Exception) -> Response:
    """The app's handler of `Refused`."""
    assert isinstance(exc, Refused)
    lang = language(request.query_params, request.headers)
    return http_error(exc.status, exc.code, exc.message, lang, **exc.params)
