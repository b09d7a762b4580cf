"""Network play keeps hidden information on the server: the leak test at the protocol level.

Every message a table sends to one seat (seat 0, played as a person whose moves arrive as text) over whole
bot-driven games of every bundled game is recorded as it is sent, and checked:

(a) every card the message names -- by id in views, events, options and variables, or by name in any text
    (the narrator's lines, prompts) -- is one this seat has been shown, worked out from the zones' declared
    visibility and the raw events (test_hidden_information's Watcher), not from the code under test;
(b) the permutation test on the bytes: at random moments the cards seat 0 cannot see swap identities among
    themselves, and the message the table would send it (view and decision) must be byte-for-byte the same.

Checked against a deliberately leaky table (its view shows the other hands): both checks catch it.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("websockets")

import rulelang  # noqa: E402
from interpreter.bots import GreedyBot, RandomBot  # noqa: E402
from rulelang.net.server import Table  # noqa: E402
from test_hidden_information import Watcher, names_in  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "games").glob("*.rules"))
GAMES_EACH = 4
MAX_MOVES = 500
PERMUTE_EVERY = 5


class FakeConn:
    """Where the table's messages to a seat go in this test: nowhere but the recorder."""


class RecordingTable(Table):
    """A table that checks every message to seat 0 at the moment it is sent."""

    def __init__(self, *a, check, **kw):
        super().__init__(*a, **kw)
        self.check = check
        self.recorded = []

    def send(self, seat, text):
        if seat.index == 0:
            self.recorded.append(text)
            self.check(text)


def card_ids(prog, msg: dict) -> list:
    """Every card id a message holds where a card may be: zones, moved/dealt/shown cards, chosen cards,
    claims, card variables, card options."""
    out = []
    if msg.get("type") != "update":
        return out
    v = msg["view"]
    for z in v["zones"].values():
        for part in (z if isinstance(z, list) else [z]):
            out += part["cards"]
    out += [val for k, val in v["vars"].items() if prog.var_kinds.get(k) == "card"]
    for ev in msg["events"]:
        cards = ev.get("cards")
        if isinstance(cards, dict):
            for cs in cards.values():
                out += cs
        elif isinstance(cards, list):
            out += cards
        if ev["type"] == "choice":
            out.append(ev.get("card"))
    d = msg.get("decision")
    if d:
        out += [o["arg"] for o in d["options"] if o["kind"] == "card"]
    return [c for c in out if c is not None]


def state_bytes(table: Table, seat: int) -> str:
    """What the table would send the seat about the game as it stands: its view and its decision."""
    return table.update_for(table.seats[seat], events=False)


def permuted_bytes(table: Table, watcher: Watcher, seat: int, rng: random.Random):
    """(before, after): the seat's state bytes, and the same with the cards it cannot see relabelled among
    themselves (the zones, the face-down table, card variables, the last claim), restored afterwards."""
    g = table.game
    prog, st = g.program, g.state
    before_view = g.view(seat)
    hidden = []
    for zi, spec in enumerate(prog.zones):
        shown = before_view["zones"][spec.name]
        for owner, part in (enumerate(shown) if spec.per_player else [(None, shown)]):
            real = st.zone(zi, owner)
            hidden.extend(cid for cid, seen in zip(real, part["cards"]) if seen is None)
    pinned = {v for name, v in st.vars.items() if prog.var_kinds.get(name) == "card" and v in watcher.known[seat]}
    hidden = [c for c in hidden if c not in pinned]
    if len(hidden) < 2:
        return None
    before = state_bytes(table, seat)
    shuffled = list(hidden)
    rng.shuffle(shuffled)
    relabel = dict(zip(hidden, shuffled))
    saved = ([[list(h) for h in z] if prog.zones[i].per_player else list(z) for i, z in enumerate(st.zones)],
             st.facedown, dict(st.vars), st.claim)
    try:
        for zi, spec in enumerate(prog.zones):
            z = st.zones[zi]
            for cards in (z if spec.per_player else [z]):
                cards[:] = [relabel.get(c, c) for c in cards]
        st.facedown = {relabel.get(c, c): k for c, k in st.facedown.items()}
        for name, kind in prog.var_kinds.items():
            if kind == "card" and name in st.vars and st.vars[name] in relabel:
                st.vars[name] = relabel[st.vars[name]]
        if st.claim is not None:
            st.claim = dict(st.claim, cards=[relabel.get(c, c) for c in st.claim["cards"]])
        after = state_bytes(table, seat)
    finally:
        st.zones, st.facedown, st.vars, st.claim = saved
    return before, after


def play_recorded(path: Path, players: int, seed: int, options: dict, table_cls=RecordingTable) -> dict:
    prog = rulelang.load(path)
    rng = random.Random(seed * 31 + 7)
    state = {"watcher": None, "messages": 0, "bytes": 0, "cards": 0, "permutations": 0}

    def check(text: str) -> None:
        msg = json.loads(text)
        if msg["type"] == "welcome":  # the rules' texts: the same file every player has
            msg.pop("texts")
            text = json.dumps(msg, ensure_ascii=False)
        if msg["type"] == "update" and msg["decision"]:  # an option's doc is the rules' own words (`a plain Wild`)
            bare = dict(msg, decision=dict(msg["decision"], options=[dict(o, doc="") for o in msg["decision"]["options"]]))
            text = json.dumps(bare, ensure_ascii=False)
        if table.game is None:  # the lobby: no card is anywhere yet
            assert msg["type"] in ("welcome", "lobby"), msg
            return
        if state["watcher"] is None:
            state["watcher"] = Watcher(table.game, rng, f"{path.stem} seed {seed}")
        w = state["watcher"]
        w.learn_new_events()
        state["messages"] += 1
        state["bytes"] += len(text.encode())
        leaked = names_in(prog, text) - w.known_names[0]
        assert not leaked, f"{path.stem} seed {seed}: a message to seat 0 names {sorted(leaked)}: {text[:300]}"
        ids = card_ids(prog, msg)
        state["cards"] += len(ids)
        for cid in ids:
            name = prog.cards[cid].name
            assert name in w.known_names[0], f"{path.stem} seed {seed}: seat 0 is sent card {name}, never shown to it"

    table = table_cls(prog, players, options=options, seed=seed, out=lambda line: None, check=check)
    table.attach(table.seats[0], FakeConn(), "Ann")
    for s in table.seats[1:]:
        s.kind = "open"
    table.start()
    table.saver = None  # nothing written to disk in this test
    g = table.game
    chooser = RandomBot(seed) if seed % 2 else GreedyBot(seed)
    bots = {s: (RandomBot if s == seed % players else GreedyBot)(seed * 100 + s) for s in range(1, players)}
    moves = 0
    while not g.over and moves < MAX_MOVES:
        d = g.pending
        if d.race:
            g.apply(d.player, f"last {g.names[rng.randrange(players)]}")
            table.moved()
        elif d.player == 0:
            move = chooser.choose(prog, g.view(0), d)
            problem = table.act(table.seats[0], move.text)  # as text, parsed and checked by the table
            assert problem is None, f"{path.stem} seed {seed}: `{move.text}` refused: {problem}"
        else:
            g.apply(d.player, bots[d.player].choose(prog, g.view(d.player), d))
            table.moved()
        moves += 1
        if rng.randrange(PERMUTE_EVERY) == 0:
            pair = permuted_bytes(table, state["watcher"], 0, rng)
            if pair is not None:
                state["permutations"] += 1
                assert pair[0] == pair[1], (f"{path.stem} seed {seed}, move {moves}: what seat 0 is sent changes "
                                            "when the cards it cannot see swap identities")
    state["moves"] = moves
    return state


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.stem)
def test_no_hidden_card_reaches_another_seat(path):
    prog = rulelang.load(path)
    counts = list(range(prog.min_players, min(prog.max_players, 4) + 1))
    flags = [n for n, spec in prog.options.items() if isinstance(spec.default, bool)]
    totals = {"messages": 0, "cards": 0, "permutations": 0, "moves": 0}
    for seed in range(GAMES_EACH):
        options = {n: bool(seed % 2) for n in flags}
        got = play_recorded(path, counts[seed % len(counts)], seed, options)
        for k in totals:
            totals[k] += got[k]
    # The checks had something to check: messages with cards in them, and permutations of hidden cards.
    assert totals["moves"] > 50 and totals["messages"] >= totals["moves"]
    assert totals["cards"] > totals["messages"]
    assert totals["permutations"] >= 10


class LeakyTable(RecordingTable):
    """Shows seat 0 the other players' hands: what the test must catch."""

    def update_for(self, seat, redraw=False, events=True):
        text = super().update_for(seat, redraw, events)
        msg = json.loads(text)
        g = self.game
        for spec in g.program.zones:
            if spec.per_player:
                msg["view"]["zones"][spec.name] = [{"size": len(h), "cards": [self.canon(c) for c in h]}
                                                   for h in g.state.zones[g.program.zone_index[spec.name]]]
        return json.dumps(msg)


def test_the_leak_test_catches_a_leaky_table():
    with pytest.raises(AssertionError, match="never shown to it"):
        play_recorded(ROOT / "games" / "express.rules", 2, 1, {}, table_cls=LeakyTable)


def test_the_permutation_test_catches_a_leak_in_the_bytes():
    prog = rulelang.load(ROOT / "games" / "express.rules")
    tables = []
    for cls in (RecordingTable, LeakyTable):
        table = cls(prog, 2, seed=3, out=lambda line: None, check=lambda text: None)
        table.attach(table.seats[0], FakeConn(), "Ann")
        table.start()
        table.saver = None
        tables.append(table)
    honest, leaky = (permuted_bytes(t, Watcher(t.game, random.Random(1), "t"), 0, random.Random(5)) for t in tables)
    assert honest[0] == honest[1]
    assert leaky[0] != leaky[1]
