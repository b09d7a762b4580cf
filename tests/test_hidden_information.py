"""Hidden information stays hidden, in every bundled game, over many seeded bot games.

(a) Nothing a seat is given names a card it may not know: not its view (`g.view(seat)`, and the
    spectator's `g.view(None)`), not a projected event (`g.event_for(ev, seat)`), not a narrated line
    (`g.narrate(ev, seat)`), not the prompt or the moves of a decision shown to it.  What a seat may know
    is worked out here from the zones' declared visibility and the raw events (who laid a card face down,
    who was shown it), not from the view code under test.
(b) The permutation test: at random moments the cards seat S cannot see (the other hands, the draw pile,
    face-down cards others laid, cards set aside) swap identities among themselves -- a relabelling of
    the whole state: the zones, the face-down table, card-valued variables, the last claim -- and S's
    view must not change at all.

Every games/*.rules file is played 12 times (seeded; 2 to 5 players within the game's range; one random bot
a game, which bluffs, cheats and challenges at random, and greedy bots for the rest; boolean options on in
half the games; a game is cut off after 600 moves).  The games of a file are played once and watched for
all three kinds of check, in one test a file, which reports the first failure of each kind.  Checked against deliberately
leaky views, projections and narrations (a face-down card shown, a hidden card in a variable, a choice
told once its card is drawn again after a reshuffle, a hidden card named in a line): each is caught.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot, RandomBot

ROOT = Path(__file__).resolve().parent.parent
# (and a small game that shows cards from hands and the stock every way a `reveal` can: tests/test_revealed.py; and
# two of tests/test_newcomer4.py's, whose cards are handed over in view, or looked at face down)
GAME_FILES = sorted((ROOT / "games").glob("*.rules")) + [ROOT / "tests" / "rules" / f"{name}.rules"
                                                         for name in ("shown_cards", "quartets", "cabo")]
GAMES_EACH = 12
MAX_MOVES = 600           # a game the bots have not finished by then is stopped (all checks still ran)
PERMUTE_EVERY = 7         # on average, a permutation test every this many moves
RECHECK_EVERY = 200       # moves between re-projections of every past choice (a choice may leak later)


@lru_cache(maxsize=None)
def load(path: Path):
    return rulelang.load(path)


# ------------------------------------------------------------------ what a seat may know


def zone_shows(prog, zi, owner, seat) -> bool:
    """Does the zone itself show its (face-up) cards to `seat`?"""
    vis = prog.zones[zi].visibility
    return vis == "public" or (vis == "private" and seat is not None and owner == seat)


def may_see(g, cid, zi, owner, seat, shown=None) -> bool:
    """May `seat` see card `cid` lying where it lies now?  Face down: only those who laid or were shown it; else
    those its zone shows it to, and those a `reveal` showed it to where it lies (`shown`: `Watcher.track`'s)."""
    if cid in g.state.facedown:
        return seat is not None and seat in g.state.facedown[cid]
    return zone_shows(g.program, zi, owner, seat) or (shown is not None and seat in shown.get(cid, ()))


def positions(g) -> dict:
    """Every real card's place: id -> (zone index, owner or None, index in the zone)."""
    out = {}
    for zi, spec in enumerate(g.program.zones):
        z = g.state.zones[zi]
        for owner, cards in (enumerate(z) if spec.per_player else [(None, z)]):
            for i, cid in enumerate(cards):
                out[cid] = (zi, owner, i)
    return out


def move_known(prog, ev, cid, seat) -> bool:
    """May `seat` be told which card `cid` is in this raw move event?  If it knew it where it was, or
    sees it where it goes."""
    was_down = ev.was_down or {}
    if cid in was_down:
        before = seat is not None and seat in was_down[cid]
    else:
        before = zone_shows(prog, ev.src, ev.src_owner, seat)
    face = ev.face
    if face == "down":
        after = False
    elif cid in was_down and face != "up":
        after = seat is not None and seat in was_down[cid]  # still face down where it goes
    else:
        after = zone_shows(prog, ev.dst, ev.dst_owner, seat)
    return before or after


def reveal_shows(g, ev, seat) -> bool:
    to = set(ev.to)
    return len(to) == g.state.n or (seat is not None and (seat in to or seat == ev.owner))


def choice_known(g, index, seat) -> bool:
    """May `seat` (not the chooser) be told which card a player chose in the choice event at `index`?
    Only once the card is seen for what it is by this seat: it went face up where the seat sees it
    (the first move after the choice), or it was later shown to the seat, or turned face up in public.
    A card that merely turns up again after being shuffled away does not tell whose choice it was."""
    prog = g.program
    ev = g.events[index]
    cid = ev.card
    first = True
    for later in g.events[index + 1:]:
        kind = later.type
        if kind == "move" and cid in later.cards:
            was_down = later.was_down or {}
            face = later.face
            face_up = face == "up" or (face is None and cid not in was_down)
            if first:
                if face_up and zone_shows(prog, later.dst, later.dst_owner, seat):
                    return True
                if cid not in was_down and face_up and zone_shows(prog, later.src, later.src_owner, seat):
                    return True  # chosen from where everyone saw it
                first = False
            elif cid in was_down and face == "up" and prog.zones[later.dst].visibility == "public":
                return True
        elif kind == "reveal" and cid in later.cards and reveal_shows(g, later, seat):
            return True
    return False


# ------------------------------------------------------------------ names in text


_PATTERNS: dict = {}


def name_pattern(prog):
    """Every real card's full name, longest first (so "Liar's Red 7" is read whole, not as "Red 7")."""
    key = id(prog)
    if key not in _PATTERNS:
        names = sorted({c.name for c in prog.cards[: prog.deck_size]}, key=len, reverse=True)
        _PATTERNS[key] = (prog, re.compile(r"(?<![\w'])(" + "|".join(re.escape(n) for n in names) + r")(?![\w'])"))
    return _PATTERNS[key][1]


def claim_names(prog) -> frozenset:
    """What a claim can name (claim cards): public words, never a particular card."""
    return frozenset(c.name for c in prog.cards[prog.deck_size:])


def names_in(prog, text) -> set:
    return set(name_pattern(prog).findall(text or ""))


# ------------------------------------------------------------------ the checker

# The events that can carry a card or a text; the others (turn, rule, skip, reverse, again, turn_to, call,
# hand, shuffle, refill, win, hand_over, game_over) say only who and how many.
TELLING = {"move", "deal", "reveal", "choice", "say", "claim"}


class Watcher:
    """Follows one game and checks every seat's share of it after each move."""

    def __init__(self, g: Game, rng: random.Random, label: str):
        self.g = g
        self.prog = g.program
        self.rng = rng
        self.label = label
        self.seats = list(range(g.state.n)) + [None]
        self.known = {s: set() for s in self.seats}  # ids of the cards each seat has been shown, ever
        self.known_names = {s: set(claim_names(self.prog)) for s in self.seats}
        self.shown: dict = {}  # card -> the seats a `reveal` showed it to where it lies now (`track`)
        self.zones_then: dict = {}  # (zone per player, owner) -> its cards before the move (`track`)
        self.checked_events = 0
        self.learned_events = 0
        self.moves = 0

    def fail(self, seat, what):
        raise AssertionError(f"{self.label}, move {self.moves}: seat {seat}: {what}")

    # (a) views
    def check_views(self, seats=None):
        g, prog = self.g, self.prog
        pos = positions(g)
        kinds = prog.var_kinds
        decider = g.pending.player if g.pending is not None else None
        for seat in (self.seats if seats is None else seats):
            v = g.view(seat)
            for zi, spec in enumerate(prog.zones):
                shown = v["zones"][spec.name]
                parts = enumerate(shown) if spec.per_player else [(None, shown)]
                for owner, part in parts:
                    real = g.state.zone(zi, owner)
                    if part["size"] != len(real) or len(part["cards"]) != len(real):
                        self.fail(seat, f"zone {spec.name}({owner}) shows a wrong size")
                    for cid, seen in zip(real, part["cards"]):
                        if seen is None:
                            continue
                        if seen != cid or not may_see(g, cid, zi, owner, seat, self.shown):
                            self.fail(seat, f"sees {prog.cards[cid].name} in {spec.name}({owner})")
                        self.learn(seat, cid)
            for name, value in v["vars"].items():
                # A variable may name a card the seat sees, or one it was shown before (a droid part
                # since taken back into a hand): never one it has not seen.
                if kinds.get(name) == "card" and isinstance(value, int) and value < prog.deck_size:
                    zi, owner, _ = pos[value]
                    if not may_see(g, value, zi, owner, seat, self.shown) and value not in self.known[seat]:
                        self.fail(seat, f"variable `{name}` holds {prog.cards[value].name}, never shown to it")
            claim = v.get("claim")
            if claim is not None and "cards" in claim:
                self.fail(seat, "the public claim lists the claimed cards")
            pending = v.get("pending")
            if pending is not None and seat != decider and ("prompt" in pending or "options" in pending):
                self.fail(seat, "is shown another player's prompt or moves")
        if g.pending is not None:
            d = g.pending
            for o in d.options:
                if o.kind == "card" and o.arg < prog.deck_size:
                    zi, owner, _ = pos[o.arg]
                    if not may_see(g, o.arg, zi, owner, d.player, self.shown):
                        self.fail(d.player, f"is offered `{o.text}`, a card it cannot see")
            bad = names_in(prog, d.prompt) - self.known_names[d.player]
            if bad:
                self.fail(d.player, f"prompt {d.prompt!r} names {sorted(bad)}")
        return len(self.seats if seats is None else seats)

    def learn(self, seat, cid):
        self.known[seat].add(cid)
        self.known_names[seat].add(self.prog.cards[cid].name)

    def learn_from_event(self, index, seat):
        """What the raw event shows this seat, by the zones' visibility and who laid or was shown what."""
        g, prog = self.g, self.prog
        ev = g.events[index]
        kind = ev.type
        if kind == "move":
            for cid in ev.cards:
                if move_known(prog, ev, cid, seat):
                    self.learn(seat, cid)
        elif kind == "deal":
            for p, cids in ev.cards.items():
                if zone_shows(prog, ev.zone, p, seat):
                    for cid in cids:
                        self.learn(seat, cid)
        elif kind == "reveal" and reveal_shows(g, ev, seat):
            for cid in ev.cards:
                self.learn(seat, cid)

    # (a) events and narration
    def check_event(self, index, seat):
        g, prog = self.g, self.prog
        ev = g.events[index]
        e = g.event_for(ev, seat)
        kind = ev.type
        if kind == "move":
            for cid, name in zip(ev.cards, e.cards):
                if name is not None and (name != prog.cards[cid].name or not move_known(prog, ev, cid, seat)):
                    self.fail(seat, f"is told {name} moved ({e.src} -> {e.dst})")
        elif kind == "deal":
            for p, cids in ev.cards.items():
                for cid, name in zip(cids, e.cards[p]):
                    if name is not None and not zone_shows(prog, ev.zone, p, seat):
                        self.fail(seat, f"is told {name} was dealt to seat {p}")
        elif kind == "reveal":
            if any(n is not None for n in e.cards) and not reveal_shows(g, ev, seat):
                self.fail(seat, f"sees cards shown to {ev.to}")
        elif kind == "choice":
            self.check_choice(index, seat, e)
        elif kind == "claim":
            if getattr(e, "cards", None):
                self.fail(seat, "a claim event lists the claimed cards")
        line = g.narrate(ev, seat)
        if line and kind == "choice" and ev.kind in ("value", "several") and e.move:
            # a move of values is told by their display names, which may read as a card's name (Quartets' `ask P2
            # Tailors Mother`, Bridge's `bid 7 Clubs`): looked at as the rules name its values (`e.move`)
            from interpreter.narrator import in_words
            line = line.replace(in_words(g.state, ev, seat).text or e.move, e.move)
        bad = names_in(prog, line) - self.known_names[seat]
        if bad:
            self.fail(seat, f"narration {line!r} names {sorted(bad)}")

    def check_choice(self, index, seat, e=None):
        g, prog = self.g, self.prog
        ev = g.events[index]
        if ev.kind != "card" or ev.card is None or ev.card >= prog.deck_size:
            return
        if seat is not None and seat == ev.player:
            return
        e = e if e is not None else g.event_for(ev, seat)
        if any(getattr(e, k) is not None for k in ("card", "move", "verb")) and not choice_known(g, index, seat):
            self.fail(seat, f"is told {g.names[ev.player]}'s choice `{ev.move}` (event {index})")

    def track(self, index):
        """Who a `reveal` showed which card to where it lies now (docs/language.md §5), from the raw events alone:
        kept until the card moves or its zone is shuffled or a hand starts; and a seat that does not see where
        each card that leaves a zone went (it cannot tell which left) knows none of that zone's cards any more."""
        g, prog, shown = self.g, self.prog, self.shown
        ev = g.events[index]
        kind = ev.type
        if kind == "hand":
            shown.clear()
        elif kind == "reveal":
            to = {s for s in ev.to if s is not None} | ({None} if len(set(ev.to)) == g.state.n else set())
            for cid in ev.cards:
                shown.setdefault(cid, set()).update(to)
        elif kind in ("shuffle", "refill") and shown:
            # (a shuffle event names the zone, not whose: a zone per player is taken to be the one whose cards'
            # order changed in the move)
            names = {ev.zone, getattr(ev, "source", None)}
            pos = positions(g)
            for cid in [c for c in shown if prog.zones[pos[c][0]].name in names]:
                zi, owner, _ = pos[cid]
                if not prog.zones[zi].per_player or tuple(g.state.zone(zi, owner)) != self.zones_then.get((zi, owner)):
                    del shown[cid]
        elif kind in ("move", "deal") and shown:
            groups = [(ev.src, ev.src_owner, ev.cards, ev.dst, ev.dst_owner)] if kind == "move" else \
                [(ev.src, None, cs, ev.zone, p) for p, cs in ev.cards.items() if cs]
            for src, src_owner, cards, dst, dst_owner in groups:
                for cid in cards:
                    shown.pop(cid, None)
                pos = positions(g)
                for cid in [c for c in shown if pos[c][:2] == (src, src_owner)]:
                    shown[cid] = {s for s in shown[cid]
                                  if all(self.lands_seen(ev, c, dst, dst_owner, s) for c in cards)}

    def lands_seen(self, ev, cid, dst, dst_owner, seat) -> bool:
        """Does `seat` see card `cid` where a move or a deal put it?"""
        prog = self.prog
        was_down = getattr(ev, "was_down", None) or {}
        face = getattr(ev, "face", None)
        if face == "down" and cid not in was_down:  # laid face down: known to those who saw it where it lay
            vis = prog.zones[ev.src].visibility
            return seat is not None and (vis == "public" or vis == "private" and seat == ev.src_owner)
        if cid in was_down and face != "up":
            return seat is not None and seat in was_down[cid]
        return zone_shows(prog, dst, dst_owner, seat)

    def learn_new_events(self):
        for index in range(self.learned_events, len(self.g.events)):
            self.track(index)
            for seat in self.seats:
                self.learn_from_event(index, seat)
        self.learned_events = len(self.g.events)
        st = self.g.state
        self.zones_then = {(zi, owner): tuple(st.zone(zi, owner)) for zi, spec in enumerate(self.prog.zones)
                           if spec.per_player for owner in range(st.n)}

    def check_new_events(self):
        events = self.g.events
        for index in range(self.checked_events, len(events)):
            if events[index].type in TELLING:
                for seat in self.seats:
                    self.check_event(index, seat)
        count = len(events) - self.checked_events
        self.checked_events = len(events)
        return count

    def recheck_choices(self):
        """A choice hidden when made must stay hidden as its card travels: project every one again."""
        for index, ev in enumerate(self.g.events):
            if ev.type == "choice" and ev.kind == "card":
                for seat in self.seats:
                    self.check_choice(index, seat)

    # (b) the permutation test
    def permutation_test(self, seat):
        g, prog, st = self.g, self.prog, self.g.state
        before = g.view(seat)
        hidden = []
        for zi, spec in enumerate(prog.zones):
            shown = before["zones"][spec.name]
            parts = enumerate(shown) if spec.per_player else [(None, shown)]
            for owner, part in parts:
                real = st.zone(zi, owner)
                hidden.extend(cid for cid, seen in zip(real, part["cards"]) if seen is None)
        # A card a variable names and the seat was shown before keeps its identity: the seat knows it
        # (a droid part taken back into a hand), so swapping it would change what the seat knows.
        pinned = {v for name, v in st.vars.items()
                  if prog.var_kinds.get(name) == "card" and v in self.known[seat]}
        hidden = [c for c in hidden if c not in pinned]
        if len(hidden) < 2:
            return 0
        shuffled = list(hidden)
        self.rng.shuffle(shuffled)
        relabel = dict(zip(hidden, shuffled))
        saved = ([[list(h) for h in z] if prog.zones[i].per_player else list(z) for i, z in enumerate(st.zones)],
                 st.facedown, st.revealed, dict(st.vars), {k: list(v) for k, v in st.pvars.items()}, st.claim)
        try:
            for zi, spec in enumerate(prog.zones):
                z = st.zones[zi]
                for cards in (z if spec.per_player else [z]):
                    cards[:] = [relabel.get(c, c) for c in cards]
            st.facedown = {relabel.get(c, c): k for c, k in st.facedown.items()}
            st.revealed = {relabel.get(c, c): k for c, k in st.revealed.items()}
            for name, kind in prog.var_kinds.items():
                if kind == "card" and name in st.vars and st.vars[name] in relabel:
                    st.vars[name] = relabel[st.vars[name]]
            if st.claim is not None:
                st.claim = dict(st.claim, cards=[relabel.get(c, c) for c in st.claim["cards"]])
            g.check_cards()
            after = g.view(seat)
        finally:
            st.zones, st.facedown, st.revealed, st.vars, st.pvars, st.claim = saved
        if after != before:
            diff = sorted(k for k in before if before[k] != after.get(k))
            self.fail(seat, f"its view changes when the cards it cannot see swap identities ({diff})")
        return 1


def seeded_games(path: Path, games: int | None = None):
    """(players, seed, options) for the games of one file: player counts from the least up (to 5),
    options that are true/false switched on in every other pair of games."""
    prog = load(path)
    counts = list(range(prog.min_players, min(prog.max_players, 5) + 1))
    flags = [name for name, spec in prog.options.items() if isinstance(spec.default, bool)]
    for seed in range(GAMES_EACH if games is None else games):
        options = {name: bool((seed // 2) % 2) for name in flags}
        yield counts[seed % len(counts)], seed, options


def play_and_watch(path: Path, max_moves: int = MAX_MOVES, games: int | None = None) -> dict:
    """Play the file's seeded bot games once (`games` of them, GAMES_EACH unless given), checking as they go; the first failure of each kind
    (views, events, permutation) is kept, and the others go on being checked. A game still going after `max_moves`
    moves is stopped there (every check still run)."""
    prog = load(path)
    failures: dict = {}
    counts = {"moves": 0, "views": 0, "events": 0, "permutations": 0}

    def attempt(kind, check, *args):
        if kind in failures:
            return 0
        try:
            return check(*args) or 0
        except AssertionError as e:
            failures[kind] = str(e)
            return 0

    for players, seed, options in seeded_games(path, games):
        g = Game(prog, players, seed=seed, options=options, record=True)
        rng = random.Random(seed * 7919 + 1)
        # One random bot a game (it bluffs, cheats, challenges and passes at random), greedy ones for the rest.
        bots = [(RandomBot if seat == seed % players else GreedyBot)(seed * 100 + seat) for seat in range(players)]
        w = Watcher(g, rng, f"{path.stem} seed {seed} ({players} players, options {options})")
        while True:
            w.learn_new_events()
            # Every seat's view at the start and the end of a game; one seat's (in turn) after each move.
            edge = w.moves == 0 or g.over
            seats = w.seats if edge else [w.seats[w.moves % len(w.seats)]]
            counts["views"] += attempt("views", w.check_views, seats) and len(seats)
            counts["events"] += attempt("events", w.check_new_events)
            if g.over or w.moves >= max_moves:
                break
            if rng.randrange(PERMUTE_EVERY) == 0:
                counts["permutations"] += attempt("permutation", w.permutation_test, rng.choice(w.seats))
            if w.moves % RECHECK_EVERY == 0:
                attempt("events", w.recheck_choices)
            d = g.pending
            g.apply(d.player, bots[d.player].choose(prog, g.view(d.player), d), checked=False)
            w.moves += 1
        attempt("events", w.recheck_choices)
        counts["moves"] += w.moves
    return {"failures": failures, "counts": counts}


def game_params():
    return [pytest.param(p, id=p.stem) for p in GAME_FILES]


@pytest.mark.slow
@pytest.mark.parametrize("path", game_params())
def test_no_view_event_or_relabelling_shows_a_card_the_seat_may_not_see(path):
    """The file's seeded games are played once and watched three ways (one test, so that the games are not
    played again by another test worker):

    (a) views: every seat's view, and the spectator's: no card of another hand, of a hidden pile or laid face
    down by someone else; no card-valued variable naming a card never shown to the seat; no other player's
    prompt or moves; the moves offered name only cards the decider sees.

    (a) events: every event as projected for each seat (`g.event_for`), and every narrated line
    (`g.narrate`): a card is named only to a seat that knew it where it was or sees it where it went, that was
    shown it, or (for a choice) once the chosen card was seen for what it is.

    (b) the permutation test: relabel the cards a seat cannot see among their places (zones, face-down table,
    card-valued variables, the last claim) and the seat's view is identical."""
    out = play_and_watch(path)
    counts, failures = out["counts"], out["failures"]
    assert counts["moves"] > GAMES_EACH * 10, counts
    assert failures == {}, failures
    assert counts["views"] > counts["moves"]
    assert counts["events"] > counts["moves"]
    assert counts["permutations"] > GAMES_EACH  # the test really ran


# ------------------------------------------------------------------ every text a rule makes, masked per seat
#
# tests/rules/peek.rules puts the other player's cards into every kind of text a rule can make: a `say`, a
# `choose` prompt, an `ask` prompt, attributes of a card, card-valued variables (global, a list, per player).
# Not shuffled: Ann holds Blue 4, Blue 2, Red 4 and Bob Blue 3, Blue 1, Red 3; each turn names the top card of
# the next player's hand (Bob's Red 3 on Ann's first turn).

PEEK = ROOT / "tests" / "rules" / "peek.rules"
HIDDEN_SAY = "Bob holds a card, a (hidden colour) card of (hidden number)"


def test_every_text_a_rule_makes_is_masked_for_each_seat():
    g = Game(load(PEEK), ["Ann", "Bob"], seed=1)
    red_3 = g.state.zones[g.program.zone_index["hand"]][1][-1]
    assert g.program.cards[red_3].name == "Red 3"
    said = [ev for ev in g.events if ev.type == "say"]
    assert [g.narrate(ev, 0) for ev in said] == [HIDDEN_SAY]
    assert [g.narrate(ev, None) for ev in said] == [HIDDEN_SAY]  # the table: a --log, a spectator
    assert [g.narrate(ev, 1) for ev in said] == ["Bob holds Red 3, a Red card of 3"]  # his own card
    # The prompt of Ann's decision, shown to her alone.
    assert g.pending.prompt == "Bob holds a card ((hidden colour)): play a card"
    assert g.view(0)["pending"]["prompt"] == g.pending.prompt and "prompt" not in g.view(1)["pending"]
    # Variables holding cards (the status line, the network's and the RL environment's views): None where hidden.
    assert g.view(0)["vars"] == {"peeked": None, "peeks": [None, None, None], "kept": None}
    assert g.view(None)["vars"] == g.view(0)["vars"]
    assert g.view(1)["vars"]["peeked"] == red_3 and None not in g.view(1)["vars"]["peeks"]
    assert g.view(0)["player_vars"]["mine"] == [None, None] and g.view(1)["player_vars"]["mine"] == [red_3, None]
    # Bob is asked, in a prompt naming his own Red 3 (shown) and Ann's top card (hidden from him).
    g.apply(0, "play B4")
    assert g.pending.player == 1
    assert g.pending.prompt == "Ann saw your Red Red 3 and keeps a card ((hidden number)): pass or protest"


def test_the_screen_the_log_and_the_replay_mask_what_a_rule_says(tmp_path, capsys, monkeypatch):
    import io
    import json
    import sys

    from rulelang import cli

    log, save = tmp_path / "game.jsonl", tmp_path / "game.yaml"
    monkeypatch.setattr(sys, "stdin", io.StringIO("play B4\nquit\n"))
    assert cli.main(["run", str(PEEK), "--names", "Ann,Bob", "--seed", "1", "--delay", "0", "--log", str(log),
                     "--save", str(save)]) == 0
    out = capsys.readouterr().out
    first = out.split("Ann> play B4")[0]
    assert f"  {HIDDEN_SAY}\n" in first
    assert "peeks: a card, a card, a card ·" in first and "peeked:" not in first and "kept:" not in first
    assert "Bob holds a card ((hidden colour)): play a card\n" in first
    assert "Red 3" not in first and "R3" not in first
    said = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [e["text"] for e in said if e.get("type") == "say"][0] == HIDDEN_SAY
    assert not any("Bob holds Red 3" in e["text"] for e in said if e.get("type") == "say")
    assert cli.main(["replay", str(save)]) == 0  # as Ann saw it
    replayed = capsys.readouterr().out
    assert HIDDEN_SAY in replayed and "Bob holds Red 3" not in replayed


def test_a_card_laid_face_down_from_a_stack_its_owner_cannot_see_stays_unknown_to_them():
    """War's face-down cards of a battle come from a stack nobody looks at, its owner neither: laid face down,
    and then put back under a stack, they are known to nobody (they used to be shown to the one who laid them)."""
    prog = rulelang.load_text("""
game "Stack"
players 2..2
attribute rank 1..8
deck deck { for r in 1..8 { card {rank: r} } }
zone deck hidden
zone stack hidden per player
zone laid public
setup { deal all from deck to stack }
turn { choose current { lay { move 2 from stack(current) to laid face down  move laid to stack(next) } } }
""")
    g = Game(prog, 2, seed=1)
    g.apply(0, "lay")
    for seat in (0, 1, None):
        assert all(c is None for z in g.view(seat)["zones"]["stack"] for c in z["cards"])
        moves = [g.event_for(ev, seat) for ev in g.events if ev.type == "move"]
        assert moves and all(c is None for ev in moves for c in ev.cards), seat


GRID_READ = """
game "Grid read"
players 2..2
attribute rank ordered { one "1" two "2" three "3" four "4" five "5" six "6" }
attribute colour { red "Red" short "R" black "Black" short "B" }
name cards by rank colour
deck stock { for c in colour { for r in rank { card {rank: r, colour: c} } } }
zone stock hidden
zone grid public show all
zone hand private per player
setup {
  shuffle stock
  move 6 from stock to grid face down
}
turn {
  choose current {
    draw where size(stock) > 0 and WHERE "draw a card" { move 1 from stock to hand(current) }
    pass "pass" { }
  }
  if size(stock) == 0 { win current }
}
"""


@pytest.mark.parametrize("where", ["top(grid).rank == six", "any(d.rank == six for d in grid)"])
def test_a_where_may_not_read_cards_laid_face_down_in_a_zone_all_see(where):
    """A public zone's face-down cards are hidden from who did not see them: a `where` reading them (the top card,
    or all of them) is refused when the decision comes, as one reading a hidden pile is; before, `draw` was offered
    exactly when the unseen top card was a six."""
    from interpreter.errors import RuntimeRulesError

    program = rulelang.load_text(GRID_READ.replace("WHERE", where))
    with pytest.raises(RuntimeRulesError) as refused:
        Game(program, 2, seed=6)
    assert "option `draw`: its `where` reads" in str(refused.value) and "P1 may not see" in str(refused.value)
