"""A short rules reference in our own words, organised by the rulebook's headings.

These are summaries written for this program, not the rulebook's text: they say what
the engine does for you and what you decide. Headings follow the rulebook so that the
``rule`` field of a log entry or a decision leads straight to its section. The sections
Hothead uses come first; more are added as the engine implements them.
"""

from __future__ import annotations

import re
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
        "In Hothead the opening card declares the Italian war without any test."
        "\nOur ruling: opening Picardy and Catalonia together counts as one war (ruling R17).",
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
        "who moved nothing and killed nothing is replaced by another."
        "\nOur ruling: at most one space per campaign; in the 3+ band every card is still "
        "drawn (ruling R3); a leader is relieved only after a campaign with no effect (R4).",
    ),
    Section(
        "Wars / End of a War",
        "At the black end you win, at the red end you lose: the track's victory points are "
        "gained or lost, the enemy leader goes, your commander returns to Court or to the "
        "noble deck, and the same war cannot be declared again this turn."
        "\nOur ruling: each unit of the army may go to any place that can hold it (ruling R14).",
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
        "court painter involve ladies and geniuses, which Hothead does not use."
        "\n\nIssue (unique): the Queen and the Mistress test their fertility in cards; an eagle "
        "or pigeon brings a child (pigeon: sickly); the first legitimate son is heir, a "
        "bastard son gives happiness. Choose Royal Mistress (unique, not on turn 1): a lady "
        "of prestige 0 or less replaces her, her bastards go, +1 happiness. Nominate/Remove "
        "Genius: draw one to Court, you may dismiss one, never more than four. Appoint Court "
        "Painter: a painter of 2+ becomes immune to RIVALRY and FALL FROM GRACE.\n"
        "Our ruling: rulings R26 (fifth genius) and R42 (a departing Mistress).",
    ),
    Section(
        "Actions / Political Actions",
        "Appoint Noble: the top noble of the noble deck goes to Court, to an office or to "
        "command an army; whoever held that post returns to Court (if there is room) or "
        "leaves the game. Nominate Noble: move a noble from Court into an office or a "
        "command, with the same rule for the one replaced. Send Embassy (one ducat, unique): "
        "an ambassador tests as many cards as his political rating minus one; one eagle "
        "freezes that war in truce for the rest of the turn."
        "\n\nA front in truce may take a second embassy that turn (with DIPLOMACY): success "
        "makes peace and ends the war for one VP and one prestige point. Truce or peace with "
        "France dismisses the Spanish Condé.\n"
        "Our ruling: peace scores nothing else (ruling R12).",
    ),
    Section(
        "Actions / Government Actions",
        "Military Campaign: needs a commander with a military rating; draw as many fortune "
        "tests as his strategy. Matching or beating the enemy's strength, every eagle moves "
        "the marker your way; behind, it takes two eagles per space. Tacticians count "
        "pigeons as eagles; admirals gain strategy with a fleet-heavy army. The SP-loss "
        "mark costs you one SP. Raise a Spanish Tercio, Raise a Tercio of Nations and Build "
        "a Fleet (unique) each cost one ducat."
        "\n\nA campaign costs a ducat (two with Spinola or a rated-3 Juan José). Against a "
        "power at peace you declare first: markers, adjacent units move in, a military noble "
        "from Court takes command, an enemy leader is drawn, then the campaign. Without a "
        "fleet against a naval power your army counts one SP less.\n"
        "Our ruling: rulings R11 and R15 (who may lead) and R16 (admiral by SP).",
    ),
    Section(
        "Actions / Simple Actions",
        "Free actions: raise a provincial tercio (Spain, Italy and a few fronts only); move "
        "fleets, tercios and leaders along open lines of communication (Plus Ultra touches "
        "almost everything, but tercios cross it only with a fleet there); build a "
        "fortification (one ducat, unique); explore (not in Hothead); take an Asiento "
        "(two ducats now, no Castilian income this turn)."
        "\n\nExploration needs an explorer at Court or an explorer, patron or industrious "
        "Viceroy of the Indies; test his government or military rating in cards and one eagle "
        "advances a space: the Amazon, Formosa (1 VP, a ducat) or the northern Pacific, the "
        "Marianas (1 VP, a ducat), the tornaviaje (1 VP).\n"
        "Our ruling: without the ducat no settlement is offered (ruling R22).",
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
        "actions need no cube."
        "\nOur ruling: Olivares has government 3 (ruling R1); own colour before green (R10).",
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
        "child left costs prestige and happiness."
        "\nOur ruling: every legitimate son who dies costs a happiness point (ruling R20).",
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
        "When an office or an army command falls vacant through an elimination or an exile, "
        "it is filled at once from the nobles at Court who can take it; you choose which "
        "one. A place left by a new Valido stays empty (ruling R56)."
        "\nThe four offices are the Viceroys of the Indies and of Italy, the Governor of "
        "Flanders and the Ambassador in Austria; only nobles hold them, and an empty one acts "
        "as if rated 0. With no military noble at Court an army command stays empty.",
    ),
    Section(
        "Victory / Victory Levels",
        "After the last turn the victory points decide the level: Major Victory, Historical "
        "Outcome, Defeat, or Neither King nor Planet, by the scenario's thresholds. Hothead "
        "has its own condition instead (see Scenarios / Hothead).",
    ),
    Section(
        "Components / Overview",
        "The box holds a map board, two smaller boards (the Court and the Council of State), "
        "two player aids, 76 notable cards, 68 event cards, 14 Secret Memorial cards, 216 "
        "square counters, 25 ducat coins and 14 cubes (four each of red, blue and yellow, "
        "two green).",
    ),
    Section(
        "Components / Game Board",
        "The map shows the foreign powers (England, the United Provinces, France, the "
        "Ottomans, the Barbary pirates, the Protestants, and Portugal once it breaks away), "
        "each with its army strength and a ship if it is a naval power; your European "
        "territories (Flanders, Franche-Comté, Italy); the Indies with their income; two "
        "settlement spaces (Marianas, Formosa); the four offices; a war track per war (three "
        "fronts for France); and Plus Ultra, a box that reaches the whole map. Against "
        "England, the Ottomans or Barbary you want a fleet in the army; elsewhere one fleet "
        "at most, and none in the Palatinate.",
    ),
    Section(
        "Components / Cards",
        "Event cards drive the turn: each is played either as an event (its text) or as a "
        "fortune test (only its bird). A flame marks a card used once as an event; a seal "
        "gives the turns it is in the deck, a question mark a condition. Notable cards are "
        "nobles (military, political and government ratings plus traits), ladies (happiness "
        "and fertility; Queen needs prestige 0 or more, Royal Mistress 0 or less) and "
        "geniuses (an art and enlightenment). Only the ladies deck is open to view. At most "
        "four nobles and four geniuses sit at Court.",
    ),
    Section(
        "Components / Tokens",
        "Leader counters carry a strategy equal to the noble's military rating (red circle: "
        "tactician, anchor: admiral) and share the card's fate. Units: a tercio or fleet is "
        "1 SP, a veteran 2 SP (flipped to 1 when hit), a provincial tercio half an SP; the "
        "mix limits how many exist. Child markers show sex and legitimacy. Markers for "
        "notables, European places and the Indies are drawn blind from cups to pick random "
        "targets.",
    ),
    Section(
        "Components / Fortune Symbols",
        "Each event card has a bird in its lower left corner: eagle (good, about 41%), "
        "pigeon (neutral, about 19%) or crow (bad, about 40%). Some also carry the SP-loss "
        "mark used in campaigns.",
    ),
    Section(
        "Game Board / Council of State",
        "The Council of State tracks your action cubes, prestige, enlightenment, the King's "
        "happiness, victory points, exploration and the Treasury, plus units being built and "
        "a box of reminders for unique actions and one-off events.",
    ),
    Section(
        "Setup / Overview",
        "Pick a scenario, lay out the boards as it says, and keep a player aid at hand. The "
        "program does all of this for you from the scenario's data.",
    ),
    Section(
        "Setup / Court and Council of State",
        "The scenario puts nobles in offices and at Court, geniuses at Court, the Valido and "
        "the Queen in their places; you pick the first Royal Mistress from those it allows.",
    ),
    Section(
        "Setup / The Valido",
        "No card can touch the Valido. Only you replace him, at the very end of a turn.",
    ),
    Section(
        "Setup / Cards",
        "Each card type gets a deck for the first turn and a pile for later turns. The event "
        "deck starts with the unsealed cards, the turn-1 cards and any conditional card whose "
        "condition holds, plus the scenario's INSTABILITY cards. Ladies stay face up.\n"
        "Our ruling: the turn-1 deck and the ACTION seals follow ruling D1.",
    ),
    Section(
        "Setup / Tokens",
        "Units, leaders, war and progress markers go where the scenario says; enemy leaders "
        "are sorted by nation and turn. Four cups are filled: notables in play, Indies places "
        "in use, European places (Spain, Italy, Flanders) and heirs. Indies territories get "
        "ducats equal to their income and the exploration marker starts at the beginning.",
    ),
    Section(
        "Setup / Action Cubes",
        "Cubes as in the Organisation phase: four yellow, red and blue by the Valido's "
        "ratings, green for an industrious Valido and for an advisor at Court.\n"
        "Our ruling: an action is paid with its own colour first and a green cube only when "
        "none is left (ruling R10); Olivares counts as government 3 (ruling R1).",
    ),
    Section(
        "Setup / Secret Memorial",
        "With the optional memorials you take one Valido card and one King card, unread.",
    ),
    Section(
        "Game Sequence",
        "A turn has three phases: Organisation (build the decks, place the cubes, free "
        "actions), Events (draw and resolve event cards) and End of Turn (upkeep, income, "
        "scores). On a scenario's first turn only the free actions of the Organisation phase "
        "are taken. The turn marker runs on the victory track.",
    ),
    Section(
        "Organisation Phase / Creating the Notable Decks",
        "Each notable deck keeps only cards whose seal covers this turn, plus conditional "
        "ones whose condition holds. Notables past their last turn leave play (vacancies are "
        "filled). From turn 2 you may strike one card from each deck for good, but not one "
        "that entered this very turn.\n"
        "Our ruling: an exit seal does not remove the sitting Valido (ruling R18).",
    ),
    Section(
        "Organisation Phase / Creating the Event Decks",
        "The deck is rebuilt from cards in their turns, unsealed cards not yet burnt, and "
        "conditional cards whose test holds (RAID IN THE INDIES with a Dutch war; FRANCO-"
        "SPANISH WAR 33 at 8 VP or after the Palatinate war; ANGLO-SPANISH WAR 37 at 10 VP "
        "or prestige 4 or less; FLANDERS WAR 34 at 4 VP or prestige 4 or less). Take out "
        "flame cards used last turn, cards ruled out by red text, ACTION 14 until the Union "
        "of Arms is complete, and AUSTRIAN ALLIANCE after the Palatinate war. Add one "
        "INSTABILITY per active war beyond the first (plus the Union of Arms one). Shuffle.\n"
        "Our ruling: the conditional war cards are 33, 34 and 37 (ruling D2).",
    ),
    Section(
        "Organisation Phase / Player Actions",
        "Before the events, take up to three actions of different types as with an ACTION "
        "card, without spending cubes; campaigns and embassies are not allowed here.",
    ),
    Section(
        "Organisation Phase / Choosing the Royal Mistress",
        "From turn 2, the current Royal Mistress leaves the game and you pick a new one from "
        "the ladies deck. With no Queen, a lady with prestige 0 or more becomes Queen.\n"
        "Our ruling: if no lady of prestige 0 or less is free, the current one stays "
        "(ruling R23).",
    ),
    Section(
        "Organisation Phase / Reading the Secret Memorial",
        "With memorials in use, one is read on turn 2 and the other on turn 3.",
    ),
    Section(
        "Events",
        "Each event is settled on its own; war cards follow Wars and ACTION cards follow "
        "Actions. A card whose condition fails is discarded unplayed (PATRON with four "
        "geniuses at Court, say). Prestige and happiness gains are kept as markers until the "
        "end of the turn. A flame card leaves the game after use; red text removes other "
        "cards before the next deck is built. ROYAL MARRIAGE and PATRON resolve as printed.",
    ),
    Section(
        "Events / The Ensign Nun",
        "Choose: an exploration as if led by a noble of military 2, or a free political "
        "action. The card names the exploration, so it is outside the once-a-turn limit; an "
        "Embassy chosen as her political action is within it (ruling R63).",
    ),
    Section(
        "Events / His Majesty the King",
        "Choose one free government or royal action. It is not an ACTION card, so it may "
        "repeat the last government action; a unique one still counts as this turn's "
        "(ruling R63).",
    ),
    Section(
        "Events / Uprising",
        "Only while some war is active: a European place is drawn and gets a revolt marker, "
        "settled at the end of the turn (see End of Turn Phase / Revolts).",
    ),
    Section(
        "Events / Rivalry",
        "A random genius at Court goes into exile. If the draw is the Court painter, he is "
        "immune and nothing happens (ruling R57).",
    ),
    Section(
        "Events / Storms",
        "Every fleet, pirate and Indies fleet in Plus Ultra takes a fortune test; a crow "
        "sinks it. The Manila Galleon is exempt.\n"
        "Our ruling: lost counters return to the pool (ruling R39).",
    ),
    Section(
        "Events / Traitor",
        "A noble or the Royal Mistress is drawn from the notables cup (geniuses are redrawn), "
        "then a test: crow, out of the game; pigeon, exile; eagle, no harm. Mercenaries go "
        "without a test; loyal nobles are immune. An exile gives no points and no ratings "
        "until pardoned; a pardoned notable takes any free post or goes back to the deck.\n"
        "Our ruling: exile ends at the clean-up, when the card returns to its deck "
        "(ruling R21).",
    ),
    Section(
        "Events / Union of Arms",
        "Optional. First use: gain a ducat and add an INSTABILITY card (or GUERRA DELS "
        "SEGADORS if none is left). Second use completes it: the card leaves, ACTION 14 joins "
        "the deck each turn, Aragon pays two ducats and Spain gets two provincial tercios a "
        "turn. Once GUERRA DELS SEGADORS has been played, this card goes.\n"
        "Our ruling: the extra INSTABILITY enters the current deck at once (ruling R27).",
    ),
    Section(
        "Events / The Fronde",
        "Needs a war with France. A French tercio joins one French front, and if LOUIS II "
        "CONDÉ is not in play he takes over the Picardy or Catalan army, the old commander "
        "going to Court or the deck.\n"
        "Our ruling: Condé stays out if neither of those fronts is open (ruling R36).",
    ),
    Section(
        "Events / Raid Events",
        "PIRATES, RAID IN THE INDIES and COUNTER-ARMADA raid a random place. A fleet or a "
        "level-2 fort fails only to a crow; a level-1 fort (Spain, Peru and New Spain have "
        "one) to a crow or pigeon; an undefended place falls anyway, though a card is still "
        "drawn. A success strips its ducats and leaves a raid marker (no income) until a "
        "fleet moves in; a raided settlement is lost with a prestige point. COUNTER-ARMADA "
        "on Spain also takes two ducats.\n"
        "Our ruling: places already raided or lost with Portugal draw no test (ruling R37); "
        "a raid on Spain stops its income (ruling R38).",
    ),
    Section(
        "Events / Events of the War of the Palatinate",
        "WALLENSTEIN, DANISH INTERVENTION, LÜTZEN, both BREITENFELDs and FRANCO-SPANISH WAR "
        "32 shift the Palatinate marker. Some burn after use or strike other cards next "
        "turn; BREITENFELD 1631 lifts the Protestants to strength 4.\n"
        "Our ruling: marker moves follow ruling D17.",
    ),
    Section(
        "Events / Old Tercio",
        "If you wish, pay a ducat to swap a Spanish tercio for a veteran one (2 SP, flipped "
        "to 1 SP when hit), while counters last.",
    ),
    Section(
        "Events / Libertines",
        "Choose a libertine notable in play and test: a crow exiles him. No libertine, no effect.",
    ),
    Section(
        "Events / Fall from Grace",
        "A random genius at Court is shuffled back into the genius deck; the Court painter, "
        "if drawn, is immune and nothing happens (ruling R57).",
    ),
    Section(
        "Events / Spanish Road",
        "If the Valtellina pass is open it closes (Franche-Comté to Italy is cut). If it is "
        "closed you may pay a ducat to reopen it.",
    ),
    Section(
        "Events / Diplomacy",
        "A free embassy: no cube, no unique marker, allowed even after the Embassy action "
        "this turn. Two successful embassies in one turn make peace.",
    ),
    Section(
        "Events / Austrian Alliance",
        "The Ambassador in Austria tests his political rating in cards; count eagles. Two or "
        "three: a Habsburg tercio joins the Palatinate army (it may serve only there or on "
        "French fronts and is never rebuilt). One: nothing. None: lose a tercio from "
        "Flanders, Franche-Comté or Italy, a military-2 leader or two ducats, else go "
        "bankrupt. The card goes once the Palatinate war is over.\n"
        "Our ruling: ruling R34 (no Habsburg tercio without a Palatinate war).",
    ),
    Section(
        "Events / Mercenaries",
        "Pay a ducat per two mercenary nobles in play, rounding up.",
    ),
    Section(
        "Events / Corruption",
        "Pay a ducat per two corrupt nobles in play, rounding up.",
    ),
    Section(
        "Events / Beaten to a Pulp",
        "Lose a royal action, gain a happiness point (as corrected in the errata).",
    ),
    Section(
        "Events / Conspiracy of Nobles",
        "The Flanders marker moves a space toward the Dutch, and the Governor of Flanders is "
        "tested as if TRAITOR had picked him.",
    ),
    Section(
        "Events / Corsairs of Dunkirk",
        "The United Provinces fight at strength 3 until the turn ends. The card leaves the "
        "deck once France has won on the Picardy front.",
    ),
    Section(
        "Events / War Event Cards",
        "The war cards (ANGLO-SPANISH, FLANDERS, FRANCO-SPANISH, PORTUGUESE and TURKISH "
        "WAR, GUERRA DELS SEGADORS, TOTAL WAR) are settled as described under Wars.",
    ),
    Section(
        "Events / Corrales and Brothels",
        "Lose a royal cube if one is left; gain a happiness point.",
    ),
    Section(
        "Events / Single-Use Cards",
        "A card with a flame leaves the game after being played as an event; as a fortune "
        "test it can be drawn any number of times.",
    ),
    Section(
        "Wars / War Event Sequence",
        "For a war card, check whether that power is already at war. If not, test for a "
        "declaration (see Declaration of War); if so, the enemy campaigns against you (see "
        "Progression of a War).",
    ),
    Section(
        "Wars / War with France",
        "Three fronts. In turns 1-3 a French war opens Italy; Picardy and Catalonia open "
        "together from turn 4 or once Italy is closed. Losing in Italy shuts the Valtellina "
        "pass (only SPANISH ROAD reopens it). Until GUERRA DELS SEGADORS, Catalonia has only "
        "three black spaces. A French card hits the front whose marker is furthest from 0 "
        "(Picardy on ties). A closed front reopens only when all are closed. FRANCO-SPANISH "
        "WAR 33 as an event lifts France to 4.\n"
        "Our ruling: fronts at truce are skipped (ruling R9); a campaign opens the fronts as "
        "one declaration (ruling R29); the strength rise applies before the card's own "
        "campaign (ruling R28).",
    ),
    Section(
        "Wars / War with England",
        "Declared only from Plus Ultra, so the army starts with a fleet; tercios follow "
        "through Plus Ultra while a fleet is there. ANGLO-SPANISH WAR 37 enters at 10 VP or "
        "after a turn ending with prestige 4 or less.",
    ),
    Section(
        "Wars / War with the United Provinces",
        "FLANDERS WAR 34 enters at 4 VP or after a turn ending with prestige 4 or less. "
        "CORSAIRS OF DUNKIRK cuts the Dutch to 3 for the turn.",
    ),
    Section(
        "Wars / War with Barbary Pirates",
        "Only you can start it, by a campaign. Winning it removes BARBARY PIRATES from the deck.",
    ),
    Section(
        "Wars / War with Portugal",
        "Once declared, Portugal is independent for good, win or lose; its army's SP go to "
        "Spain, its overseas lands pay nothing and raids there are ignored. PORTUGUESE WAR "
        "39 as an event lifts it to 4. Its leaders are the English ones and Meneses.\n"
        "Our ruling: only the card declares this war (ruling R30); one such card (D9).",
    ),
    Section(
        "Wars / War of the Palatinate",
        "Moved mostly by its own event cards; you push it your way only by campaigns or "
        "WALLENSTEIN. BREITENFELD 1631 makes the Protestants 4. When it ends the AUSTRIAN "
        "ALLIANCE card goes, the Ambassador comes back to Court (or the deck) and Habsburg "
        "tercios are lost. Ending on turn 6 or later scores no VP, only the usual prestige "
        "and happiness. No leaders, no fleets, no peace by embassy.\n"
        "Our ruling: the Ambassador's office then stays empty (ruling R40).",
    ),
    Section(
        "Wars / Guerra dels Segadors",
        "At war with France: the Catalan front gains its fourth black space. Otherwise war "
        "starts on the Catalan front alone, still with three black spaces; Picardy waits for "
        "a FRANCO-SPANISH WAR card. Either way Margarit joins the French leaders and a "
        "Catalan tercio adds 1 to France there, until an SP-loss card in your campaign "
        "removes it together with one of your tercios. UNION OF ARMS then leaves the deck.\n"
        "Our ruling: rulings R31, R32 (counts toward two new wars) and R33.",
    ),
    Section(
        "Actions / Overview",
        "An ACTION card played as an event gives up to three actions of different types. "
        "Seven ACTION cards start in the deck; the eighth comes with the completed Union of "
        "Arms.",
    ),
    Section(
        "Actions / Unique Actions",
        "Once a turn each: royal Issue, Hunt, Cortes, Choose Royal Mistress and Sale of "
        "Privileges; the Embassy; Build a Fleet; and the simple Fortification and "
        "Exploration. An event card that "
        "grants an action outright does not use up this limit.",
    ),
    Section(
        "End of Turn Phase / Player Actions",
        "With three or more cubes left, take up to three actions of different types as with "
        "an ACTION card, using only colours still available and not the government action of "
        "the last ACTION card.",
    ),
    Section(
        "End of Turn Phase / Construction and Maintenance",
        "Units being built are deployed to any territory, war or Plus Ultra (no fleets in the "
        "Palatinate or Franche-Comté); forts go where chosen. A new fleet does not clear a "
        "raid. Provincial tercios are replaced: one for Spain (two after the Union of Arms) "
        "and one for Italy, or a neighbouring war. Tercios of Nations cost a ducat per two; "
        "unpaid ones are disbanded. The Dunkirk marker and the new-war and peace markers go.",
    ),
    Section(
        "End of Turn Phase / Revolts",
        "For each revolt: with your SP in that place, test; eagle or pigeon ends it. With a "
        "crow or no troops, it ends anyway but costs a ducat.\n"
        "Our ruling: a provincial half-SP alone is not enough (ruling R24).",
    ),
    Section(
        "End of Turn Phase / Indies",
        "Pirates in Plus Ultra sink an Indies fleet unless you have a fleet there; then a "
        "test decides: eagle or pigeon drives them off, a crow still costs an Indies fleet.",
    ),
    Section(
        "End of Turn Phase / Determining Enlightenment, Prestige, King's Happiness and VP",
        "Scores are taken in order: enlightenment, then prestige, then happiness; each "
        "total is read on its table, then all markers except VP return to zero. VP never "
        "drop below zero.\n"
        "Our ruling: a ducat owed to a table triggers bankruptcy (ruling R25).",
    ),
    Section(
        "End of Turn Phase / Enlightenment Points",
        "Add geniuses at Court (two per art at most), +1 for a writer or musician noble, +1 "
        "per patron noble, +1 music for MARÍA CALDERÓN as Mistress. Table: 6 or more, +1 VP, "
        "+1 prestige, -1 ducat; 4-5, nothing; 2-3, -1 VP and -1 happiness; 1 or less, "
        "defeat.\n"
        "Our ruling: patron and advisor ladies per ruling R19.",
    ),
    Section(
        "End of Turn Phase / Prestige Points",
        "Add the prestige of nobles at Court (Valido too), the Queen and the Mistress, then "
        "the turn's markers: wars won or lost, settlements, forts, no legitimate child (-1), "
        "bankruptcies (-1 each), a legitimised bastard (-4), and the enlightenment result. "
        "Table: 8 or more, +2 VP and +1 ducat; 4-7, +1 VP; 2-3, -1 VP, -1 happiness, -1 "
        "ducat; 1 or less, defeat.\n"
        "Our ruling: geniuses carry no prestige (ruling D13).",
    ),
    Section(
        "End of Turn Phase / King's Happiness Points",
        "Add the Queen's and Mistress's happiness and the turn's markers: -1 each for low "
        "prestige, low enlightenment and no legitimate child, +1 per bastard son born, -1 per "
        "death of heir, Queen or Mistress, ±1 per war won or lost. Table: 5 or more, +1 VP "
        "and -1 ducat; 4, nothing; 1-3, -1 VP; 0 or less, the King dies and you lose.",
    ),
    Section(
        "End of Turn Phase / Victory Points",
        "The turn's VP are added to the running total, which cannot fall below zero; the "
        "last turn's total sets the victory level.",
    ),
    Section(
        "End of Turn Phase / Appointment of a New Valido",
        "Last of all you may make any noble in play the Valido; the old one leaves the game, "
        "and the office or command the new one leaves stays empty (ruling R56). "
        "A Valido of four or more turns kept while prestige is under 5 costs a VP each turn.\n"
        "Our ruling: Olivares may serve through turn 5 (ruling D7).",
    ),
    Section(
        "End of Turn Phase / Clean-up",
        "Scores reset, exiles end, unique-action markers are cleared and truce markers turn "
        "back to war.\n"
        "Our ruling: exiled cards return to their decks (ruling R21).",
    ),
    Section(
        "Victory / Victory Points",
        "VP come from events, wars, explorations, the end-of-turn tables and, with "
        "memorials, their tasks; they are compared after the final turn.",
    ),
    Section(
        "Victory / Automatic Defeat",
        "You lose at once when prestige or enlightenment ends a turn at 1 or less, or the "
        "King's happiness reaches 0 (in co-op the Valido plays on).",
    ),
    Section(
        "Special Rules / Bankruptcy",
        "Owing a ducat with an empty Treasury is bankruptcy: lose a prestige point, then "
        "raise the debt by a free Asiento or by disbanding tercios or fleets for a ducat each "
        "(not Nations, English, French, Habsburg or provincial tercios).\n"
        "Our ruling: one bankruptcy per unpaid payment; what cannot be raised is written off "
        "(ruling R5).",
    ),
    Section(
        "Special Rules / Condé",
        "Condé is a French leader from turn 3. THE FRONDE can bring him over to command a "
        "Spanish army; while Spanish he cannot lead France. A truce or peace on a French "
        "front removes the Spanish Condé (THE FRONDE may bring him back). If INSTABILITY or "
        "THE TWILIGHT OF LIFE kills him, the French Condé is gone too.\n"
        "Our ruling: only truce or peace sends him away (ruling R35).",
    ),
    Section(
        "Special Rules / Bastard Son as Heir",
        "Optional: when royal mortality starts, the King may legitimise a bastard son as "
        "heir, at a cost of 4 prestige.\n"
        "Our ruling: only when there is no heir (ruling R41).",
    ),
    Section(
        "Special Rules / Juan José of Austria and Rodrigo Pacheco",
        "Each has one rating shown as '?'. The first time it is needed, test: crow 1, "
        "pigeon 2, eagle 3. Juan José at 3 makes each campaign cost two ducats.",
    ),
    Section(
        "Special Rules / Sor María de Ágreda",
        "Enters the noble deck on turn 6 or the turn after Olivares is dismissed, and gives "
        "an extra government action while someone else is Valido.",
    ),
    Section(
        "Special Rules / Ambrosio de Spinola",
        "Campaigns led by Spinola cost two ducats.",
    ),
    Section(
        "Special Rules / Isabel Clara Eugenia",
        "As Governor of Flanders she cannot be moved out by your choice.",
    ),
    Section(
        "Notable Cards / NOBLE Cards",
        "Traits: writer and patron add enlightenment; explorer (and a patron or industrious "
        "Viceroy of the Indies) allows exploring; admiral +1 strategy with a mostly naval "
        "army; fortune pays a ducat the first time placed; brave may redo a campaign test "
        "but leaves on a second failure; father/son passes to the son on removal; libertine, "
        "corrupt and mercenary suffer their events; loyal resists TRAITOR; industrious and "
        "advisor give green cubes; charismatic resists INSTABILITY; tactician counts pigeons "
        "as eagles.",
    ),
    Section(
        "Secret Memorial (Optional) / Overview",
        "Memorials are compulsory in co-op and optional solo; try a few plain games first.",
    ),
    Section(
        "Secret Memorial (Optional) / Secret Memorial Letters",
        "Two kinds: the Valido's (Of The Council) and the King's (Of H.M.). Each sets a task "
        "with VP: black, lost if it fails; red, won in a short game; white, won in the full "
        "campaign. A few pay out at once, the rest at game end.\n"
        "Our ruling: short games use the red value; Hothead has none (ruling R43, D16).",
    ),
    Section(
        "Secret Memorial (Optional) / Solo Mode",
        "Take one of each, unseen; reveal one at the start of turn 2 and the other at turn "
        "3. Fail both tasks and the result is Neither King nor Planet.",
    ),
    Section(
        "Secret Memorial (Optional) / Cooperative Mode",
        "Each player draws a card of his role, looks at it from turn 2, and keeps it from "
        "the partner. If neither task is met, both lose (Neither King nor Planet).",
    ),
    Section(
        "Cooperative Game / Overview",
        "One player is Philip IV, the other his Valido, each with his own VP; the King sets "
        "the order of play. War-Only Mode is solo only.\n"
        "Our ruling: who scores what follows ruling R44.",
    ),
    Section(
        "Cooperative Game / Actions",
        "For an ACTION card the King picks the three types; he alone runs royal actions and "
        "chooses Queen, Mistress and Valido. The Valido runs political, government and "
        "simple actions. ENSIGN NUN and UNION OF ARMS belong to the Valido, HIS MAJESTY THE "
        "KING and ROYAL MARRIAGE to the King.",
    ),
    Section(
        "Cooperative Game / Wars",
        "The Valido proposes a war; it is declared only if the King agrees.\n"
        "Our ruling: a refused war leaves the cube unspent (ruling R44).",
    ),
    Section(
        "Cooperative Game / Victory Points Earned by the King",
        "The King scores enlightenment and happiness, the heir, ±1 per war won or lost, and "
        "2 VP for replacing the Valido before turn 5 (1 VP later). The Valido scores "
        "prestige, wars and explorations.",
    ),
    Section(
        "Cooperative Game / Victory",
        "Both totals together give the level; the higher total wins between the two. "
        "Memorials are compulsory and one task must succeed.",
    ),
    Section(
        "Scenarios / Overview",
        "Hothead (introduction), Iupiter Hispano (one turn), Anni Mirabiles (turns 1-4), "
        "Anni Horribiles (turns 5-8) and The Planet King (all eight). Any can be played solo "
        "or in co-op.",
    ),
    Section(
        "Scenarios / Iupiter Hispano",
        "1621-1626, one turn. Olivares is Valido, Elisabeth of France Queen, Isabel Clara "
        "Eugenia holds Flanders; five random nobles fill the other offices and Court, with "
        "two geniuses. Ten ducats; the Palatinate war at black 1 and Flanders at red 1 "
        "against Nassau; Spinola in Flanders, Fernández de Córdoba in the Palatinate. VP: 7+ "
        "Major Victory, 4-6 Historical, 2-3 Defeat, 1 or less Neither King nor Planet.",
    ),
    Section(
        "Scenarios / Anni Mirabiles",
        "Turns 1-4 with the Iupiter Hispano start. VP: 15+ Major Victory, 11-14 Historical, "
        "7-10 Defeat, 6 or less Neither King nor Planet.",
    ),
    Section(
        "Scenarios / Anni Horribiles",
        "Turns 5-8. Luis de Haro is Valido, Maria Anna of Austria Queen, the sickly Carlos "
        "heir; Union of Arms done, Portugal hostile, Valtellina shut, Palatinate over; wars "
        "in Flanders, Catalonia, Portugal and Picardy; nine ducats. VP: 11+ Major Victory, "
        "8-10 Historical, 4-7 Defeat, 3 or less Neither King nor Planet.\n"
        "Our ruling: set-up details per rulings D4 and D15.",
    ),
    Section(
        "Scenarios / The Planet King",
        "The whole reign, eight turns from the Iupiter Hispano start. VP: 20+ Major Victory, "
        "15-19 Historical, 11-14 Defeat, 10 or less Neither King nor Planet.",
    ),
    Section(
        "Scenarios / War-Only Mode",
        "Politics and war only: no geniuses, ladies, heirs, happiness, enlightenment or royal "
        "cubes; HUNTING DAY and one ACTION card are removed. Cortes and Royal Pardon become "
        "political actions. Cards about geniuses or happiness serve only as fortune tests. "
        "Every VP gained or lost counts double.",
    ),
    Section(
        "Scenarios / Change Difficulty",
        "Harder: take one or two ACTION cards out of the deck. Easier: take out TOTAL WAR, "
        "and for more help the conditional war cards too.\n"
        "Our ruling: those war cards are 33, 34 and 37 (ruling D2).",
    ),
    Section(
        "Battle Name Generator",
        "For flavour only: roll two dice on the Picardy, Flanders or Catalonia table to name "
        "the battle or siege behind a campaign's result.",
    ),
    Section(
        "Example First Game Turn",
        "The rulebook walks through a first turn of the full game as an example.\n"
        "Our ruling: SPANISH GOLDEN AGE is scored as in ruling D14; turn-1 details follow "
        "rulings D1, D5, D6 and D8.",
    ),
)


def search(query: str) -> list[Section]:
    """Sections whose heading or body contains every word of the query."""
    words = [w.lower() for w in query.split() if w]
    if not words:
        return list(SECTIONS)
    return [s for s in SECTIONS if all(w in (s.heading + " " + s.body).lower() for w in words)]


def _normal(heading: str) -> str:
    """A heading without its parenthesised qualifiers, lower-cased: 'Actions / Royal
    Actions (Issue)' -> 'actions / royal actions'. A part that is nothing but a
    parenthesis, as in 'Events / (single-use cards)', keeps its words."""
    parts = []
    for part in heading.split(" / "):
        part = part.strip()
        if part.startswith("(") and part.endswith(")"):
            part = part[1:-1]
        else:
            part = re.sub(r"\s*\([^)]*\)", "", part)
        parts.append(part.strip().lower())
    return " / ".join(p for p in parts if p)


def find(rule: str) -> Section | None:
    """The section a cited rule belongs to: its heading (parenthesised qualifiers
    ignored), a section that continues it, the section of the same part whose title
    shares the most words with it, or else the part's own section or its Overview."""
    if not rule:
        return None
    for s in SECTIONS:
        if s.heading == rule:
            return s
    base = _normal(rule)
    for s in SECTIONS:
        if _normal(s.heading) == base:
            return s
    for s in SECTIONS:
        if _normal(s.heading).startswith(base + " "):
            return s
    part, _, sub = base.partition(" / ")
    same_part = [s for s in SECTIONS if _normal(s.heading).startswith(part + " /")]
    if sub and same_part:
        words = {w.strip(",'\"") for w in sub.split() if len(w) > 3}

        def shared(section: Section) -> int:
            theirs = _normal(section.heading).split(" / ", 1)[-1].replace(",", " ").split()
            return len(words & set(theirs))

        best = max(same_part, key=shared)
        return best if shared(best) else None  # not summarised yet: no misleading match
    for wanted in (part, part + " / overview"):
        for s in SECTIONS:
            if _normal(s.heading) == wanted:
                return s
    return None


section_for = find  # the name the engine's rule citations are documented under
