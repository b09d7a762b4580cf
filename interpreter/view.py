"""The one projection of a game onto a seat: views, events and narration all go through `visible`."""
from __future__ import annotations


def visible(st, cid: int, zi: int, owner, seat) -> bool:
    """May `seat` see card `cid` lying in zone `zi` (of `owner`)?  A face-down card only its layer knows."""
    if cid in st.facedown:
        return seat in st.facedown[cid]
    return zone_shows(st.program.zones[zi].visibility, owner, seat)


def sees_card(st, cid: int, seat) -> bool:
    """May `seat` (None: the table) see card `cid` where it lies now?"""
    for zi, (per, z) in enumerate(zip(st.program.per_player, st.zones)):
        if per:
            for owner, pile in enumerate(z):
                if cid in pile:
                    return visible(st, cid, zi, owner, seat)
        elif cid in z:
            return visible(st, cid, zi, None, seat)
    return True


def zone_shows(visibility: str, owner, seat) -> bool:
    """Does a zone (of `owner`) show its face-up cards to `seat`: a public one to all, a private one to its owner."""
    return visibility == "public" or (visibility == "private" and seat is not None and owner == seat)


def view(st, seat) -> dict:
    p = st.program
    zones = {}
    down = st.facedown
    for spec, z in zip(p.zones, st.zones):  # what `visible` says of each card, each zone's rule looked at once
        vis = spec.visibility
        if spec.per_player:
            zones[spec.name] = [{"size": len(h), "cards": _seen(h, zone_shows(vis, o, seat), down, seat)}
                                for o, h in enumerate(z)]
        else:
            zones[spec.name] = {"size": len(z), "cards": _seen(z, zone_shows(vis, None, seat), down, seat)}
    kinds = p.var_kinds
    cards_held = any(k in ("card", "list:card") for k in kinds.values())  # a variable may hold a hidden card
    d = st.pending
    pending = None
    if d is not None:
        # The prompt may name what only the decider knows ("you drew Red 8"): it is theirs alone.
        pending = {"player": d.player, "window": d.window}
        if d.player == seat:
            pending["prompt"] = d.prompt
            pending["options"] = [o.text for o in d.options]
    return {
        "seat": seat,
        "names": list(st.names),
        "current": st.current,
        "direction": st.direction,
        "hand": st.hand_no,
        "turn": st.turns,
        "zones": zones,
        "vars": {k: _held(st, v, kinds.get(k), seat) for k, v in st.vars.items()} if cards_held else dict(st.vars),
        "player_vars": {k: [_held(st, x, kinds.get(k), seat) for x in v] for k, v in st.pvars.items()}
        if cards_held else {k: list(v) for k, v in st.pvars.items()},
        "scores": list(st.pvars["score"]),
        "pending": pending,
        "claim": public_claim(st),
        "over": st.over,
        "winners": list(st.winners),
        "finished": list(st.finished),  # seats out of play by `out`, in order (every seat, once a hand is over)
        "lost": list(st.lost),  # seats knocked out by `lose`, in order
    }


def _held(st, value, kind, seat):
    """A variable's value as `seat` sees it: a card it may not see where it lies now is None, as in a zone."""
    if kind == "card" and isinstance(value, int) and not isinstance(value, bool):
        return value if sees_card(st, value, seat) or seat in st.shown.get(value, ()) else None
    if kind == "list:card" and isinstance(value, (list, tuple)):
        return [c if not isinstance(c, int) or sees_card(st, c, seat) or seat in st.shown.get(c, ()) else None
                for c in value]
    return value


def _seen(z: list, sees: bool, down: dict, seat) -> list:
    """A zone's cards as `seat` sees them (None for one it may not), `sees` saying whether it sees the zone."""
    if down and not down.keys().isdisjoint(z):  # face-down cards among them: each known only to some
        return [c if (seat in down[c] if c in down else sees) else None for c in z]
    return z[:] if sees else [None] * len(z)


def public_claim(st) -> dict | None:
    """The last claim as the table knows it: who, how many cards, what they said (never the cards), and
    whether it stands: its cards still lie face down on top of a shared pile (turned up, it was settled;
    covered, play has gone past it)."""
    c = st.claim
    if c is None:
        return None
    cards = c["cards"]
    stands = bool(cards) and all(cid in st.facedown for cid in cards) and any(
        len(z) >= len(cards) and set(z[-len(cards):]) == set(cards)
        for z, per in zip(st.zones, st.program.per_player) if not per)
    return {"player": c["player"], "count": len(cards), "says": c["says"], "kind": c["kind"],
            "text": show(st, c["says"], c["kind"]), "turn": c["turn"], "stands": stands}


def show(st, v, kind) -> str:
    if v is None:
        return "nothing"
    if kind == "card":
        return st.program.cards[v].name
    if kind == "player":
        return st.names[v]
    if isinstance(v, str):
        for a in st.program.attributes.values():
            info = a.info(v)
            if info:
                return info.display
    return str(v)


def project_event(st, ev: dict, seat) -> dict:
    """An event as `seat` may know it: cards it could not see become None."""
    kind = ev["type"]
    if kind == "move":
        down = ev.get("face") == "down"
        was_down = ev.get("was_down", {})
        src_vis = [(seat in was_down[c]) if c in was_down
                   else visible_at(st, c, ev["src"], ev["src_owner"], seat, False) for c in ev["cards"]]
        # A card laid face down stays known to whoever knew it: the player it came from.
        up = ev.get("face") == "up"
        # A face-down card stays face down unless moved `face up`: known at its new place to whoever knew it.
        dst_vis = [(seat in was_down[c]) if c in was_down and not up
                   else (seat is not None and ev["src_owner"] == seat) if down
                   else visible_at(st, c, ev["dst"], ev["dst_owner"], seat, False) for c in ev["cards"]]
        cards = [st.program.cards[c].name if a or b else None for c, a, b in zip(ev["cards"], src_vis, dst_vis)]
        out = dict(ev, cards=cards)
        out.pop("was_down", None)
        out["src"] = st.program.zones[ev["src"]].name
        out["dst"] = st.program.zones[ev["dst"]].name
        return out
    if kind == "deal":
        names = st.program.cards
        zi = ev["zone"]
        return dict(ev, zone=st.program.zones[zi].name, src=st.program.zones[ev["src"]].name,
                    cards={p: [names[c].name if visible_at(st, c, zi, p, seat, False) else None for c in cs]
                           for p, cs in ev["cards"].items()})
    if kind == "reveal":
        # Shown to every player is shown to the table, spectators included.
        shown = (seat is not None and (seat in ev["to"] or seat == ev["owner"])) or len(set(ev["to"])) == st.n
        return dict(ev, cards=[st.program.cards[c].name if shown else None for c in ev["cards"]])
    if kind == "choice" and seat != ev["player"] and not ev.get("public", True):
        # A card chosen out of this seat's sight (laid face down, kept in a hand) is told only by the move that
        # hides it: not even the verb, which could say "cheat".  The engine marks a choice public once its card
        # lands face up where everyone sees it.
        return dict(ev, move=None, verb=None, card=None)
    if kind == "choice":
        return {k: v for k, v in ev.items() if k != "public"}
    if kind == "claim":
        # What was said is public (never the cards), in words, so that a log read back can tell it.
        return dict(ev, text=show(st, ev["says"], ev["kind"]))
    if kind == "call":
        return dict(ev, text=st.program.calls.get(ev["call"], ev["call"]))
    if kind == "say" and "masked" in ev:
        out = {k: v for k, v in ev.items() if k != "masked"}
        if seat in ev["masked"]:  # a card it names is out of this seat's sight: its own text, "you" included
            out["text"] = ev["masked"][seat]
            out.pop("you", None)
            if seat is not None and seat == ev.get("player"):
                out["you"] = ev["masked"][seat]
        return out
    return dict(ev)


def visible_at(st, cid, zi, owner, seat, face_down) -> bool:
    return not face_down and zone_shows(st.program.zones[zi].visibility, owner, seat)


# ------------------------------------------------------------------ narration
#
# One narrator for every telling of a game: `narrate` tells a live event to a seat, and `tell` tells an event
# in words (players, zones and cards by name), the form `in_words` gives and a --log file holds, so a log read
# back is told in the same sentences.


def in_words(st, ev: dict, seat) -> dict:
    """An event as `seat` may know it (`project_event`), with players named: the form of a --log line."""
    e = project_event(st, ev, seat)
    names = st.names
    for key in ("player", "first", "owner", "src_owner", "dst_owner"):
        if isinstance(e.get(key), int) and not isinstance(e[key], bool):
            e[key] = names[e[key]]
    for key in ("players", "winners", "to"):
        if key in e:
            e[key] = [names[p] for p in e[key]]
    if e["type"] == "deal":
        e["cards"] = {names[p]: cs for p, cs in e["cards"].items()}
    if isinstance(e.get("scores"), list):
        e["scores"] = dict(zip(names, e["scores"]))
    return e


def narrate(st, ev: dict, seat) -> str | None:
    """One line of plain text telling `seat` what happened, or None for bookkeeping it need not see."""
    if ev["type"] == "choice":
        i = _index(st.events, ev)
        if i is not None and claim_of(st.events, i) is not None:
            return None  # the claim it makes tells it
    hand = next((z.name for z in st.program.zones if z.per_player), None)
    return tell(in_words(st, ev, seat), st.names[seat] if seat is not None else None, hand)


def claim_of(events: list, i: int) -> int | None:
    """The index of the claim the choice `events[i]` made (the same player's, before anyone chooses
    again), or None: such a choice is told by its claim, not twice."""
    who = events[i].get("player")
    for j in range(i + 1, len(events)):
        kind = events[j]["type"]
        if kind == "choice":
            return None
        if kind == "claim" and events[j].get("player") == who:
            return j
    return None


def _index(events, ev: dict) -> int | None:
    if hasattr(events, "index_of"):  # a Journal: this very event is among those not packed, or read since
        return events.index_of(ev)
    for i in range(len(events) - 1, -1, -1):
        if events[i] is ev:
            return i
    return None


def pile(name) -> str:
    """A zone named as a heap of cards: `the discard pile`, `the laid pile`."""
    name = str(name)
    return name if name.endswith("pile") else name + " pile"


def cards_text(cards) -> str:
    """The cards by name when all are known, else how many."""
    if cards and all(cards):
        return ", ".join(map(str, cards))
    return count_text(len(cards or []))


def count_text(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def claim_said(e: dict) -> str:
    """What a claim says, after `says`: `it is Red 2`, `they are 3 × Orange`."""
    n = e.get("count")
    says = e.get("says")
    what = e.get("text") or (says if isinstance(says, str) else "a card")
    many = "" if n == 1 and e.get("kind") == "card" else f"{n} × "
    return f"{'it is' if n == 1 else 'they are'} {many}{what}"


def _all(names) -> str:
    return " and ".join(map(str, names))


def tell(e: dict, you: str | None = None, hand: str | None = None) -> str | None:
    """One line for an event in words (`in_words`, or a line of a --log file), or None for bookkeeping.

    `you` is the name of the seat told (`you take ...`), None for the table; `hand` is the players' own
    zone, where cards taken need not say where they go.
    """
    kind = e.get("type")
    p = e.get("player")

    def who(name) -> str:
        return "you" if you is not None and name == you else str(name)

    def does(name, verb) -> str:
        return f"{who(name)} {verb if you is not None and name == you else verb + 's'}"

    def whose(name) -> str:
        return "your" if you is not None and name == you else f"{name}'s"

    if kind == "move":
        so, do = e.get("src_owner"), e.get("dst_owner")
        what = cards_text(e.get("cards"))
        down = " face down" if e.get("face") == "down" else ""
        src, dst = e.get("src"), e.get("dst")
        if so is None and do is not None:
            into = f" into {'your' if do == you else 'their'} {dst}" if hand is not None and dst != hand else ""
            return f"{does(do, 'take')} {what} from the {pile(src)}{into}{down}"
        if so is not None and do is None:
            return f"{does(so, 'put')} {what} on the {pile(dst)}{down}"
        turned = (src, so) == (dst, do) and e.get("face") in ("up", "down")
        src = f"the {pile(src)}" if so is None else f"{whose(so)} {src}"
        dst = f"the {pile(dst)}" if do is None else f"{whose(do)} {dst}"
        goes = "goes" if len(e.get("cards") or []) == 1 else "go"
        if turned:  # turned over where it lies
            return f"{what} {'is' if len(e.get('cards') or []) == 1 else 'are'} turned face {e['face']} on {dst}"
        return f"{what} {goes} from {src} to {dst}{down}"
    if kind == "deal":
        cards = e.get("cards") or {}
        n = max((len(c) for c in cards.values()), default=0)
        mine = cards.get(you) if you is not None else None
        text = f"{count_text(n)} dealt to each player from the {pile(e.get('src'))}"
        return text + (f"; you get {', '.join(mine)}" if mine and all(mine) else "")
    if kind == "choice":
        if e.get("move") is None or e.get("pass_") or e.get("kind") == "card":
            return None  # a card played is told by its move of cards (laid out of sight: only that)
        if e.get("verb") == "pass":
            return f"{does(p, 'let')} it pass"
        return f"{who(p)}: {e['move']}"
    if kind == "claim":
        return f"{does(p, 'say')} {claim_said(e)}"
    if kind == "say":
        return str(e["you"] if e.get("you") and you is not None and p == you else e.get("text"))
    if kind == "call":
        return f"{does(p, 'call')} {e.get('text') or e.get('call')}"
    if kind == "skip":
        return f"{does(p, 'lose')} {'your' if who(p) == 'you' else 'their'} turn"
    if kind == "reverse":
        return "the direction of play reverses"
    if kind == "again":
        return f"{does(p, 'take')} another turn"
    if kind == "turn_to":
        return f"{does(p, 'play')} next" if p is not None else None
    if kind == "turn_now":
        return f"play goes on from {who(p)}" if p is not None else None
    if kind == "reveal":
        cards = e.get("cards") or []
        owner = e.get("owner")
        shows = f"{who(owner)} show" if who(owner) == "you" else f"{owner} shows"
        if any(cards):
            return f"{shows}: {', '.join(c for c in cards if c)}"
        to = [who(t) for t in e.get("to") or []]
        return f"{shows} {count_text(len(cards))} to {_all(to)}"
    if kind == "refill":
        return f"the {pile(e.get('source'))} is shuffled into the {pile(e.get('zone'))} ({count_text(e.get('count') or 0)})"
    if kind == "hand":
        first = who(e.get("first"))
        return f"hand {e.get('hand')}: {first} go{'' if first == 'you' else 'es'} first"
    if kind == "out":
        place = e.get("place")
        nth = {1: "first", 2: "second", 3: "third"}.get(place, f"number {place}")
        return f"{who(p)} {'are' if you is not None and p == you else 'is'} out, {nth} to finish"
    if kind == "lose":
        return f"{who(p)} {'are' if you is not None and p == you else 'is'} knocked out"
    if kind == "win":
        ps = e.get("players") or []
        return f"{_all(ps)} win{'s' if len(ps) == 1 else ''} the hand"
    if kind == "hand_over":
        scores = e.get("scores")
        return "scores: " + ", ".join(f"{k} {v}" for k, v in scores.items()) if isinstance(scores, dict) else None
    if kind == "game_over":
        ws = e.get("winners") or []
        return f"game over: {_all(ws)} win{'s' if len(ws) == 1 else ''}"
    if kind == "house_rule":
        author = does(p, "make") if p is not None else "the table makes"
        key = e.get("key")
        what = f" for {key}" if key is not None and not isinstance(key, str) else ""
        return f"{author} a house rule{what}: {e.get('text')}" + (" (it replaces the one before)" if e.get("replaced") else "")
    if kind == "house_rule_dropped":
        at = f" at {e['at']} of its text" if e.get("at") else ""
        return f"the house rule `{e.get('name')}` failed{at} ({e.get('reason')}) and is dropped"
    if kind == "undo":  # written by the host into a --log file
        n = e.get("moves")
        return f"{p} takes back {n} move{'s' if n != 1 else ''}; the events above since then did not happen"
    return None
