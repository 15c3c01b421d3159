"""Set-up and end of the standard scenarios (Iupiter Hispano, Anni Mirabiles, Anni
Horribiles, The Planet King)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Event
from planet_king.engine import draws
from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.rules import court, family, memorials, organisation, war_leaders, wars
from planet_king.engine.state import Child, VictoryLevel

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE_SETUP = "Setup / Court and Council of State"
UNION_OF_ARMS = Event.UNION_OF_ARMS


def setup_standard(g: Game) -> Rules:
    s = g.state
    scen = g.scenario
    s.removed_notables.extend(scen.eliminated)
    if organisation.OLIVARES in scen.eliminated and scen.valido != organisation.OLIVARES:
        # Dismissed before the scenario: SOR MARÍA DE ÁGREDA enters "on the turn after the
        # dismissal", already past (Special Rules / Sor María de Ágreda; ruling R64).
        s.olivares_left = scen.first_turn - 1
    s.valido_since = scen.first_turn
    s.child_markers = {sex: n for sex, n in g.content.tables.child_markers.items()}
    if scen.union_of_arms_completed:
        # Completed: played twice, so its first play added an INSTABILITY card for good
        # (Creating the Event Decks), and the card left the game (Events / Union of Arms;
        # ruling R64).
        s.union_of_arms = 2
        s.union_instability = True
        s.removed_events.append(UNION_OF_ARMS)
    if scen.heir:
        s.children.append(Child(scen.heir, True, True, 1 if scen.heir_sickly else 0))
        s.child_markers["male"] -= 1
        s.heir = scen.heir
    for i, gid in enumerate(scen.court_geniuses):
        s.court_geniuses[i] = gid
    s.court_painter = scen.court_painter
    for war_id in scen.ended_wars:
        s.wars[war_id].outcome = "ended"
    for ws in scen.wars:
        war = s.wars[ws.war]
        war.active, war.position = True, ws.position
        wars.stat(g, ws.war, "at_setup")  # the scenario places its War marker
        if ws.leader:
            war.leader = ws.leader
    for ws in scen.wars:
        if ws.enemy_leader:
            s.wars[ws.war].enemy_leader = ws.enemy_leader
        else:
            war_leaders.appoint_enemy_leader(g, ws.war, "set-up")
    if not scen.indies_full:
        s.indies_ducats = dict.fromkeys(s.indies_ducats, 0)
    organisation.fill_decks(g, exclude=set(scen.set_aside_nobles))
    if g.options.war_only:
        _war_only_setup(g)
    organisation.shuffle_notable_decks(g)
    yield from _random_court(g)
    for lid in (s.queen,):
        if lid in s.ladies_deck:
            s.ladies_deck.remove(lid)
    if scen.mistress_choices and not g.options.war_only:
        lid = yield from family.ask_lady(
            g, "mistress", "Choose the Royal Mistress", list(scen.mistress_choices), rule=RULE_SETUP
        )
        s.mistress = lid
        if lid in s.ladies_deck:
            s.ladies_deck.remove(lid)
        g.log(f"{g.name(lid)} is the Royal Mistress.", rule=RULE_SETUP)
    organisation.build_event_deck(g, instability=scen.instability_cards)
    organisation.place_cubes(g)
    if memorials.in_use(g):
        memorials.draw(g)


def _war_only_setup(g: Game) -> None:
    """War-Only mode: no geniuses, ladies, heirs or royal actions (Scenarios / War-Only)."""
    s = g.state
    s.genius_deck.clear()
    s.genius_bottom.clear()
    s.ladies_deck.clear()
    s.court_geniuses = [None] * 4
    s.court_painter = None
    s.queen = None
    s.children.clear()
    s.heir = None
    g.log(
        "War-Only mode: geniuses, ladies, heirs and royal actions are not used; all VP "
        "are doubled.",
        rule="Scenarios / War-Only Mode",
    )


def _random_court(g: Game) -> Rules:
    """Draw nobles and geniuses; the player fills the offices (and commands) from the
    drawn nobles; the rest go to Court."""
    s = g.state
    scen = g.scenario
    drawn = [g.draw("nobles") for _ in range(min(scen.random_nobles, len(s.noble_deck)))]
    g.random_draws += 1
    g.seen_draws += 1
    if drawn:
        g.log(f"Nobles drawn: {', '.join(g.name(n) for n in drawn)}.", rule=RULE_SETUP)
    for war_id in scen.random_commands:
        drawn += _draw_a_commander(g, drawn, war_id)
    # The commands first: an office never takes the only noble who can command (R89).
    slots = [f"army:{w}" for w in scen.random_commands]
    slots += [f"office:{o}" for o in scen.random_offices]
    for pos in slots:
        opts = Choices()
        for nid in drawn:
            n = g.content.nobles[nid]
            why = (
                None
                if pos.startswith("office") or court.can_command(g, nid)
                else "no military rating"
            )
            opts.add(
                f"noble:{nid}",
                f"{n.name} (military {n.military}, political "
                f"{n.political}, government {n.government})",
                why,
            )
        if not opts:
            g.log(f"No drawn noble can take the {court.position_name(g, pos)}.", rule=RULE_SETUP)
            continue
        nid = (
            yield from g.ask(
                f"Set-up: who takes the {court.position_name(g, pos)}?",
                opts,
                role=Role.KING,
                rule=RULE_SETUP,
                kind=DecisionKind.FILL_POSITION,
                subject=pos,
            )
        ).partition(":")[2]
        drawn.remove(nid)
        court.place(g, nid, pos, cause="set-up")
    for nid in drawn:
        slot = court.free_court_slot(g)
        if slot:
            court.place(g, nid, slot, cause="set-up")
        else:
            court.to_deck_bottom(g, nid)
            g.log(
                f"No seat at Court for {g.name(nid)}: the card goes to the bottom of the "
                "noble deck.",
                rule=RULE_SETUP,
            )
    for _ in range(scen.random_geniuses):
        free = [i for i, x in enumerate(s.court_geniuses) if x is None]
        if not s.genius_deck or not free:
            break
        gid = g.draw("geniuses")
        g.seen_draws += 1  # drawn face up: what fate dealt shows here (not in random_draws,
        # which saves and undo have always read without it)
        s.court_geniuses[free[0]] = gid
        g.log(f"{g.name(gid)} comes to Court.", rule=RULE_SETUP)


def _draw_a_commander(g: Game, drawn: list[str], war_id: str) -> list[str]:
    """Ruling R89: when no drawn noble can command the army the set-up names, nobles are
    drawn on until one can; he joins the drawn nobles, the others go back to the deck."""
    s = g.state
    if any(court.can_command(g, n) for n in drawn):
        return []
    passed: list[str] = []
    found: list[str] = []
    while s.noble_deck and not found:
        nid = g.draw("nobles")
        g.seen_draws += 1  # shown, like the nobles drawn before (random_draws: see below)
        (found if court.can_command(g, nid) else passed).append(nid)
    if passed:
        s.noble_deck.extend(passed)
        draws.shuffle(g.rng, s.noble_deck)
        s.noble_bottom.clear()  # shuffled: nothing known of its order (R106)
        g.random_draws += 1
    army = court.position_name(g, f"army:{war_id}")
    got = f"{g.name(found[0])} is drawn" if found else "no noble of the deck can either"
    back = f"; {', '.join(g.name(n) for n in passed)} go back to the deck" if passed else ""
    g.log(
        f"No drawn noble can take the {army}: nobles are drawn on until one can (ruling "
        f"R89): {got}{back}.",
        rule=RULE_SETUP,
    )
    return found


def first_organisation(g: Game) -> Rules:
    """The first turn's Organisation phase is only the player's free actions."""
    from planet_king.engine.rules import actions

    s = g.state
    s.phase = "organisation"
    g.log(
        f"Turn {s.turn}: the Organisation phase (first turn: player actions only).",
        rule="Game Sequence / Organisation Phase",
    )
    yield from actions.take_actions(g, actions.Context("organisation", "Organisation phase"))


def finish_standard(g: Game, why: str) -> None:
    """The victory level from the scenario's thresholds (Victory Levels)."""
    s = g.state
    s.phase = "over"
    s.ended_by = why
    t = g.scenario.thresholds
    some_task_done = memorials.final_count(g)
    if s.defeat_cause:
        level = VictoryLevel.DEFEAT
    elif not some_task_done:
        level = VictoryLevel.NEITHER_KING_NOR_PLANET
        g.log(
            "No Secret Memorial task was completed: Neither King nor Planet.",
            rule="Secret Memorial (Optional)",
        )
    elif t.major_victory is not None and s.vp >= t.major_victory:
        level = VictoryLevel.MAJOR_VICTORY
    elif t.historical_outcome is not None and s.vp >= t.historical_outcome:
        level = VictoryLevel.HISTORICAL_OUTCOME
    elif t.defeat is not None and s.vp >= t.defeat:
        level = VictoryLevel.DEFEAT
    else:
        level = VictoryLevel.NEITHER_KING_NOR_PLANET
    s.victory_level = level
    if s.defeat_cause:  # ruling R45: a loss below every level, whatever the VP
        g.log(
            f"The reign ends on turn {s.turn} with an automatic defeat: Defeat, a loss "
            f"whatever the VP ({s.vp} VP; the victory levels count only after the last "
            "turn, and rank an automatic defeat below them all, ruling R45).",
            rule="Victory / Automatic Defeat",
        )
    else:
        g.log(
            f"The reign ends with {s.vp} VP: {level.replace('-', ' ').title()}.",
            rule="Victory / Victory Levels",
        )
    coop_winner(g)
    s.over = True


def coop_winner(g: Game) -> None:
    """Cooperative Game / Victory: the players compare their VP to find the winner."""
    s = g.state
    if not g.options.coop:
        return
    winner = "king" if s.vp_king > s.vp_valido else ("valido" if s.vp_valido > s.vp_king else "tie")
    g.log(
        f"The King has {s.vp_king} VP, the Valido {s.vp_valido}: "
        f"{'a tie' if winner == 'tie' else 'the ' + winner.capitalize() + ' wins'}.",
        rule="Cooperative Game / Victory",
    )
