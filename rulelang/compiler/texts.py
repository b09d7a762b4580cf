"""Texts: a `say` or a prompt with `{name}` parts, told to anyone or to one seat, and a value in words."""
from __future__ import annotations

from ..checker import TEXT_PART, text_parts


class Texts:
    """The compiler's part for texts."""

    def text(self, template: str, scope, owner):
        """A string with `{name}` parts shown as players, cards or values, and `{is|are}` forms.

        `render(st, env)` tells it to anyone.  A text written with `{a|b}` forms is about the first player it
        names (`render.about(st, env)`, else None); `render(st, env, you)` tells it to seat `you`, saying "you"
        wherever it names them, and each form after that takes its second word until another player is named.
        `render.cards(st, env)` are the cards it names, alone or by an attribute (`{c.colour}`); those in
        `render(..., hide=)` are told as "a card" and "(hidden colour)" (`interpreter.ops.told`).  `owner`: the
        statement the text belongs to (the checker typed its parts)."""
        pieces = []  # literal text, ("value", f, type, the card f of an attribute or None, attr), ("forms", a, b)
        at = 0
        parts = text_parts(self.s, owner) if "{" in template else {}
        for m in TEXT_PART.finditer(template):
            pieces.append(template[at:m.start()])
            if m.group("alt") is not None:
                pieces.append(("forms", m.group("one"), m.group("you")))
            else:
                e = parts[m.group("name"), m.group("attr")]
                of = None  # for an attribute of a card (`{c.colour}`): the card, whose sight it shares
                if m.group("attr") and self.type_of(e.expr) == "card":
                    of = self.expr(e.expr, scope)
                pieces.append(("value", self.expr(e, scope), self.type_of(e), of, m.group("attr")))
            at = m.end()
        pieces.append(template[at:])
        if len(pieces) == 1:
            def plain(st, env, you=None, hide=frozenset()):
                return template
            plain.about = lambda st, env: None
            plain.cards = lambda st, env: set()
            return plain
        # Only a text written with forms is told in the second person: in one without, a verb would not agree.
        forms = any(isinstance(p, tuple) and p[0] == "forms" for p in pieces)
        subject = next((i for i, p in enumerate(pieces) if isinstance(p, tuple) and p[0] == "value" and p[2] == "player"),
                       None) if forms else None
        show = self.show

        def about(st, env):
            return pieces[subject][1](st, env) if subject is not None else None

        def cards(st, env) -> set:
            """The cards the text names (a card, or a list of cards): those a seat may not see are hidden from it."""
            out = set()
            for p in pieces:
                if isinstance(p, tuple) and p[0] == "value" and (p[3] is not None or p[2] in ("card", "list:card")):
                    v = p[1](st, env) if p[3] is None else p[3](st, env)
                    if isinstance(v, (list, tuple)):
                        out.update(c for c in v if isinstance(c, int))
                    elif isinstance(v, int):
                        out.add(v)
            return out

        def render(st, env, you=None, hide=frozenset()):
            told = you is not None and subject is not None
            out = []
            agree = False  # a form agrees with the player named last before it: "you" or another
            for p in pieces:
                if not isinstance(p, tuple):
                    out.append(p)
                elif p[0] == "forms":
                    out.append(p[2] if agree else p[1])
                elif hide and p[3] is not None and p[3](st, env) in hide:  # an attribute of a card out of sight
                    out.append(f"(hidden {p[4]})")
                else:
                    v = p[1](st, env)
                    if told and p[2] == "player" and v == you:
                        out.append("You" if not "".join(out).strip() else "you")
                        agree = True
                        continue
                    out.append(show(st, v, p[2], hide))
                    if p[2] == "player":
                        agree = False
            return "".join(out)
        render.about = about
        render.cards = cards
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
