"""Ducats owed by events, bankruptcy and the Asiento."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Place
from planet_king.engine.decisions import Choices, DecisionKind, Meaning, Role
from planet_king.engine.rules.units import UNIT_NAMES
from planet_king.engine.words import a_unit, plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE_BANKRUPTCY = "Special Rules / Bankruptcy"
RULE_ASIENTO = "Actions / Simple Actions (Asiento)"
# Units that may be sold for a ducat in bankruptcy: not Nations, English, French,
# Habsburg ("Austrian") or provincial tercios.
SELLABLE = ("tercio", "veteran", "veteran-flipped", "fleet")


def asiento_ducats(g: Game) -> int:
    return 1 if g.state.portugal_independent else 2


def asiento_label(g: Game) -> tuple[str, str] | None:
    """The next Asiento available: on Castile, then on the Indies; None after both."""
    if g.state.asiento == 0:
        return "asiento:castile", "Asiento on the revenues of Castile"
    if g.state.asiento == 1:
        return "asiento:indies", "Asiento on the revenues of the Indies"
    return None


# The End of Turn steps after Income (planet_king.engine.rules.end_of_turn).
AFTER_INCOME = ("mortality", "scores", "valido")


def asiento_terms(g: Game) -> str:
    """What the next Asiento gives and what it really costs (Simple Actions / Asiento;
    Income from Spain): the ducats now against Castile's revenues at Income, or, on the
    Indies, the ducats that lie in the viceroyalties and overseas territories."""
    s = g.state
    now = f"+{plural(asiento_ducats(g), 'ducat')} now"
    if s.asiento == 0:
        now = f"on the revenues of Castile, {now}"
        castile = plural(2 if s.portugal_independent else 3, "ducat")
        when = "this turn's Income"
        if s.phase == "end-of-turn" and s.step in AFTER_INCOME:  # ruling R101
            when = "next turn's Income (this turn's are collected: ruling R101)"
        spain = ""
        if Place.SPAIN in s.raids:
            spain = "; none come from Spain anyway while its raid marker stays (a fleet lifts it)"
        return f"{now}, but Castile's {castile} are not collected at {when}{spain}"
    if s.asiento == 1:
        taken = plural(sum(s.indies_ducats.values()), "ducat")
        return (
            f"on the revenues of the Indies, {now}, but the {taken} now in the viceroyalties "
            "and overseas territories are withdrawn (the Indies income is drawn from them)"
        )
    return "both Asientos are made this turn (on Castile, then on the Indies)"


def do_asiento(g: Game, source: str) -> None:
    s = g.state
    n = asiento_ducats(g)
    if s.asiento == 0:
        s.asiento = 1
        if s.phase == "end-of-turn" and s.step in AFTER_INCOME:  # ruling R101
            s.castile_secured_next = True
            g.log(
                "Castile's revenues are secured: this turn's are already collected, so no "
                "ducats from Castile next turn (ruling R101).",
                rule=RULE_ASIENTO,
            )
        else:
            g.log(
                "Castile's revenues are secured: no ducats from Castile this turn.",
                rule=RULE_ASIENTO,
            )
    else:
        s.asiento = 2
        taken = sum(s.indies_ducats.values())
        for t in s.indies_ducats:
            s.indies_ducats[t] = 0
        g.log(
            f"Asiento on the Indies: the {taken} ducats in the viceroyalties and overseas "
            "territories are withdrawn.",
            rule=RULE_ASIENTO,
        )
    g.gain(n, source, rule=RULE_ASIENTO, cause="Asiento")


def pay(g: Game, amount: int, source: str, *, cause: str, rule: str = "") -> Rules:
    """Remove ducats owed by an event; an empty Treasury declares bankruptcy (ruling R5)."""
    s = g.state
    paid = min(amount, s.treasury)
    if paid:
        s.treasury -= paid
        s.stats.ledger[source] -= paid
        g.log(
            f"-{paid} ducat{'s' if paid != 1 else ''} ({cause}); Treasury {s.treasury}.",
            rule=rule,
            cause=cause,
        )
    owed = amount - paid
    if owed:
        yield from bankruptcy(g, owed, source, cause)


def bankruptcy(g: Game, owed: int, source: str, cause: str) -> Rules:
    s = g.state
    g.log(
        f"Bankruptcy: the Treasury is empty and {owed} ducat{'s are' if owed > 1 else ' is'} "
        f"owed ({cause}).",
        rule=RULE_BANKRUPTCY,
        cause=cause,
    )
    g.add_prestige(-1, "declaration of bankruptcy", rule=RULE_BANKRUPTCY)
    while owed > 0:
        opts = Choices()
        nxt = asiento_label(g)
        if nxt:
            opts.add(nxt[0], f"Asiento {asiento_terms(g)}")
        for loc in sorted(s.units):
            for kind in SELLABLE:
                if s.units[loc].get(kind, 0) > 0:
                    opts.add(
                        f"sell:{loc}:{kind}",
                        f"Sell {a_unit(UNIT_NAMES[kind])} in {g.name(loc)} (+1 ducat)",
                    )
        if not opts:
            g.log(
                f"Nothing left to raise ducats with: {plural(owed, 'ducat')} written off.",
                rule=f"{RULE_BANKRUPTCY} (ruling R5)",
                cause=cause,
            )
            return
        choice = yield from g.ask(
            f"Bankruptcy: raise ducats to pay {owed} owed",
            opts,
            kind=DecisionKind.BANKRUPTCY,
            role=Role.VALIDO,
            rule=RULE_BANKRUPTCY,
            cause=cause,
        )
        if choice.startswith("asiento:"):
            do_asiento(g, "bankruptcy:asiento")
        else:
            _, loc, kind = choice.split(":")
            s.units[loc][kind] -= 1
            g.log(
                f"{a_unit(UNIT_NAMES[kind], capital=True)} in {g.name(loc)} is sold.",
                rule=RULE_BANKRUPTCY,
                cause=cause,
            )
            g.gain(1, "bankruptcy:sale", rule=RULE_BANKRUPTCY, cause="sale of a unit")
        paid = min(owed, s.treasury)
        s.treasury -= paid
        s.stats.ledger[source] -= paid
        owed -= paid
        g.log(
            f"{plural(paid, 'ducat')} of the debt paid; Treasury {s.treasury}.",
            rule=RULE_BANKRUPTCY,
        )


def offer_payment(
    g: Game,
    cost: int,
    prompt: str,
    pay_label: str,
    keep_label: str,
    *,
    source: str,
    rule: str,
    cause: str,
) -> Rules:
    """The Valido may pay ``cost`` ducats for something a card offers; True if paid."""
    opts = Choices()
    opts.add(
        "pay",
        pay_label,
        None if g.state.treasury >= cost else "not enough ducats in the Treasury",
        Meaning("pay", source, cost),
    )
    opts.add("keep", keep_label)
    choice = yield from g.ask(
        prompt, opts, role=Role.VALIDO, rule=rule, cause=cause, kind=DecisionKind.PAYMENT
    )
    if choice == "pay":
        g.spend(cost, source, rule=rule, cause=cause)
        return True
    return False
