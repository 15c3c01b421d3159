"""Where a noble serves best: at Court or in an office, and the set-up's offices planned
together (Setup / Court and Council of State; Offices; Income).

A noble's prestige and his writer, musician or patron enlightenment count only at Court
(Scoring), while an office pays by his ratings: the Viceroy of the Indies his government
for himself and for each Indies fleet, the Viceroy of Italy his government, the Governor
of Flanders his government less one, a corrupt one a ducat less (End of Turn / Income);
the Ambassador in Austria's political rating answers the Austrian Alliance. So a noble of
high prestige or a patron belongs at Court, and an office wants government and no
prestige to lose. An explorer may explore from Court, and from the Viceroyalty of the
Indies an explorer, a patron or an industrious noble may (Exploration).

``seat_worth`` is what a noble adds in a seat at each End of Turn, in the expert bot's
action-preference units; ``best_assignment`` shares the set-up's drawn nobles out over
its offices and the Court to the greatest total (at most five nobles, three offices).
"""

from __future__ import annotations

from typing import Protocol

from planet_king.engine.game import Game
from planet_king.engine.rules import court, exploration

# A score point at each End of Turn, and a ducat (the expert bot's units: it reads DUCAT
# from here, since it imports this module).
POINT = 7.5
DUCAT = 6.0
# A turn's chance to explore (an exploration moves the track toward its VP), only when
# no other noble gives it; an advisor's green cube, one more action each turn; a
# general or a diplomat kept at Court for the commands and embassies to come.
EXPLORE = 8.0
ADVISOR = 10.0
GENERAL = 2.0
DIPLOMAT = 1.0
AUSTRIA = 2.0  # a point of political rating in Austria (the Austrian Alliance's tests)
# What each income office pays for a government rating: (government rating less this).
INCOME_OFFICES = {"viceroy-italy": 0, "governor-flanders": 1}
ENLIGHTENING = ("writer", "musician", "patron")


class Commands(Protocol):
    def command_worth(self, g: Game, nid: str, war_id: str) -> float: ...


def explores(g: Game, nid: str | None, seat: str) -> bool:
    """Whether ``nid`` in ``seat`` lets the player explore (Exploration)."""
    if seat == "court":
        return court.has_trait(g, nid, "explorer")
    if seat == "office:viceroy-indies":
        return any(court.has_trait(g, nid, t) for t in exploration.VICEROY_EXPLORER_TRAITS)
    return False


def seat_worth(g: Game, nid: str | None, seat: str) -> float:
    """What ``nid`` adds in ``seat`` ("court" or an office) at each End of Turn, but for
    the exploration he may give (see ``explores``: worth EXPLORE once, not per noble)."""
    if nid is None:
        return 0.0
    if seat == "court":
        return POINT * sum(court_points(g, nid)) + court_extras(g, nid, explore=False)

    def rating(which: str) -> int:
        return court.known_rating(g, nid, which)

    corrupt = 1 if court.has_trait(g, nid, "corrupt") else 0
    office = seat.partition(":")[2]
    if office == "viceroy-indies":
        fleets = g.state.plus_ultra.get("indies-fleet", 0)
        return DUCAT * max(0, rating("government") * (1 + fleets) - corrupt)
    if office in INCOME_OFFICES:
        return DUCAT * max(0, rating("government") - INCOME_OFFICES[office] - corrupt)
    if office == "ambassador-austria":
        return AUSTRIA * rating("political")
    return 0.0


def court_points(g: Game, nid: str) -> tuple[int, int]:
    """The prestige and the enlightenment a noble gives while at Court (Scoring): his
    prestige, and a point for each of writer, musician and patron."""
    traits = g.content.traits.get(nid, ())  # court.has_trait of each, read once
    ench = sum(1 for t in ENLIGHTENING if t in traits)
    return g.content.nobles[nid].prestige, ench


def court_extras(g: Game, nid: str, *, explore: bool = True) -> float:
    """What a noble at Court adds beyond his points: a general and a diplomat at hand,
    an advisor's green cube, and (``explore``) the exploration he may be the only one to
    give."""
    worth = GENERAL * court.known_rating(g, nid, "military")
    worth += DIPLOMAT * court.known_rating(g, nid, "political")
    worth += ADVISOR if court.has_trait(g, nid, "advisor") else 0.0
    if explore and explores(g, nid, "court") and not exploration.explorers(g):
        worth += EXPLORE
    return worth


def replacement_worth(g: Game, nid: str, office: str) -> float:
    """``nid`` takes ``office`` during the reign (Appoint Noble, Nominate Noble, Royal
    Pardon): what he adds there, less what its holder gave, who returns to Court if it
    has room (the expert bot sends him there) and is removed from the game if not. A
    noble who leaves the Court for it (Nominate Noble) frees his seat there, and takes
    away what he gave at Court."""
    holder = court.holder(g, office)
    from_court = nid in court.court_nobles(g)
    worth = seat_worth(g, nid, office) - seat_worth(g, holder, office)
    if from_court:
        worth -= seat_worth(g, nid, "court")
    returns = holder is not None and (from_court or court.free_court_slot(g) is not None)
    if returns:
        worth += seat_worth(g, holder, "court")
    before = exploration.explorers(g)
    after = bool([x for x in before if x not in (holder, nid)])
    after = after or explores(g, nid, office) or (returns and explores(g, holder, "court"))
    return worth + EXPLORE * (int(after) - int(bool(before)))


def assignment_worth(
    g: Game,
    bot: Commands,
    seats: dict[str, str],
    court_room: int,
    rest: list[str],
    explored: bool,
) -> float:
    """The worth of nobles newly in these seats (offices and commands), and of ``rest``
    newly at Court as far as it has room (the best of them); exploration counts once,
    unless a noble already in place gives it (``explored``)."""
    total = 0.0
    gives = False
    for seat, nid in seats.items():
        if seat.startswith("army:"):
            total += bot.command_worth(g, nid, seat.partition(":")[2])
        else:
            total += seat_worth(g, nid, seat)
            gives = gives or explores(g, nid, seat)
    worths = [(seat_worth(g, n, "court"), n) for n in rest]
    at_court = sorted(worths, key=lambda wn: wn[0], reverse=True)[:court_room]
    total += sum(worth for worth, _ in at_court)
    gives = gives or any(explores(g, n, "court") for _, n in at_court)
    return total + (EXPLORE if gives and not explored else 0.0)


def best_assignment(
    g: Game, bot: Commands, nobles: list[str], seats: list[str], court_room: int, first: str
) -> float:
    """The best total of the drawn ``nobles`` shared out, seat by seat as the set-up
    asks, over ``seats`` (``first`` takes the first; a command only for a noble who can
    command, and left empty when none of those left can) and the rest at Court."""

    explored = bool(exploration.explorers(g))

    def search(i: int, plan: dict[str, str], left: list[str]) -> float:
        if i == len(seats) or not left:
            return assignment_worth(g, bot, plan, court_room, left, explored)
        seat = seats[i]
        fits = [n for n in left if not seat.startswith("army:") or court.can_command(g, n)]
        if i == 0:
            fits = [first]
        if not fits:
            return search(i + 1, plan, left)
        return max(search(i + 1, {**plan, seat: n}, [x for x in left if x != n]) for n in fits)

    return search(0, {}, list(nobles))
