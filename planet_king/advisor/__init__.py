"""The advisor: what each legal option of the pending decision is worth to the player.

- ``search``: the options valued by playouts (successive halving, common random
  numbers, ties) and the recommendation; ``playout``: one playout, from the game's
  actual start; ``value``: what a playout's end is worth (the utility, the forecast's
  valuation of a truncated playout); ``pool``: the warm worker processes.
- ``instant``: the learned evaluator's instant answer, no playouts.
- ``server``: the advisor as a long-lived process (``python -m planet_king.advisor.server``)
  and ``client``: how the game's ``h`` asks it; ``table``: the answer as the player reads it.

The advisor-guided bot is ``bot`` (the bot registry makes it by name: the bots never
import the advisor, which plays its playouts with them). Nothing is imported here, so
importing one module does not load the others.
"""
