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
    ladies = _ladies(g)
    mask = _pool_mask(g, ladies, exclude, g.state.turn + 1 if start is None else start)
    return frozenset(lady for i, lady in enumerate(ladies.all) if mask >> i & 1)


class _Ladies:
    """The content's ladies as ``plan_value`` searches them: each lady a bit of a set
    held in an int (a search makes and looks up tens of thousands of sets; ints are
    cheaper to make and to hash than frozensets of tuples, and the search's sums and
    maxima are the same, whatever order it reads the ladies in)."""

    def __init__(self, g: Game) -> None:
        self.ladies = g.content.ladies
        self.index = {lid: i for i, lid in enumerate(self.ladies)}
        self.all: tuple[Lady, ...] = tuple(_lady(g, lid) for lid in self.ladies)
        self.worth = tuple(lady[1] for lady in self.all)
        # Which ladies are in play on each turn (a card's turns: first to last, 99 for
        # none); a scenario's turns are far fewer than 100.
        self.open_on = tuple(self.open_at(t) for t in range(100))
        self._members: dict[int, tuple[int, ...]] = {}

    def open_at(self, t: int) -> int:
        return sum(1 << i for i, lady in enumerate(self.all) if lady[2] <= t <= lady[3])

    def members(self, ladies: int) -> tuple[int, ...]:
        """The ladies (indices, in order) of the bit set ``ladies``."""
        found = self._members.get(ladies)
        if found is None:
            found = self._members[ladies] = tuple(
                i for i in range(ladies.bit_length()) if ladies >> i & 1
            )
        return found


_LADIES: dict[int, _Ladies] = {}


def _ladies(g: Game) -> _Ladies:
    """The content's ``_Ladies``, made once (the content's cards never change)."""
    held = _LADIES.get(id(g.content.ladies))
    if held is None or held.ladies is not g.content.ladies:
        held = _LADIES[id(g.content.ladies)] = _Ladies(g)
    return held


def _pool_mask(g: Game, ladies: _Ladies, exclude: tuple[str, ...], start: int) -> int:
    s = g.state
    gone = set(s.removed_notables) | {s.queen, s.mistress} | set(exclude)
    mask = 0
    for i, (lid, card) in enumerate(g.content.ladies.items()):
        if lid not in gone and card.prestige <= 0 and (card.turns.to or 99) >= start:
            mask |= 1 << i
    return mask


def plan_value(
    g: Game, mistress: str | None, exclude: tuple[str, ...] = (), start: int | None = None
) -> float:
    """The best worth of the Royal Mistresses from turn ``start`` (the next turn unless
    told; this turn while its Organisation is still to choose her) to the last, if
    ``mistress`` is the Royal Mistress then and the ladies in ``exclude`` are gone too."""
    start = g.state.turn + 1 if start is None else start
    ladies = _ladies(g)
    m = ladies.index[mistress] if mistress else -1
    rest = _pool_mask(g, ladies, exclude, start)
    return _future(ladies, start, g.scenario.last_turn, m, rest)


@lru_cache(maxsize=200_000)
def _future(ladies: _Ladies, t: int, last: int, m: int, rest: int) -> float:
    """The best worth from turn ``t`` with the lady ``m`` (an index, -1 for none) as Royal
    Mistress and the ladies of ``rest`` (a bit set) in the deck."""
    if t > last:
        return 0.0
    open_now = ladies.open_on[t] if t < 100 else ladies.open_at(t)
    if m >= 0 and not open_now >> m & 1:
        m = -1  # her turn of exit has passed: she leaves the Court
    here_set = rest & open_now
    if not here_set:
        return (ladies.worth[m] if m >= 0 else 0.0) + _future(ladies, t + 1, last, m, rest)
    worth = ladies.worth
    here = ladies.members(here_set)
    best = -1e9
    for lady in here:
        left = rest & ~(1 << lady)
        # Organisation puts her in; the turn may end with her ...
        v = worth[lady] + _future(ladies, t + 1, last, lady, left)
        # ... or with another lady chosen by the action during the turn (``v =
        # max(v, w)`` as a test: the same value, without a call).
        for other in here:
            if other != lady:
                w = (
                    ACTION_GAIN
                    + worth[other]
                    + _future(ladies, t + 1, last, other, left & ~(1 << other))
                )
                if w > v:
                    v = w
        if v > best:
            best = v
    return best
