"""The one error of saves: ``SaveError`` (one line, with its kind), and its kinds of
write failure.
"""

from __future__ import annotations

from planet_king.fsutil import escape_controls

MAX_MESSAGE = 1000  # a SaveError is cut to this many characters


class SaveError(Exception):
    """A save that cannot be read, written or replayed. ``str()`` is one line.

    ``kind`` says which: ``io``, ``format`` (not a save, damaged, wrong types),
    ``version`` (unknown or future format), ``exists`` (a save of that name, not
    replaced), ``scenario``, ``illegal`` (an illegal
    choice at ``position``), ``digest`` (the replay differs at ``turn``) or ``engine``.
    For ``illegal`` and ``digest`` errors ``valid_turn``/``valid_choices`` give the last
    turn start that still matches, if any: ``load_game(..., up_to_valid=True)`` opens
    the game there.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str = "format",
        position: int | None = None,
        turn: int | None = None,
        valid_turn: int | None = None,
        valid_choices: int | None = None,
    ) -> None:
        text = escape_controls(" ".join(message.split()))  # always one line, no escapes
        if len(text) > MAX_MESSAGE:
            text = text[: MAX_MESSAGE - 1] + "…"
        super().__init__(text)
        self.kind = kind
        self.position = position
        self.turn = turn
        self.valid_turn = valid_turn
        self.valid_choices = valid_choices


class SaveWriteError(SaveError):
    """Writing a save failed; the previous file (if any) is untouched."""


class SaveExistsError(SaveWriteError):
    """A save of that name exists: it is replaced only when asked (a trailing ``!``)."""
