"""A seat's view as plain text, for `render()`: the table's facts, the seat's own cards and its moves, in the
order the terminal shows them (without colour, and without the prompt's machinery)."""
from __future__ import annotations

from interpreter.narrator import words


def text_view(table, seat: int) -> str:
    p = table.program
    v = table.view(seat)
    names = v["names"]
    cards = p.cards

    def card(cid) -> str:
        return "▒▒" if cid is None else cards[cid].name

    def value(kind, x) -> str:
        if x is None:
            return "none"
        if kind == "card":
            return card(x)
        if kind == "player":
            return names[x]
        if isinstance(x, str):
            for a in p.attributes.values():
                info = a.info(x)
                if info:
                    return info.display or x
        return str(x)

    facts = []
    for name, z in v["zones"].items():
        if isinstance(z, dict):
            top = z["cards"][-1] if z["cards"] else None
            if top is not None:
                facts.append(f"{words(name)}: {card(top)} ({z['size']})")
            else:
                facts.append(f"{words(name)}: {z['size']} card{'s' if z['size'] != 1 else ''}")
    for name, x in v["vars"].items():
        if x is not None:
            facts.append(f"{name.replace('_', ' ')}: {value(p.var_kinds.get(name, 'any'), x)}")
    claim = v.get("claim")
    if claim is not None and claim["stands"]:
        who = "you say" if claim["player"] == seat else f"{names[claim['player']]} says"
        many = f"{claim['count']} × " if claim["count"] > 1 or claim["kind"] != "card" else ""
        facts.append(f"claim: {who} {many}{claim['text']}")
    facts.append("direction: " + ("→" if v["direction"] == 1 else "←"))
    pend = v["pending"]
    if pend is not None:
        who = "you" if pend["player"] == seat else names[pend["player"]]
        facts.append(("to answer: " if pend["window"] else "to play: ") + who)
    for name, z in v["zones"].items():
        if isinstance(z, list):
            facts.append(f"{words(name)}: " + ", ".join(f"{n} {h['size']}" for n, h in zip(names, z)))
    lines = [f"── {names[seat]} " + "─" * max(0, 60 - len(names[seat])), " · ".join(facts)]
    first = True
    for name, z in v["zones"].items():
        if isinstance(z, list) and (first or z[seat]["size"]):  # a hand always; an empty pile in front, never
            first = False
            mine = z[seat]["cards"]
            lines.append(f"Your {words(name)} ({len(mine)}): " + " ".join(cards[c].short if c is not None else "▒▒"
                                                                   for c in mine))
    if v["over"]:
        won = v["winners"]
        lines.append("game over: " + (" and ".join(names[w] for w in won) or "nobody") + " won")
    elif pend is not None and pend["player"] == seat:
        if pend.get("prompt"):
            lines.append(pend["prompt"])
        lines.append("Moves: " + " · ".join(pend.get("options", [])))
    return "\n".join(lines)
