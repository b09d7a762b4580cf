"""The deck: the cards a game's `deck` section makes, with their names, and the claim cards."""
from __future__ import annotations

from interpreter.machine import RULE_FAILURES
from interpreter.program import Attribute, AttrValueInfo, Card, deck_tables

from .. import ast
from ..errors import RulesCheckError, RuntimeRulesError

MAX_CARDS = 10_000
# The rounds of the deck's `for`s, all loops counted: a loop that makes no card still costs its rounds (`for a in
# 1..100000 { for b in 1..100000 { } }` ran ten thousand million of them, a hang of `rulelang check`).
MAX_DECK_ROUNDS = 1_000_000


def _display(value_name: str) -> str:
    return value_name.replace("_", " ").title()


def _named(values: dict, which, attributes, words=()) -> tuple[list, list]:
    """A card's name, as its words and the pieces of its short name, from its values of the attributes `which`, with
    the file's own `words` ((i, text): said before `which[i]`) where the name has a value before one and a value
    after it, not only the attributes beside it ("Red Skip / Teal Skip Everyone", a Skip without a number); a word
    before the first attribute or after the last needs the one beside it: "Queen of Hearts", "Joker"."""
    parts, short = [], []
    said = []  # each attribute's part of the full name, or None
    for a in which:
        v = values.get(a)
        info = attributes[a].info(v) if v is not None and not attributes[a].numeric else None
        if v is None:
            said.append(None)
            continue
        if info is None:
            said.append(str(v))
            short.append(str(v))
            continue
        said.append(info.display or None)
        short.append(info.short)
    before: dict = {}
    for i, text in words:
        before.setdefault(i, []).append(text)
    for i in range(len(said) + 1):
        if i in before and (said[0] is not None if i == 0 else any(w is not None for w in said[:i])) and \
                (said[-1] is not None if i == len(said) else any(w is not None for w in said[i:])):
            parts.extend(before[i])
        if i < len(said) and said[i] is not None:
            parts.append(said[i])
    return parts, short


class Deck:
    """The compiler's part that builds the deck, once, before any game."""

    def deck(self) -> tuple:
        """The attributes, the cards and every table of them the generated code reads (each attribute's and class's
        value per card; CANON and TWIN, the cards of one name), each worked out once (the Program keeps the tables
        of names: `self.tables`).  Returns the attributes, those a card's name is made of, and those a claim names."""
        s = self.s
        attributes = {}
        for name, d in s.attributes.items():
            if isinstance(d, ast.RangeAttributeDecl):
                attributes[name] = Attribute(name, (), d.low, d.high)
            else:
                vals = []
                for v in d.values:
                    display = v.display if v.display is not None else _display(v.name)
                    short = v.short if v.short is not None else display.replace(" ", "")
                    vals.append(AttrValueInfo(v.name, display, short, v.symbol or "", v.style or ""))
                attributes[name] = Attribute(name, tuple(vals))
        self.attributes = attributes
        name_attrs = s.names.attributes if s.names else tuple(attributes)
        self.cards = self.build_cards(attributes, name_attrs, s.names.words if s.names else ())
        claim_attrs = tuple(s.claims.attributes) if s.claims else ()
        self.claim_ids = ()
        if claim_attrs:
            self.cards, self.claim_ids = self.claim_cards(self.cards, attributes, claim_attrs)
        self.tables = deck_tables(self.cards, self.claim_ids)
        self.deck_size, self.distinct = self.tables["deck_size"], self.tables["distinct"]
        self.ns["CANON"], self.ns["TWIN"] = self.tables["canon"], self.tables["twin"]
        for name in attributes:
            self.attr_tables[name] = tuple(c.attrs.get(name) for c in self.cards)
        for name, d in s.classes.items():
            f = self.expr(d.expr, {"card": "card"})
            try:
                self.class_tables[name] = tuple(bool(f(None, {"card": c.id})) for c in self.cards)
            except (AttributeError, TypeError, KeyError):
                raise RulesCheckError(f"class `{name}` may only look at the card itself", d.loc) from None
        return attributes, name_attrs, claim_attrs

    def build_cards(self, attributes, name_attrs, words=()) -> tuple:
        specs = []
        self.deck_rounds, self.deck_total = 0, 0
        for item in self.s.deck.items:
            self.card_items(item, {}, specs)
        cards = []
        shorts: dict = {}
        for attrs_, count, loc in specs:
            parts, short = _named(attrs_, name_attrs, attributes, words)
            styles, symbol = [], ""
            for a, v in attrs_.items():
                info = attributes[a].info(v) if not attributes[a].numeric else None
                if info and info.style:
                    styles.append(info.style)
                if info and info.symbol and not symbol:
                    symbol = info.symbol
            name = " ".join(parts) or "card"
            short_name = "".join(short) or name.replace(" ", "")
            key = short_name.lower()
            identity = tuple(sorted((k, v) for k, v in attrs_.items() if k in name_attrs))
            if key in shorts and shorts[key] != identity:
                raise RulesCheckError(f"two different cards are both called `{short_name}`; give their values other short names", loc)
            shorts[key] = identity
            for _ in range(count):
                cards.append(Card(len(cards), dict(attrs_), name, short_name, " ".join(styles), symbol))
        return tuple(cards)

    def claim_cards(self, cards, attributes, claim_attrs):
        """One claim card for each identity (by the claim attributes) in the deck: what a claim can name."""
        seen = {}
        for c in cards:
            key = tuple(c.attrs.get(a) for a in claim_attrs)
            seen.setdefault(key, c)
        out = list(cards)
        ids = []
        for key, like in seen.items():
            parts, short = _named(like.attrs, claim_attrs, attributes)
            attrs_ = {a: like.attrs.get(a) for a in claim_attrs if like.attrs.get(a) is not None}
            ids.append(len(out))
            out.append(Card(len(out), attrs_, " ".join(parts) or "card", "".join(short) or "card", like.style, like.symbol))
        return tuple(out), tuple(ids)

    def deck_expr(self, e, env):
        """An expression of the deck's as a closure, made once however many cards it makes (the names of `env`, the
        deck's loop variables, are the same each time)."""
        kept = self.deck_fns.get(id(e))
        if kept is None:
            kept = self.deck_fns[id(e)] = (e, self.expr(e, {k: "any" for k in env}))
        return kept[1]

    def card_items(self, item, env, out):
        """The deck is built before any game: its values may use constants, never the state of a game."""
        try:
            if isinstance(item, ast.CardFor):
                values = list(self.deck_expr(item.iterable, env)(None, env))
            else:
                attrs_ = {f.name: self.deck_expr(f.expr, env)(None, env) for f in item.fields}
        except (*RULE_FAILURES, RuntimeRulesError):
            raise RulesCheckError("the deck is built before any game is played: this needs a value it cannot have "
                                  "then (the state of a game, or arithmetic that fails)", item.loc) from None
        if isinstance(item, ast.CardFor):
            for v in values:
                self.deck_rounds += 1
                if self.deck_rounds > MAX_DECK_ROUNDS:
                    raise RulesCheckError(f"the deck's loops would go round more than {MAX_DECK_ROUNDS:,} times in all; "
                                          "rulelang builds a deck in at most that many", item.loc,
                                          hint="loop over what makes cards: a deck holds at most "
                                               f"{MAX_CARDS:,} cards")
                for sub in item.items:
                    self.card_items(sub, {**env, item.var: v}, out)
            return
        total = self.deck_total = self.deck_total + item.count
        if total > MAX_CARDS:
            raise RulesCheckError(f"the deck would have {total} cards; rulelang allows at most {MAX_CARDS}", item.loc)
        out.append(({k: v for k, v in attrs_.items() if v is not None}, item.count, item.loc))
