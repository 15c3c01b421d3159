"""Secret Memorials: drawing, reading, tasks checked each turn, claims and the final count.

In co-op each player reads only his own card, from the Organisation phase of the game's
turn 2; the partner's stays hidden until it is claimed or the game ends. The log never
names a card that is still hidden from one of the players. A card is scored only once its
player has read it (ruling R87): a one-turn scenario plays without them, and a card still
unread at an automatic defeat is shown, not scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Place, War
from planet_king.content.models import Memorial
from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.rules import wars

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE = "Secret Memorial (Optional)"
# Tasks about the state at the end of the game; the others are met at the end of a turn
# (or ever since), and stay met.
FINAL_STATE = frozenset(
    {
        "heir-alive",
        "court-painter",
        "geniuses-at-court",
        "union-of-arms-kept",
        "valtellina-open",
        "portugal-kept",
        "treasury-at-least",
    }
)


def chosen(g: Game) -> bool:
    """The players chose them: mandatory in co-op, optional in solo."""
    return g.options.coop or g.options.memorials


def readable(g: Game) -> bool:
    """A card is first read in the game's second turn (ruling R59): a scenario of one
    turn (Iupiter Hispano) never reaches it, and Hothead has none (ruling R43)."""
    return not g.hothead and g.scenario.last_turn > g.scenario.first_turn


def in_use(g: Game) -> bool:
    """Chosen, and in a scenario where they can be read before they are scored (R87);
    never in Hothead, co-op included (R43, R91)."""
    return chosen(g) and readable(g)


def read_turns(g: Game) -> list[int]:
    """The turns whose Organisation phase reads a card: in co-op each player reads his
    own in the game's second turn; in solo one on the second, the other on the third;
    only the turns the scenario has."""
    first = g.scenario.first_turn
    turns = [first + 1] if g.options.coop else [first + 1, first + 2]
    return [t for t in turns if t <= g.scenario.last_turn]


def card(g: Game, cid: str) -> Memorial:
    return g.content.memorials[cid]


def draw(g: Game) -> None:
    """One card of each deck, unseen (Secret Memorial / Solo Mode, Cooperative Mode)."""
    s = g.state
    for owner in ("king", "valido"):
        deck = sorted(m.id for m in g.content.memorials.values() if m.owner == owner)
        # a hidden deal: fate shows when the card is read (``read_step``)
        s.memorials[owner] = g.pick(deck, f"{owner} memorials", seen=False)
    g.log("The King and the Valido each draw a Secret Memorial, unseen.", rule=RULE)


def game_turn(g: Game) -> int:
    """The turn of the game, counted from the scenario's first turn (ruling R59)."""
    return g.state.turn - g.scenario.first_turn + 1


def read_step(g: Game) -> Rules:
    """Solo: at the start of the game's second Organisation phase the player reveals one
    card of his choice, at the third the other. Co-op: from the second each player reads
    his own. The game's turns count from the scenario's first (ruling R59)."""
    s = g.state
    if not in_use(g) or not s.memorials:
        return
    n = game_turn(g)
    if g.options.coop:
        if n >= 2:
            for owner, cid in s.memorials.items():
                if cid not in s.memorials_read:
                    s.memorials_read.append(cid)
                    g.seen_draws += 1  # the card dealt unseen at set-up shows now
                    g.log(
                        f"The {owner.capitalize()} reads his Secret Memorial (hidden from "
                        "his partner).",
                        rule=f"{RULE} / Cooperative Mode",
                    )
        return
    unread = [(o, c) for o, c in s.memorials.items() if c not in s.memorials_read]
    if not unread or n < 2:
        return
    if n == 2 and len(unread) == 2:
        opts = Choices()
        for owner, _ in unread:
            opts.add(
                f"read:{owner}",
                f"Reveal the {'King' if owner == 'king' else 'Valido'}'s Secret Memorial",
            )
        choice = yield from g.ask(
            "Reveal one Secret Memorial",
            opts,
            role=Role.KING,
            rule=f"{RULE} / Solo Mode",
            kind=DecisionKind.MEMORIAL,
        )
        unread = [(o, c) for o, c in unread if o == choice.partition(":")[2]]
    for _, cid in unread[:1]:
        s.memorials_read.append(cid)
        g.seen_draws += 1  # the card dealt unseen at set-up shows now
        m = card(g, cid)
        g.log(f"Secret Memorial revealed: {m.name} — {m.task}", rule=f"{RULE} / Solo Mode")


def vp_for(g: Game, m: Memorial) -> int:
    """The white circle in the eight-turn campaign, the red one in shorter scenarios."""
    turns = g.scenario.last_turn - g.scenario.first_turn + 1
    return m.vp_campaign if turns >= 8 else m.vp_short


def _owner_role(m: Memorial) -> Role:
    return Role.KING if m.owner == "king" else Role.VALIDO


def _met(g: Game, m: Memorial, *, final: bool, scores: dict[str, int] | None = None) -> bool:
    """Is the task done? ``scores``: the turn's scores if not yet counted (forecast)."""
    s = g.state
    p = m.params
    key = m.condition
    scores = s.last_scores if scores is None else scores
    if key == "enlightenment-at-least":
        return scores.get("enlightenment", 0) >= int(p["points"])
    if key == "happiness-at-least":
        return scores.get("happiness", 0) >= int(p["points"])
    if key == "prestige-at-least":
        return scores.get("prestige", 0) >= int(p["points"])
    if key == "wars-held":
        powers = {g.content.wars[w].power for w in wars.active_wars(g)}
        red = any(s.wars[w].position < 0 for w in wars.active_wars(g))
        return len(powers) >= int(p["wars"]) and not red
    if key == "wars-won-in-turn":
        return s.wins_this_turn >= int(p["wars"])
    if key == "won-war":
        named = str(p["wars"]).split()
        return any(
            c["won"]
            for w, c in s.stats.wars.items()
            if g.content.wars[w].power in named or w in named
        )
    if key == "exploration-reached":
        track = g.content.tables.exploration_track
        target = str(p["space"])
        return target in track and s.exploration >= track.index(target)
    if not final:
        return False
    if key == "heir-alive":
        return any(c.id == s.heir and c.male for c in s.children)
    if key == "court-painter":
        return s.court_painter is not None
    if key == "geniuses-at-court":
        here = [x for x in s.court_geniuses if x]
        arts = {g.content.geniuses[x].art for x in here}
        return len(here) >= int(p["geniuses"]) and len(arts) >= int(p.get("arts", 1))
    if key == "union-of-arms-kept":
        return s.union_of_arms >= 2 and Place.SPAIN not in s.revolts
    if key == "valtellina-open":
        return not s.valtellina_closed
    if key == "portugal-kept":
        portugal = s.stats.wars.get(War.PORTUGAL)
        return not s.portugal_independent or bool(portugal and portugal["won"])
    if key == "treasury-at-least":
        return s.treasury >= int(p["ducats"])
    raise ValueError(f"unknown memorial condition '{key}'")


def check_turn(g: Game) -> None:
    """At the end of each turn: tasks met are noted; immediate cards are claimed once
    their player has read them (a task met before stays noted until then, R87, R97)."""
    s = g.state
    if not in_use(g):
        return
    for owner, cid in s.memorials.items():
        m = card(g, cid)
        if (
            cid not in s.memorials_done
            and m.condition not in FINAL_STATE
            and _met(g, m, final=False)
        ):
            s.memorials_done.append(cid)
        due = cid in s.memorials_done and cid in s.memorials_read
        if m.check == "immediate" and due and cid not in s.memorials_claimed:
            _claim(g, m, owner)


def claims_due(g: Game, scores: dict[str, int]) -> list[tuple[Memorial, str]]:
    """The immediate cards this End of Turn will claim with these scores, and whose: only
    cards read by their player (as ``check_turn`` claims them)."""
    s = g.state
    if not in_use(g):
        return []
    out = []
    for owner, cid in s.memorials.items():
        m = card(g, cid)
        if m.check != "immediate" or cid in s.memorials_claimed or cid not in s.memorials_read:
            continue
        done = cid in s.memorials_done or (
            m.condition not in FINAL_STATE and _met(g, m, final=False, scores=scores)
        )
        if done:
            out.append((m, owner))
    return out


def _claim(g: Game, m: Memorial, owner: str) -> None:
    s = g.state
    s.memorials_claimed.append(m.id)
    g.log(
        f"The {owner.capitalize()} claims his Secret Memorial: {m.name} — {m.task}",
        rule=f"{RULE} / Secret Memorial Letters",
    )
    g.add_vp(vp_for(g, m), f"Secret Memorial {m.name}", rule=RULE, role=_owner_role(m))


def final_count(g: Game) -> bool:
    """At the end of the game: VP for the tasks done, the black circle for the others.
    Returns True if at least one task was completed."""
    s = g.state
    if not in_use(g):
        return True
    for owner, cid in s.memorials.items():
        m = card(g, cid)
        if cid not in s.memorials_read:  # an automatic defeat came first (R87)
            g.log(
                f"The {owner.capitalize()}'s Secret Memorial was never read: it is shown "
                f"now and not scored: {m.name} — {m.task}",
                rule=f"{RULE} / Secret Memorial Letters (ruling R87)",
            )
            continue
        if cid not in s.memorials_done and _met(g, m, final=True):
            s.memorials_done.append(cid)
        if cid in s.memorials_claimed:
            continue
        if cid in s.memorials_done:
            _claim(g, m, owner)
        else:
            g.log(
                f"The {owner.capitalize()}'s Secret Memorial failed: {m.name} — {m.task}",
                rule=f"{RULE} / Secret Memorial Letters",
            )
            g.add_vp(-m.vp_fail, f"Secret Memorial {m.name} failed", rule=RULE, role=_owner_role(m))
    read = [cid for cid in s.memorials.values() if cid in s.memorials_read]
    return not read or any(cid in s.memorials_done for cid in read)


def outcome(g: Game) -> dict[str, dict[str, object]]:
    """card id -> status (claimed / completed / failed) and VP, for simulation reports."""
    s = g.state
    out: dict[str, dict[str, object]] = {}
    for cid in s.memorials.values():
        m = card(g, cid)
        if cid not in s.memorials_read:
            out[cid] = {"status": "unread", "vp": 0}
        elif cid in s.memorials_claimed:
            out[cid] = {"status": "claimed", "vp": vp_for(g, m)}
        elif cid in s.memorials_done:
            out[cid] = {"status": "completed", "vp": vp_for(g, m)}
        else:
            out[cid] = {"status": "failed", "vp": -m.vp_fail if s.over else 0}
    return out


def visible_to(g: Game, role: Role) -> list[str]:
    """The memorials a role may see: his own once read, any claimed, all at the end."""
    s = g.state
    out = []
    for owner, cid in s.memorials.items():
        own = owner == role.value
        solo = not g.options.coop
        if s.over or cid in s.memorials_claimed or (cid in s.memorials_read and (own or solo)):
            out.append(cid)
    return out
