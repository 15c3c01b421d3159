"""Military units: strength points, counter limits, lines of communication, movement."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from planet_king.content.ids import Place, War
from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.rules import court
from planet_king.engine.state import LAND_UNITS, UNIT_SP
from planet_king.engine.words import a_unit

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE_MOVE = "Actions / Simple Actions (Move a Fleet, Tercio or Leader)"
PLUS_ULTRA = Place.PLUS_ULTRA
VALTELLINA = frozenset({Place.ITALY, Place.FRANCHE_COMTE})  # the Spanish Road line (War in Italy)

UNIT_NAMES = {
    "tercio": "Spanish tercio",
    "veteran": "old (veteran) tercio",
    "veteran-flipped": "old tercio (1 SP side)",
    "provincial": "provincial tercio",
    "nations": "tercio of Nations",
    "english": "English tercio",
    "french": "French tercio",
    "habsburg": "Habsburg tercio",
    "fleet": "fleet",
}


def counter_kind(kind: str) -> str:
    return "veteran" if kind == "veteran-flipped" else kind


def counters_left(g: Game, kind: str) -> int:
    limit: int = g.content.tables.unit_counters.get(counter_kind(kind), 0)  # type: ignore[call-overload]
    used = g.state.count_units(kind)
    if kind in ("veteran", "veteran-flipped"):
        used = g.state.count_units("veteran") + g.state.count_units("veteran-flipped")
    if kind == "habsburg":
        used += g.state.habsburg_lost  # eliminated Habsburg tercios are not rebuilt
    return limit - used


def add_unit(g: Game, loc: str, kind: str, n: int = 1) -> None:
    at = g.state.units.setdefault(loc, {})
    at[kind] = at.get(kind, 0) + n


def remove_unit(g: Game, loc: str, kind: str, n: int = 1) -> None:
    at = g.state.units_at(loc)
    at[kind] -= n
    if at[kind] <= 0:
        del at[kind]


def unit_sp(units: dict[str, int]) -> float:
    return sum(UNIT_SP[k] * n for k, n in units.items())


def is_war(g: Game, loc: str) -> bool:
    return loc in g.content.wars


def neighbours(g: Game, loc: str) -> list[str]:
    return _adjacency(g).get(loc, [])


def _adjacency(g: Game) -> dict[str, list[str]]:
    cached: dict[str, list[str]] | None = g.caches.get("adjacency")
    if cached is not None:
        return cached
    adj: dict[str, set[str]] = {}
    for item in list(g.content.territories.values()) + list(g.content.wars.values()):
        for other in item.adjacent:
            adj.setdefault(item.id, set()).add(other)
            adj.setdefault(other, set()).add(item.id)
    result = {k: sorted(v) for k, v in adj.items()}
    g.caches["adjacency"] = result
    return result


def _link_open(g: Game, a: str, b: str) -> bool:
    return not (g.state.valtellina_closed and {a, b} == VALTELLINA)


def fleets_allowed(g: Game, dst: str) -> bool:
    """Fleets never go to the Palatinate or Franche-Comté; land powers take one fleet."""
    if dst == Place.FRANCHE_COMTE:
        return False
    if is_war(g, dst):
        war = g.content.wars[dst]
        if war.fleets_max is not None:
            return g.state.units_at(dst).get("fleet", 0) < war.fleets_max
    return True


HABSBURG_WARS = frozenset(
    {War.PALATINATE, War.FRANCE_ITALY, War.FRANCE_PICARDY, War.FRANCE_CATALONIA}
)


def land_allowed(g: Game, kind: str, dst: str) -> bool:
    if kind == "habsburg" and dst not in HABSBURG_WARS:
        return False  # only on the French fronts or in the Palatinate (Austrian Alliance)
    if is_war(g, dst):
        war = g.content.wars[dst]
        return kind != "provincial" or war.provincial_allowed
    terr = g.content.territories[dst]
    if not terr.tercios_allowed or terr.region != "europe":
        return False
    return kind != "provincial" or terr.provincial_allowed


def destination_ok(g: Game, kind: str, dst: str) -> bool:
    # fleets_allowed and land_allowed inlined, the war read once: bots ask this for
    # every war at every choice of action
    content = g.content
    war = content.wars.get(dst)
    if war is not None and not g.state.wars[dst].active:
        return False
    terr = content.territories.get(dst)
    if terr is not None and g.hothead and dst not in HOTHEAD_LOCATIONS:
        return False
    if kind == "fleet":
        if dst == Place.FRANCHE_COMTE:
            return False
        if war is not None and war.fleets_max is not None:
            return g.state.units_at(dst).get("fleet", 0) < war.fleets_max
        return True
    if kind == "habsburg" and dst not in HABSBURG_WARS:
        return False
    if war is not None:
        return kind != "provincial" or war.provincial_allowed
    if terr is None:
        raise KeyError(dst)  # as land_allowed reads it
    if not terr.tercios_allowed or terr.region != "europe":
        return False
    return kind != "provincial" or terr.provincial_allowed


# Hothead uses only Spain, Italy, Plus Ultra and the Italian front (Scenarios / "Hothead").
HOTHEAD_LOCATIONS = frozenset({Place.SPAIN, Place.ITALY, PLUS_ULTRA, War.FRANCE_ITALY})


def _passable(g: Game, loc: str) -> bool:
    """Units pass through Europe's territories and Plus Ultra, not through war boxes."""
    terr = g.content.territories.get(loc)
    return loc == PLUS_ULTRA or (terr is not None and terr.region == "europe")


def territory_places(g: Game, kind: str) -> list[str]:
    """The territories that may take a new unit of ``kind``: fixed for a game, so
    computed once (the action checks ask this at nearly every decision)."""
    cache: dict[tuple[str, bool], list[str]] | None = g.caches.get("territory_places")
    if cache is None:
        cache = g.caches["territory_places"] = {}
    key = (kind, g.hothead)
    places = cache.get(key)
    if places is None:
        places = cache[key] = [t for t in g.content.territories if destination_ok(g, kind, t)]
    return places


def has_new_unit_place(g: Game, kind: str) -> bool:
    """``bool(new_unit_places(g, kind))``, without making the list."""
    if territory_places(g, kind):
        return True
    return any(ws.active and destination_ok(g, kind, w) for w, ws in g.state.wars.items())


def new_unit_places(g: Game, kind: str) -> list[str]:
    """Where a newly raised or built unit may be placed: any territory, war or Plus
    Ultra that may hold it (not the Palatinate or Franche-Comté for fleets)."""
    wars = [w for w, ws in g.state.wars.items() if ws.active and destination_ok(g, kind, w)]
    return territory_places(g, kind) + wars


def _nodes_within_reach(g: Game, src: str, *, fleet: bool) -> list[str]:
    """Every location joined to ``src`` by open lines (before what each may hold).

    The map is fixed: the answer depends only on the source, on whether Plus Ultra is
    open and on the Valtellina, so it is remembered for the game."""
    pu_open = fleet or g.state.units_at(PLUS_ULTRA).get("fleet", 0) > 0
    key = (src, pu_open, g.state.valtellina_closed)
    cache: dict[tuple[str, bool, bool], list[str]] = g.caches.setdefault("reach", {})
    nodes = cache.get(key)
    if nodes is None:
        nodes = cache[key] = _search_reach(g, src, pu_open)
    return nodes


def _search_reach(g: Game, src: str, pu_open: bool) -> list[str]:
    if src == PLUS_ULTRA and not pu_open:
        return []
    seen = {src}
    out: list[str] = []
    queue = deque([src])
    while queue:
        here = queue.popleft()
        for nxt in neighbours(g, here):
            if nxt in seen or not _link_open(g, here, nxt):
                continue
            seen.add(nxt)
            if nxt == PLUS_ULTRA and not pu_open:
                continue
            out.append(nxt)
            if _passable(g, nxt):
                queue.append(nxt)
    return out


def reachable(g: Game, src: str, kind: str) -> list[str]:
    """Destinations a unit of ``kind`` can reach from ``src`` along open lines.

    Units pass through territories (and Plus Ultra); a tercio may only move from or
    through Plus Ultra if a fleet is there; only fleets end a move in Plus Ultra.
    """
    nodes = _nodes_within_reach(g, src, fleet=kind == "fleet")
    return sorted(n for n in nodes if destination_ok(g, kind, n))


def reachable_wars(g: Game, src: str, kind: str) -> list[str]:
    """The armies at war a unit of ``kind`` can reach from ``src`` (``reachable``, less
    the territories: what a bot weighing a move asks at every choice of action)."""
    nodes = _nodes_within_reach(g, src, fleet=kind == "fleet")
    wars = g.state.wars
    # The wars among the nodes, kept with them: the wars on the board are fixed at set-up
    # (``wars.wars_of``), their number checked all the same.
    cache: dict[int, tuple[list[str], int, list[str]]] = g.caches.setdefault("reach_wars", {})
    held = cache.get(id(nodes))
    if held is None or held[0] is not nodes or held[1] != len(wars):
        held = cache[id(nodes)] = (nodes, len(wars), [n for n in nodes if n in wars])
    return [n for n in held[2] if n != src and destination_ok(g, kind, n)]


_LAND_CLASS = {"provincial": "provincial", "habsburg": "habsburg"}


def can_move_something(g: Game) -> bool:
    """Whether any unit or leader can move (stops at the first one found)."""
    s = g.state
    for loc, units in s.units.items():
        kinds = [k for k, n in units.items() if n > 0]
        if not kinds and not (is_war(g, loc) and s.wars[loc].leader):
            continue
        land = _nodes_within_reach(g, loc, fleet=False)
        # destination_ok tells apart only provincial and Habsburg tercios among land
        # units: the others are asked once, as a tercio (a yes or no: order is moot)
        asked = {_LAND_CLASS.get(k, "tercio") for k in kinds if k != "fleet"}
        if any(destination_ok(g, k, n) for k in asked for n in land):
            return True
        if "fleet" in kinds and any(
            destination_ok(g, "fleet", n) for n in _nodes_within_reach(g, loc, fleet=True)
        ):
            return True
        if is_war(g, loc) and s.wars[loc].leader and leader_destinations(g, loc):
            return True
    return False


def movable_kinds(g: Game, src: str) -> list[str]:
    units = g.state.units.get(src, {})
    return [k for k in sorted(units) if units[k] > 0 and reachable(g, src, k)]


def leader_destinations(g: Game, src: str) -> list[str]:
    """A leader moves from an army to another army without a commander."""
    return [
        w
        for w in reachable(g, src, "tercio")
        if is_war(g, w) and g.state.wars[w].active and g.state.wars[w].leader is None
    ]


def move_sources(g: Game) -> list[str]:
    s = g.state
    out = []
    for loc in sorted(s.units):
        leader_here = is_war(g, loc) and s.wars[loc].leader is not None
        if movable_kinds(g, loc) or (leader_here and leader_destinations(g, loc)):
            out.append(loc)
    return out


def ask_place(
    g: Game,
    prompt: str,
    places: list[str],
    *,
    rule: str,
    cause: str = "",
    unit: str | None = None,
    kind: DecisionKind = DecisionKind.UNIT_DESTINATION,
) -> Rules:
    """The Valido chooses where ``unit`` (a kind of unit; a noble for a leader: the
    decision's subject, which the bots read) goes, among ``places``; returns the place."""
    return (
        yield from g.ask_among(
            prompt,
            "to",
            [(p, g.name(p)) for p in places],
            role=Role.VALIDO,
            rule=rule,
            cause=cause,
            kind=kind,
            subject=unit,
        )
    )


def move_one(g: Game, src: str, kind: str, dst: str, cause: str) -> None:
    remove_unit(g, src, kind)
    add_unit(g, dst, kind)
    g.log(
        f"{a_unit(UNIT_NAMES[kind], capital=True)} moves from {g.name(src)} to {g.name(dst)}.",
        rule=RULE_MOVE,
        cause=cause,
    )
    if kind == "fleet" and dst in g.state.raids:
        g.state.raids.remove(dst)
        g.log(f"The fleet clears the raid marker in {g.name(dst)}.", rule=RULE_MOVE, cause=cause)


def move_action(g: Game, cause: str) -> Rules:
    """Move any number of units (and a leader) from one location (Move a Fleet, ...)."""
    s = g.state
    sources = move_sources(g)
    opts = Choices()
    for loc in sources:
        opts.add(f"from:{loc}", f"Move from {g.name(loc)}")
    if not opts:
        g.log("Nothing can move.", rule=RULE_MOVE, cause=cause)
        return
    src = (
        yield from g.ask(
            "Move units from which location?",
            opts,
            role=Role.VALIDO,
            rule=RULE_MOVE,
            cause=cause,
            kind=DecisionKind.MOVE_SOURCE,
        )
    ).partition(":")[2]
    while True:
        opts = Choices()
        for kind in movable_kinds(g, src):
            opts.add(f"unit:{kind}", f"Move {a_unit(UNIT_NAMES[kind])} ({s.units[src][kind]} here)")
        if is_war(g, src) and s.wars[src].leader and leader_destinations(g, src):
            opts.add("unit:leader", f"Move the leader {g.name(s.wars[src].leader or '')}")
        opts.add("done", "Done moving")
        what = yield from g.ask(
            f"Move what from {g.name(src)}?",
            opts,
            role=Role.VALIDO,
            rule=RULE_MOVE,
            cause=cause,
            kind=DecisionKind.MOVE_WHAT,
            subject=src,
        )
        if what == "done":
            return
        kind = what.partition(":")[2]
        dests = leader_destinations(g, src) if kind == "leader" else reachable(g, src, kind)
        leader = s.wars[src].leader if kind == "leader" else None
        dst = yield from ask_place(
            g,
            f"Move the {UNIT_NAMES.get(kind, kind)} to?",
            dests,
            rule=RULE_MOVE,
            cause=cause,
            unit=leader or kind,
            kind=DecisionKind.LEADER_DESTINATION if leader else DecisionKind.UNIT_DESTINATION,
        )
        if kind == "leader":
            nid = s.wars[src].leader or ""
            s.wars[src].leader = None
            court.place(g, nid, f"army:{dst}", cause=cause)
        else:
            move_one(g, src, kind, dst, cause)
        if src not in move_sources(g):
            return


def land_units(units: dict[str, int]) -> int:
    return sum(n for k, n in units.items() if k in LAND_UNITS)
