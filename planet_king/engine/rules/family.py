"""The royal family: Issue, children and the heir, the Queen, mortality."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.state import Child

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE_ISSUE = "Actions / Royal Actions (Issue)"
RULE_MORTALITY = "End of Turn Phase / Royal Family Mortality"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def child_name(child: Child, article: str = "a") -> str:
    """A child in words, told apart by birth order: "a sickly bastard son (3rd child)"."""
    words = ["sickly"] if child.sickly else []
    words += [] if child.legitimate else ["bastard"]
    words.append("son" if child.male else "daughter")
    born = child.id.removeprefix("child-")
    order = f" ({_ordinal(int(born))} child)" if born.isdigit() else ""
    return f"{article} {' '.join(words)}{order}"


def the_child(child: Child) -> str:
    """The child named at the start of a sentence: "The son (1st child)"."""
    return child_name(child, "The")


def new_child(g: Game, *, legitimate: bool, sickly: bool) -> Child | None:
    """Draw a child marker from the heirs cup: the sex is unknown until drawn."""
    s = g.state
    cup = ["male"] * s.child_markers.get("male", 0) + ["female"] * s.child_markers.get("female", 0)
    if not cup:
        g.log("No child marker is left in the cup.", rule=RULE_ISSUE)
        return None
    sex = g.pick(cup, "heirs")
    s.child_markers[sex] -= 1
    child = Child(f"child-{s.next_child}", sex == "male", legitimate, 1 if sickly else 0)
    s.next_child += 1
    s.children.append(child)
    return child


def return_marker(g: Game, child: Child) -> None:
    """Removed bastards and dead children go back to the cup (Royal Family Mortality)."""
    s = g.state
    s.children.remove(child)
    key = "male" if child.male else "female"
    s.child_markers[key] = s.child_markers.get(key, 0) + 1
    if s.heir == child.id:
        s.heir = None


def legitimate_children(g: Game) -> list[Child]:
    return [c for c in g.state.children if c.legitimate]


def issue(g: Game, cause: str) -> Rules:
    """As many tests as the Queen's and the Royal Mistress's fertility; positive or
    neutral: a child (neutral: sickly). A legitimate son is heir if there is none; a
    bastard son gives a happiness point."""
    s = g.state
    for lady, legitimate in ((s.queen, True), (s.mistress, False)):
        if lady is None:
            continue
        card = g.content.ladies[lady]
        for _ in range(card.fertility):
            t = g.fortune_test(f"Issue with {card.name}", rule=RULE_ISSUE)
            if t.negative:
                continue
            child = new_child(g, legitimate=legitimate, sickly=t.neutral)
            if child is None:
                continue
            g.log(f"{card.name} gives birth to {child_name(child)}.", rule=RULE_ISSUE, cause=cause)
            if legitimate and child.male and s.heir is None:
                s.heir = child.id
                g.log(
                    f"{the_child(child)} is the heir, Príncipe de Reynos.",
                    rule=RULE_ISSUE,
                    cause=cause,
                )
            if not legitimate and child.male:
                g.add_happiness(1, "birth of a bastard son", rule=RULE_ISSUE)
    return
    yield  # pragma: no cover


def remove_bastards(g: Game, cause: str, *, rule: str) -> None:
    """The bastards leave the Court, under the rule that acts (``rule``): mortality, the
    Royal Mistress's replacement, her death or exile (ruling R42)."""
    for child in [c for c in g.state.children if not c.legitimate]:
        return_marker(g, child)
        g.log(f"{the_child(child)} is removed ({cause}).", rule=rule, cause=cause)


def choose_heir(g: Game, cause: str) -> Rules:
    """Name another legitimate son as heir, if there is one."""
    s = g.state
    sons = [c for c in legitimate_children(g) if c.male]
    if s.heir is not None or not sons:
        return
    opts = Choices()
    for c in sons:
        opts.add(f"heir:{c.id}", the_child(c))
    choice = yield from g.ask(
        "Name the new heir",
        opts,
        role=Role.KING,
        rule=RULE_MORTALITY,
        cause=cause,
        kind=DecisionKind.HEIR,
    )
    s.heir = choice.partition(":")[2]
    heir = next(c for c in sons if c.id == s.heir)
    g.log(f"{the_child(heir)} is the new heir.", rule=RULE_MORTALITY, cause=cause)


def mortality(g: Game) -> Rules:
    """Bastards leave; each legitimate child, heir first, and the Queen are tested."""
    s = g.state
    cause = "Royal Family Mortality"
    yield from bastard_heir(g)
    remove_bastards(g, "they are educated away from the Court", rule=RULE_MORTALITY)
    ordered = sorted(legitimate_children(g), key=lambda c: c.id != s.heir)
    for child in ordered:
        t = g.fortune_test(f"mortality of {child_name(child)}", rule=RULE_MORTALITY)
        dies = t.negative or (t.neutral and child.sickly >= 1)
        if not dies:
            if t.neutral:
                g.log(f"{the_child(child)} is sickly.", rule=RULE_MORTALITY)  # named as was
                child.sickly += 1
            continue
        was_heir = s.heir == child.id
        return_marker(g, child)
        g.log(f"{the_child(child)} dies.", rule=RULE_MORTALITY)
        if child.male:
            reason = "death of the heir" if was_heir else "death of a son"
            g.add_happiness(-1, reason, rule=RULE_MORTALITY)
        if was_heir:
            yield from choose_heir(g, cause)
    yield from queen_mortality(g)
    if not legitimate_children(g):
        g.add_prestige(-1, "no legitimate child alive", rule=RULE_MORTALITY)
        g.add_happiness(-1, "no legitimate child alive", rule=RULE_MORTALITY)
    heir = next((c for c in s.children if c.id == s.heir), None)
    if heir is not None and heir.male:
        g.add_vp(1, "a male heir is alive", rule=RULE_MORTALITY, role=Role.KING)


def bastard_heir(g: Game) -> Rules:
    """Optional rule: with no heir, the King may legitimise a bastard son as heir for
    four prestige points (Special Rules / Bastard Son as Heir; ruling R41)."""
    s = g.state
    if "bastard-heir" not in g.options.optional or s.heir is not None:
        return
    sons = [c for c in s.children if not c.legitimate and c.male]
    if not sons:
        return
    opts = Choices()
    opts.add("legitimise:none", "Name no bastard heir")
    for c in sons:
        opts.add(f"legitimise:{c.id}", f"Legitimise {child_name(c)} as heir (-4 prestige)")
    choice = yield from g.ask(
        "Designate a bastard son as heir?",
        opts,
        kind=DecisionKind.BASTARD_HEIR,
        role=Role.KING,
        rule="Special Rules / Bastard Son as Heir (Optional)",
    )
    if choice == "legitimise:none":
        return
    child = next(c for c in sons if c.id == choice.partition(":")[2])
    child.legitimate = True
    s.heir = child.id
    g.log(
        f"{the_child(child)} is legitimised and becomes the heir.",
        rule="Special Rules / Bastard Son as Heir (Optional)",
    )
    g.add_prestige(-4, "legitimising a bastard son", rule="Special Rules / Bastard Son as Heir")


def queen_mortality(g: Game) -> Rules:
    """The Queen dies on a second negative result in two different turns."""
    s = g.state
    if s.queen is None:
        return
    name = g.name(s.queen)
    t = g.fortune_test(f"mortality of Queen {name}", rule=RULE_MORTALITY)
    if not t.negative:
        if s.queen_sickly:
            s.queen_sickly = False
            g.log(f"Queen {name} recovers: her sickly marker is removed.", rule=RULE_MORTALITY)
        return
    if not s.queen_sickly:
        s.queen_sickly = True
        g.log(f"Queen {name} is sickly.", rule=RULE_MORTALITY)
        return
    s.removed_notables.append(s.queen)
    s.queen, s.queen_sickly = None, False
    g.log(f"Queen {name} dies.", rule=RULE_MORTALITY)
    g.add_happiness(-1, "death of the Queen", rule=RULE_MORTALITY)
    yield from choose_queen(g, "death of the Queen", rule=RULE_MORTALITY)


def queen_candidates(g: Game) -> list[str]:
    return [lid for lid in g.state.ladies_deck if g.content.ladies[lid].prestige >= 0]


def choose_queen(g: Game, cause: str, *, rule: str) -> Rules:
    """A new Queen among the available ladies with prestige 0 or more, if any (``rule``:
    the one that acts: mortality, the Organisation's step, ROYAL MARRIAGE)."""
    s = g.state
    candidates = queen_candidates(g)
    if not candidates:
        g.log(
            "No lady with prestige 0 or more is available: the King has no Queen.",
            rule=rule,
            cause=cause,
        )
        return
    lid = yield from ask_lady(
        g, "queen", "Choose the new Queen", candidates, rule=rule, cause=cause
    )
    s.ladies_deck.remove(lid)
    s.queen = lid
    g.log(f"{g.name(lid)} is the new Queen.", rule=rule, cause=cause)
    _fortune_trait(g, lid)


def ask_lady(
    g: Game, kind: str, prompt: str, candidates: list[str], *, rule: str, cause: str = ""
) -> Rules:
    """The King chooses a lady (ladies are face up: he sees their ratings)."""
    opts = Choices()
    for lid in candidates:
        card = g.content.ladies[lid]
        opts.add(
            f"{kind}:{lid}",
            f"{card.name} (prestige {card.prestige}, happiness "
            f"{card.happiness}, fertility {card.fertility})",
        )
    choice = yield from g.ask(
        prompt,
        opts,
        role=Role.KING,
        rule=rule,
        cause=cause,
        kind=DecisionKind.QUEEN if kind == "queen" else DecisionKind.MISTRESS,
    )
    return choice.partition(":")[2]


def _fortune_trait(g: Game, lid: str) -> None:
    s = g.state
    if "fortune" in g.content.ladies[lid].traits and lid not in s.fortune_paid:
        s.fortune_paid.append(lid)
        g.gain(
            1,
            "trait:fortune",
            rule="Notable Cards / NOBLE Cards (Fortune)",
            cause=f"{g.name(lid)} has a fortune",
        )


def mistress_candidates(g: Game) -> list[str]:
    return [lid for lid in g.state.ladies_deck if g.content.ladies[lid].prestige <= 0]


def choose_mistress(g: Game, cause: str, *, rule: str) -> Rules:
    """Replace the Royal Mistress (she leaves the game with her bastards)."""
    s = g.state
    candidates = mistress_candidates(g)
    if not candidates:
        g.log("No lady with prestige 0 or less is available.", rule=rule, cause=cause)
        return
    lid = yield from ask_lady(
        g, "mistress", "Choose the Royal Mistress", candidates, rule=rule, cause=cause
    )
    old = s.mistress
    if old is not None:
        s.removed_notables.append(old)
        remove_bastards(g, f"{g.name(old)} leaves the Court", rule=rule)
        g.log(f"{g.name(old)} leaves the Court for good.", rule=rule, cause=cause)
    s.ladies_deck.remove(lid)
    s.mistress = lid
    g.log(f"{g.name(lid)} is the Royal Mistress.", rule=rule, cause=cause)
