"""Advisor-guided play as a bot (``--bot advisor``): the expert bot's choice, unless the
advisor's playouts say another option is clearly better.

At every decision the bot asks its policy bot (the expert) first, as the expert playing
alone would, so the two play the same game until the advisor first disagrees. Playouts
are spent only where they can decide something:

- the decision has two options or more, and is of a kind where the choice has stakes
  (``KINDS``, read from the options' ids: a Royal Mistress, the Court, a union; in the
  one-turn scenarios wars and the action types too, ``ONE_TURN_KINDS``: elsewhere a war's
  cost falls after the playout stops, and action types are a quarter of all decisions,
  and playouts at each would cost ~15 s a game);
- a **screen** of a few playouts of every option, on common random numbers, finds the
  options that did better than the policy's choice on the same fates (the challengers);
  when none did, the policy's choice stands;
- the rest of the budget goes to the policy's choice and the best challengers only, and
  a challenger replaces the policy's choice only when the paired gap exceeds ``z``
  standard errors (a gap inside one or two errors is noise: each wrong override costs).

With ``anchored`` (off in the registered bot: it did no better, see ``HORIZON``), the
learned evaluator's choice joins the challengers and, if none beats the policy's choice
by ``z`` errors, is taken when it is ahead on the playouts they share: the advisor's own
duel (``advisor.options.duel_won``).

With ``full`` (off in the registered bot) the advisor's own search answers instead, the
one ``hint`` runs (``advisor.search.advise``: successive halving, the evaluator's duel),
on ``full`` playouts a decision, each playing ``full_horizon`` End of Turns (``hint``'s
two by default): dear (some 0.7 CPU s a decision at 200 playouts in Iupiter Hispano,
2 in the longer scenarios, 1 with one End of Turn), but what the regret benchmark
measures. With ``disputed`` as well, the
search runs only where the evaluator's instant answer (tens of milliseconds) differs from
the policy's choice, and elsewhere the policy's choice stands: a cheaper full search, if
that is where its gains lie.

The budget is a fixed number of playouts, never seconds, so a seed gives the same game;
the playouts fork the position with their own RNG and never draw from the game's.
"""

from __future__ import annotations

import random
from collections import Counter

from planet_king.advisor.options import OVERRIDE_Z, OptionValue, beats, duel_won, paired_gap
from planet_king.advisor.playout import play_task
from planet_king.advisor.value import FORECAST
from planet_king.engine import resume
from planet_king.engine.game import Game

# Option-id prefixes of the decisions worth playouts; the rest follow the policy. A war's
# cost comes turns later, after the playout has stopped at the next turn's start, so in
# the longer scenarios the forecast's one-turn view misjudges it: there the advisor
# overrode the expert on wars to the game's loss (Anni Mirabiles, 154 paired games:
# -0.52 +- 0.44 utility in the games with a war override) and without wars gains
# (benchmarks/advisor_guided.py, README). Playouts of three End of Turns for wars did no
# better: -0.165 +- 0.104 against leaving wars out (259 paired games). In a one-turn
# scenario the playout reaches the end. The nobles' seats ("place", "noble": set-up,
# appointments, vacancies, commanders, ambassadors) gained +0.132 +- 0.160 utility over
# the expert that seats them by ``placement`` (Anni Mirabiles, 300 paired games) at
# 4.5 times the cost (10.3 CPU s a game): left out. Against today's expert, asked as
# well as the kinds below, they did worse than the kinds alone: -0.128 +- 0.177 (the same
# 200 games of master seed 2960, 1.6 overrides a game, 3.6 times the CPU).
KINDS = frozenset({"mistress", "court", "union"})
ONE_TURN_KINDS = KINDS | {"war", "type"}
ALL: frozenset[str] = frozenset({"*"})  # every decision
SCREEN = 4  # playouts of each option before the challengers are chosen
PLAYOUTS = 32  # playouts a consulted decision may spend at most
CHALLENGERS = 1  # challengers kept after the screen
Z = OVERRIDE_Z  # standard errors a challenger must beat the policy's choice by
HORIZON = 1  # End of Turns a playout plays before the forecast values it (0: to the end)
FULL_HORIZON = 2  # the full search's: hint's (``advisor.search``, not imported until asked)
# Designs that did no better, each paired on the same 200 games of master seed 2960
# (``benchmarks/advisor_guided.py``, utility, the design less the bot as it is):
# - playouts to the reign's end (``horizon=0``), Anni Mirabiles: -0.045 +- 0.151, at 2.8
#   times the CPU (3.85 s a game): the truncation is not what holds the gain down;
# - the advisor's duel with the evaluator's choice (``anchored=True``), Iupiter Hispano,
#   where the evaluator bot alone is ahead of the expert: +0.005 +- 0.144, with 5.1
#   overrides a game instead of 0.45 (mostly action types) and twice the spread;
# - four times the budget (``playouts=128``), Iupiter Hispano, where the playouts reach
#   the end: +0.005 +- 0.081, at 3.2 times the CPU (4.8 s a game). With the 128 playouts
#   in Anni Mirabiles (master seed 2942, ``docs/balance.md``) no better either: neither
#   noise nor truncation holds the gain down, but how few decisions have stakes.
# What does beat the expert: the advisor's own search at every decision (``full=200``,
# ``kinds=ALL``), Iupiter Hispano, 400 paired games of master seed 2941: +0.480 +- 0.110
# utility, 16 overrides a game, at 46 CPU s a game (this bot: 1.7). Too dear to register:
# some 550 CPU s a game in the longer scenarios.
# Asked only where the evaluator disputes the expert's choice (``disputed``), games 0-99
# of that run: +0.399 +- 0.223 against the expert, +0.010 +- 0.112 against the full
# search on the same games, at 58% of its CPU (28 CPU s a game, 39 of 71 decisions asked).


class AdvisorBot:
    name = "advisor"

    def __init__(
        self,
        seed: int,
        *,
        policy: str = "expert",
        kinds: frozenset[str] | None = None,
        screen: int = SCREEN,
        playouts: int = PLAYOUTS,
        challengers: int = CHALLENGERS,
        z: float = Z,
        horizon: int = HORIZON,
        leaf: str = FORECAST,
        anchored: bool = False,
        full: int = 0,
        disputed: bool = False,
        full_horizon: int = FULL_HORIZON,
    ) -> None:
        from planet_king.bots import make_bot

        if disputed and not full:
            raise ValueError("disputed gates the full search: give full a playout budget")
        self.seed = seed
        self.policy = policy
        self.bot = make_bot(policy, seed)  # the seed the policy would get playing alone
        self.kinds, self.screen, self.playouts = kinds, screen, playouts
        self.challengers, self.z, self.horizon = challengers, z, horizon
        self.leaf = leaf  # how a truncated playout is valued (``advisor.value``)
        self.anchored = anchored  # duel the evaluator's choice, as the advisor does
        self.full = full  # playouts of the advisor's own search a decision (0: the screen's)
        # with ``full``: search only where the evaluator's instant choice is not the policy's
        self.disputed = disputed
        self.full_horizon = full_horizon  # End of Turns the full search's playouts play
        self._root: Game | None = None  # the game followed, with its turn starts kept
        # what the advice cost and changed (read by benchmarks/advisor_guided.py)
        self.consulted = self.overrides = self.spent = 0
        self.overridden: Counter[str] = Counter()  # overrides by decision kind

    def choose(self, game: Game) -> str:
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over")
        mine = self.bot.choose(game)
        legal = decision.legal_ids
        if len(legal) < 2 or not self._worth_asking(game, legal):
            return mine
        root, at = self._following(game), len(game.choices)
        instant = None
        if self.disputed:  # the search's own seed: where it runs, it duels this same choice
            instant = self._instant(root, self.seed + at)
            if instant == mine:
                return mine
        self.consulted += 1
        if self.full:
            pick = self._advised(root, mine, at, instant)
        else:
            pick = self._search(root, legal, mine, at)
        if pick != mine:
            self.overrides += 1
            self.overridden[legal[0].split(":", 1)[0]] += 1
        return pick

    def _worth_asking(self, game: Game, legal: tuple[str, ...]) -> bool:
        kinds = self.kinds
        if kinds is None:  # by the scenario's length
            one_turn = game.scenario.first_turn == game.scenario.last_turn
            kinds = ONE_TURN_KINDS if one_turn else KINDS
        return kinds is ALL or legal[0].split(":", 1)[0] in kinds

    def _following(self, game: Game) -> Game:
        """A copy of ``game`` that keeps its turn starts (it forks cheaply), brought up
        to date with the choices made since the last question (``resume.follow``)."""
        self._root = resume.follow(self._root, game)
        return self._root

    def _search(self, root: Game, legal: tuple[str, ...], mine: str, at: int) -> str:
        rng = random.Random(f"advisor-bot:{self.seed}:{at}")  # never the game's RNG
        seeds = [(rng.getrandbits(48), rng.getrandbits(32)) for _ in range(self.playouts)]
        values = {o: OptionValue(o) for o in legal}

        def play(options: list[str], ks: range) -> None:
            for k in ks:
                for o in options:
                    task = (o, *seeds[k], self.policy, self.horizon, self.leaf)
                    values[o].add(k, play_task(root, task))
                    self.spent += 1

        screen = min(self.screen, max(1, self.playouts // len(legal)))
        play(list(legal), range(screen))
        base = values[mine]
        gains = sorted(
            ((paired_gap(values[o], base)[0], o) for o in legal if o != mine), reverse=True
        )
        rivals = [o for gain, o in gains[: self.challengers] if gain > 0]
        theirs = self._instant(root, at) if self.anchored else mine
        if theirs not in values:  # not a legal option here: no duel
            theirs = mine
        if theirs != mine and theirs not in rivals:
            rivals.append(theirs)
        if not rivals:
            return mine
        left = self.playouts - screen * len(legal)
        more = max(0, left // (len(rivals) + 1))
        play([mine, *rivals], range(screen, min(self.playouts, screen + more)))
        best = max(rivals, key=lambda o: paired_gap(values[o], base)[0])
        if beats(values[best], base, self.z):
            return best
        return theirs if duel_won(values[theirs], base) else mine  # never won by mine

    def _advised(self, root: Game, mine: str, at: int, instant: str | None = None) -> str:
        """The advisor's own answer (``advise``, as ``hint`` gives it) on a budget of
        ``full`` playouts in this process; its policy choice is ``mine`` (the expert's
        ties are broken by its own RNG, which the advisor's fresh bot does not share)."""
        from planet_king.advisor.search import advise

        advice = advise(
            root,
            playouts=self.full,
            seed=self.seed + at,
            workers=1,
            policy=self.policy,
            horizon=self.full_horizon,
            instant=instant,  # the gate's answer, if it asked (the same seed, the same answer)
        )
        self.spent += advice.playouts
        return mine if advice.recommended == advice.policy_choice else advice.recommended

    @staticmethod
    def _instant(root: Game, seed: int) -> str:
        from planet_king.advisor.search import instant_choice

        return instant_choice(root, seed)
