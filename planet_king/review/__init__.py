"""The reign review (issue 30): was it the cards or the choices?

``review_game`` walks a game from its start, values every decision's options and every
draw (``estimate``, ``walk``), and ``account.settle`` splits the result into the value at
the start, luck, decisions and a residual, each with its standard error. ``render``
writes it as plain text, Markdown or HTML; ``cache`` keeps it beside the save.
``luck_of`` is the account's luck alone, for benchmarks that compare players.
"""

from planet_king.review.account import Account, settle
from planet_king.review.estimate import FULL, QUICK, Settings
from planet_king.review.model import Review
from planet_king.review.walk import luck_of, review_game

__all__ = ["FULL", "QUICK", "Account", "Review", "Settings", "luck_of", "review_game", "settle"]
