"""Texts: a `say` or a prompt with `{name}` parts, told to anyone or to one seat, and a value in words."""
from __future__ import annotations

from typing import Any

import attrs

from interpreter import ops

from ..checker import TEXT_PART, text_parts


@attrs.frozen
class Value:
    """A `{name}` or `{name.attribute}` part of a text: its value `f(st, env)`, of type `type`."""

    f: Any
    type: str
    of: Any = None  # for an attribute of a card (`{c.colour}`): the card, `of(st, env)`, whose sight it shares
    attr: str | None = None
    noted: tuple | None = None  # for a name shown alone, or a card's by an attribute: where a value worked out from
    # cards is noted (`ops.derive`), ("env", name) in the frame's names or ("vars", name) in the table's


@attrs.frozen
class Forms:
    """A `{one|you}` part: the word for another player, and the one for "you"."""

    one: str
    you: str


class Texts:
    """The compiler's part for texts."""

    def text(self, template: str, scope, owner):
        """A string with `{name}` parts shown as players, cards or values, and `{is|are}` forms.

        `render(st, env)` tells it to anyone.  A text written with `{a|b}` forms is about the first player it
        names (`render.about(st, env)`, else None); `render(st, env, you)` tells it to seat `you`, saying "you"
        wherever it names them, and each form after that takes its second word until another player is named.
        `render.cards(st, env)` are the cards it names, alone or by an attribute (`{c.colour}`); those in
        `render(..., hide=)` are told as "a card" and "(hidden colour)" (`interpreter.ops.told`).  `render.derived(st,
        env)` are the values it shows that were worked out from cards, with the seats that may know them
        (`interpreter.ops.derive`); a name of them in `hide` is told as "(hidden)".  `owner`: the statement the text
        belongs to (the checker typed its parts)."""
        pieces: list = []  # literal text, Value and Forms
        at = 0
        parts = text_parts(self.s, owner) if "{" in template else {}
        for m in TEXT_PART.finditer(template):
            pieces.append(template[at:m.start()])
            if m.group("alt") is not None:
                pieces.append(Forms(m.group("one"), m.group("you")))
            else:
                e = parts[m.group("name"), m.group("attr")]
                # (an attribute of a name the checker could not type, `{x.rank}` of a parameter, is a card's)
                of = self.expr(e.expr, scope) if m.group("attr") and self.type_of(e.expr) in ("card", "any") else None
                # A value worked out from cards (`ops.derive`) is noted beside it: in the frame's names or the table's.
                # (a card's, for `{k.colour}`: the card picked by what a seat could not see, `ops.derive`, hides it)
                noted = None if m.group("attr") and of is None else \
                    ("env" if m.group("name") in scope else "vars", m.group("name"))
                pieces.append(Value(self.expr(e, scope), self.type_of(e), of, m.group("attr"), noted))
            at = m.end()
        pieces.append(template[at:])
        if len(pieces) == 1:
            def plain(st, env, you=None, hide=frozenset()):
                return template
            plain.about = lambda st, env: None
            plain.cards = lambda st, env: set()
            plain.derived = lambda st, env: ()
            plain.players = lambda st, env: frozenset()
            return plain
        # Only a text written with forms is told in the second person: in one without, a verb would not agree.
        forms = any(isinstance(p, Forms) for p in pieces)
        subject = next((p for p in pieces if isinstance(p, Value) and p.type == "player"), None) if forms else None
        show = self.show

        def about(st, env):
            return subject.f(st, env) if subject is not None else None

        def cards(st, env) -> set:
            """The cards the text names (a card, or a list of cards): those a seat may not see are hidden from it."""
            out = set()
            for p in pieces:
                if isinstance(p, Value) and (p.of is not None or p.type in ("card", "list:card") or given(p, env)):
                    v = p.f(st, env) if p.of is None else p.of(st, env)
                    if isinstance(v, (list, tuple)):
                        out.update(c for c in v if isinstance(c, int))
                    elif isinstance(v, int):
                        out.add(v)
            return out

        def derived(st, env) -> list:
            """(name, seats) for each value the text shows that was worked out from cards only those seats could see."""
            out = []
            for p in pieces:
                if isinstance(p, Value) and p.noted is not None:
                    where, name = p.noted
                    store = env if where == "env" else st.vars
                    who = ops.seen_of(store, name, p.f(st, env) if p.of is None else p.of(st, env)) \
                        if store.get("$seen") else None
                    if who is not None:
                        out.append((name, who))
            return out

        def players(st, env) -> frozenset:
            """The players a text written with forms names: each is told it saying "you" (`render(..., you=)`)."""
            if subject is None:
                return frozenset()
            return frozenset(v for p in pieces if isinstance(p, Value) and p.type == "player"
                             and (v := p.f(st, env)) is not None)

        def given(p, env) -> bool:
            """Whether a name the checker could not type holds cards its call gave (`ops.CARDS`): a card's name."""
            return p.type in ("any", "list:any") and p.attr is None and p.noted is not None and p.noted[0] == "env" and \
                p.noted[1] in env.get(ops.CARDS, ())

        def render(st, env, you=None, hide=frozenset()):
            told = you is not None and subject is not None
            out = []
            agree = False  # a form agrees with the player named last before it: "you" or another
            for p in pieces:
                if isinstance(p, str):
                    out.append(p)
                elif isinstance(p, Forms):
                    out.append(p.you if agree else p.one)
                elif hide and p.of is not None and p.of(st, env) in hide:  # an attribute of a card out of sight
                    out.append(f"(hidden {p.attr})")
                elif hide and p.noted is not None and p.noted[1] in hide:  # worked out from cards out of sight
                    out.append(f"(hidden {p.attr})" if p.attr else "(hidden)")
                else:
                    v = p.f(st, env)
                    if told and p.type == "player" and v == you:
                        out.append("You" if not "".join(out).strip() else "you")
                        agree = True
                        continue
                    out.append(show(st, v, p.type if not given(p, env) else "card" if p.type == "any" and
                                    not isinstance(v, (list, tuple)) else "list:card", hide))
                    if p.type == "player":
                        agree = False
            return "".join(out)
        render.about = about
        render.cards = cards
        render.derived = derived
        render.players = players
        return render

    def show(self, st, v, t, hide=frozenset()):
        """A value in words: a player's name, a card's name (or "a card", for one in `hide`), a value's display
        name, a list joined."""
        if v is None:
            return "nothing"
        if t == "player":
            return st.names[v]
        if t == "card":
            return "a card" if v in hide else st.program.cards[v].name
        if t.startswith("list:") and isinstance(v, (list, tuple)):
            return ", ".join(self.show(st, x, t[5:], hide) for x in v) or "nothing"
        if t.startswith("value:"):
            info = self.attributes[t[6:]].info(v)
            return info.display if info else str(v)
        if isinstance(v, str):
            for a in self.attributes.values():
                info = a.info(v)
                if info:
                    return info.display
        if isinstance(v, bool):
            return "yes" if v else "no"
        return str(v)
