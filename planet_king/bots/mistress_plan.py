"""The Royal Mistress across the reign: which lady each turn, and when an extra change
pays (Organisation / Choosing the Royal Mistress; Royal Actions / Choose Royal Mistress).

Every Organisation phase from turn 2 replaces the Royal Mistress with a lady of
prestige 0 or less from the ladies deck, and the replaced one leaves the game; only when
no such lady is in the deck does she stay. Each lady is in the deck for the turns on her
card, so the ladies are a supply to share out over the turns to come: The Planet King
has nine for eight turns, and on turns 7 and 8 only one. Taking the Choose Royal Mistress
action burns one more lady for a happiness marker, which pays only where the supply has
a lady to spare.

``plan_value`` is the best sum of the mistresses' worth over the turns still to
organise, found exactly by a small search over the ladies left (at most nine).
"""

from __future__ import annotations

from functools import lru_cache

from planet_king.engine.game import Game

# A lady's worth in one End of Turn, in happiness points: her happiness, and her
# prestige at a smaller weight (prestige ≤ 1 is a defeat too, but its table is wider).
PRESTIGE_WEIGHT = 0.4
# The Choose Royal Mistress action: its happiness marker, less the royal action it takes
# from Issue, Hunt or a genius.
ACTION_GAIN = 1.0 - 0.4

Lady = tuple[str, float, int, int]  # id, worth, first turn, last turn


def worth(g: Game, lid: str | None) -> float:
    if not lid:
        return 0.0
    card = g.content.ladies[lid]
    return card.happiness + PRESTIGE_WEIGHT * card.prestige


def _lady(g: Game, lid: str) -> Lady:
    t = g.content.ladies[lid].turns
    return (lid, worth(g, lid), t.from_ or 1, t.to or 99)


def pool(g: Game, exclude: tuple[str, ...] = (), start: int | None = None) -> frozenset[Lady]:
    """Ladies who may still be Royal Mistress from turn ``start`` (the next turn unless
    told): prestige 0 or less, not in play nor gone, whose last turn is not past."""
    s = g.state
    start = s.turn + 1 if start is None else start
    gone = set(s.removed_notables) | {s.queen, s.mistress} | set(exclude)
    return frozenset(
        _lady(g, lid)
        for lid, card in g.content.ladies.items()
        if lid not in gone and card.prestige <= 0 and (card.turns.to or 99) >= start
    )


def plan_value(
    g: Game, mistress: str | None, exclude: tuple[str, ...] = (), start: int | None = None
) -> float:
    """The best worth of the Royal Mistresses from turn ``start`` (the next turn unless
    told; this turn while its Organisation is still to choose her) to the last, if
    ``mistress`` is the Royal Mistress then and the ladies in ``exclude`` are gone too."""
    start = g.state.turn + 1 if start is None else start
    m = _lady(g, mistress) if mistress else None
    return _future(start, g.scenario.last_turn, m, pool(g, exclude, start))


@lru_cache(maxsize=200_000)
def _future(t: int, last: int, m: Lady | None, rest: frozenset[Lady]) -> float:
    if t > last:
        return 0.0
    if m is not None and not (m[2] <= t <= m[3]):
        m = None  # her turn of exit has passed: she leaves the Court
    here = [lady for lady in rest if lady[2] <= t <= lady[3]]
    if not here:
        return (m[1] if m else 0.0) + _future(t + 1, last, m, rest)
    best = -1e9
    for lady in here:
        left = rest - {lady}
        # Organisation puts her in; the turn may end with her ...
        v = lady[1] + _future(t + 1, last, lady, left)
        # ... or with another lady chosen by the action during the turn.
        for other in here:
            if other is not lady:
                v = max(v, ACTION_GAIN + other[1] + _future(t + 1, last, other, left - {other}))
        best = max(best, v)
    return best
