"""The greedy bot: a simple player for any game, from its own seat's view only."""
from __future__ import annotations

import dis
import functools
import itertools
import math
import operator
import random
import time
from collections import Counter

from .. import seat as m  # the machine as the seat API hands it to a bot's look-ahead
from ..events import MoveEvent
from ..seat import Move
from ..view import zone_shows
from .odds import (Counted, Sight, aimed_at, best, card_numbers, card_values, copies, hyper_at_least, hyper_none,
                   identity_keys, per_deck, per_program, shown_values, situation, table_move, Unseen, unseen_cards, unseen_ids, value_counts, values_held, with_calls)
from .memory import Claims, Whereabouts
from .policy import Policy, RandomPolicy, plain_only, playout_cost
from .samples import determinize, facts, fork, gather, settle


LOOPS_AFTER = 60  # turns: where it stood is remembered from then on (a short game cannot have gone round in circles)
NUMBER_SAMPLES = 3  # samples a number is weighed on (each a hand played out: the dearest thing greedy does)
HAND_DECISIONS = 2_000  # a number is weighed on playouts of the hand that end within this many decisions
PLAIN_SAMPLES = 24  # samples a choice among plain moves (`hit` or `stand`) is weighed on
PLAIN_DECISIONS = 300  # ... each a hand played out that ends within this many decisions
# ... and all of them together cost at most this (`policy.playout_cost`: engine decisions of the classic shedding
# game; ~0.1 s): a hand of many decisions, or of decisions offering many sets of cards (melds), is not weighed
PLAIN_WORK = 4_000
# A number that moves no card beside a plain move (a bid or `pass`) is weighed against it on fewer samples, each a
# whole hand (an auction then tricks: ~60 decisions), at most this much work together (~0.3 s)
BID_SAMPLES = 12
BID_WORK = 24_000
MIN_SAMPLES = 4  # a challenge or a plain move weighed on fewer samples than this (its time up) is not taken
# In a game whose rules knock players out (`lose`), each move is looked at one step ahead on this many samples of the
# hidden cards (what it sets off until the next turn): a move that loses in every one is not made while another does
# not.  The seat's own choices it sets off are tried too (a Prince aimed at another, not at itself), so many deep,
# so many of them at each.
LOOK_SAMPLES = 3
LOOK_DEPTH = 2
LOOK_WIDTH = 30
LOOK_STEPS = 12  # the other players' choices followed (the first quiet move of each) before the look stops


class GreedyBot:
    """A simple player for any game, from its own view only.

    It takes the first kind of move the rules list that it can make (so `play` before `draw`), and among
    cards the one that fits the table best (shares a value with what is shown) and keeps its hand flexible.
    It names the value it holds most of, makes every call that is due, takes every chance a window offers,
    and with claims in the game it tells the truth when it can, bluffs when it cannot, and challenges a
    claim only when the cards it has seen make the claim unlikely.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, doubt_below: float = 0.5, doubt_card_below: float = 0.1, memory: bool = True,
                 samples: int = 8):
        self.rng = random.Random(seed)
        self.doubt_below = doubt_below  # doubt a claim of "N of a value" less likely than this
        self.doubt_card_below = doubt_card_below  # doubt a claim of one named card when so few unseen cards could be it
        self.samples = samples  # samples of the hidden cards a challenge outside a claim is weighed on
        self.turn = None
        self.laid: list[int] = []  # cards this bot chose from its hand this turn (what a claim should describe)
        self.blind_laid = 0  # ... and how many it chose by their place, unseen
        self.memory = memory
        self.earlier: list[str] = []  # the moves it made this turn so far (part of where it stands)
        self.tried: dict = {}  # where it stood (its view) -> {move text: times it chose it there}
        self.aimed = None  # (turn, player, their hidden cards, moves after choosing them): an aim to judge later
        self.missed: dict = {}  # (player, move text) -> how often the player had got cards when it took nothing
        self.held: list[int] = []  # each player's hidden cards at its last decision (once it aims at players)
        self.gained: Counter = Counter()  # player -> how many times their hidden cards were seen to grow
        self.where = Whereabouts()  # cards it saw go into a player's hidden cards (kept once a claim is made)
        self.claims = Claims()  # claims its doubts showed true or false, by player
        self.unseen = Unseen()  # the cards it has not seen, counted by identity at its last count
        self.counted = Counted()  # the values of its own cards, counted at its last count
        self.tracking = False
        # In a game of claims: does a player name the value of what they laid (True: it chose a value after laying
        # cards), or is it the table's (False: a turn of laying went by without)?  None until it has laid cards.
        self.names_laid = None
        # A perf_counter time its weighing on samples stops at (the search bot's helper under `--think`); None: never
        self.deadline = None
        self.quiet_numbers: dict = {}  # (deck, option) -> does choosing a number of it move no card (seen once)
        self.long_plain: set = set()  # (deck, moves) of a plain choice whose hand did not end soon in a sample
        self.shown: dict = {}  # variable -> [hand, value, set from none, turns seen so, held another] (`watch`)
        self.unset: dict = {}  # variable -> does its declaration leave it none (`var trumps = none`)
        self.limited: set = set()  # (deck, option, verb) of a card option seen offering only some cards of a zone (`free`)
        self.layouts: set = set()  # (deck, option) of a card option seen offering cards it knows and cards by place
        self.turned = (None, frozenset())  # (turn, the cards it saw in shared zones at its first look at a layout)
        self.gives: dict = {}  # option key -> does a card of its own chosen with it go out of its sight (`hides`)
        self.look_rng = random.Random(seed ^ 0x5EE)  # the samples of a look ahead (the moves' own luck left alone)

    def move(self, game, seat: int, decision) -> Move:
        opts = decision.options
        if len(opts) == 1 and opts[0].kind in ("", "value", "number") and not opts[0].reveals and not decision.race \
                and not self.tracking and game.state.claim is None:
            return self.forced(game.turns, opts[0])
        return self.decide(game.program, Sight.of_game(game, seat, decision), decision, game)

    def forced(self, turn: int, move: Move) -> Move:
        """The one move a decision offers, when it plays no card, aims at no player and turns nothing up, in a game
        with no claim made yet: `choose` would make it and remember it so without reading the view, so none is
        built."""
        self.new_turn(turn)
        self.note(move)
        return move

    def new_turn(self, turn) -> None:
        if turn != self.turn:
            if self.laid and self.names_laid is None and self.tracking:
                self.names_laid = False  # a turn of claims in which it laid cards and named no value
            self.turn, self.laid, self.earlier, self.blind_laid = turn, [], [], 0

    def note(self, move: Move) -> None:
        """Remember a move it made this turn (where it stands; what followed an aim)."""
        if self.memory:
            self.earlier.append(move.text)
            if self.aimed is not None and self.aimed[0] == self.turn:
                self.aimed[3].append(move.text)

    follow = move  # replaying: its memory comes along

    def choose(self, program, view: dict, decision, game=None) -> Move:
        """Its move from the seat's view (`Seat.view`); `move` reads the same from the seat's glance instead."""
        return self.decide(program, Sight.of_view(view) if view is not None else None, decision, game)

    def decide(self, program, view: Sight, decision, game=None) -> Move:
        if decision.race or "rule" in map(_KIND, decision.options):
            return table_move(self.rng, program, decision)
        if view.turn != self.turn:
            self.new_turn(view.turn)
        if program.shown_vars:
            self.watch(program, view, game)
        opts = decision.options
        key = found = None
        if self.memory and not self.tracking and view.claim is not None:
            self.tracking = True  # a game of claims, where what others hold is doubted: remember where cards went
        if self.tracking:
            self.where.look(view)
        if self.memory and len(opts) > 1:
            if self.aimed is not None or self.missed:  # (each returns at once otherwise)
                self.judge_aim(view)
                opts = self.not_missed(view, opts)
            if (view.turn or 0) >= LOOPS_AFTER:
                key = situation(view, self.earlier)
            found = tried = self.tried.get(key) if key is not None else None
            if tried and self.sure_lie(program, view, opts):
                tried = None  # a claim that cannot be true is always doubted: that move is never what went wrong
            if tried:
                # Back where it stood before with nothing changed: what it chose then led here again, so it
                # takes a move it has chosen here least often (the greedy order among those).
                fewest = min(tried.get(o.text, 0) for o in opts)
                opts = [o for o in opts if tried.get(o.text, 0) == fewest]
        move = self._choose(program, view, decision, opts, game)
        if self.memory:
            if key is not None:
                if len(self.tried) > 50_000:
                    self.tried.clear()
                    found = None
                # (the counts found above for this key, or new ones: the key, a large tuple, hashed once more only then)
                counts = found if found is not None else self.tried.setdefault(key, {})
                counts[move.text] = counts.get(move.text, 0) + 1
            aim = aimed_at(view, move) if move.kind == "several" and not decision.window else None
            if (move.kind == "player" or aim is not None) and not decision.window:
                self.earlier.append(move.text)
                if not self.held:
                    self.held = [view.hidden_held(p) for p in range(view.n)]
                if aim is None:
                    self.aimed = (self.turn, move.arg, view.hidden_held(move.arg), [])
                else:  # `ask Ada nine`: the player and what is asked of them in one move
                    self.aimed = (self.turn, aim, view.hidden_held(aim), [move.text])
            else:
                self.note(move)
        if move.kind == "blind":
            self.blind_laid += 1  # a card of its own it may not see (taken back face down), by its place
        if move.kind == "card" and move.arg < program.deck_size:
            self.laid.append(move.arg)
            if decision.due:
                move = with_calls(move, frozenset(decision.due))
            if self.tracking and game is not None:
                self.where.after(game, view.seat, move, view)  # where its card went, while it can still see
        elif move.reveals and self.tracking and game is not None:
            claim = view.claim
            if claim is not None and claim["stands"] and claim["player"] != view.seat:
                f, says, kind = facts(program), claim["says"], claim["kind"]
                self.claims.after(game, view.seat, move, claim, lambda c: f.fits(c, says, kind), self.where)
        return move

    # -- memory of the public record
    def judge_aim(self, view) -> None:
        """After a turn in which it chose a player and then moves: if that player holds no fewer hidden cards
        than before, what it asked for took nothing from them, and is not asked again until they get a card
        (seen as their hidden cards growing between two of its decisions)."""
        if self.aimed is None and not self.missed:
            return
        for p, h in enumerate(self.held):  # who has got cards since its last decision
            now = view.hidden_held(p)
            if now > h:
                self.gained[p] += 1
            self.held[p] = now
        if self.aimed is None or self.aimed[0] == self.turn:
            return
        _, player, held, after = self.aimed
        self.aimed = None
        if self.held[player] >= held:
            if len(self.missed) > 10_000:
                self.missed.clear()
            for text in after:
                self.missed[(player, text)] = self.gained[player]
        else:
            for text in after:
                self.missed.pop((player, text), None)

    def not_missed(self, view, opts) -> tuple:
        """The options, less a move that took nothing from the player it is aimed at, when that player has got no
        card since (if every option is such a move, all of them)."""
        if not self.missed:
            return opts
        aimed = self.aimed[1] if self.aimed is not None and self.aimed[0] == self.turn else None

        def missed(o) -> bool:
            player = aimed_at(view, o) if o.kind == "several" else aimed
            return player is not None and self.missed.get((player, o.text), -1) == self.gained[player]
        keep = [o for o in opts if not missed(o)]
        return tuple(keep) if keep else opts

    def _choose(self, program, view, decision, opts, game=None) -> Move:
        claim = view.claim
        live = claim is not None and claim["stands"] and claim["player"] != view.seat  # not a settled one
        revealing = list(filter(_REVEALS, opts))
        if revealing and live:
            if self.unlikely(program, view, claim):
                return min(revealing, key=lambda o: o.option)
            opts = [o for o in opts if not o.reveals] or opts
        elif revealing and game is not None and len(revealing) < len(opts) and self.samples:
            # A challenge of something other than a claim (a play whose legality is hidden): weighed on samples
            # of the hidden cards against the move it would make otherwise.
            rest = tuple(o for o in opts if not o.reveals)
            quiet = self._choose(program, view, decision, rest, game)
            return self.weigh(game, view.seat, quiet, revealing)
        elif decision.window:
            acts = [o for o in opts if o.verb != "pass"]
            return acts[0] if acts else opts[0]
        mine = view.own()
        kinds = set(map(_KIND, opts))  # (each test of a kind below reads this set: one pass over the options)
        if "card" in kinds and len(program.cards) > program.deck_size and \
                any(o.kind == "card" and o.arg >= program.deck_size for o in opts):  # (claim cards follow the deck's)
            return self.claim(program, view, [o for o in opts if o.kind == "card"])
        plain = [o for o in opts if o.kind == ""] if "" in kinds else []
        if self.blind_laid and self.names_laid is False and plain and ("card" in kinds or "blind" in kinds):
            return min(plain, key=lambda o: o.option)  # it laid a card it could not see: not known to be the value due
        if self.laid and plain and "card" in kinds \
                and (game is None or getattr(game, "state", game).current == view.seat):
            # Laying several cards in its own turn: go on while they match the first ones, then stop.  (In another's
            # turn the option without a card is no "stop": a defender who beat a card and must beat the next.)
            matches = self.matches_laid(program, view)
            more = [o for o in opts if o.kind == "card" and o.arg in mine and matches(o.arg)] if matches else ()
            if more:
                if len(more) == 1:
                    return more[0]  # (the best of one: nothing to weigh)
                fit = self.fit(program, view, mine)
                return max(more, key=lambda o: fit(o.arg))
            return min(plain, key=lambda o: o.option)
        if game is not None and self.samples and not live and len(kinds) == 1 and "" in kinds and _plain(decision, opts):
            weighed = self.weigh_plain(game, view.seat, opts)
            if weighed is not None:
                return weighed
        if program.knocks_out and game is not None and len(opts) > 1 and not decision.window:
            opts = self.not_losing(game, view.seat, opts)
        first = min(map(_OPTION, opts))
        group = [o for o in opts if o.option == first]
        held = [o for o in group if o.kind == "card" and o.arg in mine] if group[0].kind in ("card", "blind") else ()
        if group[0].kind in ("card", "blind") and not held:
            layout = (id(program.cards), first)
            if layout not in self.layouts and any(o.kind == "blind" for o in group) and \
                    any(o.kind == "card" for o in group):
                self.layouts.add(layout)
            if layout in self.layouts:
                return self.turn_up(program, view, group)
        if group[0].kind == "card":
            cards = held or group
            free = self.free(program, view, cards)  # (asked of one card too: what it sees offered is remembered)
            if len(cards) == 1:
                return cards[0]
            gives = game is not None and not program.claims and not self.tracking and view.claim is None and \
                all(o.arg in mine for o in cards) and self.hides(program, game, view.seat, cards[0])
            fit = self.fit(program, view, mine, free=free, gives=gives)
            return max(cards, key=lambda o: fit(o.arg))
        if group[0].kind == "value":
            if self.laid:
                self.names_laid = True
            if len(group) == 1:
                return group[0]
            counts = value_counts(program, self.laid or mine)
            return best(self.rng, group, lambda o: counts.get(o.arg, 0))
        if group[0].kind == "number" and game is not None and self.samples:
            weighed = self.weigh_numbers(game, view.seat, group) if len(group) > 1 else None
            plain = [o for o in opts if o.option != first and o.kind == "" and not o.reveals]
            if plain and not decision.window and not live and \
                    self.quiet_numbers.get((id(program.cards), group[0].option)):
                # A plain move beside numbers that move no card (`pass` beside a bid) moves none either: it is
                # weighed against the best number (the first, where they cannot be weighed: an auction's later bids
                # change what an earlier one set) as a choice among plain moves is, each hand played out; neither is
                # the natural default, so the better mean is taken.
                number = weighed or group[0]
                return self.weigh_plain(game, view.seat, [number, *plain], BID_SAMPLES, BID_WORK, 0) or number
            if weighed is not None:
                return weighed
        if group[0].kind == "player":
            sizes = view.sizes()
            return best(self.rng, group, lambda o: -sizes.get(o.arg, 0))
        if group[0].kind == "several":  # `ask Ada nine`: the value it holds most of, to anyone
            counts = value_counts(program, mine)
            return best(self.rng, group, lambda o: values_held(counts, o))
        return group[0]

    def turn_up(self, program, view, group) -> Move:
        """A card of a layout (cards outside its hand, some it has seen and some lying face down where it has not:
        a game of pairs): one that pairs with a card turned up this turn (shares that card's rarest value), else
        one of two it has seen that pair, else one it has not seen, at random (a card it has seen teaches nothing
        when turned again: turning known cards over and over never ended such a game), else any at random."""
        seen = {c for _, per, z in view.zones if not per and z.__class__ is not int for c in z if c is not None}
        if self.turned[0] != view.turn:
            self.turned = (view.turn, frozenset(seen))
        fresh = (seen - self.turned[1]) | set(self.laid)
        known = [o for o in group if o.kind == "card"]
        pairs = pairing(program)
        against = fresh or {o.arg for o in known}
        matched = [o for o in known if any(c != o.arg and pairs(o.arg, c) for c in against)]
        return best(self.rng, matched or [o for o in group if o.kind == "blind"] or known, lambda o: 0)

    def hides(self, program, game, seat: int, move: Move) -> bool:
        """Does a card of its own chosen with this move's option go, at its first move, to a zone that does not
        show it to the seat (passed to another's hand, thrown away unseen)?  Not a card played to the table,
        though a trick may be gathered face down later, nor one laid face down on the table, which may be turned
        up (a claim doubted).  Looked at once per option: an option the compiler knows moves the card first of all
        to a zone that shows it to its chooser (`Choice.in_sight`: `play(c)`, which moves it to the discard) does
        not; any other is tried on a sample of the hidden cards dealt from its view, the move made there with the
        events recorded."""
        key = (id(program.cards), move.option, move.verb)
        got = self.gives.get(key)
        if got is None:
            # (the sample's seed drawn either way: the samples of a look ahead after it are the same as if it were dealt)
            seed = self.look_rng.getrandbits(64)
            st = game.state if hasattr(game, "state") else game
            specs = st.stack[-1].env.get("$options") if st.stack else None
            spec = specs[move.option] if specs and move.option < len(specs) else None
            got = False
            if spec is None or spec.verb != move.verb or not spec.in_sight:
                sample = determinize(st, seat, random.Random(seed))
                sample.record, sample.events = True, []
                try:
                    m.apply(sample, seat, move, checked=False)
                except Exception:  # noqa: BLE001 - a rule that fails in a sample: not known to hide it
                    sample.events = []
                for ev in sample.events:
                    if ev.__class__ is MoveEvent and move.arg in ev.cards:
                        got = not zone_shows(program.zones[ev.dst].visibility, ev.dst_owner, seat)
                        break
            self.gives[key] = got
        return got

    def not_losing(self, game, seat: int, opts) -> tuple:
        """The options less those that lose straight away (`LOOK_SAMPLES`): the seat knocked out, or the hand
        ended without it among the winners, before the next turn, on every sample of the hidden cards dealt
        from its view (all of them when every option does)."""
        st = game.state if hasattr(game, "state") else game
        hidden = gather(st, seat)
        losing = range(len(opts))
        for _ in range(LOOK_SAMPLES):
            base = determinize(st, seat, random.Random(self.look_rng.getrandbits(64)), gathered=hidden)
            losing = [i for i in losing if _loses(fork(base), seat, opts[i], LOOK_DEPTH)]
            if not losing:
                return opts
        if len(losing) == len(opts):
            return opts
        out = set(losing)
        return tuple(o for i, o in enumerate(opts) if i not in out)

    def late(self) -> bool:
        """Is its time up (`deadline`)?  Checked before each sample: the samples weighed so far decide."""
        return self.deadline is not None and time.perf_counter() > self.deadline

    def weigh(self, game, seat: int, quiet: Move, challenges: list) -> Move:
        """The challenge whose mean result on samples of the hidden cards (dealt from this seat's view) beats the
        quiet move by more than chance, else the quiet move."""
        st = game.state if hasattr(game, "state") else game
        moves = [quiet, min(challenges, key=lambda o: o.option)]
        results: list[list] = [[] for _ in moves]
        hidden = gather(st, seat)  # the same cards are hidden in every sample
        for _ in range(self.samples):
            if self.late():
                break
            base = determinize(st, seat, random.Random(self.rng.getrandbits(64)), gathered=hidden)
            last = len(moves) - 1
            for i, mv in enumerate(moves):  # the last move is made on the sample itself: no copy is left to make
                results[i].append(settle(fork(base) if i < last else base, seat, mv))
        return moves[_beats_first(results)] if len(results[0]) >= min(MIN_SAMPLES, self.samples) else quiet

    def weigh_plain(self, game, seat: int, opts, samples: int = PLAIN_SAMPLES, work: int = PLAIN_WORK,
                    errors: float = 2) -> Move | None:
        """A choice among plain moves (no card, value, number or player to pick, none turning cards up: `hit` or
        `stand`) is a risk when what follows depends on cards it has not seen: the first listed would be taken
        whatever they are (`hit` on 20).  Each move is weighed on samples of the hidden cards (dealt from this
        seat's view), the hand played out by the playout policy but for choices among plain moves, made at random
        (neither always the first nor always the last), and judged as the game is (by the scores
        in a match, else by who wins).  Another move is taken only when it beats the first listed by more than
        `errors` standard errors.  None when the hand does not end within PLAIN_DECISIONS decisions in a sample, or the playouts
        together would cost more than `work` (then remembered for this decision's moves, and not tried again)."""
        st = game.state if hasattr(game, "state") else game
        known = (id(st.program.cards), tuple(o.text for o in opts))
        if known in self.long_plain:
            return None
        moves = sorted(opts, key=lambda o: o.option)
        results: list[list] = [[] for _ in moves]
        hidden = gather(st, seat)
        spent = 0
        for _ in range(samples):
            if self.late():
                break
            base = determinize(st, seat, random.Random(self.rng.getrandbits(64)), gathered=hidden)
            seed = self.rng.getrandbits(64)  # the same playout luck for every move: only the move differs
            for i, mv in enumerate(moves):
                copy = fork(base) if i < len(moves) - 1 else base
                result, cost = _play_plain(copy, seat, mv, random.Random(seed), work - spent)
                spent += cost
                if result is None:
                    if len(self.long_plain) > 1_000:
                        self.long_plain.clear()
                    self.long_plain.add(known)
                    return None
                results[i].append(result)
        return moves[_beats_first(results, errors)] if len(results[0]) >= MIN_SAMPLES else None

    def weigh_numbers(self, game, seat: int, group: list) -> Move | None:
        """A number that moves no card when it is chosen (a bid, a bet) shows what it was worth only when the hand
        is scored, so the first listed (0: a bid of nothing) is no better a guess than any.  Each number is weighed
        on a few samples of the hidden cards, the hand played out to its end by the quick playout policy and
        judged as the game is: by the scores in a match, else by who wins (the scores breaking ties); after each
        sample the better half of the numbers go on.  A playout is made once a sample: the numbers differ only in
        what they set, so the end of the hand is made again for each from the state before its last move with
        that number's variables.  None when a number of this option moves cards (its effect shows at once: the
        order of the rules decides), or the hand does not end."""
        st = game.state if hasattr(game, "state") else game
        known = (id(st.program.cards), group[0].option)
        if self.quiet_numbers.get(known) is False:
            return None
        totals = [0.0] * len(group)
        alive = list(range(len(group)))
        sets = None
        mates = set(m.team(st, seat)) - {seat}
        hidden = gather(st, seat)
        for k in range(NUMBER_SAMPLES):
            if self.late():
                if not k:
                    return None
                break
            base = determinize(st, seat, random.Random(self.rng.getrandbits(64)), gathered=hidden)
            first = fork(base)
            try:
                m.apply(first, seat, group[0], checked=False)
                if sets is None:  # what each number sets, beside what the first sets (the same in every sample)
                    sets = _number_sets(base, seat, group, first)
                    self.quiet_numbers[known] = bool(sets)
                    if not sets:
                        return None
            except Exception:  # noqa: BLE001 - a rule that fails in a sample: the number cannot be weighed
                return None
            end = _play_hand(first, Policy(first.program, random.Random(self.rng.getrandbits(64))), mates, group[0].option)
            if end is None:
                return None
            before, (player, last), later = end
            for i in alive:
                # A teammate who chooses such a number later in the hand is taken to choose as this seat does
                # (the policy's guess at it, any number, would make the seat bid for the team).
                changes = [sets[group[i].arg]] + [by_arg[group[i].arg] for by_arg in later if group[i].arg in by_arg]
                if i == 0 and not later:
                    done = first
                else:
                    done = fork(before)
                    if not all(_set_vars(done, *change) for change in changes):
                        return None  # what a number set was changed in play: the shortcut does not hold
                    try:
                        m.apply(done, player, last, checked=False)
                    except Exception:  # noqa: BLE001 - as above
                        return None
                totals[i] += _hand_result(done, seat)
            # The better half goes on to the next sample (the numbers' ends cost more than the playout).
            alive.sort(key=lambda i: -totals[i])
            alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
        return group[best(self.rng, alive, lambda i: totals[i])]

    # -- what fits, what is true
    def watch(self, program, view, game=None) -> None:
        """What the table's variables (`show`) held at this decision: for each, in this hand, the value it holds,
        whether it was none before it, the turns it was seen with this value (two are enough), and whether it has
        held another value (`standing`)."""
        for name in program.shown_vars:
            v, seen = view.vars.get(name), self.shown.get(name)
            if seen is None or seen[0] != view.hand:
                self.shown[name] = [view.hand, v, False, {view.turn}, False]
                if game is not None and v is not None and name not in self.unset:
                    self.unset[name] = declared_none(game, view.seat, name)
            elif v != seen[1]:
                if seen[1] is None:
                    seen[1], seen[2], seen[3] = v, True, {view.turn}  # set during the hand, from none
                else:
                    seen[1], seen[3], seen[4] = v, {view.turn}, True
            elif len(seen[3]) < 2:
                seen[3].add(view.turn)

    def standing(self, name) -> bool:
        """Has the variable stood still since it was set in this hand, as far as this bot has seen: set from none
        (before its eyes, or declared so: `var trumps = none`), or seen in two turns, and never seen to hold another
        value (trumps, not the rank due)?"""
        seen = self.shown.get(name)
        return seen is not None and seen[1] is not None and not seen[4] and \
            (seen[2] or len(seen[3]) > 1 or self.unset.get(name, False))

    def free(self, program, view, cards) -> bool:
        """Is this choice of a card free: its option offers every card of the zone it takes them from (no `where`
        that the table's cards decide: a lead, a discard), as far as this bot has seen it offered in this game, in
        a game where no claim is made of the cards laid (a card matching the table makes a true claim)?"""
        if program.claims or self.tracking or view.claim is not None:
            return False
        key = (id(program.cards), cards[0].option, cards[0].verb)
        if key in self.limited:
            return False  # (seen offering only some of a zone's cards: not free, whatever is offered now)
        whole = whole_zone(view, cards)
        if whole is False:
            self.limited.add(key)  # the option has offered only some of a zone's cards: what is shown decides
        return bool(whole) and key not in self.limited

    def fit(self, program, view, mine, free: bool = False, gives: bool = False):
        """How well a card fits, card id -> score: higher for a card sharing values with what the table shows
        and with many other cards of this hand (what the table shows and the hand's values counted once).

        `free`: every card of the zone it chooses from is offered (a lead, a discard: nothing on the table need be
        matched), in a game where no claim is made of the cards laid (a card matching the table is a true claim).
        Then a value that a variable the rules put before the players (`show`: the trump suit) holds marks the
        cards worth keeping for when it matters, and a card sharing it fits least.

        `gives`: the card goes where this seat no longer sees it (passed to another's hand, thrown away unseen:
        `hides`), so no value of it will show on the table for the hand's other cards to match: a card of the
        hand's sets is kept, and the card fits best that has the fewest partners in the hand, counted by the
        value that makes sets (its rarest: a rank before a suit, as `pairing`), then by all of its values."""
        if self.laid:  # laying several: keep to the values already laid
            values_of = card_values(program)
            laid = value_counts(program, self.laid)
            laid_of = laid.get  # (a value not laid counts 0)
            return lambda cid: sum(map(laid_of, values_of[cid][0], _ZEROS))
        shows = shown_values(program, view).__contains__
        held = self.counted.of(program, mine).get  # (a value the hand lacks counts 0)
        keep = kept_values(program, view, self.standing) if free else ()
        kept = keep.__contains__ if keep else None
        fits = per_deck(_FITS, program, _fit_parts)
        if gives:  # (the values shown and kept as below)
            pairs = pairing(program)
            hand = list(mine)

            def odd(cid) -> float:
                values, numbers, own, extra = fits[cid]
                table = sum(map(shows, values))
                others = sum(map(held, values, _ZEROS)) - (own if cid in mine else 0)
                if kept is not None:
                    table -= 2 * sum(map(kept, values))
                sets = sum(1 for c in hand if c != cid and pairs(cid, c))
                return table * 100 - 10 * sets - others + (extra - own)  # (its numbers' sum / 100: as below)
            return odd

        # Each sum counted in C (`map`), the same numbers as a sum of each value's part: the values shown counted
        # once each, a number shown a half each (exact), a value kept two each, the hand's cards of each value
        # less the card's own when it is in the hand.
        def fit(cid) -> float:
            values, numbers, own, extra = fits[cid]
            table = sum(map(shows, values))
            if numbers:
                table += 0.5 * sum(map(shows, numbers))
            if kept is not None:
                table -= 2 * sum(map(kept, values))
            others = sum(map(held, values, _ZEROS))
            if cid in mine:
                others -= own
            return table * 100 + others + extra
        return fit

    def matches_laid(self, program, sight):
        """card id -> does the card share a value (not a number) with a card laid this turn; when every card laid
        shares the value of a variable the table shows (the rank due: what the claim will name), that value.  None
        (lay no more) when the cards laid share no such value, in a game where a player does not name what they
        laid (`names_laid`): the claim of them would be a lie, and a lie of one card is the least likely to be
        caught and the cheapest when it is."""
        values_of = card_values(program)
        common = set(values_of[self.laid[0]][0]).intersection(*(values_of[c][0] for c in self.laid[1:]))
        said = {v for v in sight.vars.values() if isinstance(v, str)}
        if self.names_laid is False and said and not common & said:
            return None
        want = (common & said) or set(value_counts(program, self.laid))
        return lambda cid: not want.isdisjoint(values_of[cid][0])

    def claim(self, program, view, opts) -> Move:
        """Name the card it laid when the rules allow; else the claim most cards it has not seen could make true."""
        if self.laid:
            said = per_program(_CLAIMED, program, _claimed)  # each card's claimed attributes, in claim order
            actual = said[self.laid[-1]]
            for o in opts:
                if said[o.arg] == actual:
                    return o
        unseen = unseen_cards(program, view, self.unseen)
        return best(self.rng, opts, lambda o: (copies(program, o.arg, unseen), -o.option))

    def unlikely(self, program, view, claim) -> bool:
        """Is the live claim more likely false than true, given every card this seat has seen and where it saw
        cards go (a card it knows the claimer holds can make the claim true; one it knows another holds cannot)?
        A player whose claims its doubts have shown false is doubted sooner, one shown truthful later."""
        p_true, card = self.p_true(program, view, claim)
        scale = 0.5 + self.claims.false_rate(claim["player"])
        return p_true < (self.doubt_card_below if card else self.doubt_below) * scale

    def sure_lie(self, program, view, opts) -> bool:
        """A move among `opts` doubts another player's live claim that cannot be true."""
        claim = view.claim
        if claim is None or not claim["stands"] or claim["player"] == view.seat or not any(o.reveals for o in opts):
            return False
        return self.p_true(program, view, claim)[0] == 0

    def p_true(self, program, view, claim) -> tuple[float, bool]:
        """How likely the live claim is true, from what this seat has seen, and whether it names one card."""
        unseen = unseen_cards(program, view, self.unseen)
        player = claim["player"]
        # the cards it held when it claimed: its hand now and those it laid (claimed where it holds them, in it still)
        hand = view.sizes().get(player, 0) + (0 if claim.get("held") else claim["count"])
        mine = theirs = ()
        if self.where.known:
            keys = identity_keys(program)
            mine = [keys[c] for c in self.where.held_by(player)]
            theirs = [keys[c] for c, p in self.where.known.items() if p != player]
            unseen = _less(unseen, mine + theirs)  # the pool the claimer's other cards came from
            hand = max(0, hand - len(mine))
        pool = sum(unseen.values())
        if claim["kind"] == "card":
            if mine and copies(program, claim["says"], dict.fromkeys(mine, 1)):  # (some of them: not how many)
                return 1.0, True  # it holds a card that makes the claim true
            # A truthful player names the very card it holds, so a named card is only doubted when few
            # unseen cards could make it true.
            return 1 - _none(pool, copies(program, claim["says"], unseen), hand), True
        elif isinstance(claim["says"], str):
            # "N of a value": the claimer picks the value it holds most of, so ask how likely it is that
            # some value (of as many as the game has) reaches N, not this one in particular.
            having, choices = _value_claims(program, claim["says"])
            have = sum(map(unseen.__getitem__, having))  # (every identity of the deck is a key of `unseen`)
            known = sum(1 for key in mine if claim["says"] in key)
            one = _at_least(pool, have, hand, claim["count"] - known)
            p_true = 1 - (1 - one) ** choices if not known else one
        else:
            # "N of a number": as likely as N of the cards it could be among those the claimer held.
            numbers = card_numbers(program)
            out = set(self.where.known)
            have = sum(1 for cid in unseen_ids(program, view) if claim["says"] in numbers[cid] and cid not in out)
            known = sum(1 for c in self.where.held_by(player) if claim["says"] in numbers[c])
            p_true = _at_least(pool, have, hand, claim["count"] - known)
        return p_true, False


def declared_none(game, seat: int, name: str) -> bool:
    """Does the table's variable `name` start a hand as none (its declaration worked out on a sample of the state as
    `seat` sees it: a declaration reading a card the seat cannot see tells it nothing of that card)?  A declaration
    that reads nothing (a constant: `var trumps = none`) is worked out once, with no sample."""
    st = getattr(game, "state", game)
    spec = next((v for v in st.program.vars if v.name == name and not v.per_player), None)
    if spec is not None and _reads_nothing(spec.init):
        return spec.init(st, {}) is None
    st = determinize(st, seat, random.Random(0))
    try:
        return spec is not None and spec.init(st, {}) is None
    except Exception:  # noqa: BLE001 - a declaration that reads what a copy cannot give: not known to be none
        return False


def _value_claims(program, says: str) -> tuple:
    """For a claim of "N of `says`" (a value): the identities of the deck's cards that have it (`identity_keys`,
    each once), and how many values it was picked among (its attribute's; 1 when no attribute has it)."""
    kept = per_program(_SAYS, program, lambda p: {})
    got = kept.get(says)
    if got is None:
        having = tuple({key: None for key in identity_keys(program)[:program.deck_size] if says in key})
        attr = next((a for a in program.attributes.values() if a.info(says)), None)
        got = kept[says] = (having, len(attr.values) if attr else 1)
    return got


_SAYS: dict = {}


def _claimed(program) -> list:
    """For `claim`: each card's values of the attributes a claim names (None where it has none)."""
    return [tuple(c.attrs.get(a) for a in program.claim_attrs) for c in program.cards]


_CLAIMED: dict = {}


def _reads_nothing(f) -> bool:
    """Is `f` a function whose code only returns a constant (reads neither its arguments nor any name)?"""
    got = _CONSTANT.get(f)
    if got is None:
        code = getattr(f, "__code__", None)
        got = code is not None and not code.co_names and not getattr(f, "__closure__", None) and \
            all(ins.opname in _CONSTANT_OPS for ins in dis.get_instructions(code))
        if len(_CONSTANT) > 1024:
            _CONSTANT.clear()
        _CONSTANT[f] = got
    return got


_CONSTANT: dict = {}
_CONSTANT_OPS = frozenset({"RESUME", "NOP", "CACHE", "LOAD_CONST", "RETURN_VALUE", "RETURN_CONST"})


def kept_values(program, view: Sight, standing) -> set:
    """The values (not numbers) that variables declared `show` hold, a card's or a value, when `standing(name)` says
    the variable has stood still since it was set (the trump suit; not the rank due, which moves on each turn)."""
    out = set()
    for name in program.shown_vars:
        v = view.vars.get(name)
        if v is None or not standing(name):
            continue
        kind = program.var_kinds.get(name, "any")
        if isinstance(v, str) and (kind.startswith("value:") or kind == "any"):
            out.add(v)  # (a variable set from several places may be typed `any`: its text is a value, if any)
        elif kind == "card":
            out.update(x for a, x in program.cards[v].attrs.items() if not program.attributes[a].numeric)
    return out


def whole_zone(view: Sight, cards: list) -> bool | None:
    """Are the cards offered (two or more, each a move of a card) every card of one of the seat's own zones, which
    it sees (True), or only some of them (False)?  None when they are not all of one such zone."""
    offered = {o.arg for o in cards if o.kind == "card"}
    if not offered or len(offered) < len(cards):
        return None
    for _, per, z in view.zones:
        if per and view.seat is not None and view.seat < len(z) and z[view.seat].__class__ is not int:
            own = z[view.seat]
            if None not in own and offered.issubset(own):
                return None if len(own) == 1 else len(own) == len(offered)
    return None


_FITS: dict = {}
_KIND, _OPTION, _REVEALS = operator.attrgetter("kind"), operator.attrgetter("option"), operator.attrgetter("reveals")
_at_least = functools.lru_cache(maxsize=4096)(hyper_at_least)  # the same few pools, hands and counts come up again
_none = functools.lru_cache(maxsize=4096)(hyper_none)


def _less(counts: Counter, keys: list) -> Counter:
    """`counts - Counter(keys)` as counts go (one less for each key, none below 0), with a key brought to 0 kept at 0:
    a copy and a pass over the keys, not over every identity."""
    out = counts.copy()
    for k in keys:
        if k in out:
            out[k] -= 1
    for k in keys:
        if out.get(k, 0) < 0:
            out[k] = 0
    return out


def pairing(program):
    """(card id, card id) -> do the two cards pair: share the first's rarest value (the one fewest cards of the deck
    have, two at least: a rank before a colour)."""
    return per_deck(_PAIRS, program, _pairing)


_PAIRS: dict = {}


def _pairing(program):
    counts = Counter((a, v) for c in program.cards for a, v in c.attrs.items())
    rarest = []
    for c in program.cards:
        held = [(counts[(a, v)], a, v) for a, v in c.attrs.items() if counts[(a, v)] >= 2]
        rarest.append(min(held)[1:] if held else None)
    attrs = [c.attrs for c in program.cards]

    def pairs(a: int, b: int) -> bool:
        r = rarest[a]
        return r is not None and attrs[b].get(r[0]) == r[1]
    return pairs


def _fit_parts(program) -> list:
    """For `fit`, per card: its values that are not numbers, its numbers as `shown_values` names them, how many of
    its values each value of it comes to (summed over its values: each value's count in the card, counted again for
    each time it comes), and its numbers' sum / 100 (a tie-break)."""
    return [(values, tuple(("#" + a, v) for a, v in numbers), sum(own[v] for v in values), sum(v for a, v in numbers) / 100)
            for values, numbers, own in card_values(program)]


_ZEROS = itertools.repeat(0)  # `map(get, values, _ZEROS)`: each value's count, 0 when absent


def _beats_first(results: list, errors: float = 1) -> int:
    """Of moves weighed on the same samples (`results[i]`: move i's result on each), the one whose mean gain over the
    first is the highest and more than `errors` standard errors of it; else the first (0)."""
    n = len(results[0])
    best_i, best_gain = 0, 0.0
    for i in range(1, len(results)):
        diffs = [a - b for a, b in zip(results[i], results[0])]
        gain = sum(diffs) / n
        sd = math.sqrt(max(0.0, sum(d * d for d in diffs) / n - gain * gain))
        if gain > max(best_gain, errors * sd / math.sqrt(n)):
            best_i, best_gain = i, gain
    return best_i


class _PlainAtRandom:
    """The playout policy, but choices among plain moves made at random (`weigh_plain`: the policy would take the
    first listed, whatever the cards: `hit` on 20)."""

    def __init__(self, st, rng: random.Random):
        self.policy, self.random = Policy(st.program, rng), RandomPolicy(st.program, rng)

    def move(self, st) -> Move:
        d = st.pending
        return (self.random if _plain(d, d.options) else self.policy).move(st)

    def note(self, st, seat: int, move: Move) -> None:
        self.policy.note(st, seat, move)


def _plain(decision, opts) -> bool:
    """A choice among plain moves: two or more, none with a card, value, number or player to pick, none turning cards
    up, outside a window."""
    return not decision.window and plain_only(opts)


def _play_plain(st, seat: int, move: Move, rng: random.Random, cap: int) -> tuple[float | None, int]:
    """`move` made for `seat` on a sample and the hand played out (`weigh_plain`): what the hand is worth to the seat,
    or None when it does not end within PLAIN_DECISIONS decisions, or costs `cap` (`policy.playout_cost`), or a rule
    fails in the sample; and what it cost."""
    policy = _PlainAtRandom(st, rng)
    hand = st.hand_no
    steps = st.steps
    n = offered = 0
    try:
        m.apply(st, seat, move, checked=False)
        for n in range(PLAIN_DECISIONS):
            if st.over or st.hand_no != hand or st.winners:
                return _hand_result(st, seat), playout_cost(n, st.steps - steps, offered)
            d = st.pending
            if d is None:
                return None, playout_cost(n, st.steps - steps, offered)
            offered += len(d.options)
            cost = playout_cost(n, st.steps - steps, offered)
            if cost >= cap:
                return None, cost
            mv = policy.move(st)
            policy.note(st, d.player, mv)
            m.apply(st, d.player, mv, checked=False)
    except Exception:  # noqa: BLE001 - a rule that fails in a sample
        return None, playout_cost(n, st.steps - steps, offered)
    cost = playout_cost(PLAIN_DECISIONS, st.steps - steps, offered)
    return (_hand_result(st, seat) if st.over or st.hand_no != hand or st.winners else None), cost


def _loses(st, seat: int, move: Move, depth: int) -> bool:
    """Does `move`, made for `seat` on a sample, lose straight away: the seat knocked out (`lose`), or the hand
    or game ended without it among the winners, before the next turn?  The other players' choices on the way are
    their first quiet moves (as `settle`); the seat's own are each tried (`depth` deep, `LOOK_WIDTH` of them): it
    loses only if every one does.  A rule that fails in the sample says nothing: no loss."""
    hand, won, start = st.hand_no, st.hands_won[seat], st.turns
    try:
        m.apply(st, seat, move, checked=False)
        for _ in range(LOOK_STEPS):
            if st.over or st.hand_no != hand:
                return st.hands_won[seat] == won
            if seat in st.lost:
                return True
            d = st.pending
            if d is None or st.turns != start:
                return False
            if d.player == seat and not d.window and not d.race:
                if depth <= 0:
                    return False
                return all(_loses(fork(st), seat, o, depth - 1) for o in d.options[:LOOK_WIDTH])
            quiet = [o for o in d.options if not o.reveals]
            plain = [o for o in quiet if o.verb == "pass"] if d.window else []
            m.apply(st, d.player, (plain or quiet or list(d.options))[0], checked=False)
    except Exception:  # noqa: BLE001 - a rule that fails in a sample says nothing of the move
        return False
    return False


def _changed(a, b) -> dict:
    """The variables (name, or (name, player)) whose values differ between two states, with b's values."""
    out = {}
    for name, v in b.vars.items():
        if a.vars.get(name) != v:
            out[name] = v
    for name, vs in b.pvars.items():
        old = a.pvars.get(name)
        for p, v in enumerate(vs):
            if old is None or old[p] != v:
                out[(name, p)] = v
    return out


def _set_vars(st, change: dict, was: dict) -> bool:
    """Give a state the values `change` sets where it still holds `was` (the first number's values of the same
    variables); False when play has changed one of them since."""
    for key, value in change.items():
        name, p = key if isinstance(key, tuple) else (key, None)
        if (st.vars.get(name) if p is None else st.pvars[name][p]) != was.get(key):
            return False
        if p is None:
            st.vars[name] = value
        else:
            st.pvars[name][p] = value
    return True


def _play_hand(st, policy, mates=frozenset(), option=None):
    """Play a sample on with the policy until its hand ends: the state just before the last move (a copy), that
    move with who made it, and for each decision of a player among `mates` of the same option whose numbers move
    no card, what each number would have set instead of the policy's (number -> (its values, the policy's));
    None when the hand does not end within HAND_DECISIONS decisions."""
    hand = st.hand_no
    before = last = None
    later = []
    for _ in range(HAND_DECISIONS):
        if st.over or st.hand_no != hand or st.pending is None:
            break
        d = st.pending
        move = policy.move(st)
        policy.note(st, d.player, move)
        before, last = fork(st), (d.player, move)
        try:
            if d.player in mates and move.option == option and move.kind == "number":
                mine = fork(st)
                m.apply(mine, d.player, move, checked=False)
                later.append(_number_sets(st, d.player, [move] + [o for o in d.options if o.option == option], mine))
            m.apply(st, d.player, move, checked=False)
        except Exception:  # noqa: BLE001 - a rule that fails in a sample
            return None
    if last is None or not (st.over or st.hand_no != hand or st.winners):
        return None
    return before, last, [x for x in later if x]


def _number_sets(st, player: int, numbers: list, made) -> dict:
    """For a decision among numbers (of one option): number -> (what it sets, what the first of `numbers` sets
    there), each made on a copy of `st` (`made`: the first made already); empty when one moves a card."""
    out = {numbers[0].arg: ({}, {})}
    for o in numbers[1:]:
        copy = fork(st)
        m.apply(copy, player, o, checked=False)
        if copy.zones != st.zones or copy.facedown != st.facedown:
            return {}
        out[o.arg] = (_changed(made, copy), _changed(copy, made))
    return out if made.zones == st.zones and made.facedown == st.facedown else {}


def _hand_result(st, seat: int) -> float:
    """What a played-out hand is worth to `seat`: in a match, its score against the others' mean; else its share
    of the win, the scores breaking ties."""
    scores = st.pvars.get("score") or [0] * st.n
    others = [s for p, s in enumerate(scores) if p != seat]
    edge = scores[seat] - sum(others) / max(1, len(others))
    if st.match:
        return edge
    winners = st.winners or (m.match_winners(st) if st.over else [])
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share + edge * 1e-6
