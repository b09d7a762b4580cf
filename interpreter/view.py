"""The one projection of a game onto a seat: views, events and narration all go through `visible`."""
from __future__ import annotations


def visible(st, cid: int, zi: int, owner, seat) -> bool:
    """May `seat` see card `cid` lying in zone `zi` (of `owner`)?  A face-down card only its layer knows."""
    if cid in st.facedown:
        return seat in st.facedown[cid]
    vis = st.program.zones[zi].visibility
    if vis == "public":
        return True
    if vis == "private":
        return seat is not None and owner == seat
    return False


def view(st, seat) -> dict:
    p = st.program
    zones = {}
    for zi, spec in enumerate(p.zones):
        if spec.per_player:
            zones[spec.name] = [
                {"size": len(h), "cards": [c if visible(st, c, zi, o, seat) else None for c in h]}
                for o, h in enumerate(st.zones[zi])
            ]
        else:
            z = st.zones[zi]
            zones[spec.name] = {"size": len(z), "cards": [c if visible(st, c, zi, None, seat) else None for c in z]}
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
        "vars": dict(st.vars),
        "player_vars": {k: list(v) for k, v in st.pvars.items()},
        "scores": list(st.pvars["score"]),
        "pending": pending,
        "claim": public_claim(st),
        "over": st.over,
        "winners": list(st.winners),
    }


def public_claim(st) -> dict | None:
    """The last claim as the table knows it: who, how many cards, what they said (never the cards)."""
    c = st.claim
    if c is None:
        return None
    return {"player": c["player"], "count": len(c["cards"]), "says": c["says"], "kind": c["kind"],
            "text": show(st, c["says"], c["kind"]), "turn": c["turn"]}


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
    return dict(ev)


def visible_at(st, cid, zi, owner, seat, face_down) -> bool:
    if face_down:
        return False
    vis = st.program.zones[zi].visibility
    return vis == "public" or (vis == "private" and seat is not None and owner == seat)


def _who(st, p, seat) -> str:
    return "you" if seat is not None and p == seat else st.names[p]


def _whose(st, p, seat) -> str:
    return "your" if seat is not None and p == seat else st.names[p] + "'s"


def narrate(st, ev: dict, seat) -> str | None:
    """One line of plain text telling `seat` what happened, or None for bookkeeping it need not see."""
    kind = ev["type"]
    names = st.names
    if kind == "move":
        e = project_event(st, ev, seat)
        shown = [c for c in e["cards"] if c]
        n = len(e["cards"])
        what = ", ".join(shown) if len(shown) == n else f"{n} card{'s' if n != 1 else ''}"
        so, do = ev["src_owner"], ev["dst_owner"]
        down = " face down" if ev.get("face") == "down" else ""
        if so is None and do is not None:
            who = _who(st, do, seat)
            return f"{who} take{'' if do == seat else 's'} {what} from the {e['src']}"
        if so is not None and do is None:
            who = _who(st, so, seat)
            return f"{who} put{'' if so == seat else 's'} {what} on the {e['dst']}{down}"
        if so is not None and do is not None:
            return f"{what}: {_whose(st, so, seat)} {e['src']} → {_whose(st, do, seat)} {e['dst']}"
        return f"{what}: {e['src']} → {e['dst']}{down}"
    if kind == "deal":
        e = project_event(st, ev, seat)
        n = max((len(c) for c in e["cards"].values()), default=0)
        mine = e["cards"].get(seat) if seat is not None else None
        text = f"{n} cards dealt to each player from the {e['src']} pile"
        return text + (f"; you get {', '.join(mine)}" if mine else "")
    if kind == "choice":
        if ev.get("pass_") or ev.get("kind") == "card":  # a card played is told by its move
            return None
        return f"{names[ev['player']]}: {ev['move']}"
    if kind == "say":
        return ev["text"]
    if kind == "skip":
        return f"{names[ev['player']]} loses their turn"
    if kind == "reverse":
        return "the direction of play reverses"
    if kind == "again":
        return f"{names[ev['player']]} takes another turn"
    if kind == "reveal":
        e = project_event(st, ev, seat)
        if any(e["cards"]):
            return f"{names[ev['owner']]} shows: {', '.join(e['cards']) or 'nothing'}"
        return f"{names[ev['owner']]} shows {len(ev['cards'])} cards to {', '.join(names[t] for t in ev['to'])}"
    if kind == "refill":
        return f"the {ev['source']} pile is shuffled into the {ev['zone']} pile ({ev['count']} cards)"
    if kind == "win":
        return f"{' and '.join(names[p] for p in ev['players'])} win{'s' if len(ev['players']) == 1 else ''} the hand"
    if kind == "hand_over":
        return "scores: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(ev["scores"]))
    if kind == "game_over":
        return f"game over: {' and '.join(names[p] for p in ev['winners'])} win{'s' if len(ev['winners']) == 1 else ''}"
    if kind == "house_rule":
        who = names[ev["player"]] if isinstance(ev.get("player"), int) else "the table"
        what = f"for {ev['key']}" if ev.get("key") is not None and not isinstance(ev["key"], str) else ""
        return f"{who} makes a house rule {what}: {ev['text']}" + (" (it replaces the one before)" if ev.get("replaced") else "")
    if kind == "house_rule_dropped":
        return f"the house rule `{ev['name']}` failed ({ev['reason']}) and is dropped"
    if kind == "claim":
        what = show(st, ev["says"], ev["kind"])
        n = ev["count"]
        who = "you say" if seat is not None and ev["player"] == seat else f"{names[ev['player']]} says"
        many = "" if n == 1 and ev["kind"] == "card" else f"{n} × "
        return f"{who} {'it is' if n == 1 else 'they are'} {many}{what}"
    if kind == "turn_to":
        return f"{names[ev['player']]} plays next"
    if kind == "call":
        return f"{names[ev['player']]} calls {st.program.calls.get(ev['call'], ev['call'])}"
    if kind == "hand":
        first = _who(st, ev["first"], seat)
        return f"hand {ev['hand']}: {first} go{'' if first == 'you' else 'es'} first"
    return None
