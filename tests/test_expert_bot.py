"""The expert bot (issue 16, section 2): it plays every scenario to the end, reads the
board without changing it, and takes the Court decisions that decide survival."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from planet_king.bots import BOTS, hothead, make_bot, mistress_plan, war_plan
from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import Content
from planet_king.engine.decisions import Decision, DecisionKind, Option, Role
from planet_king.engine.game import Game
from planet_king.engine.rules import actions, court, family

SCENARIOS = ("hothead", "iupiter-hispano", "anni-mirabiles", "anni-horribiles", "the-planet-king")


def _ask(g: Game, kind: DecisionKind, ids: Iterable[str], subject: str | None = None) -> str:
    """What a fresh expert chooses when the game asks a decision of ``kind`` among the
    options ``ids``."""
    options = tuple(Option(i, i) for i in ids)
    g.decision = Decision(Role.VALIDO, "", options, kind=kind, subject=subject)
    choice = ExpertBot(1).choose(g)
    assert choice in g.decision.legal_ids
    return choice


def _actions(g: Game, *aids: str) -> list[str]:
    """The options of an action menu that offers these actions."""
    types = actions.action_types(g)
    return [f"action:{types[aid]}:{aid}" for aid in aids]


def _menu(g: Game, *aids: str) -> str:
    """The action the expert takes from a menu of these actions (or "back")."""
    choice = _ask(g, DecisionKind.ACTION, [*_actions(g, *aids), "back"])
    return choice.rpartition(":")[2]


def test_expert_is_a_registered_bot() -> None:
    assert BOTS["expert"] is ExpertBot
    assert make_bot("expert", 1).name == "expert"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_expert_plays_every_scenario_to_the_end_without_touching_the_state(
    content: Content, scenario: str
) -> None:
    g = Game(scenario, seed=5, content=content)
    bot = make_bot("expert", 5)
    while g.decision is not None:
        before = g.state.digest()
        choice = bot.choose(g)
        assert g.state.digest() == before, "the bot changed the game while choosing"
        assert choice in g.decision.legal_ids
        g.choose(choice)
    assert g.state.victory_level


def _court_without_mistress(reign: Game, turn: int, ladies: list[str]) -> Game:
    s = reign.state
    s.turn = turn
    s.queen = "elisabeth-of-france"
    s.mistress = None
    s.ladies_deck = list(ladies)
    s.court_geniuses = ["diego-velazquez", "lope-de-vega", "francisco-de-quevedo", None]
    s.prestige_markers = 3
    heir = family.new_child(reign, legitimate=True, sickly=False)
    while heir is not None and not heir.male:
        heir = family.new_child(reign, legitimate=True, sickly=False)
    assert heir is not None
    s.heir = heir.id
    return reign


def test_a_lost_royal_mistress_is_replaced_first(reign: Game) -> None:
    """Royal Actions (Choose Royal Mistress): with no Royal Mistress and the King's
    happiness near its defeat line, a new one is the best royal action."""
    g = _court_without_mistress(reign, 3, ["maria-de-cordoba", "casilda-manrique"])
    royal = ["issue", "hunt", "nominate-genius", "court-painter", "cortes", "royal-pardon"]
    assert _menu(g, *royal, "choose-mistress") == "choose-mistress"
    assert _menu(g, *royal) != "choose-mistress"  # the menu is read as offered


def test_the_only_lady_of_a_later_turn_is_kept_for_it(reign: Game) -> None:
    """Organisation Phase / Choosing the Royal Mistress: Juana Francisca is the only
    lady in play on turn 7 (her card's turns), so on turn 4 an equal lady is taken
    instead of her."""
    g = _court_without_mistress(reign, 4, ["maria-de-cordoba", "juana-francisca-diez-de-aux"])
    g.state.removed_notables += ["casilda-manrique", "isabel-de-la-cueva"]
    ladies = family.mistress_candidates(g)
    assert "juana-francisca-diez-de-aux" in ladies
    choice = _ask(g, DecisionKind.MISTRESS, [f"mistress:{lid}" for lid in ladies])
    assert choice == "mistress:maria-de-cordoba"


def _ladies_gone_but(g: Game, keep: set[str]) -> None:
    g.state.removed_notables += [
        lid for lid, card in g.content.ladies.items() if card.prestige <= 0 and lid not in keep
    ]


def test_the_last_royal_mistress_stays_while_no_lady_replaces_her(reign: Game) -> None:
    """Organisation Phase / Choosing the Royal Mistress: she is replaced only by a lady
    of prestige 0 or less from the deck; Juana Francisca, the only one of turns 7 and 8,
    stays for both once she is chosen on turn 6."""
    juana = "juana-francisca-diez-de-aux"
    _ladies_gone_but(reign, {juana})
    reign.state.turn = 6
    two_turns = 2 * mistress_plan.worth(reign, juana)
    assert mistress_plan.plan_value(reign, juana, (juana,)) == pytest.approx(two_turns)
    assert mistress_plan.plan_value(reign, None, (juana,)) == 0.0


def test_the_lady_given_up_is_the_one_whose_turns_end_first(reign: Game) -> None:
    """Royal Actions (Choose Royal Mistress) in the Organisation phase: the Organisation
    replaces the lady at once, so the plan gives up María de Chirel (her last turn is 3)
    rather than Sor Margarita (in play to turn 5)."""
    reign.state.turn = 3
    chirel, margarita = "maria-de-chirel", "margarita-de-la-cruz"
    burn_chirel = mistress_plan.plan_value(reign, chirel, (chirel,), start=3)
    burn_margarita = mistress_plan.plan_value(reign, margarita, (margarita,), start=3)
    assert burn_chirel > burn_margarita


def test_the_valido_is_changed_before_his_penalty(reign: Game) -> None:
    """End of Turn / Valido: keeping a Valido who has served four turns with prestige
    under 5 costs a VP, so an equal noble is preferred to keeping him."""
    s = reign.state
    s.valido = "count-of-onate"

    def ratings(nid: str) -> int:
        return sum(court.known_rating(reign, nid, r) for r in ("political", "government"))

    equal = next(
        n
        for n in reign.content.nobles
        if n != s.valido and ratings(n) == ratings(s.valido) and court.where(reign, n) is None
    )
    options = ["keep", f"valido:{equal}"]
    s.last_scores = {"prestige": 3}
    s.turn, s.valido_since = 5, 3  # served three turns: no penalty yet
    assert _ask(reign, DecisionKind.VALIDO, options) == "keep"
    s.turn, s.valido_since = 5, 2  # four turns
    assert _ask(reign, DecisionKind.VALIDO, options) == f"valido:{equal}"
    s.last_scores = {"prestige": 5}  # no penalty with prestige 5
    assert _ask(reign, DecisionKind.VALIDO, options) == "keep"


def _war(g: Game, war: str, position: int, *, truce: bool = False) -> None:
    ws = g.state.wars[war]
    ws.active, ws.position, ws.truce, ws.leader = True, position, truce, None
    g.state.units[war] = {}


def test_an_embassy_goes_to_the_war_nearest_its_loss(reign: Game) -> None:
    """Political Actions (Embassy): a truce stops a war's marker for the turn; on a war
    already at truce it makes peace (a VP and a prestige point lost), so the expert sends
    it to the war one space from defeat, never to a truce far from it."""
    _war(reign, "flanders", -3)
    _war(reign, "england", 0, truce=True)
    embassy = DecisionKind.EMBASSY_TARGET
    assert _ask(reign, embassy, ["war:england", "war:flanders"]) == "war:flanders"
    no_embassy = actions.NO_EMBASSY  # worth nothing: a peace with England is worse
    assert _ask(reign, embassy, ["war:england", no_embassy]) == no_embassy
    assert _ask(reign, embassy, ["war:flanders", no_embassy]) == "war:flanders"
    flanders = war_plan.p_lost(reign, "flanders")
    assert flanders > war_plan.p_lost(reign, "flanders", truce=True)
    assert flanders > war_plan.p_lost(reign, "england")  # at truce: next turn only


def test_hothead_raises_the_army_before_a_campaign(content: Content) -> None:
    """Scenarios / Hothead: only the Italian War counts, and a campaign gains a space per
    success only when the army is as strong as the enemy (Military Campaign), so while it
    is weaker the expert raises a unit rather than campaign; the Court is not played."""
    g = Game("hothead", seed=3, content=content)
    s = g.state
    ws = s.wars["france-italy"]
    ws.active, ws.leader = True, "gonzalo-fernandez-de-cordoba"
    s.units["france-italy"] = {}
    s.treasury = 5
    assert _menu(g, "military-campaign", "raise-provincial") == "raise-provincial"
    assert _menu(g, "hunt", "issue", "nominate-genius") == "back"
    s.units["france-italy"] = {"tercio": 6}
    assert _menu(g, "military-campaign", "raise-provincial") == "military-campaign"


def _hothead_at_war(content: Content, army: dict[str, int]) -> Game:
    g = Game("hothead", seed=3, content=content)
    s = g.state
    ws = s.wars["france-italy"]
    ws.active, ws.leader, ws.truce = True, "gonzalo-fernandez-de-cordoba", False
    s.units = {"france-italy": dict(army), "spain": {"tercio": 1, "provincial": 1}}
    s.treasury = 5
    return g


def test_hothead_brings_spains_garrison_before_raising(content: Content) -> None:
    """Simple Actions (Move a Fleet, Tercio or Leader): the units of Spain reach the
    Italian army in one move; that is a simple action, so the same ACTION card keeps its
    government action for the campaign (a campaign may not follow one on the same front
    with the next ACTION card: Government Actions), where raising a tercio would use it."""
    g = _hothead_at_war(content, {"tercio": 1, "fleet": 1})  # 2 SP against France's 3
    assert hothead.reinforcement(g) == ("spain", 1.5)
    assert _menu(g, "raise-nations", "military-campaign", "move") == "move"
    # Nothing left to bring: the move is worth no more than the greedy bot's.
    g.state.units["spain"] = {}
    assert hothead.reinforcement(g) == (None, 0.0)
    assert _menu(g, "raise-nations", "move") == "raise-nations"


def test_hothead_moves_every_unit_that_reaches_the_italian_army(content: Content) -> None:
    """The move's own choices: from Spain, each unit that can reach the war, then done."""
    g = _hothead_at_war(content, {"tercio": 1})
    g.state.units["italy"] = {"provincial": 1}
    assert _ask(g, DecisionKind.MOVE_SOURCE, ["from:italy", "from:spain"]) == "from:spain"
    what = DecisionKind.MOVE_WHAT
    assert _ask(g, what, ["done", "unit:tercio"], subject="spain") == "unit:tercio"
    assert _ask(g, what, ["done", "unit:provincial"], subject="spain") == "unit:provincial"


def test_hothead_keeps_a_capable_viceroy(content: Content) -> None:
    """Scenarios / Hothead (Victory): the Viceroy of Italy must have a political or
    government rating of 2. With the Court full, a noble drawn by Appoint Noble must take
    an office or a command, and Nominate Noble only replaces: neither is played while
    the Viceroy is capable; with an incapable one and a capable noble at Court,
    Nominate Noble is, even after the war is over."""
    g = _hothead_at_war(content, {"tercio": 4})
    s = g.state
    # No noble at Court is a better general than the commander (that is another reason).
    lead = court.known_rating(g, "gonzalo-fernandez-de-cordoba", "military")
    weaker = [n for n in content.nobles if court.known_rating(g, n, "military") <= lead]
    capable = [n for n in weaker if hothead.capable(g, n)]
    unable = [n for n in weaker if not hothead.capable(g, n)]
    s.offices["viceroy-italy"] = capable[0]
    s.court_nobles = [capable[1], unable[0], unable[1], unable[2]]
    assert _menu(g, "appoint-noble", "nominate-noble") == "back"
    s.offices["viceroy-italy"] = unable[3]
    s.wars["france-italy"].active = False
    assert _menu(g, "appoint-noble", "nominate-noble") == "nominate-noble"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_expert_never_changes_positions_it_would_not_reach_itself(
    content: Content, scenario: str
) -> None:
    """DESIGN 1 (bots read only what a player sees), issue 16: the advisor asks the bot
    in positions that other moves led to. Half the moves here are random; at every
    position a fresh bot (as the advisor makes one) and the game's own bot choose, and
    neither may change the state or draw a card or a marker."""
    for seed in (11, 12):
        g = Game(scenario, seed=seed, content=content)
        bot = make_bot("expert", seed)
        mover = make_bot("random", seed)
        while g.decision is not None:
            before, draws = g.state.digest(), g.random_draws
            fresh = make_bot("expert", len(g.choices)).choose(g)
            choice = bot.choose(g)
            assert (g.state.digest(), g.random_draws) == (before, draws), (
                f"the bot changed the game at choice {len(g.choices)}: {g.decision.prompt}"
            )
            assert fresh in g.decision.legal_ids
            g.choose(mover.choose(g) if mover.rng.random() < 0.5 else choice)
