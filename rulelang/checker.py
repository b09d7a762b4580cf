"""Check a merged game: every name known, every type right, enough cards; report all errors, not only the first."""
from __future__ import annotations

import re

from . import ast
from .errors import RulesCheckError, did_you_mean

BUILTIN_NAMES = {
    "current": "player", "next": "player", "previous": "player", "dealer": "player",
    "players": "list:player", "winners": "list:player", "direction": "int", "hand_number": "int",
}
BUILTIN_FUNCS = {
    # name: (argument kinds, result type)
    "top": (("zone",), "card"),
    "bottom": (("zone",), "card"),
    "size": (("collection",), "int"),
    "others": (("player",), "list:player"),
    "after": (("player",), "player"),
    "before": (("player",), "player"),
    "called": (("player", "call"), "bool"),
}
BUILTIN_EVENTS = {"turn_begins": ("player",), "turn_ends": ("player",)}
INTERPOLATION = re.compile(r"\{([a-z_][a-z0-9_]*)\}", re.I)


class Symbols:
    """What a game declares, by name; the compiler reads it after the checker has vouched for it."""

    def __init__(self):
        self.game = None
        self.players = None
        self.attributes: dict = {}
        self.values: dict = {}  # value name -> attribute name
        self.names = None
        self.classes: dict = {}
        self.deck = None
        self.zones: dict = {}
        self.vars: dict = {}
        self.consts: dict = {}
        self.options: dict = {}
        self.calls: dict = {}
        self.events: dict = dict(BUILTIN_EVENTS)
        self.functions: dict = {}
        self.procedures: dict = {}
        self.rules: list = []
        self.setup = None
        self.turn = None
        self.score = None
        self.match = None
        self.fired: set = {"turn_begins", "turn_ends"}

    def known_names(self):
        return (list(BUILTIN_NAMES) + list(self.vars) + list(self.consts) + list(self.options) + list(self.zones)
                + list(self.values) + list(self.attributes) + list(self.functions) + list(self.procedures))


def collect(decls) -> tuple[Symbols, list]:
    """Sort declarations into a symbol table; report names declared twice across kinds."""
    s = Symbols()
    errors = []
    for d in decls:
        if isinstance(d, ast.GameDecl):
            s.game = d
        elif isinstance(d, ast.PlayersDecl):
            s.players = d
        elif isinstance(d, (ast.AttributeDecl, ast.RangeAttributeDecl)):
            s.attributes[d.name] = d
        elif isinstance(d, ast.NamesDecl):
            s.names = d
        elif isinstance(d, ast.ClassDecl):
            s.classes[d.name] = d
        elif isinstance(d, ast.DeckDecl):
            s.deck = d
        elif isinstance(d, ast.ZoneDecl):
            s.zones[d.name] = d
        elif isinstance(d, ast.VarDecl):
            s.vars[d.name] = d
        elif isinstance(d, ast.ConstDecl):
            s.consts[d.name] = d
        elif isinstance(d, ast.OptionDecl):
            s.options[d.name] = d
        elif isinstance(d, ast.CallDecl):
            s.calls[d.name] = d
        elif isinstance(d, ast.EventDecl):
            s.events[d.name] = d.params
        elif isinstance(d, ast.FunctionDecl):
            s.functions[d.name] = d
        elif isinstance(d, ast.ProcedureDecl):
            s.procedures[d.name] = d
        elif isinstance(d, ast.RuleDecl):
            s.rules.append(d)
        elif isinstance(d, ast.SetupDecl):
            s.setup = d
        elif isinstance(d, ast.TurnDecl):
            s.turn = d
        elif isinstance(d, ast.ScoreDecl):
            s.score = d
        elif isinstance(d, (ast.MatchTo, ast.MatchHands)):
            s.match = d
    for attr in s.attributes.values():
        if isinstance(attr, ast.AttributeDecl):
            for v in attr.values:
                if v.name in s.values and s.values[v.name] != attr.name:
                    errors.append(RulesCheckError(
                        f"value `{v.name}` belongs to both `{s.values[v.name]}` and `{attr.name}`; give one another name", v.loc))
                s.values[v.name] = attr.name
    # One name, one meaning, across the kinds of declaration that share the expression namespace.
    spaces = [("zone", s.zones), ("variable", s.vars), ("constant", s.consts), ("option", s.options)]
    seen: dict = {}
    for kind, table in spaces:
        for name, d in table.items():
            if name in seen:
                errors.append(RulesCheckError(f"`{name}` is both a {seen[name]} and a {kind}", d.loc))
            elif name in BUILTIN_NAMES or name in BUILTIN_FUNCS:
                errors.append(RulesCheckError(f"`{name}` is a built-in name of rulelang; choose another", d.loc))
            seen[name] = kind
    return s, errors


class Checker:
    """One `check_<Node>` method per construct; errors are collected, never raised one by one."""

    def __init__(self, symbols: Symbols):
        self.s = symbols
        self.errors: list[RulesCheckError] = []

    def error(self, msg, loc, hint=None):
        self.errors.append(RulesCheckError(msg, loc, hint=hint))

    def unknown(self, what, name, loc, candidates):
        self.error(f"unknown {what} `{name}`", loc, did_you_mean(name, candidates))

    # ------------------------------------------------------------ the whole game

    def check_game(self, decls, first_loc):
        s = self.s
        if s.game is None:
            self.error("a game needs a name: add `game \"...\"`", first_loc)
        if s.players is None:
            self.error("a game needs `players LOW..HIGH`", first_loc)
        elif not (1 <= s.players.low <= s.players.high):
            self.error(f"`players {s.players.low}..{s.players.high}` is an empty range", s.players.loc)
        elif s.players.default is not None and not (s.players.low <= s.players.default <= s.players.high):
            self.error(f"the default of {s.players.default} players is outside {s.players.low}..{s.players.high}", s.players.loc)
        if s.deck is None:
            self.error("a game needs a `deck`", first_loc)
        if s.turn is None:
            self.error("a game needs a `turn { ... }`: what a player does on their turn", first_loc)
        if s.setup is None:
            self.error("a game needs a `setup { ... }`", first_loc)
        for d in decls:
            getattr(self, "check_" + type(d).__name__)(d)
        for rule in s.rules:
            if rule.event in s.events and rule.event not in s.fired:
                self.error(f"rule `{rule.name}` never fires: nothing does `fire {rule.event}(...)`", rule.loc)
        self.check_deal_sizes()

    def check_GameDecl(self, d):
        pass

    def check_PlayersDecl(self, d):
        pass

    def check_OptionDecl(self, d):
        if isinstance(d.value, ast.Name) and d.value.name not in self.s.values:
            self.unknown("value", d.value.name, d.value.loc, self.s.values)

    def check_ConstDecl(self, d):
        self.expr(d.value, {})

    def check_AttributeDecl(self, d):
        seen = set()
        for v in d.values:
            if v.name in seen:
                self.error(f"`{v.name}` is listed twice in `{d.name}`", v.loc)
            seen.add(v.name)

    def check_RangeAttributeDecl(self, d):
        if d.low > d.high:
            self.error(f"`{d.low}..{d.high}` is an empty range", d.loc)

    def check_NamesDecl(self, d):
        for a in d.attributes:
            if a not in self.s.attributes:
                self.unknown("attribute", a, d.loc, self.s.attributes)

    def check_ClassDecl(self, d):
        self.expect(d.expr, {"card": "card"}, "bool")

    def check_DeckDecl(self, d):
        z = self.s.zones.get(d.zone)
        if z is None:
            self.unknown("zone", d.zone, d.loc, self.s.zones)
        elif z.per_player:
            self.error(f"the deck must start in a zone of the table, and `{d.zone}` is one per player", d.loc)
        for item in d.items:
            self.card_item(item, {})

    def card_item(self, item, scope):
        if isinstance(item, ast.CardFor):
            t = self.expr(item.iterable, scope)
            inner = dict(scope)
            inner[item.var] = elem_type(t) or "any"
            if elem_type(t) is None and t != "any":
                self.error(f"cannot go through a {describe(t)} with `for`", item.iterable.loc)
            for sub in item.items:
                self.card_item(sub, inner)
            return
        if item.count < 1:
            self.error("a card count must be at least 1", item.loc)
        seen = set()
        for f in item.fields:
            attr = self.s.attributes.get(f.name)
            if f.name in seen:
                self.error(f"`{f.name}` is given twice", f.loc)
            seen.add(f.name)
            t = self.expr(f.expr, scope)
            if attr is None:
                self.unknown("attribute", f.name, f.loc, self.s.attributes)
            elif isinstance(attr, ast.RangeAttributeDecl):
                if isinstance(f.expr, ast.Literal) and isinstance(f.expr.value, int):
                    if not attr.low <= f.expr.value <= attr.high:
                        self.error(f"{f.expr.value} is outside `{attr.name}` {attr.low}..{attr.high}", f.expr.loc)
                elif not compatible(t, "int"):
                    self.error(f"`{attr.name}` is a number, not a {describe(t)}", f.expr.loc)
            elif not compatible(t, "value:" + attr.name):
                self.error(f"`{attr.name}` takes one of {', '.join(v.name for v in attr.values)}, not a {describe(t)}", f.expr.loc)

    def check_ZoneDecl(self, d):
        if d.refill_from is not None:
            src = self.s.zones.get(d.refill_from)
            if src is None:
                self.unknown("zone", d.refill_from, d.loc, self.s.zones)
            elif src.per_player or d.per_player:
                self.error("`refill` works between zones of the table, not per player", d.loc)
        if d.visibility == "private" and not d.per_player:
            self.error(f"a `private` zone is seen by its owner: `{d.name}` needs `per player`", d.loc)

    def check_VarDecl(self, d):
        self.expr(d.init, {"player": "player"} if d.per_player else {})

    def check_CallDecl(self, d):
        if d.when is not None:
            self.expect(d.when, {"player": "player"}, "bool")

    def check_EventDecl(self, d):
        if d.name in BUILTIN_EVENTS:
            self.error(f"`{d.name}` is a built-in event", d.loc)

    def check_FunctionDecl(self, d):
        self.expr(d.body, params_scope(d.params))

    def check_ProcedureDecl(self, d):
        self.block(d.body, params_scope(d.params))

    def check_RuleDecl(self, d):
        params = self.s.events.get(d.event)
        if params is None:
            self.unknown("event", d.event, d.loc, self.s.events)
            return
        if len(params) != len(d.params):
            self.error(f"event `{d.event}` has {len(params)} argument(s), the rule names {len(d.params)}", d.loc)
        scope = {p: "player" for p in d.params} if d.event in BUILTIN_EVENTS else params_scope(d.params)
        if d.cond is not None:
            self.expect(d.cond, scope, "bool")
        self.block(d.body, scope)

    def check_SetupDecl(self, d):
        self.block(d.body, {})

    def check_TurnDecl(self, d):
        self.block(d.body, {})

    def check_ScoreDecl(self, d):
        self.block(d.body, {})

    def check_MatchTo(self, d):
        if d.target < 1:
            self.error("a match target must be at least 1", d.loc)

    def check_MatchHands(self, d):
        if d.hands < 1:
            self.error("a match must have at least one hand", d.loc)

    def check_deal_sizes(self):
        s = self.s
        if s.deck is None or s.setup is None or s.players is None:
            return
        total = deck_size(s.deck, self)
        if total is None:
            return
        need = 0
        for st in s.setup.body.stmts:
            if isinstance(st, ast.DealStmt) and st.count is not None:
                n = self.const_int(st.count)
                if n is not None:
                    need += n * s.players.high
                    if need > total:
                        self.error(f"`deal {n}` to {s.players.high} players needs {need} cards; the deck has {total}", st.loc,
                                   hint=f"lower the deal or the most players (`players {s.players.low}..{total // max(n, 1)}`)")
                        return

    def const_int(self, e):
        if isinstance(e, ast.Literal) and isinstance(e.value, int):
            return e.value
        if isinstance(e, ast.Name) and e.name in self.s.consts:
            return self.const_int(self.s.consts[e.name].value)
        return None

    # ------------------------------------------------------------ statements

    def block(self, b, scope):
        scope = dict(scope)
        for st in b.stmts:
            getattr(self, "check_" + type(st).__name__)(st, scope)

    def zone_target(self, e, scope):
        t = self.expr(e, scope)
        if t not in ("zone", "any"):
            self.error(f"expected a zone, found a {describe(t)}", e.loc)

    def check_MoveStmt(self, st, scope):
        t = self.expr(st.cards, scope)
        if t not in ("card", "list:card", "zone", "any", "list:any", "none"):
            self.error(f"`move` takes a card, a list of cards or a zone, not a {describe(t)}", st.cards.loc)
        self.zone_target(st.to, scope)

    def check_MoveTopStmt(self, st, scope):
        self.expect(st.count, scope, "int")
        self.zone_target(st.source, scope)
        self.zone_target(st.to, scope)
        if st.bind:
            scope[st.bind] = "card"

    def check_DealStmt(self, st, scope):
        if st.count is not None:
            self.expect(st.count, scope, "int")
        self.zone_target(st.source, scope)
        z = self.s.zones.get(st.zone)
        if z is None:
            self.unknown("zone", st.zone, st.loc, self.s.zones)
        elif not z.per_player:
            self.error(f"`deal` gives cards to each player: `{st.zone}` must be a zone `per player`", st.loc)

    def check_ShuffleStmt(self, st, scope):
        self.zone_target(st.zone, scope)

    def check_SetStmt(self, st, scope):
        v = self.s.vars.get(st.name)
        if st.name == "score":
            v = ast.VarDecl(name="score", per_player=True, init=ast.Literal(value=0))
        if v is None:
            if st.name in self.s.consts or st.name in self.s.options:
                self.error(f"`{st.name}` is a constant and cannot be set; declare it with `var`", st.loc)
            else:
                self.unknown("variable", st.name, st.loc, self.s.vars)
            self.expr(st.value, scope)
            return
        if v.per_player and st.index is None:
            self.error(f"`{st.name}` is one per player: write `set {st.name}(p) = ...`", st.loc)
        if not v.per_player and st.index is not None:
            self.error(f"`{st.name}` is one for the table, not per player", st.loc)
        if st.index is not None:
            self.expect(st.index, scope, "player")
        self.expr(st.value, scope)

    def check_LetStmt(self, st, scope):
        scope[st.name] = self.expr(st.value, scope)

    def check_IfStmt(self, st, scope):
        self.expect(st.cond, scope, "bool")
        self.block(st.then, scope)
        if st.otherwise is not None:
            self.block(st.otherwise, scope)

    def check_ForStmt(self, st, scope):
        t = self.expr(st.iterable, scope)
        el = elem_type(t)
        if el is None:
            self.error(f"cannot go through a {describe(t)} with `for`", st.iterable.loc)
        self.block(st.body, {**scope, st.var: el or "any"})

    def check_WhileStmt(self, st, scope):
        self.expect(st.cond, scope, "bool")
        self.block(st.body, scope)

    def check_ChooseStmt(self, st, scope):
        self.expect(st.who, scope, "player")
        self.options(st, scope)

    def check_AskStmt(self, st, scope):
        self.expect(st.who, scope, "list:player")
        for o in st.options:
            if o.verb == "pass":
                self.error("`pass` is always offered in an `ask`; name the option otherwise", o.loc)
        self.options(st, scope)

    def options(self, st, scope):
        self.interpolation(st.prompt, scope, st.loc)
        verbs = {}
        for o in st.options:
            if o.verb in verbs and (o.param is None or verbs[o.verb] is None):
                self.error(f"two options are both typed `{o.verb}`", o.loc)
            verbs[o.verb] = o.param
            inner = dict(scope)
            if o.param is not None:
                t = self.expr(o.domain, scope)
                el = elem_type(t)
                if el is None:
                    self.error(f"option `{o.verb}` takes its choice from a {describe(t)}, which is no collection", o.domain.loc)
                inner[o.param] = el or "any"
            if o.where is not None:
                self.expect(o.where, inner, "bool")
            self.block(o.body, inner)

    def check_FireStmt(self, st, scope):
        params = self.s.events.get(st.event)
        if params is None:
            self.unknown("event", st.event, st.loc, self.s.events)
        elif st.event in BUILTIN_EVENTS:
            self.error(f"`{st.event}` is fired by the turn itself", st.loc)
        elif len(params) != len(st.args):
            self.error(f"event `{st.event}` takes {len(params)} argument(s), given {len(st.args)}", st.loc)
        self.s.fired.add(st.event)
        for a in st.args:
            self.expr(a, scope)

    def check_SkipStmt(self, st, scope):
        pass

    def check_ReverseStmt(self, st, scope):
        pass

    def check_AgainStmt(self, st, scope):
        pass

    def check_WinStmt(self, st, scope):
        t = self.expr(st.who, scope)
        if t not in ("player", "list:player", "any", "list:any"):
            self.error(f"`win` takes a player or a list of players, not a {describe(t)}", st.who.loc)

    def check_RevealStmt(self, st, scope):
        self.expr(st.cards, scope)
        t = self.expr(st.to, scope)
        if t not in ("player", "list:player", "any", "list:any"):
            self.error(f"`reveal ... to` takes a player or a list of players, not a {describe(t)}", st.to.loc)

    def check_SayStmt(self, st, scope):
        self.interpolation(st.text, scope, st.loc)

    def check_CallStmt(self, st, scope):
        proc = self.s.procedures.get(st.name)
        if proc is None:
            hint_pool = list(self.s.procedures)
            if st.name in self.s.functions:
                self.error(f"`{st.name}` is a function (an `=` definition) and gives a value; it cannot be run as a statement", st.loc)
            else:
                self.unknown("procedure", st.name, st.loc, hint_pool)
        elif len(proc.params) != len(st.args):
            self.error(f"`{st.name}` takes {len(proc.params)} argument(s), given {len(st.args)}", st.loc)
        for a in st.args:
            self.expr(a, scope)

    def interpolation(self, text, scope, loc):
        if not text:
            return
        for name in INTERPOLATION.findall(text):
            if name not in scope and name not in BUILTIN_NAMES and name not in self.s.vars and name not in self.s.consts:
                self.error(f"`{{{name}}}` in the text names nothing known here", loc, did_you_mean(name, list(scope) + list(BUILTIN_NAMES)))

    # ------------------------------------------------------------ expressions

    def expect(self, e, scope, want):
        t = self.expr(e, scope)
        if not compatible(t, want):
            self.error(f"expected a {describe(want)}, found a {describe(t)}", e.loc)
        return t

    def expr(self, e, scope) -> str:
        return getattr(self, "type_" + type(e).__name__)(e, scope)

    def type_Literal(self, e, scope):
        v = e.value
        if v is None:
            return "none"
        if isinstance(v, bool):
            return "bool"
        if isinstance(v, int):
            return "int"
        return "str"

    def type_Name(self, e, scope):
        n, s = e.name, self.s
        if n in scope:
            return scope[n]
        if n in BUILTIN_NAMES:
            return BUILTIN_NAMES[n]
        if n in s.vars:
            if s.vars[n].per_player:
                self.error(f"`{n}` is one per player: write `{n}(p)`", e.loc)
            return "any"
        if n in s.consts:
            return self.expr(s.consts[n].value, {})
        if n in s.options:
            return self.expr(s.options[n].value, {})
        if n in s.zones:
            if s.zones[n].per_player:
                self.error(f"`{n}` is one per player: write `{n}(p)`, for example `{n}(current)`", e.loc)
            return "zone"
        if n in s.values:
            return "value:" + s.values[n]
        if n in s.attributes:
            a = s.attributes[n]
            return "list:int" if isinstance(a, ast.RangeAttributeDecl) else "list:value:" + n
        if n in s.calls:
            self.error(f"`{n}` is a call; test it with `called(p, {n})`", e.loc)
            return "any"
        self.unknown("name", n, e.loc, list(scope) + s.known_names())
        return "any"

    def type_Call(self, e, scope):
        n, s = e.name, self.s
        if n in s.zones:
            z = s.zones[n]
            if not z.per_player:
                self.error(f"`{n}` is a zone of the table; write it without `(...)`", e.loc)
            self.arity(e, 1) and self.expect(e.args[0], scope, "player")
            return "zone"
        if n in s.vars or n == "score":
            if n != "score" and not s.vars[n].per_player:
                self.error(f"`{n}` is one for the table; write it without `(...)`", e.loc)
            self.arity(e, 1) and self.expect(e.args[0], scope, "player")
            return "any" if n != "score" else "int"
        if n in BUILTIN_FUNCS:
            kinds, result = BUILTIN_FUNCS[n]
            if self.arity(e, len(kinds)):
                for a, k in zip(e.args, kinds):
                    if k == "call":
                        if not (isinstance(a, ast.Name) and a.name in s.calls):
                            self.error("expected the name of a `call`", a.loc, did_you_mean(getattr(a, "name", ""), s.calls))
                    elif k == "zone":
                        self.zone_target(a, scope)
                    elif k == "collection":
                        t = self.expr(a, scope)
                        if elem_type(t) is None:
                            self.error(f"`size` counts a zone or a list, not a {describe(t)}", a.loc)
                    else:
                        self.expect(a, scope, k)
            return result
        if n in s.functions:
            f = s.functions[n]
            self.arity(e, len(f.params))
            for a in e.args:
                self.expr(a, scope)
            return "any"
        if n in s.procedures:
            self.error(f"`{n}` is a procedure (a `{{...}}` definition) and gives no value", e.loc)
            return "any"
        if n in ("count", "sum", "any", "all", "first", "min", "max"):
            return "any"
        self.unknown("function", n, e.loc, list(BUILTIN_FUNCS) + list(s.functions) + [z for z in s.zones if s.zones[z].per_player])
        return "any"

    def arity(self, e, n) -> bool:
        if len(e.args) != n:
            self.error(f"`{e.name}` takes {n} argument(s), given {len(e.args)}", e.loc)
            return False
        return True

    def type_Attr(self, e, scope):
        t = self.expr(e.expr, scope)
        if t not in ("card", "any"):
            self.error(f"`.{e.name}` reads a card's attribute, but this is a {describe(t)}", e.loc)
        a = self.s.attributes.get(e.name)
        if a is None:
            self.unknown("attribute", e.name, e.loc, self.s.attributes)
            return "any"
        return "int" if isinstance(a, ast.RangeAttributeDecl) else "value:" + e.name

    def type_BoolOp(self, e, scope):
        self.expect(e.left, scope, "bool")
        self.expect(e.right, scope, "bool")
        return "bool"

    def type_Not(self, e, scope):
        self.expect(e.expr, scope, "bool")
        return "bool"

    def type_Compare(self, e, scope):
        a, b = self.expr(e.left, scope), self.expr(e.right, scope)
        if not compatible(a, b):
            self.error(f"compares a {describe(a)} with a {describe(b)}: they can never be equal", e.loc)
        elif e.op in ("<", ">", "<=", ">=") and not (compatible(a, "int") and compatible(b, "int")):
            self.error(f"`{e.op}` compares numbers, not a {describe(a)}", e.loc)
        return "bool"

    def type_In(self, e, scope):
        a, b = self.expr(e.item, scope), self.expr(e.collection, scope)
        el = elem_type(b)
        if el is None:
            self.error(f"`in` needs a list or a zone on its right, not a {describe(b)}", e.collection.loc)
        elif not compatible(a, el):
            self.error(f"a {describe(a)} is never in a list of {describe(el)}s", e.loc)
        return "bool"

    def type_Is(self, e, scope):
        self.expect(e.expr, scope, "card")
        if e.cls not in self.s.classes:
            self.unknown("card class", e.cls, e.loc, self.s.classes)
        return "bool"

    def type_Range(self, e, scope):
        self.expect(e.low, scope, "int")
        self.expect(e.high, scope, "int")
        return "list:int"

    def type_Arith(self, e, scope):
        self.expect(e.left, scope, "int")
        self.expect(e.right, scope, "int")
        return "int"

    def type_Neg(self, e, scope):
        self.expect(e.expr, scope, "int")
        return "int"

    def type_ListLit(self, e, scope):
        types = {self.expr(i, scope) for i in e.items} - {"any", "none"}
        if len(types) > 1:
            self.error(f"a list mixes {' and '.join(describe(t) for t in sorted(types))}s", e.loc)
        return "list:" + (types.pop() if len(types) == 1 else "any")

    def type_Aggregate(self, e, scope):
        t = self.expr(e.expr, scope)
        el = elem_type(t)
        if el is None:
            self.error(f"`{e.fn}` needs a list or a zone, not a {describe(t)}", e.expr.loc)
        return agg_type(e.fn, el or "any")

    def type_Comprehension(self, e, scope):
        t = self.expr(e.iterable, scope)
        el = elem_type(t)
        if el is None:
            self.error(f"cannot go through a {describe(t)}", e.iterable.loc)
        inner = {**scope, e.var: el or "any"}
        if e.cond is not None:
            self.expect(e.cond, inner, "bool")
        return agg_type(e.fn, self.expr(e.expr, inner))


def param_type(name: str) -> str:
    """A parameter's type, read from its name: `card`, `card_2` are cards; `player`, `player_b` players."""
    for t in ("card", "player"):
        if name == t or name.startswith(t + "_"):
            return t
    return "any"


def params_scope(params) -> dict:
    return {p: param_type(p) for p in params}


def agg_type(fn, el):
    if fn in ("sum", "count"):
        return "int"
    if fn in ("any", "all"):
        return "bool"
    return el


def elem_type(t):
    if t == "zone":
        return "card"
    if t.startswith("list:"):
        return t[5:]
    if t == "any":
        return "any"
    return None


def compatible(a, b) -> bool:
    if a == b or "any" in (a, b) or "none" in (a, b):
        return True
    if a.startswith("list:") and b.startswith("list:"):
        return compatible(a[5:], b[5:])
    return False


def describe(t: str) -> str:
    if t.startswith("value:"):
        return t[6:]
    if t.startswith("list:"):
        return "list of " + describe(t[5:]) + "s"
    return {"int": "number", "bool": "true/false", "str": "string", "none": "none", "any": "value"}.get(t, t)


def deck_size(deck, checker) -> int | None:
    total = 0
    for item in deck.items:
        n = _items(item, checker)
        if n is None:
            return None
        total += n
    return total


def _items(item, checker):
    if isinstance(item, ast.CardSpec):
        return item.count
    it = item.iterable
    count = None
    if isinstance(it, ast.Range):
        lo, hi = checker.const_int(it.low), checker.const_int(it.high)
        count = hi - lo + 1 if lo is not None and hi is not None else None
    elif isinstance(it, ast.ListLit):
        count = len(it.items)
    elif isinstance(it, ast.Name) and it.name in checker.s.attributes:
        a = checker.s.attributes[it.name]
        count = len(a.values) if isinstance(a, ast.AttributeDecl) else a.high - a.low + 1
    if count is None:
        return None
    inner = 0
    for sub in item.items:
        n = _items(sub, checker)
        if n is None:
            return None
        inner += n
    return max(count, 0) * inner
