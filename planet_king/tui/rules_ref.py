"""A short rules reference in our own words, organised by the rulebook's headings.

These are summaries written for this program, not the rulebook's text: they say what
the engine does for you and what you decide. Headings follow the rulebook so that the
``rule`` field of a log entry or a decision leads straight to its section. The sections
Hothead uses come first; more are added as the engine implements them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Section:
    heading: str  # "Part / Section", as cited by the engine
    body: str


SECTIONS: tuple[Section, ...] = (
    Section(
        'Scenarios / "Hothead"',
        "The introductory scenario: one turn, one front. Only the Events phase is played, "
        "after the set-up. Ladies, geniuses, the King's happiness and enlightenment play no "
        "part, the only office is the Viceroy of Italy and the only war that can open is "
        "France's Italian front, which opens at once with a FRANCO-SPANISH WAR card. The "
        "deck holds thirteen named cards. A newly raised Spanish tercio may go straight to "
        "Italy or to the Italian army; exploring is forbidden.\n\n"
        "To win (a Major Victory) you must have won the Italian War when the phase ends and "
        "have a Viceroy of Italy whose political or government rating is at least 2. "
        "Anything else is a defeat.",
    ),
    Section(
        "Events Phase / Overview",
        "Cards are turned over from the event deck one at a time and each is resolved "
        "completely before the next. Some events are immediate (gain or lose a ducat, a "
        "notable leaves); others call for fortune tests.\n\n"
        "A fortune test uses no dice: the top card of the deck is turned over only for the "
        "bird printed in its corner — an eagle is good for you, a pigeon is mixed, a crow "
        "is bad — and then goes to the discards as played. Some cards also show the "
        "strength-point (SP) loss mark, which matters in battles. When the deck runs out "
        "during a test, the discards are shuffled into a new deck and the test goes on.\n\n"
        "In this program every card drawn shows in the Cards drawn panel with its bird and "
        "SP mark.",
    ),
    Section(
        "Events Phase / End of the Event Phase",
        "The phase stops when a card would be drawn as an event from an empty deck, or as "
        "soon as five ACTION cards, or four ACTION cards and TOTAL WAR, have been played as "
        "events. Cards drawn for fortune tests never count toward this.",
    ),
    Section(
        "Events / Instability",
        "A ducat is lost and a notable marker is drawn at random: whoever it names leaves "
        "the game, and the engine fills the post it held (you choose among those who can).",
    ),
    Section(
        "Events / The Twilight of Life",
        "Old age takes someone: a notable marker is drawn and that notable leaves the game; "
        "a vacancy is filled as for Instability.",
    ),
    Section(
        "Events / Action Event Cards",
        "An ACTION card drawn as an event lets you take up to three actions, each of a "
        "different type (royal, political, government, simple). See Actions.",
    ),
    Section(
        "Wars / Overview",
        "Each foreign power has a war track; France has three fronts (Italy, Picardy, "
        "Catalonia), each treated as a war. A marker moves along the track: toward the red "
        "end when the enemy campaigns successfully, toward the black end when your "
        "campaigns succeed. Reaching either end finishes the war.",
    ),
    Section(
        "Wars / Declaration of War",
        "A war card for a power you are not fighting calls for fortune tests (one in turns "
        "1-2, two from turn 3); a crow or pigeon means war. The marker goes on 0, you may "
        "move units from neighbouring places into the new army and send a noble from Court "
        "to command it, and an enemy leader is drawn. No more than two new wars a turn. "
        "In Hothead the opening card declares the Italian war without any test.",
    ),
    Section(
        "Wars / Progression of a War",
        "A war card for a power already at war (and not in truce) is an enemy campaign. "
        "Compare your army's SP with the enemy's strength and draw as many fortune tests as "
        "the enemy leader's strategy. Three or more SP behind, or with nobody commanding "
        "your army: every card costs you a space. Between 1.5 and 2.5 behind: crows and "
        "pigeons cost a space. One or less behind, or ahead: only crows do. The marker "
        "moves at most one space per campaign.\n\n"
        "If any drawn card shows the SP-loss mark you remove one SP (just one). Against a "
        "leader of strategy 2 or 3 a veteran tercio must be flipped first. An enemy leader "
        "who moved nothing and killed nothing is replaced by another.",
    ),
    Section(
        "Wars / End of a War",
        "At the black end you win, at the red end you lose: the track's victory points are "
        "gained or lost, the enemy leader goes, your commander returns to Court or to the "
        "noble deck, and the same war cannot be declared again this turn.",
    ),
    Section(
        "Wars / Total War",
        "Every active war and front that is not in truce suffers an enemy campaign, except "
        "the War of the Palatinate.",
    ),
    Section(
        "Actions / Types of Actions",
        "Four kinds of action: royal (yellow cubes), political (blue), government (red) and "
        "simple (free, no cube). Green cubes serve as political or government. With one "
        "ACTION card you take at most three actions and never two of the same kind. "
        "Unique actions can be taken once a turn; actions marked with a cost need a ducat "
        "in the Treasury first. A government action may not repeat the one taken with the "
        "previous ACTION card (a campaign may, on another front).",
    ),
    Section(
        "Actions / Royal Actions",
        "Hunt: HUNTING DAY goes back into the deck (unique). Cortes: a fortune test — an "
        "eagle brings two ducats, a pigeon nothing, a crow a revolt somewhere in Europe; a "
        "noble at Court (not the Valido) with political 2-3 lets you retry once (unique). "
        "Sale of Privileges: a noble at Court leaves the game for one ducat (unique). Royal "
        "Pardon: bring a notable back from exile. Issue, Royal Mistress, geniuses and the "
        "court painter involve ladies and geniuses, which Hothead does not use.",
    ),
    Section(
        "Actions / Political Actions",
        "Appoint Noble: the top noble of the noble deck goes to Court, to an office or to "
        "command an army; whoever held that post returns to Court (if there is room) or "
        "leaves the game. Nominate Noble: move a noble from Court into an office or a "
        "command, with the same rule for the one replaced. Send Embassy (one ducat, unique): "
        "an ambassador tests as many cards as his political rating minus one; one eagle "
        "freezes that war in truce for the rest of the turn.",
    ),
    Section(
        "Actions / Government Actions",
        "Military Campaign: needs a commander with a military rating; draw as many fortune "
        "tests as his strategy. Matching or beating the enemy's strength, every eagle moves "
        "the marker your way; behind, it takes two eagles per space. Tacticians count "
        "pigeons as eagles; admirals gain strategy with a fleet-heavy army. The SP-loss "
        "mark costs you one SP. Raise a Spanish Tercio, Raise a Tercio of Nations and Build "
        "a Fleet (unique) each cost one ducat.",
    ),
    Section(
        "Actions / Simple Actions",
        "Free actions: raise a provincial tercio (Spain, Italy and a few fronts only); move "
        "fleets, tercios and leaders along open lines of communication (Plus Ultra touches "
        "almost everything, but tercios cross it only with a fleet there); build a "
        "fortification (one ducat, unique); explore (not in Hothead); take an Asiento "
        "(two ducats now, no Castilian income this turn).",
    ),
    Section(
        "Organisation Phase / Overview",
        "Each full turn opens by rebuilding the decks: notables whose years have come join "
        "their decks and those whose years are over leave (from turn 2 you may also strike "
        "one card from each notable deck); the event deck is built from the cards of this "
        "turn, the conditional cards whose condition holds, and one INSTABILITY for every "
        "active war beyond the first, minus the cards that red text or a flame took out. "
        "Then the cubes are placed, you take up to three free actions of different types "
        "(no campaign and no embassy), and from turn 2 you may change the Royal Mistress.",
    ),
    Section(
        "Organisation Phase / Placing Action Cubes",
        "Red cubes (government) and blue cubes (political) match the Valido's ratings; "
        "there are always four yellow (royal) cubes; a green cube, usable as red or blue, "
        "comes with an industrious Valido and another with an advisor at Court. Simple "
        "actions need no cube.",
    ),
    Section(
        "End of Turn Phase / Overview",
        "The cards of the Events phase go back into the deck, and the turn is settled in "
        "order: a last round of actions if three cubes are left, units under construction "
        "deployed and provincial tercios renewed, tercios of Nations paid, revolts and "
        "pirates checked, income collected, the royal family's health tested, then the "
        "scores — enlightenment, prestige and happiness — turned into victory points, "
        "and finally the Valido may be replaced. The game shows every line of this in the "
        "end-of-turn breakdown.",
    ),
    Section(
        "End of Turn Phase / Income",
        "Ducats come from the Indies (the Viceroy of the Indies' government rating, again "
        "for each Indies fleet in Plus Ultra, one for the Manila Galleon, never more than "
        "the territories hold), from Castile (three, two once Portugal is independent, none "
        "under an Asiento) and Aragon, and from Italy and Flanders by their governors' "
        "ratings. A corrupt governor brings one less; a revolt in Spain stops its income.",
    ),
    Section(
        "End of Turn Phase / Royal Family Mortality",
        "Bastard children leave the Court. Each legitimate child, the heir first, draws a "
        "fortune test: a crow kills, a pigeon makes the child sickly (a second time kills). "
        "The Queen dies only after two crows in different turns. Losing the heir costs "
        "happiness; a living male heir at the end brings a victory point; no legitimate "
        "child left costs prestige and happiness.",
    ),
    Section(
        "End of Turn Phase / Enlightenment, Prestige and Happiness",
        "Enlightenment is the geniuses at Court (two per art at most) plus writers, "
        "musicians and patrons among the nobles; prestige adds the notables' prestige and "
        "the turn's prestige markers; happiness adds the ladies' and the turn's markers. "
        "Each total is read on its table for victory points, ducats and knock-on effects. "
        "Enlightenment or prestige of one or less, or happiness at zero, loses the game "
        "at once.",
    ),
    Section(
        "Game Board / Ducats",
        "The Treasury holds 0 to 12 ducats; anything beyond 12 is lost. An action with a "
        "cost cannot be taken without the ducat in hand.",
    ),
    Section(
        "Setup / Offices (Vacancies)",
        "When an office or an army command falls vacant, it is filled at once from the "
        "nobles at Court who can take it; you choose which one.",
    ),
    Section(
        "Victory / Victory Levels",
        "After the last turn the victory points decide the level: Major Victory, Historical "
        "Outcome, Defeat, or Neither King nor Planet, by the scenario's thresholds. Hothead "
        "has its own condition instead (see Scenarios / Hothead).",
    ),
)


def search(query: str) -> list[Section]:
    """Sections whose heading or body contains every word of the query."""
    words = [w.lower() for w in query.split() if w]
    if not words:
        return list(SECTIONS)
    return [s for s in SECTIONS if all(w in (s.heading + " " + s.body).lower() for w in words)]


def find(rule: str) -> Section | None:
    """The section a cited rule belongs to: its heading, a parent heading, or the
    section of the same part whose title shares the most words with it."""
    if not rule:
        return None
    base = rule.split(" (")[0].strip()
    for s in SECTIONS:
        if s.heading == base or s.heading == rule:
            return s
    for s in SECTIONS:
        if s.heading.startswith(base) or base.startswith(s.heading):
            return s
    part, _, sub = base.partition(" / ")
    same_part = [s for s in SECTIONS if s.heading.startswith(part + " /")]
    if not same_part:
        return None
    words = {w.strip(",'").lower() for w in sub.split() if len(w) > 3}

    def shared(section: Section) -> int:
        theirs = section.heading.split(" / ", 1)[-1].replace(",", " ").lower().split()
        return len(words & set(theirs))

    best = max(same_part, key=shared)
    return best if shared(best) else None  # not summarised yet: no misleading match
