"""The messages of network play: JSON objects with a version, and how a seat's share of a game is put in them.

A card goes on the wire as the *first* id among the cards of its name on its side of the deck (real cards, or
the claim cards a claim names): a number that says which card it is by name and nothing more, so two cards of
one name cannot be told apart by what is sent, as at a real table.  A card a seat may not see is null.
Everything sent to a seat is built from its own view and its own projection of the events (`SeatPort`).
See docs/network.md.
"""
from __future__ import annotations

import json

from interpreter.events import Event, as_dict, from_dict
from interpreter.seat import Decision, Move

VERSION = 2  # 2: a command is sent as `/WORD ...` (`/undo`, `/house RULE`), the move of that name without the slash
MAX_MESSAGE = 24 * 1024  # bytes a client may send in one message (a line typed at the prompt, editor.MAX_LINE characters
                         # of up to 6 bytes each in JSON, fits); more is refused with an error
MAX_FRAME = 64 * 1024  # what the server's WebSocket layer accepts at all (a bigger frame closes the connection)
MAX_FROM_SERVER = 4 * 1024 * 1024  # what a client accepts in one message (the welcome carries the rules' texts)
RATE = 20.0  # messages a second a client may send, on average ...
BURST = 40  # ... and at once
REJOIN_EVENTS = 60  # events sent again to a seat that (re)joins a game in progress, to redraw its screen
MAX_UPDATE_EVENTS = 2000  # a seat further behind is sent a redraw instead (the last REJOIN_EVENTS events): a house
# rule's 60,000 events in a move made an update larger than a client takes (MAX_FROM_SERVER), and closed its connection


class ProtocolError(Exception):
    """A message that cannot be taken: what is wrong with it, in words sent back to its sender."""


class OtherVersion(ProtocolError):
    """A message of another version of the protocol: the two sides run different releases of rulelang.  Its words
    are the server's to a client; a client tells its person in its own (`theirs`: the version the table speaks)."""

    def __init__(self, theirs):
        self.theirs = theirs
        super().__init__(f"this table speaks version {VERSION} of rulelang's network protocol and you sent "
                         f"{versioned(theirs)}: join with the same release of rulelang as the table's")


def versioned(version) -> str:
    """A version as the other side sent it, fit to show: `version 3`, `no version` (a message without one), `an
    unknown version` (one that is no number, shown as such)."""
    if isinstance(version, int) and not isinstance(version, bool) and 0 <= version < 10**6:
        return f"version {version}"
    return "no version" if version is None else "an unknown version"


def encode(kind: str, **fields) -> str:
    return json.dumps({"v": VERSION, "type": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


def decode(raw, limit: int = MAX_MESSAGE) -> dict:
    """A message from the other side, checked for shape: a JSON object with this version and a type."""
    if isinstance(raw, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    if len(raw) > limit or len(raw.encode("utf-8", "surrogatepass")) > limit:
        raise ProtocolError(f"message too long (at most {limit} bytes)")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object")
    if "\\ud" in raw or "\\uD" in raw:  # JSON may write half of a pair (`"\\ud800"`): no text, nothing may send it on
        try:
            json.dumps(msg, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as e:
            raise ProtocolError(f"the message holds `{ascii(e.object[e.start])[1:-1]}`, half of a pair of characters "
                                "alone: it is not text") from None
    if msg.get("v") != VERSION:
        raise OtherVersion(msg.get("v"))
    if not isinstance(msg.get("type"), str):
        raise ProtocolError("a message has a `type`")
    return msg


def text_field(msg: dict, key: str, limit: int = 2000) -> str:
    v = msg.get(key)
    if not isinstance(v, str) or len(v) > limit:
        raise ProtocolError(f"`{key}` must be text of at most {limit} characters")
    return v


# ---------------------------------------------------------------- the server's side: a seat's share, on the wire


class Canon:
    """Card ids as sent: each card as the first card of its name (real and claim cards apart)."""

    def __init__(self, program):
        first: dict = {}
        self.ids = []
        for cid, c in enumerate(program.cards):
            key = (cid >= program.deck_size, c.name)
            self.ids.append(first.setdefault(key, cid))
        self.program = program

    def __call__(self, cid):
        if isinstance(cid, int) and not isinstance(cid, bool) and 0 <= cid < len(self.ids):
            return self.ids[cid]
        return None if cid is None else cid

    def cards(self, cids, shown) -> list:
        """Ids as sent, null where `shown` (the projection) has null."""
        return [self(c) if s is not None else None for c, s in zip(cids, shown)]


def wire_view(canon: Canon, view: dict) -> dict:
    program = canon.program
    out = dict(view)
    zones = {}
    for name, z in view["zones"].items():
        if isinstance(z, list):
            zones[name] = [{"size": h["size"], "cards": [canon(c) for c in h["cards"]]} for h in z]
        else:
            zones[name] = {"size": z["size"], "cards": [canon(c) for c in z["cards"]]}
    out["zones"] = zones
    out["vars"] = {k: canon(v) if program.var_kinds.get(k) == "card" else v for k, v in view["vars"].items()}
    out["player_vars"] = {k: [canon(x) for x in v] if program.var_kinds.get(k) == "card" else v
                          for k, v in view.get("player_vars", {}).items()}
    claim = view.get("claim")
    if claim is not None and claim.get("kind") == "card":
        out["claim"] = dict(claim, says=canon(claim["says"]))
    out.pop("seat", None)
    return out


def wire_event(canon: Canon, raw: Event, seen: Event, text: str | None) -> dict:
    """An event as sent to a seat: its projection (`seen`) in its plain form, with zones and cards as numbers, and
    the narrator's line for that seat."""
    out = as_dict(seen)
    kind = raw.type
    if kind == "move":
        out.update(src=raw.src, dst=raw.dst, cards=canon.cards(raw.cards, seen.cards))
    elif kind == "deal":
        out.update(zone=raw.zone, src=raw.src,
                   cards={str(p): canon.cards(cs, seen.cards[p]) for p, cs in raw.cards.items()})
    elif kind == "reveal":
        out.update(cards=canon.cards(raw.cards, seen.cards))
    elif kind == "choice":
        out["card"] = canon(seen.card)
        out.pop("pass_", None)
        out["pass"] = bool(raw.pass_)
    elif kind == "claim":
        out["says"] = canon(seen.says) if seen.kind == "card" else seen.says
    if text:
        out["said"] = text
    return out


def wire_decision(canon: Canon, d) -> dict:
    return {"player": d.player, "prompt": d.prompt, "window": d.window, "calls": list(d.calls), "due": list(d.due),
            "race": d.race,
            "options": [{"verb": o.verb, "arg": canon(o.arg) if o.kind == "card" else o.arg, "text": o.text,
                         "doc": o.doc, "kind": o.kind, "option": o.option, "reveals": o.reveals} for o in d.options]}


# ---------------------------------------------------------------- the client's side: back into the host's forms


def event_from_wire(ev: dict) -> Event | None:
    """The record an event sent by the server stands for (None: a kind this client does not know)."""
    e = dict(ev)
    if e.get("type") == "deal":
        e["cards"] = {int(p): cs for p, cs in e["cards"].items()}
    elif e.get("type") == "choice":
        e["pass_"] = bool(e.pop("pass", False))
    return from_dict(e)


def decision_from_wire(d: dict):
    opts = tuple(Move(verb=o["verb"], arg=o["arg"], text=o["text"], option=o.get("option", 0), doc=o.get("doc", ""),
                      kind=o.get("kind", ""), reveals=bool(o.get("reveals"))) for o in d["options"])
    return Decision(player=d["player"], prompt=d.get("prompt") or "", options=opts, window=bool(d.get("window")),
                    calls=tuple(d.get("calls") or ()), due=tuple(d.get("due") or ()), race=d.get("race") or "")
