"""Simple actions (Actions / Simple Actions): no cube; units, fortifications,
exploration and the Asiento.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.rules import economy, exploration, units
from planet_king.engine.rules.actions.government import deploy_now
from planet_king.engine.rules.actions.protocol import Context, action, check, describes

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules


R_SIMPLE = "Actions / Simple Actions"


@action(
    "raise-provincial",
    "simple",
    "Raise a Provincial Tercio",
    f"{R_SIMPLE} (Raise a Provincial Tercio)",
    does="placed at once in Spain, Italy or the wars of Portugal, Italy, Barbary, the "
    "Ottoman Empire or the Catalan front; no ducat",
)
def _raise_provincial(g: Game, ctx: Context) -> Rules:
    yield from deploy_now(
        g,
        "provincial",
        f"{R_SIMPLE} (Raise a Provincial Tercio)",
        ctx.cause,
        units.new_unit_places(g, "provincial"),
    )


@check(_raise_provincial)
def _raise_provincial_check(g: Game, ctx: Context) -> str | None:
    if units.counters_left(g, "provincial") <= 0:
        return "no provincial tercio counter left"
    return None if units.has_new_unit_place(g, "provincial") else "nowhere to place it"


@action(
    "move",
    "simple",
    "Move a Fleet, Tercio or Leader",
    units.RULE_MOVE,
    does="units in one territory or war move along uninterrupted lines of communication",
)
def _move(g: Game, ctx: Context) -> Rules:
    yield from units.move_action(g, ctx.cause)


@check(_move)
def _move_check(g: Game, ctx: Context) -> str | None:
    return None if units.can_move_something(g) else "nothing can move"


def fortification_targets(g: Game) -> list[str]:
    """A viceroyalty, an overseas territory or a settlement (never Spain); level 2 at
    most, a settlement level 1 at most."""
    return list(_fortification_targets(g))


def can_fortify(g: Game) -> bool:
    """``bool(fortification_targets(g))``, stopping at the first target."""
    return next(_fortification_targets(g), None) is not None


def _fortification_targets(g: Game) -> Iterator[str]:
    s = g.state
    for tid, terr in g.content.territories.items():
        if terr.region not in ("indies", "settlement"):
            continue
        if terr.region == "settlement" and tid not in s.settlements:
            continue
        level = max(terr.fortification, s.fortifications.get(tid, 0))
        if level < (1 if terr.region == "settlement" else 2):
            yield tid


@action(
    "build-fortification",
    "simple",
    "Build a Fortification",
    f"{R_SIMPLE} (Build a Fortification)",
    unique=True,
    cost=1,
    does="+1 prestige; a fortification for a viceroyalty, overseas territory or "
    "settlement waits in the Under Construction box",
)
def _fortify(g: Game, ctx: Context) -> Rules:
    rule = f"{R_SIMPLE} (Build a Fortification)"
    opts = Choices()
    for tid in fortification_targets(g):
        level = max(g.content.territories[tid].fortification, g.state.fortifications.get(tid, 0))
        opts.add(f"fort:{tid}", f"{g.name(tid)} (level {level} → {level + 1})")
    tid = (
        yield from g.ask(
            "Fortify which territory?",
            opts,
            role=Role.VALIDO,
            rule=rule,
            cause=ctx.cause,
            kind=DecisionKind.FORTIFY,
        )
    ).partition(":")[2]
    g.spend(1, "action:build-fortification", rule=rule, cause="Build a Fortification")
    g.state.construction.append(("fortification", tid))
    g.log(
        f"A fortification for {g.name(tid)} is placed in the Under Construction box.",
        rule=rule,
        cause=ctx.cause,
    )
    g.add_prestige(1, "building a fortification", rule=rule)


@check(_fortify)
def _fortify_check(g: Game, ctx: Context) -> str | None:
    # Hothead allows every simple action but exploration (l.796, ruling R99): the
    # fortification waits under construction, as there is no End of Turn.
    return None if can_fortify(g) else "nothing left to fortify"


@action(
    "exploration",
    "simple",
    "Conduct an Exploration",
    f"{R_SIMPLE} (Conduct an Exploration)",
    unique=True,
    does="an explorer makes fortune tests by his government or military rating: a "
    "positive result advances the exploration marker one space",
)
def _explore(g: Game, ctx: Context) -> Rules:
    yield from exploration.exploration_action(g, ctx.cause)


@check(_explore)
def _explore_check(g: Game, ctx: Context) -> str | None:
    return exploration.why_not(g)


@action("asiento", "simple", "Asiento", economy.RULE_ASIENTO)
def _asiento(g: Game, ctx: Context) -> Rules:
    economy.do_asiento(g, "action:asiento")
    return
    yield  # pragma: no cover


@describes(_asiento)
def _asiento_does(g: Game) -> str:
    return economy.asiento_terms(g)


@check(_asiento)
def _asiento_check(g: Game, ctx: Context) -> str | None:
    return None if economy.asiento_label(g) else "both Asientos already made this turn"
