"""Political actions (Actions / Political Actions): offices, commands and embassies."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from planet_king.content.ids import Noble, Power, War
from planet_king.engine.decisions import Choices, DecisionKind, Option, Role
from planet_king.engine.rules import court, war_end, war_leaders, wars
from planet_king.engine.rules.actions.protocol import Context, action, check, refused_everywhere
from planet_king.engine.words import plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules


R_POL = "Actions / Political Actions"


def appointable(g: Game, nid: str) -> list[str]:
    """Offices and army commands a noble could be put in."""
    return [p for p, why in _positions(g, nid) if why is None]


def _positions(g: Game, nid: str) -> Iterator[tuple[str, str | None]]:
    """Every office and army command, with why this noble cannot take it (None: he
    can). A command he cannot take stays listed with its reason (issue 32: "Nominate
    Ambrosio de Spinola to?" offered no army command, and did not say why)."""
    s = g.state
    for o in s.offices:
        yield f"office:{o}", None
    why = court.why_not_command(g, nid)
    for w, ws in s.wars.items():
        if ws.active:
            yield f"army:{w}", why


def _position_options(g: Game, nid: str, opts: Choices, *, frees_a_seat: bool) -> None:
    """The offices and commands a noble may be given, each saying whom it replaces and
    what becomes of him: back to Court, or out of the game when the Court is full."""
    seat_free = frees_a_seat or court.free_court_slot(g) is not None
    for p, why in _positions(g, nid):
        who = court.holder(g, p)
        label = court.position_name(g, p)
        if who:
            fate = (
                "who returns to Court or leaves the game"
                if seat_free
                else ("who leaves the game: the Court is full")
            )
            label += f" (replacing {g.name(who)}, {fate})"
        if why is None and locked(g, p):
            why = "Isabel Clara Eugenia cannot be removed at will"
        opts.add(f"place:{p}", label, why)


def locked(g: Game, pos: str) -> bool:
    """Isabel Clara Eugenia cannot leave the office of Governor of Flanders at will."""
    return pos == "office:governor-flanders" and court.holder(g, pos) == Noble.ISABEL_CLARA_EUGENIA


def _ask_position(g: Game, prompt: str, nid: str, opts: Choices, rule: str, ctx: Context) -> Rules:
    """The Valido places the noble: the position chosen (``office:x``, ``army:w`` or
    ``place:slot``), without its prefix."""
    choice = yield from g.ask(
        prompt,
        opts,
        role=Role.VALIDO,
        rule=rule,
        cause=ctx.cause,
        kind=DecisionKind.PLACE_NOBLE,
        subject=nid,
    )
    return choice.partition(":")[2]


def _install(g: Game, nid: str, pos: str, rule: str, cause: str) -> Rules:
    """Put a noble in a position; the one displaced is removed or returns to Court."""
    old = court.holder(g, pos)
    if old is not None:
        court.set_holder(g, pos, None)
    court.place(g, nid, pos, cause=cause)
    if old is None:
        return
    remove = Option("remove", f"Remove {g.name(old)} from the game")
    prompt = f"{g.name(old)} is replaced: return to Court or remove?"
    if not (yield from court.offer_court(g, old, remove, prompt, rule=rule, cause=cause)):
        yield from court.remove_from_game(g, old, f"replaced by {g.name(nid)}", rule=rule)


@action(
    "appoint-noble",
    "political",
    "Appoint Noble",
    f"{R_POL} (Appoint Noble)",
    does="the top noble card goes to Court, an office or an army command; a holder "
    "replaced returns to Court or leaves the game",
)
def _appoint(g: Game, ctx: Context) -> Rules:
    rule = f"{R_POL} (Appoint Noble)"
    nid = g.draw("nobles")
    g.random_draws += 1
    g.seen_draws += 1
    g.log(f"{g.name(nid)} is drawn from the noble deck.", rule=rule, cause=ctx.cause)
    opts = Choices()
    slot = court.free_court_slot(g)
    # "At Court" stays listed when the Court is full, with why (issue 32)
    opts.add(f"place:{slot or 'court'}", "At Court", None if slot else "the Court is full")
    _position_options(g, nid, opts, frees_a_seat=False)
    if not opts:
        court.to_deck_bottom(g, nid)
        g.log(f"No place for {g.name(nid)}: the card goes to the bottom of the deck.", rule=rule)
        return
    pos = yield from _ask_position(g, f"Where does {g.name(nid)} go?", nid, opts, rule, ctx)
    yield from _install(g, nid, pos, rule, "Appoint Noble")


@check(_appoint)
def _appoint_check(g: Game, ctx: Context) -> str | None:
    return None if g.state.noble_deck else "the noble deck is empty"


@action(
    "nominate-noble",
    "political",
    "Nominate Noble",
    f"{R_POL} (Nominate Noble)",
    does="a noble at Court moves to an office or an army command; a holder replaced "
    "returns to Court or leaves the game",
)
def _nominate(g: Game, ctx: Context) -> Rules:
    rule = f"{R_POL} (Nominate Noble)"
    opts = Choices()
    for nid in court.court_nobles(g):
        opts.add(f"noble:{nid}", g.name(nid), None if _nominable(g, nid) else "no position")
    nid = (
        yield from g.ask(
            "Nominate which noble from Court?",
            opts,
            role=Role.VALIDO,
            rule=rule,
            cause=ctx.cause,
            kind=DecisionKind.NOMINATE_NOBLE,
        )
    ).partition(":")[2]
    popts = Choices()
    _position_options(g, nid, popts, frees_a_seat=True)  # he leaves his seat at Court
    pos = yield from _ask_position(g, f"Nominate {g.name(nid)} to?", nid, popts, rule, ctx)
    court.set_holder(g, court.where(g, nid) or "", None)
    yield from _install(g, nid, pos, rule, "Nominate Noble")


def _nominable(g: Game, nid: str) -> bool:
    return any(why is None and not locked(g, p) for p, why in _positions(g, nid))


@check(_nominate)
def _nominate_check(g: Game, ctx: Context) -> str | None:
    if not any(_nominable(g, n) for n in court.court_nobles(g)):
        return "no noble at Court can take an office or a command"
    return None


def embassy_targets(g: Game) -> Choices:
    """Active wars, with why an embassy cannot go there."""
    opts = Choices()
    for w, why in _embassy_reasons(g):
        truce = " (at truce: peace)" if g.state.wars[w].truce else ""
        opts.add(f"war:{w}", g.name(w) + truce, why)
    return opts


def _embassy_reasons(g: Game) -> Iterator[tuple[str, str | None]]:
    for w, ws in g.state.wars.items():
        if not ws.active:
            continue
        if not ambassadors(g, w):
            yield w, "no ambassador available"
        elif ws.truce and w == War.PALATINATE:
            yield w, "the Palatinate war cannot end through diplomacy"
        else:
            yield w, None


def ambassadors(g: Game, war_id: str) -> list[str]:
    s = g.state
    out = list(court.court_nobles(g))
    if war_id == War.FLANDERS and s.offices.get("governor-flanders"):
        out.append(s.offices["governor-flanders"] or "")
    if war_id == War.PALATINATE and s.offices.get("ambassador-austria"):
        out.append(s.offices["ambassador-austria"] or "")
    return out


@action(
    "embassy",
    "political",
    "Send Embassy",
    f"{R_POL} (Embassy)",
    unique=True,
    cost=1,
    does="an ambassador makes his political rating minus 1 in fortune tests: a positive "
    "result puts a war at truce until the end of the turn (a second embassy makes peace: "
    "-1 VP, -1 prestige)",
)
def _embassy(g: Game, ctx: Context) -> Rules:
    yield from embassy(g, ctx.cause, paid=True)


NO_EMBASSY = "no-embassy"


def embassy(g: Game, cause: str, *, paid: bool, optional: bool = False) -> Rules:
    """Send an embassy: political - 1 tests; a success makes a truce, or peace on a truce.
    ``optional``: the player may send none (DIPLOMACY: "The player may send an embassy")."""
    s = g.state
    rule = f"{R_POL} (Embassy)"
    targets = embassy_targets(g)
    if optional:
        targets.add(NO_EMBASSY, "Send no embassy")
    choice = yield from g.ask(
        "Send an embassy to which war?",
        targets,
        kind=DecisionKind.EMBASSY_TARGET,
        role=Role.VALIDO,
        rule=rule,
        cause=cause,
    )
    if choice == NO_EMBASSY:
        g.log("No embassy is sent.", rule="Events / Diplomacy", cause=cause)
        return
    war_id = choice.partition(":")[2]
    aopts = Choices()
    for nid in ambassadors(g, war_id):
        aopts.add(
            f"noble:{nid}", f"{g.name(nid)} (political {court.known_rating(g, nid, 'political')})"
        )
    nid = (
        yield from g.ask(
            "Choose the ambassador",
            aopts,
            role=Role.VALIDO,
            rule=rule,
            cause=cause,
            kind=DecisionKind.AMBASSADOR,
            subject=war_id,
        )
    ).partition(":")[2]
    if paid:
        g.spend(1, "action:embassy", rule=rule, cause="Embassy")
    tests = court.rating(g, nid, "political") - 1
    g.log(
        f"{g.name(nid)} goes as ambassador to {g.name(war_id)}: {plural(max(tests, 0), 'test')}.",
        rule=rule,
        cause=cause,
    )
    success = False
    for _ in range(max(tests, 0)):
        if g.fortune_test(f"embassy to {g.name(war_id)}", rule=rule).positive:
            success = True
            break
    ws = s.wars[war_id]
    if not success:
        g.log("The embassy fails.", rule=rule, cause=cause)
        return
    if ws.truce:
        yield from war_end.end_war(g, war_id, "peace", cause)
    else:
        ws.truce = True
        g.log(
            f"Truce in {g.name(war_id)}: the marker cannot move until the end of the turn.",
            rule=rule,
            cause=cause,
        )
    if wars.power_of(g, war_id) == Power.FRANCE:
        yield from war_leaders.conde_leaves(g, cause)


@check(_embassy)
def _embassy_check(g: Game, ctx: Context) -> str | None:
    if ctx.kind == "organisation":
        return "not in the Organisation phase"
    return refused_everywhere(g, _embassy_reasons(g), "no war to send an embassy to")
