"""Check a merged game: every name known, every type right, enough cards; report all errors, not only the first."""
from __future__ import annotations

import re

import attrs

from . import ast
from .codegen import MAX_NUMBER
from .errors import Loc, RulesCheckError, RulesErrors, closest, did_you_mean
from .terminal.commands import ALIASES, COMMANDS, command_named

BUILTIN_NAMES = {
    "current": "player", "next": "player", "previous": "player", "dealer": "player",
    "players": "list:player", "winners": "list:player", "direction": "int", "hand_number": "int",
    "playing": "list:player", "finished": "list:player",
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
    "same": (("card", "card"), "bool"),
    "has_rule": (("any",), "bool"),
    "place": (("player",), "int"),
    "last_place": (("player",), "int"),
    "partner": (("player",), "player"),
    "team": (("player",), "list:player"),
    "knows": (("player", "card"), "bool"),
}
# Built-in functions added after games were written with functions of these names: a game's own comes first.
YIELDING_NAMES = frozenset(("playing", "finished"))  # the same for names: a game's variable, zone... comes first
YIELDING_FUNCS = frozenset(("place", "last_place", "partner", "team", "next", "previous", "sort", "nth", "knows",
                            "position"))
MAX_SET = 13  # the most cards an option may take at once (`lay 1..4 cs from hand(current)`)
# Sizes a file may state (docs/language.md, "Limits"); the deck's bound is the compiler's MAX_CARDS.
MAX_PLAYERS = 100
MAX_ATTRIBUTE_VALUES = 10_000
MAX_NAME = 200
MAX_NUMBERED = 100  # the most zones one `zone NAME LOW..HIGH` numbers
MAX_CALLS = 64  # functions and procedures in a chain each calling the next (checked and compiled call by call)
BUILTIN_EVENTS = {"turn_begins": ("player",), "turn_ends": ("player",), "race_lost": ("player",)}
INTERPOLATION = re.compile(r"\{([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?\}", re.I)
# The parts of a text: `{name}`, `{name.attribute}`, or `{is|are}` (said of others | said to the player it is about).
TEXT_PART = re.compile(r"\{(?:(?P<name>[a-z_][a-z0-9_]*)(?:\.(?P<attr>[a-z_][a-z0-9_]*))?"
                       r"|(?P<alt>(?P<one>[^{}|]*)\|(?P<you>[^{}|]*)))\}", re.I)
BRACES = re.compile(r"\{[^{}]*\}")  # whatever a text holds in braces: each must be one of the parts above


class Symbols:
    """What a game declares, by name; the compiler reads it after the checker has vouched for it."""

    def __init__(self):
        self.game = None
        self.players = None
        self.attributes: dict = {}
        self.values: dict = {}  # value name -> attribute name
        self.ambiguous: set = set()  # values declared in two attributes (an error): their type is unknown
        self.hiding: set = set()  # zones, variables, constants, options named as a value (an error): of no known type
        self.names = None
        self.claims = None
        self.var_types: dict = {}  # variable -> the types of the values `set` gives it
        self.var_inits: dict = {}  # variable -> the attribute values its declaration starts it at (`value:rank`)
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
        self.fired: set = {"turn_begins", "turn_ends", "race_lost"}
        self.house_limit = None
        self.examples = None
        self.teams = None
        self.numbered: dict = {}  # `zone column 1..8`: its name -> (its declaration, the first number, the last)
        # The type of every expression, as the checker worked it out once every variable's type was known:
        # id(node) -> type, and for a text with `{...}` parts ("text", id(its statement)) -> (the statement,
        # {(name, attribute or None): the part as an expression, typed}).  The compiler reads it (`typed`).
        self.types: dict = {}
        self.leaving = False  # whether the game has `out` or `lose` (seats can leave play)

    def declared_names(self):
        """The names the game itself gives values: its variables, constants, options and zones."""
        return {**self.vars, **self.consts, **self.options, **self.zones}

    def code_nodes(self):
        """Every node of the game's code (functions, procedures, rules, setup, turn, score), a node before those
        inside it."""
        for root in [*self.functions.values(), *self.procedures.values(), *self.rules, self.setup, self.turn, self.score]:
            if root is not None:
                yield from ast.walk(root)

    def known_names(self):
        return (list(BUILTIN_NAMES) + list(self.vars) + list(self.consts) + list(self.options) + list(self.zones)
                + list(self.values) + list(self.attributes) + list(self.functions) + list(self.procedures))


def numbered_zones(s, d, errors) -> None:
    """`zone column 1..8 public`: a zone of its own for each number, `column 1` ... `column 8` (names no one can type:
    a number is no part of a name), each told as "column 1" (or the zone's words and the number), and `column` a
    function of the number (per player, of the player and the number) whose value is that zone; a number past the row
    stops the rules in play, saying so (`$no_zone`).  Kept in `s.numbered` for the checker's messages."""
    low, high = d.numbers
    where = part(d.loc, "numbers")
    if high < low:
        errors.append(RulesCheckError(f"`{d.name} {low}..{high}` numbers no zone: count up, as in `{d.name} {high}..{low}`",
                                      where))
        high = low
    elif high - low >= MAX_NUMBERED:
        errors.append(RulesCheckError(f"`{d.name} {low}..{high}` would be {high - low + 1} zones; one declaration may "
                                      f"number at most {MAX_NUMBERED} zones", where))
        high = low + MAX_NUMBERED - 1
    words = d.display or d.name.replace("_", " ")
    s.numbered[d.name] = (d, low, high)
    for k in range(low, high + 1):
        s.zones[f"{d.name} {k}"] = attrs.evolve(d, name=f"{d.name} {k}", display=f"{words} {k}", numbers=None)
    loc = part(d.loc, "name")
    n = ast.Name(name="n", loc=loc)
    owner = (ast.Name(name="player", loc=loc),) if d.per_player else ()
    body = ast.Call(name="$no_zone", args=(ast.Literal(value=d.name, loc=loc), n), loc=loc)
    for k in range(high, low - 1, -1):
        member = ast.Call(name=f"{d.name} {k}", args=owner, loc=loc) if d.per_player else \
            ast.Name(name=f"{d.name} {k}", loc=loc)
        body = ast.IfExpr(cond=ast.Compare(op="==", left=n, right=ast.Literal(value=k, loc=loc), loc=loc), then=member,
                          otherwise=body, loc=loc)
    if d.name in s.functions:
        errors.append(RulesCheckError(f"`{d.name}` is both numbered zones (line {d.loc.line}) and a function: give one "
                                      "another name", part(s.functions[d.name].loc, "name")))
    s.functions[d.name] = ast.FunctionDecl(name=d.name, params=("player", "n") if d.per_player else ("n",), body=body,
                                           loc=d.loc)


def collect(decls) -> tuple[Symbols, list]:
    """Sort declarations into a symbol table; report names declared twice across kinds."""
    s = Symbols()
    errors = list(getattr(decls, "errors", ()))  # found while merging the files: duplicates, bad `remove`s
    for d in decls:
        if isinstance(d, ast.GameDecl):
            s.game = d
        elif isinstance(d, ast.PlayersDecl):
            s.players = d
        elif isinstance(d, (ast.AttributeDecl, ast.RangeAttributeDecl)):
            s.attributes[d.name] = d
        elif isinstance(d, ast.NamesDecl):
            s.names = d
        elif isinstance(d, ast.ClaimsDecl):
            s.claims = d
        elif isinstance(d, ast.HouseLimitDecl):
            s.house_limit = d
        elif isinstance(d, ast.TeamsDecl):
            s.teams = d
        elif isinstance(d, ast.ExamplesDecl):
            s.examples = d
        elif isinstance(d, ast.ClassDecl):
            s.classes[d.name] = d
        elif isinstance(d, ast.DeckDecl):
            s.deck = d
        elif isinstance(d, ast.ZoneDecl):
            if d.numbers is None:
                s.zones[d.name] = d
            else:
                numbered_zones(s, d, errors)
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
            if d.name in s.numbered:
                errors.append(RulesCheckError(f"`{d.name}` is both numbered zones (line {s.numbered[d.name][0].loc.line}) "
                                              "and a function: give one another name", part(d.loc, "name")))
                continue
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
    first_value: dict = {}
    for attr in s.attributes.values():
        if isinstance(attr, ast.AttributeDecl):
            for v in attr.values:
                if v.name in s.values and s.values[v.name] != attr.name:
                    other = s.values[v.name]
                    errors.append(RulesCheckError(
                        f"`{v.name}` is a value of both `{other}` and `{attr.name}`; a value may belong to one attribute only",
                        part(v.loc, "name"),
                        hint=f"rename one of them (it is first a value of `{other}` at line {first_value[v.name].line})"))
                    s.ambiguous.add(v.name)
                    continue
                s.values[v.name] = attr.name
                first_value.setdefault(v.name, v.loc)
    # One name, one meaning, across the kinds of declaration that share the expression namespace.
    spaces = [("zone", s.zones), ("variable", s.vars), ("constant", s.consts), ("option", s.options)]
    seen: dict = {}
    for kind, table in spaces:
        for name, d in table.items():
            if name in seen:
                errors.append(RulesCheckError(f"`{name}` is both a {seen[name]} and a {kind}; give one of them another name",
                                              part(d.loc, "name")))
            elif (name in BUILTIN_NAMES or name in BUILTIN_FUNCS) and name not in YIELDING_NAMES:
                errors.append(RulesCheckError(f"`{name}` is a built-in name of rulelang; choose another", part(d.loc, "name")))
            seen[name] = kind
            if name in s.values:  # read before the values (§8, Names): the value could never be written
                errors.append(RulesCheckError(
                    f"`{name}` is both a {kind} and a value of `{s.values[name]}`: written alone it reads the {kind}, so "
                    "the value could never be named; give one of them another name", part(d.loc, "name")))
                s.hiding.add(name)
    # A class (`card is NAME`) shares its name with no other declaration: `NAME(...)` or `NAME` would read as
    # something else (it may share one with an attribute value: `class eight`, the rank `eight`).
    for kind, table in [("procedure", s.procedures), ("function", s.functions), *spaces]:
        for name, d in table.items():
            if name in s.classes:
                errors.append(RulesCheckError(f"`{name}` is both a class and a {kind}; give one of them another name",
                                              part(d.loc, "name")))
    for name, d in s.functions.items():  # (the newer built-ins give way to a game's own: `YIELDING_FUNCS`)
        if name in BUILTIN_FUNCS and name not in YIELDING_FUNCS:
            errors.append(RulesCheckError(f"`{name}` is a built-in function of rulelang: every `{name}(...)` calls the "
                                          "built-in, never this `define`; choose another name", part(d.loc, "name")))
    return s, errors


class Checker:
    """One `check_<Node>` method per construct; errors are collected, never raised one by one."""

    def __init__(self, symbols: Symbols, final: dict | None = None, written: bool = False):
        self.s = symbols
        self.errors: list[RulesCheckError] = []
        self.final = final  # variable -> its type, when every `set` of it has been seen (else worked out as read)
        self.var_reads: set = set()  # (variable, the type it had when read): was it its final type?
        self.function_types: dict = {}  # function -> the type it gives (`function_type`)
        # A rule written in play: the game's variables keep the types its file gives them (the code made for the
        # file reads them so), and the rule may not set one to another type (`check_written_rule`).
        self.written = written
        # The untyped parameters of the procedure being checked, while they hold what the call gave them (a `let` of
        # the name, or a loop over it, takes it out): `reveal` of such a parameter is told as cards or as a value by
        # what the call gave (`ops.VALUES`), the one thing of no type the checker lets `reveal` show.
        self.live_params: set = set()

    def calls_too_deep(self) -> bool:
        """A chain of functions and procedures each calling the next longer than MAX_CALLS: refused at the call of
        the first one past it (True).  A call back into the chain (a function calling itself) is not followed."""
        s = self.s
        bodies = {**s.procedures, **s.functions}
        calls = {n: [c for c in ast.walk(d.body) if isinstance(c, (ast.Call, ast.CallStmt)) and c.name in bodies]
                 for n, d in bodies.items()}
        depth: dict = {}
        for root in bodies:  # the longest chain from each, worked out without recursion
            todo, on = [(root, iter(calls[root]))], {root}
            while todo:
                name, rest = todo[-1]
                call = next(rest, None)
                if call is None:
                    todo.pop()
                    on.discard(name)
                    below = [(depth[c.name], c) for c in calls[name] if c.name in depth]
                    depth[name] = 1 + max((d for d, _ in below), default=0)
                    if depth[name] > MAX_CALLS:
                        _, c = max(below, key=lambda dc: dc[0])
                        self.error(f"`{name}` calls `{c.name}`: a chain of {depth[name]} functions and procedures, "
                                   f"each calling the next; they may call each other at most {MAX_CALLS} deep", c.loc,
                                   hint="call fewer in turn: a function can do the work of several")
                        return True
                elif call.name not in depth and call.name not in on:
                    todo.append((call.name, iter(calls[call.name])))
                    on.add(call.name)
        return False

    def error(self, msg, loc, hint=None):
        self.errors.append(RulesCheckError(msg, loc, hint=hint))

    def unknown(self, what, name, loc, candidates, hint=None):
        self.error(f"unknown {what} `{name}`", loc, lambda: did_you_mean(name, candidates) or hint)

    # ------------------------------------------------------------ the whole game

    def check_game(self, decls, first_loc):
        s = self.s
        whole = s.game.loc if s.game is not None and s.game.loc is not None else first_loc
        whole = Loc(whole.file, whole.line, whole.column) if whole is not None else None  # a caret, not a span: nothing there is wrong
        if s.game is None:
            self.error("a game needs a name: add `game \"...\"`", whole)
        if s.players is None:
            self.error("a game needs `players LOW..HIGH`", whole)
        elif s.players.low > s.players.high:
            self.error(f"`players {s.players.low}..{s.players.high}` is an empty range: a range counts up",
                       s.players.loc, hint=f"did you mean `players {s.players.high}..{s.players.low}`?")
        elif s.players.low < 1:
            self.error(f"`players {s.players.low}..{s.players.high}` allows a game of {s.players.low} players: "
                       "a game has one player at least", s.players.loc,
                       hint=f"write `players 1..{max(s.players.high, 1)}` (a game of patience is `players 1..1`)")
        elif s.players.default is not None and not (s.players.low <= s.players.default <= s.players.high):
            self.error(f"the default of {s.players.default} players is outside {s.players.low}..{s.players.high}", s.players.loc)
        if s.deck is None:
            self.error("a game needs a `deck`", whole, hint="`deck draw { 4 cards {colour: red} ... }` puts the cards in the zone `draw`")
        if s.turn is None:
            self.error("a game needs a `turn { ... }`: what a player does on their turn", whole)
        if s.setup is None:
            self.error("a game needs a `setup { ... }`", whole, hint="for instance `setup { shuffle draw  deal 7 from draw to hand }`")
        if self.calls_too_deep():  # (typing and compiling follow each call into its body: Python's stack would not)
            return
        # A variable's type is the one every `set` of it gives, so it is known only once every declaration has been
        # checked: one that read a variable before then is typed again with every variable's type as found.  Those
        # types are the ones the compiler reads (Symbols.types), and those errors the ones reported: the earlier
        # typing's are dropped (a variable read as `any` before its `set` hid a wrong use of it).  A variable set
        # from another (`set a = b`, `let t = b  set a = t`) gets its type as that one's becomes known: typed
        # again, its `set` gives it, and what reads it is typed again in turn, a link of the chain a round.
        latest = {id(d): (d, reads, found) for d, reads, found in self.check_decls(decls)}
        final = {n: var_type(s, n) for n in s.vars}
        for _ in range(len(s.vars) + 1):
            stale = [(d, found) for d, reads, found in latest.values() if any(final[n] != t for n, t in reads)]
            if not stale:
                break
            again = Checker(s, final)
            for d, reads, found in again.check_decls([d for d, _ in stale]):
                latest[id(d)] = (d, reads, found)
            dropped = {id(e) for _, found in stale for e in found}
            self.errors = [e for e in self.errors if id(e) not in dropped] + again.errors
            final = {n: var_type(s, n) for n in s.vars}
        for rule in s.rules:
            if rule.event in s.events and rule.event not in s.fired:
                self.error(f"rule `{rule.name}` never fires: nothing does `fire {rule.event}(...)`", part(rule.loc, "event"),
                           hint=f"add `fire {rule.event}(...)` where it happens, or remove the rule")
        self.check_class_cycles()
        self.check_deal_sizes()
        if s.turn is not None and not self.decides(s.turn.body, set()):
            self.error("the game can never go on: its `turn` asks nobody anything (no `choose` or `ask`, "
                       "also not in what it calls or fires), so turns would follow each other without end",
                       s.turn.loc, hint="a turn needs a decision: `choose current { ... }`")

    def var_type(self, name) -> str:
        t = var_type(self.s, name) if self.final is None else self.final[name]
        self.var_reads.add((name, t))
        return t

    def check_decls(self, decls) -> list:
        """Check each declaration; each with the variables it read and their types then, and its errors."""
        read = []
        for d in decls:
            self.var_reads = set()
            start = len(self.errors)
            getattr(self, "check_" + type(d).__name__)(d)
            read.append((d, self.var_reads, self.errors[start:]))
        return read

    def decides(self, node, seen: set) -> bool:
        """Whether running this can ask a player something: a `choose`, an `ask` or a `race`, directly, in a
        procedure it runs or in a rule of an event it fires."""
        if isinstance(node, (ast.ChooseStmt, ast.AskStmt, ast.RaceStmt)):
            return True
        if isinstance(node, ast.Block):
            return any(self.decides(st, seen) for st in node.stmts)
        if isinstance(node, ast.CallStmt):
            proc = self.s.procedures.get(node.name)
            if proc is None or node.name in seen:
                return False
            seen.add(node.name)
            return self.decides(proc.body, seen)
        if isinstance(node, ast.FireStmt):
            key = "event:" + node.event
            if key in seen:
                return False
            seen.add(key)
            return any(self.decides(r.body, seen) for r in self.s.rules if r.event == node.event)
        return any(self.decides(child, seen) for child in ast.inner_blocks(node))

    def check_GameDecl(self, d):
        if len(d.name) > MAX_NAME:
            self.error(f"a game's name may have at most {MAX_NAME} characters; this one has {len(d.name)}", d.loc)

    def check_PlayersDecl(self, d):
        if d.high > MAX_PLAYERS:
            self.error(f"rulelang allows at most {MAX_PLAYERS} players; this game allows {d.high}", d.loc,
                       hint=f"for instance `players {min(d.low, MAX_PLAYERS)}..{MAX_PLAYERS}`")

    def check_TeamsDecl(self, d):
        p = self.s.players
        if d.size < 2:
            self.error(f"a team has at least 2 players, not {d.size}", d.loc)
            return
        for i, n in enumerate(d.counts):
            where = part(d.loc, f"count:{i}")
            if p is not None and not p.low <= n <= p.high:
                self.error(f"`players {p.low}..{p.high}` does not allow {n}: teams at {n} players would never play",
                           where)
            elif n % d.size:
                self.error(f"teams of {d.size} cannot be made of {n} players", where,
                           hint=f"list the numbers of players teams of {d.size} divide")
            elif n == d.size:
                self.error(f"teams of {d.size} at {n} players make one team, which always wins", where,
                           hint="teams are for two teams or more")
        if not d.counts and p is not None and any(n % d.size for n in range(p.low, p.high + 1)):
            fits = [n for n in range(p.low, p.high + 1) if n % d.size == 0]
            hint = (f"allow only numbers of players that make whole teams: `players {fits[0]}..{fits[0]}`" if len(fits) == 1
                    else f"whole teams need {listing(map(str, fits)).replace('`', '')} players" if fits else None)
            many = [n for n in fits if n > d.size]
            if many:
                hint += (f"; or teams at some numbers of players only, everyone alone at the others: "
                         f"`teams of {d.size} at {', '.join(map(str, many))} players`")
            self.error(f"teams of {d.size} need a number of players they divide, and `players {p.low}..{p.high}` "
                       f"allows {', '.join(str(n) for n in range(p.low, p.high + 1) if n % d.size)}", d.loc, hint)

    def check_OptionDecl(self, d):
        if isinstance(d.value, ast.Name) and d.value.name not in self.s.values:
            self.unknown("value", d.value.name, d.value.loc, self.s.values)

    def check_ConstDecl(self, d):
        self.expr(d.value, {})

    def check_AttributeDecl(self, d):
        seen = set()
        for v in d.values:
            if v.name in seen:
                self.error(f"`{v.name}` is listed twice in `{d.name}`", part(v.loc, "name"))
            seen.add(v.name)

    def check_RangeAttributeDecl(self, d):
        if d.low > d.high:
            self.error(f"`{d.low}..{d.high}` is an empty range", d.loc)
        elif d.high - d.low >= MAX_ATTRIBUTE_VALUES:
            self.error(f"`{d.name}` would have {d.high - d.low + 1} values; an attribute may have at most "
                       f"{MAX_ATTRIBUTE_VALUES}", d.loc)

    def check_ClaimsDecl(self, d):
        self.known_attributes(d)

    def known_attributes(self, d):
        for a in d.attributes:
            if a not in self.s.attributes:
                self.unknown("attribute", a, part(d.loc, "attr:" + a), self.s.attributes)

    def check_NamesDecl(self, d):
        self.known_attributes(d)
        if d.words and not d.attributes:
            self.error("`name cards by` names no attribute, only words", d.loc,
                       hint='name the attributes a card is called by, words between them: `name cards by rank "of" suit`')
        for i, (_, word) in enumerate(d.words):
            where = part(d.loc, f"word:{i}")
            if not word.strip():
                self.error("a word in `name cards by` may not be empty", where,
                           hint='write the words said between two values: `name cards by rank "of" suit`')
            elif not word.isprintable():
                self.error("a word in `name cards by` may not hold a line break, a tab or another control character",
                           where, hint="a card's name is said on one line")
            elif len(word) > MAX_NAME:
                self.error(f"a word in `name cards by` may have at most {MAX_NAME} characters", where)

    def check_ClassDecl(self, d):
        self.expect(d.expr, {"card": "card"}, "bool")
        found = beyond_card(self.s, d.expr, {"card"}, (d.name,))
        if found is not None:
            node, why = found
            self.error(f"class `{d.name}` may look only at the card, but {why}", node.loc,
                       hint="a class is worked out once for each card, before play; "
                            "for a test that depends on the game, write `define NAME(card) = ...`")


    def check_class_cycles(self):
        uses = {name: {i.cls for i in ast.walk(d.expr) if isinstance(i, ast.Is)} for name, d in self.s.classes.items()}
        reported = set()

        def visit(name, path):
            for other in sorted(uses.get(name, ())):
                if other in path:
                    cycle = path[path.index(other):] + [other]
                    if other not in reported:
                        reported.update(cycle)
                        d = self.s.classes[other]
                        self.error(f"class `{other}` is defined through itself: {' -> '.join(cycle)}", part(d.loc, "name"))
                elif other in uses:
                    visit(other, path + [other])

        for name in self.s.classes:
            if name not in reported:
                visit(name, [name])

    def check_DeckDecl(self, d):
        z = self.s.zones.get(d.zone)
        where = part(d.loc, "zone")
        if z is None and d.zone in self.s.numbered:
            self.error(f"the deck must start in one zone, and `{d.zone}` is numbered zones: declare a zone of its own "
                       "for the deck", where)
        elif z is None:
            self.unknown("zone", d.zone, where, self.s.zones)
        elif z.per_player:
            self.error(f"the deck must start in a zone of the table, and `{d.zone}` is one per player", where)
        for item in d.items:
            self.card_item(item, {})

    def card_item(self, item, scope):
        if isinstance(item, ast.CardFor):
            t = self.expr(item.iterable, scope)
            inner = dict(scope)
            inner[item.var] = elem_type(t) or "any"
            if elem_type(t) is None and t != "any":
                self.error(f"`for` goes through a list or a zone, not {an(t)}", item.iterable.loc)
            for sub in item.items:
                self.card_item(sub, inner)
            return
        if item.count < 1:
            self.error("a card count must be at least 1", item.loc)
        seen = set()
        for f in item.fields:
            attr = self.s.attributes.get(f.name)
            name_loc = part(f.loc, "name")
            if f.name in seen:
                self.error(f"`{f.name}` is given twice", name_loc)
            seen.add(f.name)
            if attr is None:
                self.expr(f.expr, scope)
                self.unknown("attribute", f.name, name_loc, self.s.attributes)
            elif isinstance(attr, ast.RangeAttributeDecl):
                t = self.expr(f.expr, scope)
                v = self.const_int(f.expr)
                if v is not None:
                    if not attr.low <= v <= attr.high:
                        self.error(f"{v} is outside `{attr.name}` {attr.low}..{attr.high}", f.expr.loc,
                                   hint=f"{declared(attr)} gives the values a card's `{attr.name}` may have; "
                                        f"widen it there to allow {v}")
                elif not compatible(t, "int"):
                    self.error(f"`{attr.name}` is a number, not {an(t)}", f.expr.loc)
            else:
                t = self.expr(f.expr, scope, want="value:" + attr.name)
                if not compatible(t, "value:" + attr.name):
                    self.error(f"`{attr.name}` takes one of {listing(v.name for v in attr.values)}, not {an(t)}", f.expr.loc)

    def check_ZoneDecl(self, d):
        if d.refill_from is not None:
            src = self.s.zones.get(d.refill_from)
            if src is None and d.refill_from in self.s.numbered:
                self.error(f"`refill` works between two single zones, and `{d.refill_from}` is numbered zones",
                           part(d.loc, "refill"))
            elif src is None:
                self.unknown("zone", d.refill_from, part(d.loc, "refill"), self.s.zones)
            elif src.per_player != d.per_player:  # each player's zone refills from that player's own
                self.error("`refill` works between two zones of the table, or two zones per player (each player's "
                           f"from their own): `{d.name}` is {'one per player' if d.per_player else 'of the table'}, "
                           f"`{src.name}` {'one per player' if src.per_player else 'of the table'}", d.loc)
        if d.visibility == "private" and not d.per_player:
            self.error(f"a `private` zone is seen by its owner: `{d.name}` needs `per player`", d.loc)
        if d.shown is not None:  # how the status at the prompt shows a zone of the table: `show top`, `show all`
            where = part(d.loc, "shown")
            if d.per_player:
                self.error(f"`show` is for a zone of the table: `{d.name}` is one per player, shown as each "
                           "player's count of cards", where)
            elif d.visibility == "hidden":
                self.error(f"`{d.name}` is `hidden`: nobody sees its cards, so it is shown by its count; "
                           "`show` is for a zone its players see", where)

    def check_VarDecl(self, d):
        t = self.expr(d.init, {"player": "player"} if d.per_player else {})
        unset = self.unset_read(d)
        if unset is not None:
            self.error(f"`{d.name}`'s first value reads `{unset.name}`, which has no value yet: variables get their "
                       "first values one by one, in the order they are declared, at the start of every hand",
                       unset.loc, hint=f"declare `{unset.name}` before `{d.name}`" if unset.name != d.name else
                       "give it a value worked out from no variable of its own")
        if t.startswith("value:"):  # `var due = ace`, then `set due = next(due)`: what reads it is the attribute's
            self.s.var_inits[d.name] = t

    def unset_read(self, d):
        """The first variable a `var`'s first value reads (directly or in a function it calls) that has none yet
        when it is worked out: itself, or one declared after it.  None if there is none."""
        names = list(self.s.vars)
        if d.name not in names:
            return None
        later = set(names[names.index(d.name):])
        todo, seen = [(d.init, ())], set()  # an expression, and the parameters its function names
        while todo:
            e, params = todo.pop()
            bound = {getattr(n, "var", None) for n in ast.walk(e)} | set(params)
            for n in ast.walk(e):
                if isinstance(n, (ast.Name, ast.Call)) and n.name in later and n.name not in bound and \
                        (isinstance(n, ast.Call) == self.s.vars[n.name].per_player):
                    return n
                if isinstance(n, ast.Call) and n.name in self.s.functions and n.name not in seen:
                    seen.add(n.name)
                    f = self.s.functions[n.name]
                    todo.append((f.body, f.params))
        return None

    def check_CallDecl(self, d):
        if d.when is not None:
            self.expect(d.when, {"player": "player"}, "bool")

    def check_EventDecl(self, d):
        if d.name in BUILTIN_EVENTS:
            self.error(f"`{d.name}` is a built-in event", part(d.loc, "name"))

    def check_FunctionDecl(self, d):
        self.expr(d.body, params_scope(d.params))

    def function_type(self, f) -> str:
        """What a `define` gives: its body's type, with its parameters typed by their names (`any` for one that
        calls itself, while it is typed).  Its own errors are told where it is declared (`check_FunctionDecl`)."""
        types = self.function_types
        if f.name not in types:
            types[f.name] = "any"
            start = len(self.errors)
            types[f.name] = self.expr(f.body, params_scope(f.params))
            del self.errors[start:]
        return types[f.name]

    def check_ProcedureDecl(self, d):
        scope = params_scope(d.params)
        self.live_params = {p for p, t in scope.items() if t == "any"}
        try:
            self.block(d.body, scope)
        finally:
            self.live_params = set()

    def check_HouseLimitDecl(self, d):
        pass

    def check_ExamplesDecl(self, d):
        for r in d.rules:
            self.check_RuleDecl(r, written=True)

    def check_RuleDecl(self, d, written=False):
        params = self.s.events.get(d.event)
        where = part(d.loc, "event")
        if params is None:
            self.unknown("event", d.event, where, self.s.events)
            return
        if len(params) != len(d.params):
            self.error(f"event `{d.event}` has {count(len(params), 'parameter')}{named(params)}, "
                       f"and the rule names {len(d.params)}", where)
        scope = rule_scope(d, written)
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
        if self.s.score is None and not any(isinstance(n, ast.SetStmt) and n.name == "score"
                                            for n in self.s.code_nodes()):  # the whole game's, whichever is checked
            self.error(f"a match to {d.target} points needs a `score {{ ... }}` block that gives the points (or a rule "
                       "that does `set score(p) = ...`)", d.loc)
        if d.target < 1:
            self.error("a match target must be at least 1", d.loc)
        if d.lowest is not None:
            self.expect(d.lowest, {}, "bool")

    def check_MatchHands(self, d):
        if d.hands < 1:
            self.error("a match must have at least one hand", d.loc)
        if d.lowest is not None:
            self.expect(d.lowest, {}, "bool")

    def check_deal_sizes(self):
        """Deals in the setup from the deck's zone must fit in the deck with the most players."""
        s = self.s
        if s.deck is None or s.setup is None or s.players is None:
            return
        total = deck_size(s.deck, self)
        if total is None:
            return
        high, each = s.players.high, 0
        for st in s.setup.body.stmts:
            if not isinstance(st, ast.DealStmt) or st.count is None:
                continue
            if not (isinstance(st.source, ast.Name) and st.source.name == s.deck.zone):
                continue
            n = self.const_int(st.count)
            if n is None or n < 0:
                continue
            before = each * high
            each += n
            need = each * high
            if need <= total:
                continue
            shown = f"`deal {n}`" if isinstance(st.count, ast.Literal) else f"`deal {show(st.count)}` ({n} each)"
            if before:
                message = f"{shown} to {high} players needs {n * high} more cards, {need} in all; the deck has {total}"
            else:
                message = f"{shown} to {high} players needs {need} cards; the deck has {total}"
            most = total // each
            hint = (f"deal fewer cards, or allow at most {most} players: `players {s.players.low}..{most}`"
                    if most >= s.players.low else "deal fewer cards")
            where = st.loc
            const = s.consts.get(st.count.name) if isinstance(st.count, ast.Name) else None
            if const is not None and const.loc is not None and where is not None and const.loc.file != where.file:
                where = const.loc  # a variant that changed the count: show its line, not the base game's `deal`
            self.error(message, where, hint)
            return

    def const_int(self, e, seen=()):
        """The value of a whole-number expression known before play (literals, constants, `-`, `+`, `*`), or None."""
        if isinstance(e, ast.Literal) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return e.value
        if isinstance(e, ast.Neg):
            v = self.const_int(e.expr, seen)
            return -v if v is not None else None
        if isinstance(e, ast.Arith) and e.op in ("+", "-", "*", "**"):
            a, b = self.const_int(e.left, seen), self.const_int(e.right, seen)
            if a is None or b is None:
                return None
            if e.op == "**":  # (one past the limit is refused where it is written: `type_Arith`)
                return a ** b if b >= 0 and (a in (0, 1, -1) or b <= 63) else None
            return a + b if e.op == "+" else a - b if e.op == "-" else a * b
        if isinstance(e, ast.Name) and e.name in self.s.consts and e.name not in seen:
            return self.const_int(self.s.consts[e.name].value, (*seen, e.name))
        return None

    # ------------------------------------------------------------ statements

    def block(self, b, scope):
        scope = dict(scope)
        for st in b.stmts:
            getattr(self, "check_" + type(st).__name__)(st, scope)

    def zone_target(self, e, scope, what):
        t = self.expr(e, scope, want="zone")
        if t not in ("zone", "any"):
            hint = None
            own = [z for z, d in self.s.zones.items() if d.per_player]
            if t == "player" and own:
                hint = f"a player's own zone takes the player: `{own[0]}({show(e)})`"
            self.error(f"{what} needs a zone, not {an(t)}", e.loc, hint)

    def check_MoveStmt(self, st, scope):
        t = self.expr(st.cards, scope)
        if t not in ("card", "list:card", "zone", "any", "list:any", "none"):
            self.error(f"`move` takes a card, a list of cards or a zone, not {an(t)}", st.cards.loc)
        self.zone_target(st.to, scope, "`move ... to`")
        if st.under is not None:
            self.expect(st.under, scope, "int")
            n = self.const_int(st.under)
            if n is not None and n < 0:
                hint = f"did you mean `under {-n}`?" if isinstance(st.under, ast.Neg) else None
                self.error(f"cannot put cards under {n} cards: a count of cards cannot be negative", st.under.loc, hint)

    def check_MoveTopStmt(self, st, scope):
        self.expect(st.count, scope, "int")
        rest = f"from {show(st.source)} to {show(st.to)}" + (f" face {st.face}" if st.face else "") + (f" as {st.bind}" if st.bind else "")
        self.count_of_cards(st.count, "move", rest, "")
        self.zone_target(st.source, scope, "`move ... from`")
        self.zone_target(st.to, scope, "`move ... to`")
        if st.bind:
            scope[st.bind] = "card"

    def check_DealStmt(self, st, scope):
        if st.count is not None:
            self.expect(st.count, scope, "int")
            self.count_of_cards(st.count, "deal", f"from {show(st.source)} to {st.zone}", " to each player")
        self.zone_target(st.source, scope, "`deal ... from`")
        z = self.s.zones.get(st.zone)
        where = part(st.loc, "zone")
        if z is None:
            own = [n for n, d in self.s.zones.items() if d.per_player]
            self.error(f"unknown zone `{st.zone}`", where, lambda: did_you_mean(st.zone, self.s.zones, own))
        elif not z.per_player:
            self.error(f"`deal` gives cards to each player: `{st.zone}` must be a zone `per player`", where)

    def count_of_cards(self, e, verb, rest, each):
        """A count of cards known before play (`move -2 from ...`) must not be negative."""
        n = self.const_int(e)
        if n is None or n >= 0:
            return
        if isinstance(e, ast.Name):
            const = self.s.consts[e.name]
            at = f" (line {const.loc.line})" if const.loc is not None else ""
            hint = f"the constant `{e.name}` is {n}{at}; a count of cards is 0 or more"
        else:
            hint = f"did you mean `{verb} {-n} {rest}`?" if isinstance(e, ast.Neg) else None
        self.error(f"cannot {verb} {n} cards{each}: a count of cards cannot be negative", e.loc, hint)

    def check_ShuffleStmt(self, st, scope):
        self.zone_target(st.zone, scope, "`shuffle`")

    def check_SetStmt(self, st, scope):
        s = self.s
        v = s.vars.get(st.name)
        where = part(st.loc, "name")
        if st.name == "score":
            v = ast.VarDecl(name="score", per_player=True, init=ast.Literal(value=0))
        if st.name in scope and st.index is None:
            # A name from `let` changes for the rest of its procedure or rule.
            t = self.expr(st.value, scope)
            if not compatible(t, scope[st.name]):
                self.error(f"`{st.name}` holds {an(scope[st.name])}, not {an(t)}", where)
            return
        if v is None:
            if st.name in s.consts:
                self.error(f"`{st.name}` is a constant and cannot be set; declare it with `var` to change it in play", where)
            elif st.name in s.options:
                self.error(f"`{st.name}` is an option, chosen when a game starts; it cannot be set", where,
                           hint="declare a `var` for a value that changes in play")
            elif st.name in s.zones:
                self.error(f"`{st.name}` is a zone, not a variable; cards go into it with `move`", where)
            else:
                self.unknown("variable", st.name, where, list(s.vars) + ["score"])
            if st.index is not None:
                self.expr(st.index, scope)
            self.expr(st.value, scope)
            return
        if v.per_player and st.index is None:
            self.error(f"`{st.name}` is one per player: write `set {st.name}(p) = ...`", where)
        if not v.per_player and st.index is not None:
            self.error(f"`{st.name}` is one for the table, not per player: write `set {st.name} = ...`", where)
        if st.index is not None:
            self.expect(st.index, scope, "player")
        t = self.expr(st.value, scope)
        if not self.written:
            s.var_types.setdefault(st.name, set()).add(t)
            return
        held = "int" if st.name == "score" else self.var_type(st.name)
        if not compatible(t, held):
            self.error(f"`{st.name}` holds {an(held)} in this game, not {an(t)}", st.value.loc,
                       hint="the game's own rules read it so: a rule written in play may not change its type")

    def check_LetStmt(self, st, scope):
        scope[st.name] = self.expr(st.value, scope)
        self.live_params.discard(st.name)

    def check_IfStmt(self, st, scope):
        self.expect(st.cond, scope, "bool")
        self.block(st.then, scope)
        if st.otherwise is not None:
            self.block(st.otherwise, scope)

    def check_ForStmt(self, st, scope):
        t = self.expr(st.iterable, scope)
        el = elem_type(t)
        if el is None:
            self.error(f"`for` goes through a list or a zone, not {an(t)}", st.iterable.loc)
        self.live_params.discard(st.var)
        self.block(st.body, {**scope, st.var: el or "any"})

    def check_WhileStmt(self, st, scope):
        self.expect(st.cond, scope, "bool")
        self.block(st.body, scope)

    def check_ChooseStmt(self, st, scope):
        self.expect(st.who, scope, "player")
        self.options(st, scope)

    def check_AskStmt(self, st, scope):
        t = self.expr(st.who, scope, want="list:player")
        if t == "player":
            self.error("`ask` asks a list of players, and this is one player", st.who.loc,
                       "put it in a list of its own: `ask [p] ...`, or use `choose p` for a decision of theirs")
        elif not compatible(t, "list:player"):
            self.error(f"expected a list of players, found {an(t)}", st.who.loc)
        for o in st.options:
            if o.verb == "pass":
                self.error("`pass` is always offered in an `ask`; name the option otherwise", part(o.loc, "name"))
        self.options(st, scope)

    def options(self, st, scope):
        if getattr(st, "bind", None):
            scope = {**scope, st.bind: "player"}
        self.interpolation(st.prompt, scope, part(st.loc, "text"), st)
        verbs = {}
        for o in st.options:
            if o.verb in verbs and (o.param is None or verbs[o.verb] is None):
                self.error(f"two options are both typed `{o.verb}`", part(o.loc, "name"))
            verbs[o.verb] = o.param
            inner = dict(scope)
            if o.takes == "rule":
                inner[o.param] = "rule"
            elif o.takes == "several":
                named = set()
                for name, domain in o.params:
                    t = self.expr(domain, inner)
                    el = elem_type(t)
                    if el == "any":
                        self.untyped_offer(o, domain, inner)
                    if el is None:
                        self.error(f"option `{o.verb}` chooses `{name}` from a list or a zone, not {an(t)}", domain.loc)
                    elif el == "zone":
                        self.offers_zones(o, name, domain)
                    if name in named:
                        self.error(f"option `{o.verb}` names `{name}` twice", domain.loc)
                    named.add(name)
                    inner[name] = el or "any"
            elif o.takes == "cards":
                low, high = o.size
                where = part(o.loc, "size")
                if high < low:
                    self.error(f"`{low}..{high}` is an empty range: option `{o.verb}` would take no set of cards", where,
                               hint=f"the fewest comes first: `{o.verb} {high}..{low} {o.param} from ...`")
                elif high > MAX_SET:
                    self.error(f"option `{o.verb}` takes at most {MAX_SET} cards at once, not {high}", where)
                elif high < 1:
                    self.error(f"option `{o.verb}` must take at least one card", where)
                t = self.expr(o.domain, scope)
                if elem_type(t) not in ("card", "any"):
                    hint = None
                    own = [z for z, d in self.s.zones.items() if d.per_player]
                    if t == "player" and own:
                        hint = f"a player's own zone takes the player: `{own[0]}({show(o.domain)})`"
                    self.error(f"option `{o.verb}` takes cards from a zone or a list of cards, not {an(t)}", o.domain.loc,
                               hint)
                inner[o.param] = "list:card"
            elif o.param is not None:
                t = self.expr(o.domain, scope)
                el = elem_type(t)
                if el == "any":
                    self.untyped_offer(o, o.domain, scope)
                if el is None:
                    self.error(f"option `{o.verb}` chooses from a list or a zone, not {an(t)}", o.domain.loc)
                elif el == "zone":
                    self.offers_zones(o, o.param, o.domain)
                inner[o.param] = el or "any"
            if o.where is not None:
                self.expect(o.where, inner, "bool")
            # (a name the option binds holds its argument, not what the procedure's call gave: `live_params`)
            self.live_params -= {o.param, *(name for name, _ in (o.params or ()) if o.takes == "several")}
            self.block(o.body, inner)

    def untyped_offer(self, o, domain, scope):
        """`take c in src`, `src` a parameter (or another name) the checker cannot type: a move names its item by
        what the runtime holds, and a card there is a number, the one that names it, a card in another's hand too
        (`take 3`).  (A list the game's own rules make of values, `house_rules`, is offered as it is.)"""
        name = next((n.name for n in ast.walk(domain) if isinstance(n, ast.Name) and scope.get(n.name) in ("any", "list:any")),
                    None)
        if name is None:
            return
        self.error(f"option `{o.verb}` offers the items of `{name}`, which the checker cannot type: a card would be "
                   "offered by the number the game holds it as (one in another player's hand too), not by its name",
                   domain.loc, f"name the parameter `cards` (or `cards_...`): it holds a list of cards, or a zone's "
                   "cards, offered by name, or by place to a player who may not see them; for players or values, "
                   f"draw them from a typed list: `[p for p in players if p in {name}]`")

    def offers_zones(self, o, name, domain):
        """`put c in hand(current), z in [left, right]`: a move names a card, a player, a value or a number, and a
        zone is none of them (it was offered as its inner numbers, `put 2 (1, None)`)."""
        if isinstance(domain, ast.ListLit) and all(isinstance(z, ast.Name) for z in domain.items):
            zones = "[" + ", ".join(z.name for z in domain.items) + "]"
            hint = (f"offer their places and take the zone in the body: `{name} in 1..{len(domain.items)}`, then "
                    f"`nth({zones}, {name})` is the zone")
        else:
            hint = (f"offer their places and take the zone in the body: `{name} in 1..N`, then `nth([ZONE, ...], {name})` "
                    "is the zone")
        self.error(f"option `{o.verb}` cannot offer zones: a move names a card, a player, a value or a number",
                   domain.loc, hint)

    def check_FireStmt(self, st, scope):
        params = self.s.events.get(st.event)
        where = part(st.loc, "event")
        if params is None:
            self.unknown("event", st.event, where, self.s.events)
            meant = closest(st.event, self.s.events)
            if meant is not None:
                self.s.fired.add(meant)  # so its rules are not also reported as never firing
        elif st.event in BUILTIN_EVENTS:
            self.error(f"`{st.event}` is fired by the turn itself", where)
        elif len(params) != len(st.args):
            self.error(f"event `{st.event}` takes {count(len(params), 'argument')}{named(params)}, given {len(st.args)}", st.loc)
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
        t = self.expr(st.who, scope, want="player")
        if t not in ("player", "list:player", "any", "list:any"):
            self.error(f"`win` takes a player or a list of players, not {an(t)}", st.who.loc)

    def check_OutStmt(self, st, scope):
        self.leaves("out", st, scope)

    def check_LoseStmt(self, st, scope):
        self.leaves("lose", st, scope)

    def leaves(self, verb, st, scope):
        self.s.leaving = True
        t = self.expr(st.who, scope, want="player")
        if not compatible(t, "player"):
            hint = f"for each of them: `for p in ... {{ {verb} p }}`" if t.startswith("list:") else None
            self.error(f"`{verb}` takes one player, not {an(t)}", st.who.loc, hint)

    def check_RevealStmt(self, st, scope):
        t = self.expr(st.cards, scope)
        if t in ("any", "list:any") and not self.live_param(st.cards):
            self.untyped_shown(st.cards)
        elif t not in ("card", "list:card", "zone", "any", "list:any", "none", "player", "list:player") and \
                revealed_name(self.s, st.cards, scope):
            pass  # a value a rule worked out from cards, told to more seats (`reveal at to q`: a Hanabi hint)
        elif t not in ("card", "list:card", "zone", "any", "list:any", "none"):  # (a player would be read as a card)
            own = [z for z, d in self.s.zones.items() if d.per_player]
            hint = f"a player's own zone takes the player: `reveal {own[0]}({show(st.cards)}) to ...`" \
                if t == "player" and own else None
            if t in ("player", "list:player"):
                self.error(f"`reveal` shows a card, a list of cards or a zone, not {an(t)}", st.cards.loc, hint)
            else:
                self.error(f"`reveal` shows cards, or the value of a name, not {an(t)}", st.cards.loc,
                           "to tell players a value worked out from cards, name it and reveal the name: "
                           f"`let n = {show(st.cards)}`, then `reveal n to ...`")
        t = self.expr(st.to, scope, want="player")
        if t not in ("player", "list:player", "any", "list:any"):
            self.error(f"`reveal ... to` takes a player or a list of players, not {an(t)}", st.to.loc)

    def check_TurnToStmt(self, st, scope):
        if isinstance(st.who, ast.Literal) and st.who.value is None:
            self.error("`turn to none` names no player: `turn to` takes the player who plays next", st.who.loc,
                       "name a player: `turn to next`, `turn to previous`, `turn to p`; to let the turn go on as "
                       "usual, leave `turn to` out")
            return
        t = self.expr(st.who, scope, want="player")
        if not compatible(t, "player"):
            hint = "name one of them: `turn to first(...)`" if t.startswith("list:") else None
            self.error(f"`turn to` takes one player, not {an(t)}", st.who.loc, hint)

    def check_ClaimStmt(self, st, scope):
        t = self.expr(st.cards, scope)
        if t not in ("card", "list:card", "zone", "any", "list:any", "none"):
            self.error(f"`claim` takes the face-down cards: a card, a list of cards or a zone, not {an(t)}", st.cards.loc)
        self.expr(st.says, scope)

    def check_TallyStmt(self, st, scope):
        pass

    def check_AddStmt(self, st, scope):
        t = self.expr(st.rule, scope)
        if t not in ("rule", "any"):
            self.error(f"`add` puts into force a rule a player wrote (an option `NAME as rule`), not {an(t)}", st.rule.loc)
        if st.key is not None:
            self.expr(st.key, scope)

    def check_RaceStmt(self, st, scope):
        if not st.word.strip():
            self.error("a race needs something to do: `race \"moo\"`", st.loc)
        if st.body is not None:
            self.block(st.body, {**scope, st.bind: "player"})

    def check_SayStmt(self, st, scope):
        self.interpolation(st.text, scope, part(st.loc, "text"), st)

    def check_CallStmt(self, st, scope):
        s = self.s
        proc = s.procedures.get(st.name)
        where = part(st.loc, "name")
        if proc is None:
            if st.name in s.functions:
                self.error(f"`{st.name}` is a function (an `=` definition) and gives a value; it cannot be run as a statement", where)
            elif st.name in BUILTIN_FUNCS:
                self.error(f"`{st.name}(...)` gives a value; it cannot be run as a statement", where)
            else:
                self.unknown("procedure", st.name, where, s.procedures)
        elif len(proc.params) != len(st.args):
            self.error(f"`{st.name}` takes {count(len(proc.params), 'argument')}{named(proc.params)}, given {len(st.args)}", st.loc)
        shown = revealed_params(s).get(st.name, {}) if proc is not None and len(proc.params) == len(st.args) else {}
        types = []
        for i, a in enumerate(st.args):
            t = self.expr(a, scope)
            types.append(t)
            if i in shown and t in ("any", "list:any") and not self.live_param(a):
                self.untyped_shown(a, f"`{st.name}` shows its `{proc.params[i]}` (`reveal` at line {shown[i].line})")
            elif i in shown and t not in ("card", "list:card", "zone", "any", "list:any", "none") and \
                    not revealed_name(s, a, scope):
                # A number would be shown as the card it numbers (the runtime holds cards as numbers).  A name may
                # hold a value a rule worked out from cards, which the procedure tells as a value (§11); the call
                # marks it a value (`ops.VALUES`), so that one worked out from nothing hidden shows no card either.
                self.error(f"`{st.name}` shows its `{proc.params[i]}` as cards (`reveal` at line {shown[i].line}), "
                           f"and this is {an(t)}", a.loc,
                           f"to tell players a value, reveal a name holding it: `let n = {show(a)}`, then "
                           "`reveal n to ...`")
        if proc is not None and len(proc.params) == len(st.args):
            self.card_as_number(st.name, proc.params, st.args, types)

    def card_as_number(self, name: str, params, args, types) -> None:
        """A card given to a parameter `name` (a procedure or a function) uses as a number (`number_params`) is refused
        at the argument: the runtime holds cards as numbers (a house rule's `give(top(hand(next)))` drew as many
        cards as the place of another's hidden card in the deck)."""
        used = number_params(self.s).get(name, {})
        for i, (a, t) in enumerate(zip(args, types)):
            if i in used and t == "card":
                what, loc = used[i]
                numbers = [n for n, d in self.s.attributes.items() if isinstance(d, ast.RangeAttributeDecl)]
                self.error(f"`{name}` uses its `{params[i]}` as a number ({what}, at line {loc.line}), and this is a card",
                           a.loc, f"give a number, such as an attribute of the card that is one: `.{numbers[0]}`"
                           if numbers else "give a number")

    def live_param(self, e) -> bool:
        """Whether `e` is an untyped parameter of the procedure checked, holding what its call gave it."""
        return isinstance(e, ast.Name) and e.name in self.live_params

    def untyped_shown(self, e, what=None):
        """`reveal` (or a procedure that reveals its parameter, given `e`) of something the checker gives no type: a
        number there would be shown as the card it numbers, wherever it lies (the runtime holds cards as numbers)."""
        head = f"{what}, and the checker cannot tell" if what else "`reveal` cannot tell"
        self.error(f"{head} whether `{show(e)}` holds cards or another value: shown as cards, a number would show "
                   "the card it numbers", e.loc,
                   "reveal a card, a list of cards or a zone, or a name holding a value; a parameter named `card` "
                   "takes a card; a procedure's own parameter is shown as what its call gave it")

    def interpolation(self, text, scope, loc, owner):
        if not text:
            return
        self.text_types(text, scope, owner)
        s, local = self.s, list(scope)

        def known(name) -> bool:
            return name in scope or name in BUILTIN_NAMES or name in s.vars or name in s.consts or name in s.options

        def names():  # (for a hint, worked out only for an error shown)
            return local + list(BUILTIN_NAMES) + list(s.vars) + list(s.consts) + list(s.options)
        for m in BRACES.finditer(text):
            if not TEXT_PART.fullmatch(m.group()):
                self.error(f"`{m.group()}` in the text: braces hold a name (`{{current}}`), a card's attribute "
                           "(`{card.colour}`) or two forms of a word (`{draws|draw}`); work a value out with `let` first",
                           inside_string(loc, text, m.start(), m.end()))
        for m in INTERPOLATION.finditer(text):
            name, attr = m.group(1), m.group(2)
            if not known(name):
                self.error(f"`{{{name}}}` in the text names nothing known here", inside_string(loc, text, m.start(), m.end()),
                           lambda name=name: did_you_mean(name, names()))
            elif attr is not None and attr not in s.attributes:
                self.error(f"`{{{name}.{attr}}}`: unknown attribute `{attr}`", inside_string(loc, text, m.start(), m.end()),
                           lambda attr=attr: did_you_mean(attr, s.attributes))

    def text_types(self, text, scope, owner):
        """The `{name}` and `{name.attribute}` parts of a statement's text as expressions, typed, for the compiler."""
        parts = {}
        reported = len(self.errors)
        for m in TEXT_PART.finditer(text):
            if m.group("alt") is None:
                e = ast.Name(name=m.group("name"))
                if m.group("attr"):
                    e = ast.Attr(expr=e, name=m.group("attr"))
                self.expr(e, scope)
                parts[m.group("name"), m.group("attr")] = e
        del self.errors[reported:]  # a part that names nothing known is reported by `interpolation`, at its place
        self.s.types["text", id(owner)] = (owner, parts)

    # ------------------------------------------------------------ expressions

    def expect(self, e, scope, want):
        t = self.expr(e, scope, want=want)
        if not compatible(t, want):
            self.error(f"expected {an(want)}, found {an(t)}", e.loc)
        return t

    def expr(self, e, scope, want=None) -> str:
        """The type of an expression; `want`, the type the context expects, sharpens messages about unknown names."""
        method = getattr(self, "type_" + type(e).__name__)
        if want is not None and isinstance(e, (ast.Name, ast.Call, ast.ListLit)):
            t = method(e, scope, want)
        else:
            t = method(e, scope)
        self.s.types[id(e)] = t  # for the compiler
        return t

    def type_Literal(self, e, scope):
        v = e.value
        if v is None:
            return "none"
        if isinstance(v, bool):
            return "bool"
        if isinstance(v, int):
            return "int"
        return "str"

    def known(self, e, scope) -> bool:
        """Whether a bare name means something here (so its type can guide the other side of a comparison)."""
        if not isinstance(e, ast.Name):
            return True
        n, s = e.name, self.s
        return (n in scope or n in BUILTIN_NAMES or n in s.vars or n in s.consts or n in s.options or n in s.zones
                or n in s.values or n in s.attributes or n in s.calls)

    def type_Name(self, e, scope, want=None):
        n, s = e.name, self.s
        if n in scope:
            return scope[n]
        if n in BUILTIN_NAMES and not (n in YIELDING_NAMES and n in s.declared_names()):
            return BUILTIN_NAMES[n]
        if n in s.hiding:  # (told once, where it is declared)
            return "any"
        if n in s.vars:
            if s.vars[n].per_player:
                self.error(f"`{n}` is one per player: write `{n}(p)`, for example `{n}(current)`", e.loc)
            return self.var_type(n)
        if n == "house_rules":
            return "list:any"
        if n == "claims":
            if s.claims is None:
                self.error("`claims` lists the claim cards, and there are none: declare `claim cards by ATTRIBUTE ...`", e.loc)
            return "list:card"
        if n in s.consts or n in s.options:
            d = s.consts.get(n) or s.options.get(n)
            typing = self.__dict__.setdefault("typing", set())
            if n in typing:
                self.error(f"`{n}` is defined through itself", d.loc)
                return "any"
            typing.add(n)
            try:
                return self.expr(d.value, {})
            finally:
                typing.discard(n)
        if n in s.zones:
            if s.zones[n].per_player:
                self.error(f"`{n}` is one per player: write `{n}(p)`, for example `{n}(current)`", e.loc)
            return "zone"
        if n in s.ambiguous:
            return "any"
        if n in s.values:
            return "value:" + s.values[n]
        if n in s.attributes:
            a = s.attributes[n]
            return "list:int" if isinstance(a, ast.RangeAttributeDecl) else "list:value:" + n
        if n in s.calls:
            self.error(f"`{n}` is a call; test it with `called(p, {n})`", e.loc)
            return "any"
        if n in s.numbered:
            _, low, high = s.numbered[n]
            one = f"{n}(current, {low})" if s.numbered[n][0].per_player else f"{n}({low})"
            self.error(f"`{n}` is {high - low + 1} zones, {n}({low}) to {n}({high}): say which one, as in `{one}`",
                       e.loc)
            return "zone"
        if n in s.functions:
            self.error(f"`{n}` is a function: give it its arguments, `{n}(...)`", e.loc)
            return "any"
        if n in s.classes:
            self.error(f"`{n}` is a card class: test a card with `card is {n}`", e.loc)
            return "bool"
        self.unknown_name(n, e.loc, scope, want)
        return "any"

    def unknown_name(self, n, loc, scope, want):
        s = self.s
        what = "name"
        if want == "zone":
            what = "zone"
        elif want and want.startswith("value:") and want[6:] in s.attributes:
            what = want[6:]
        local = list(scope.items())

        def hint():  # (worked out only for an error shown: it weighs `n` against every known name)
            typed = (local + list(BUILTIN_NAMES.items()) + [(z, "zone") for z in s.zones]
                     + [(v, "value:" + a) for v, a in s.values.items()] + [(k, "any") for k in s.vars]
                     + [(k, literal_type(d.value)) for k, d in list(s.consts.items()) + list(s.options.items())]
                     + [(a, "list:") for a in s.attributes])
            preferred = [k for k, t in typed if want and t == want]
            return did_you_mean(n, [k for k, _ in typed] + list(s.functions) + list(s.procedures), preferred)
        self.error(f"unknown {what} `{n}`", loc, hint)

    def type_Call(self, e, scope, want=None):
        n, s = e.name, self.s
        if n in s.zones:
            z = s.zones[n]
            if not z.per_player:
                self.error(f"`{n}` is a zone of the table; write it without `(...)`", e.loc)
            self.arity(e, 1, ("a player",)) and self.expect(e.args[0], scope, "player")
            return "zone"
        if n in s.vars or n == "score":
            if n != "score" and not s.vars[n].per_player:
                self.error(f"`{n}` is one for the table; write it without `(...)`", e.loc)
            self.arity(e, 1, ("a player",)) and self.expect(e.args[0], scope, "player")
            return self.var_type(n) if n != "score" else "int"
        if n == "knows" and n not in s.functions and len(e.args) == 2 and \
                self.expr(e.args[0], scope) == "card" and self.expr(e.args[1], scope) == "player":
            self.error("`knows` takes the player first, then the card", e.loc,
                       f"write `knows({show(e.args[1])}, {show(e.args[0])})`")
            return "bool"
        if n in BUILTIN_FUNCS and not (n in YIELDING_FUNCS and n in s.functions):
            kinds, result = BUILTIN_FUNCS[n]
            if self.arity(e, len(kinds), tuple(_KIND_WORDS.get(k, k) for k in kinds)):
                for a, k in zip(e.args, kinds):
                    if k == "call":
                        if not (isinstance(a, ast.Name) and a.name in s.calls):
                            name = getattr(a, "name", "")
                            hint = did_you_mean(name, s.calls) or (
                                f"no call is declared; declare one with `call {name or 'NAME'} \"...\"`" if not s.calls else
                                f"the calls are {listing(s.calls)}")
                            self.error("expected the name of a `call`", a.loc, hint)
                    elif k == "zone":
                        self.zone_target(a, scope, f"`{n}(...)`")
                    elif k == "collection":
                        t = self.expr(a, scope)
                        if elem_type(t) is None:
                            self.error(f"`{n}` counts a zone or a list, not {an(t)}", a.loc)
                    else:
                        self.expect(a, scope, k)
            return result
        if n in ("next", "previous", "sort") and n not in s.functions:
            return self.type_order_call(e, scope)
        if n == "position" and n not in s.functions:
            return self.type_position(e, scope)
        if n == "nth" and n not in s.functions:
            if not self.arity(e, 2, ("a zone or a list", "a number")):
                return "any"
            t = self.expr(e.args[0], scope)
            if elem_type(t) is None:
                self.error(f"`nth` takes an item of a zone or a list, not of {an(t)}", e.args[0].loc)
            self.expect(e.args[1], scope, "int")
            return elem_type(t) or "any"
        if n in s.numbered:  # `column(i)`, `discard(p, i)`: numbered zones (`numbered_zones`)
            d = s.numbered[n][0]
            if len(e.args) != 1 + d.per_player:
                self.error(f"`{n}` takes {'a player and a number' if d.per_player else 'a number'}, the zone's: "
                           f"`{n}({'current, ' if d.per_player else ''}1)`", e.loc)
                return "zone"
            if d.per_player:
                self.expect(e.args[0], scope, "player")
            if compatible(self.expect(e.args[-1], scope, "int"), "int"):
                _, low, high = s.numbered[n]
                k = self.const_int(e.args[-1])
                if k is not None and not low <= k <= high:
                    self.error(f"there is no {n}({k}): the {n}s are {n}({low}) to {n}({high})", e.args[-1].loc)
            return "zone"
        if n == "$no_zone":  # (a numbered zone's function, past its last number)
            return "zone"
        if n in s.functions:
            f = s.functions[n]
            if self.arity(e, len(f.params), f.params):
                self.card_as_number(n, f.params, e.args, [self.expr(a, scope) for a in e.args])
            else:
                for a in e.args:
                    self.expr(a, scope)
            return self.function_type(f)
        if n in s.procedures:
            self.error(f"`{n}` is a procedure (a `{{...}}` definition) and gives no value", e.loc)
            return "any"
        if n in ("count", "sum", "any", "all", "first", "min", "max"):
            return "any"
        for a in e.args:
            self.expr(a, scope)
        def own():  # (the names for a hint, worked out only for an error shown)
            return [z for z in s.zones if s.zones[z].per_player] + list(s.numbered)
        where = part(e.loc, "name")
        if want == "zone":
            self.error(f"unknown zone `{n}`", where, lambda: did_you_mean(n, [*s.zones, *s.numbered], own()))
            return "any"

        def pool():
            return list(BUILTIN_FUNCS) + list(s.functions) + own() + [v for v in s.vars if s.vars[v].per_player] + ["score"]
        self.error(f"unknown function `{n}`", where, lambda: did_you_mean(n, pool()) or did_you_mean(n, s.procedures))
        return "any"

    def type_order_call(self, e, scope):
        """`next(r)`, `previous(r)`: the value after or before, round the order; `sort(xs)`: lowest first."""
        n = e.name
        if not self.arity(e, 1, ("a list",) if n == "sort" else ("a value",)):
            return "any"
        t = self.expr(e.args[0], scope)
        if n == "sort":
            el = elem_type(t)
            if el is None or el in ("card", "player", "bool", "str", "rule"):
                self.error(f"`sort` puts numbers or the values of an ordered attribute in order, not {an(t)}", e.args[0].loc,
                           "to order cards, sort their values: `sort([c.rank for c in hand(p)])`" if el == "card" else None)
            else:
                self.ordered_items("sort", el, e.loc)
            return t if el is not None else "any"
        if t == "player":
            self.error(f"`{n}` is the player {'after' if n == 'next' else 'before'} `current`, without `(...)`; "
                       f"for another player's write `{'after' if n == 'next' else 'before'}({show(e.args[0])})`", e.loc)
            return "player"
        if order_of(self.s, t) is None and t not in ("any", "none"):
            hint = self.no_order_hint(t, False) if t.startswith("value:") else None
            self.error(f"`{n}(...)` takes a value of an ordered attribute, not {an(t)}", e.args[0].loc, hint)
        return t

    def type_position(self, e, scope):
        """`position(v)`: the place of a value of an ordered attribute in its order, counting from 1 (`nth(rank,
        position(v))` is `v`), a number to do arithmetic with: `position(c.rank) == position(top(run).rank) + 1`.
        `position(x, xs)`: the place of an item in a zone or a list, counting from 1 as `nth` does (`nth(xs,
        position(x, xs))` is `x`); none when it is not there."""
        if len(e.args) == 2:
            item, coll = self.expr(e.args[0], scope), self.expr(e.args[1], scope)
            el = elem_type(coll)
            if el is None:
                self.error(f"`position(ITEM, LIST)` looks for an item in a zone or a list, not in {an(coll)}",
                           e.args[1].loc)
            elif not compatible(item, el):
                self.error(f"`position(ITEM, LIST)` looks for an item of the list: {an(el)} in "
                           f"{'a zone' if coll == 'zone' else 'a list'} of {plural(el)}, not {an(item)}", e.args[0].loc)
            return "int"
        if len(e.args) != 1:
            self.error(f"`position` takes 1 argument (a value) or 2 (an item, and the zone or list to find it in), "
                       f"given {len(e.args)}", e.loc)
            return "int"
        t = self.expr(e.args[0], scope)
        if order_of(self.s, t) is None and t not in ("any", "none"):
            if t == "int":
                self.error("`position(...)` takes a value of an ordered attribute, and this is already a number",
                           e.args[0].loc, f"use `{show(e.args[0])}` itself")
            else:
                hint = self.no_order_hint(t, False) if t.startswith("value:") else None
                self.error(f"`position(...)` takes a value of an ordered attribute, not {an(t)}", e.args[0].loc, hint)
        return "int"

    def arity(self, e, n, params=None) -> bool:
        if len(e.args) != n:
            self.error(f"`{e.name}` takes {count(n, 'argument')}{named(params)}, given {len(e.args)}", e.loc)
            return False
        return True

    def type_Attr(self, e, scope):
        t = self.expr(e.expr, scope)
        if t not in ("card", "any"):
            this = f"`{show(e.expr)}`" if isinstance(e.expr, ast.Name) else "this"
            self.error(f"`.{e.name}` is read from a card, and {this} is {an(t)}", e.loc)
        a = self.s.attributes.get(e.name)
        if a is None:
            hint = None
            if e.name in self.s.values:
                attr = self.s.values[e.name]
                hint = f"`{e.name}` is a value of `{attr}`: write `{show(e.expr)}.{attr} == {e.name}`"
            self.unknown("attribute", e.name, part(e.loc, "name"), self.s.attributes, hint)
            return "any"
        return "int" if isinstance(a, ast.RangeAttributeDecl) else "value:" + e.name

    def type_BoolOp(self, e, scope):
        self.expect(e.left, scope, "bool")
        self.expect(e.right, scope, "bool")
        return "bool"

    def type_IfExpr(self, e, scope):
        self.expect(e.cond, scope, "bool")
        a = self.expr(e.then, scope)
        b = self.expr(e.otherwise, scope, want=guide(a))
        if not compatible(a, b):
            self.error(f"`if ... then ... else` gives {an(a)} one way and {an(b)} the other; both ways must give "
                       "one type of value", e.loc)
        return b if a in ("none", "any") else a

    def type_Not(self, e, scope):
        self.expect(e.expr, scope, "bool")
        return "bool"

    def type_Compare(self, e, scope):
        if not self.known(e.left, scope) and self.known(e.right, scope):
            b = self.expr(e.right, scope)
            a = self.expr(e.left, scope, want=guide(b))
        else:
            a = self.expr(e.left, scope)
            b = self.expr(e.right, scope, want=guide(a))
        if not compatible(a, b):
            said = f"compares {an(a)} with {an(b)}: they can never be equal" if e.op in ("==", "!=") else \
                f"`{e.op}` compares {an(a)} with {an(b)}: it needs two values of one kind (numbers, or values of one " \
                "ordered attribute)"
            self.error(said, e.loc, self.compare_hint(e, a, b))
        elif e.op in ("<", ">", "<=", ">=") and not (compatible(a, "int") and compatible(b, "int")) \
                and not (order_of(self.s, a) or order_of(self.s, b)):
            bad = a if not compatible(a, "int") else b
            hint = self.no_order_hint(bad) if bad.startswith("value:") else None
            self.error(f"`{e.op}` compares numbers or the values of an ordered attribute, and {an(bad)} is neither",
                       e.loc, hint)
        else:
            self.compare_range(e)
        return "bool"


    def no_order_hint(self, t, compare: bool = True) -> str:
        a = self.s.attributes.get(t[6:])
        at = f" (line {a.loc.line})" if a is not None and a.loc is not None else ""
        declare = f"declare `attribute {t[6:]} ordered {{ ... }}`{at} to list them from lowest to highest"
        return f"{plural(t)} have no order; compare them with `==` or `!=`, or {declare}" if compare else \
            f"{plural(t)} have no order: {declare}"

    def ordered_items(self, fn, el, loc):
        """`min`, `max`, `sort` of values: they need an order."""
        if el.startswith("value:") and not order_of(self.s, el):
            self.error(f"`{fn}` needs values with an order, and {plural(el)} have none", loc, self.no_order_hint(el, False))

    def compare_range(self, e):
        """`card.number == 12` where `attribute number 1..9`: a test whose answer is known before play."""
        mirrored = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}
        for side, other, op in ((e.left, e.right, e.op), (e.right, e.left, mirrored[e.op])):
            attr = self.s.attributes.get(side.name) if isinstance(side, ast.Attr) else None
            v = self.const_int(other)
            if not isinstance(attr, ast.RangeAttributeDecl) or v is None or attr.low > attr.high:
                continue
            lo, hi = attr.low, attr.high
            # Only what holds whatever the card: a card without the attribute has `none`, which is not
            # equal to anything and has no order, so `!=` may be always true, and the others never.
            never = {"==": not lo <= v <= hi, "<": v <= lo, "<=": v < lo, ">": v >= hi, ">=": v > hi, "!=": False}[op]
            always = op == "!=" and not lo <= v <= hi
            if not (never or always):
                return
            written = f"{show(e.left)} {e.op} {show(e.right)}"
            what = f"`{written}`" if "..." not in written else "this comparison"
            self.error(f"{what} is {'never' if never else 'always'} true: a card's `{attr.name}` is one of {lo}..{hi}",
                       e.loc, hint=f"{declared(attr)} gives the values a card's `{attr.name}` may have")
            return

    def compare_hint(self, e, a, b):
        """Why two sides cannot be equal, in terms of the names written."""
        for side, mine, other in ((e.right, b, a), (e.left, a, b)):
            if mine.startswith("value:") and isinstance(side, ast.Name) and other.startswith("value:"):
                attr = self.s.attributes.get(other[6:])
                values = [v.name for v in attr.values] if isinstance(attr, ast.AttributeDecl) else []
                return f"`{side.name}` is a value of `{mine[6:]}`; `{other[6:]}` is one of {listing(values)}"
        for side, mine, other in ((e.left, a, b), (e.right, b, a)):
            if mine == "card" and other.startswith("value:"):
                return f"compare an attribute of the card: `{show(side)}.{other[6:]}`"
            if (mine == "zone" or mine.startswith("list:")) and other == "int":
                return f"count its items: `size({show(side)})`"
        return None

    def type_In(self, e, scope):
        a = self.expr(e.item, scope)
        b = self.expr(e.collection, scope, want=("list:" + a) if guide(a) else None)
        el = elem_type(b)
        if el is None:
            self.error(f"`in` needs a list or a zone on its right, not {an(b)}", e.collection.loc)
        elif not compatible(a, el):
            self.error(f"{an(a)} is never in {an(b)}", e.loc)
        return "bool"

    def type_Is(self, e, scope):
        self.expect(e.expr, scope, "card")
        if e.cls == "not" and "not" not in self.s.classes:  # `c is not "doc"`: the next word parsed (an option's text)
            self.error("`not` goes before the whole test: `is not` is written `not ... is`", part(e.loc, "name"),
                       f"write `not ({show(e.expr)} is CLASS)` to test a card class, or `{show(e.expr)} != VALUE` "
                       "to compare a value")
        elif e.cls not in self.s.classes:
            hint = None
            if e.cls in self.s.values:
                attr = self.s.values[e.cls]
                hint = f"`{e.cls}` is a value of `{attr}`: write `{show(e.expr)}.{attr} == {e.cls}`"
            self.unknown("card class", e.cls, part(e.loc, "name"), self.s.classes, hint)
        return "bool"

    def type_Range(self, e, scope):
        self.expect(e.low, scope, "int")
        self.expect(e.high, scope, "int")
        low, high = literal_int(e.low), literal_int(e.high)
        if low is not None and high is not None and low > high:
            self.error(f"`{low}..{high}` is an empty range: a range counts up, so it holds no number", e.loc,
                       hint=f"did you mean `{high}..{low}`?")
        return "list:int"

    def type_Arith(self, e, scope):
        a = self.expr(e.left, scope, want="int")  # the type wanted guides what an unknown name is said to be
        if e.op == "+" and a == "any":  # `cs + [c]`, `cs` a parameter the checker cannot type: a list joins them
            b = self.expr(e.right, scope, want="int")
            if b == "zone" or b.startswith("list:"):
                return "list:card" if b == "zone" else b
            if not compatible(b, "int"):
                self.error(f"expected a number, found {an(b)}", e.right.loc)
            return "any" if b == "any" else "int"  # two lists or two numbers: told in play
        if e.op == "+" and (a == "zone" or a.startswith("list:")):  # joining lists (or zones' cards): `hand(p) + pile`
            b = self.expr(e.right, scope)
            la, lb = ("list:card" if t == "zone" else t for t in (a, b))
            if b == "any":  # `hand(p) + cs`, `cs` a parameter the checker cannot type: a list, as on the left
                return la
            if not lb.startswith("list:"):
                self.error(f"`+` joins two lists, and this is {an(b)}", e.right.loc,
                           hint=f"put it in a list of its own: `... + [{show(e.right)}]`")
            elif not compatible(la, lb):
                self.error(f"`+` joins {an(la)} and {an(lb)}: a list holds one type of value", e.loc)
            return la if la != "list:any" else lb
        if not compatible(a, "int"):
            hint = None
            if e.op in ("-", "*", "/", "%") and (a == "zone" or a.startswith("list:")):
                hint = "lists are joined with `+`; to leave items out, `[x for x in xs if ...]`"
            self.error(f"expected a number, found {an(a)}", e.left.loc, hint)
        b = self.expr(e.right, scope, want="int")
        if not compatible(b, "int"):
            hint = f"lists are joined with `+` when the list comes first: `[{show(e.left)}] + ...`" \
                if b == "zone" or b.startswith("list:") else None
            self.error(f"expected a number, found {an(b)}", e.right.loc, hint)
        if e.op == "**":
            self.power_bounds(e)
        return "int"

    def power_bounds(self, e):
        """`a ** b` with both known before play: refused here when it passes the limit of numbers (or the exponent is
        below 0), not worked out (`2 ** 1000000` would take the machine's time)."""
        a, b = self.const_int(e.left), self.const_int(e.right)
        if b is not None and b < 0:
            self.error(f"a power's exponent is a whole number from 0 up, and this one is {b}", e.loc)
        elif a is not None and b is not None and a not in (0, 1, -1) and (b > 63 or abs(a ** b) > MAX_NUMBER):
            self.error(f"`{show(e.left)} ** {show(e.right)}` is past the limit of numbers (±{MAX_NUMBER:,})", e.loc)

    def type_Neg(self, e, scope):
        self.expect(e.expr, scope, "int")
        return "int"

    def type_ListLit(self, e, scope, want=None):
        inner = want[5:] if want and want.startswith("list:") else None
        types = {self.expr(i, scope, want=inner) for i in e.items} - {"any", "none"}
        if len(types) > 1:
            self.error(f"a list mixes {' and '.join(plural(t) for t in sorted(types))}", e.loc)
        elif any(t.startswith("list") for t in types):
            self.error("a list cannot hold lists", e.loc)
        return "list:" + (types.pop() if len(types) == 1 else "any")

    def type_Aggregate(self, e, scope):
        t = self.expr(e.expr, scope)
        el = elem_type(t)
        if el is None:
            self.error(f"`{e.fn}` needs a list or a zone, not {an(t)}", e.expr.loc)
        elif e.fn == "sum" and el not in ("int", "bool", "any"):
            self.error(f"`sum` adds numbers, not {plural(el)}", e.expr.loc)
        if e.fn in ("min", "max") and el is not None:
            self.ordered_items(e.fn, el, e.loc)
        return agg_type(e.fn, el or "any")

    def type_Comprehension(self, e, scope):
        inner = scope
        for var, iterable in e.fors():  # each `for`'s collection may read the names of those before it
            t = self.expr(iterable, inner)
            el = elem_type(t)
            if el is None:
                self.error(f"`for` goes through a list or a zone, not {an(t)}", iterable.loc)
            inner = {**inner, var: el or "any"}
        if e.cond is not None:
            self.expect(e.cond, inner, "bool")
        item = self.expr(e.expr, inner)
        if e.keys:
            self.ranking_keys(e, inner)
        elif e.fn in ("min", "max"):
            self.ordered_items(e.fn, item, e.loc)
        if e.fn == "list":
            if item.startswith("list"):
                self.error("a list cannot hold lists", e.expr.loc)
            return "list:" + item
        if e.fn == "sum" and item not in ("int", "bool", "any"):
            self.error(f"`sum` adds numbers, not {plural(item)}", e.expr.loc)
        return agg_type(e.fn, item)


    def type_Splits(self, e, scope):
        t = self.expr(e.iterable, scope)
        el = elem_type(t)
        if el is None:
            self.error(f"`{e.kind}` goes through a list or a zone, not {an(t)}", e.iterable.loc)
        self.expect(e.cond, {**scope, e.var: "list:" + (el or "any")}, "bool")
        return "list:list:" + (el or "any")

    def ranking_keys(self, e, inner):
        """`max(x for x in xs by KEY, ...)`: the items are ranked by their keys, which must have an order."""
        if e.fn not in ("min", "max"):
            self.error(f"`by` ranks the items of `min` or `max`, not of `{e.fn}`", e.keys[0].loc)
        for k in e.keys:
            t = self.expr(k, inner)
            if t.startswith("value:"):
                if not order_of(self.s, t):
                    self.error(f"a key of `by` needs values with an order, and {plural(t)} have none", k.loc,
                               self.no_order_hint(t, False))
            elif t not in ("int", "bool", "any", "none"):
                self.error(f"a key of `by` is a number, true/false or a value of an ordered attribute, not {an(t)}",
                           k.loc)


_KIND_WORDS = {"zone": "a zone", "collection": "a zone or a list", "player": "a player", "call": "a call", "card": "a card",
               "any": "a value"}


def part(loc, key):
    """The place of a named part of a node, or of the node, or nothing."""
    return loc.part(key) if loc is not None else None


def revealed_params(s) -> dict:
    """procedure -> {place of a parameter it shows as cards (`reveal x to ...`, x untyped, or passed on to a
    procedure that does): the `reveal`'s place}, worked out once for the file."""
    def uses(node):
        if isinstance(node, ast.RevealStmt) and isinstance(node.cards, ast.Name):
            return [(node.cards.name, node.loc)]
        return []
    return params_used(s, "revealed params", s.procedures, (ast.CallStmt,), uses)


def number_params(s) -> dict:
    """procedure or function -> {place of an untyped parameter it uses as a number: (what the use is, its place)}: a
    count of cards (`move x from draw`, `deal x`), `under x`, arithmetic (`x + 1`, `-x`), a range's end or an order
    comparison (`x > 5`), or passed on to one that does; worked out once for the file.  A card given to such a
    parameter would be used as the number the runtime holds it as (its place in the deck)."""
    def uses(node):
        return [(e.name, (what, node.loc)) for what, e in numbers_used(node) if isinstance(e, ast.Name)]
    return params_used(s, "number params", {**s.functions, **s.procedures}, (ast.CallStmt, ast.Call), uses)


def params_used(s, key, defs, calls, uses) -> dict:
    """name of `defs` -> {place of an untyped parameter: what `uses(node)` says of it}, a use in its own body (`uses`
    gives (parameter name, what) for a node) or by passing it on to one of `defs` that makes such a use (a node of
    the types `calls`); worked out once for the file, kept in `s.types[key]`."""
    got = s.types.get(key)
    if got is not None:
        return got
    got = {}
    for _ in range(len(defs) + 1):  # (passed on through procedures and functions: until nothing changes)
        changed = False
        for name, d in defs.items():
            params = {p: i for i, p in enumerate(d.params) if param_type(p) == "any"}
            if not params:
                continue
            mine = got.setdefault(name, {})
            for node in ast.walk(d.body) if hasattr(type(d.body), "__attrs_attrs__") else \
                    (n for b in d.body for n in ast.walk(b)):
                if isinstance(node, calls) and got.get(node.name):
                    pairs = [(params.get(a.name), got[node.name][j]) for j, a in enumerate(node.args)
                             if j in got[node.name] and isinstance(a, ast.Name)]
                else:
                    pairs = [(params.get(p), what) for p, what in uses(node)]
                for i, what in pairs:
                    if i is not None and i not in mine:
                        mine[i] = what
                        changed = True
        if not changed:
            break
    s.types[key] = got
    return got


def numbers_used(node) -> list:
    """The expressions `node` uses as numbers, with what the use is (`number_params`)."""
    if isinstance(node, (ast.MoveTopStmt, ast.DealStmt)):
        return [("a count of cards", node.count)]
    if isinstance(node, ast.MoveStmt):
        return [("`under`", node.under)]
    if isinstance(node, ast.Arith):
        return [("arithmetic", node.left), ("arithmetic", node.right)]
    if isinstance(node, ast.Neg):
        return [("arithmetic", node.expr)]
    if isinstance(node, ast.Range):
        return [("a range", node.low), ("a range", node.high)]
    if isinstance(node, ast.Compare) and node.op in ("<", "<=", ">", ">="):
        return [("an order comparison", node.left), ("an order comparison", node.right)]
    return []


def revealed_name(s, e, scope) -> bool:
    """Whether `reveal E to ...` names a value rather than cards: a local name, a variable, or a player's variable
    (`bid(p)`), whose value a rule may have worked out from cards some seats could not see (§11)."""
    if isinstance(e, ast.Name):
        return e.name in scope or e.name in s.vars and not s.vars[e.name].per_player
    return isinstance(e, ast.Call) and e.name in s.vars and s.vars[e.name].per_player and len(e.args) == 1 \
        and e.name not in scope


def show(e) -> str:
    """A short expression as it was written, for messages; `...` for anything longer."""
    if isinstance(e, ast.Name):
        return e.name
    if isinstance(e, ast.Literal):
        return "none" if e.value is None else str(e.value).lower() if isinstance(e.value, bool) else repr(e.value) if isinstance(e.value, str) else str(e.value)
    if isinstance(e, ast.Attr):
        return f"{show(e.expr)}.{e.name}"
    if isinstance(e, ast.Call):
        return f"{e.name}({', '.join(show(a) for a in e.args)})"
    if isinstance(e, ast.Neg) and isinstance(e.expr, (ast.Literal, ast.Name)):
        return "-" + show(e.expr)
    return "..."


def inside_string(loc, text, start, end):
    """The place of `text[start:end]` inside the string literal at `loc`, when the literal is on one line
    and has no escapes before it (else the whole literal)."""
    if loc is None or loc.end_line != loc.line or "\\" in text[:end]:
        return loc
    column = loc.column + 1 + start
    if column + (end - start) > loc.end_column:
        return loc
    return Loc(loc.file, loc.line, column, loc.line, column + (end - start))


def literal_int(e) -> int | None:
    """A whole number written out: `3`, `-1`."""
    if isinstance(e, ast.Neg):
        v = literal_int(e.expr)
        return -v if v is not None else None
    if isinstance(e, ast.Literal) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    return None


def declared(attr) -> str:
    """Where a numeric attribute is declared, for a hint: `attribute number 1..9` (line 16)."""
    at = f" (line {attr.loc.line})" if attr.loc is not None else ""
    return f"`attribute {attr.name} {attr.low}..{attr.high}`{at}"


def count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def named(params) -> str:
    return f" ({', '.join(params)})" if params else ""


def listing(names) -> str:
    names = [f"`{n}`" for n in names]
    if len(names) > 8:
        names = names[:7] + ["..."]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1] if names else "nothing"


def literal_type(e) -> str:
    """The type of a constant's or option's value when it is written as a literal; else unknown."""
    if isinstance(e, ast.Literal):
        v = e.value
        return "none" if v is None else "bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "str"
    return "any"


def guide(t: str) -> str | None:
    """A known type worth passing to the other side of a comparison."""
    return None if t in ("any", "none", "bool", "str") or t.startswith("list:") else t


def param_type(name: str) -> str:
    """A parameter's type, read from its name: `card`, `card_2` are cards; `player`, `player_b` players; `cards`,
    `cards_held` a list of cards (a zone given to it is its cards)."""
    for word, t in (("card", "card"), ("player", "player"), ("cards", "list:card")):
        if name == word or name.startswith(word + "_"):
            return t
    return "any"


def params_scope(params) -> dict:
    return {p: param_type(p) for p in params}


def rule_scope(d, written: bool = False) -> dict:
    """The names a rule's body knows, with their types: its event's parameters (players for a built-in event, else
    read from their names), and for a rule written in play `key`, the number or name it was written for."""
    scope = {p: "player" for p in d.params} if d.event in BUILTIN_EVENTS else params_scope(d.params)
    return {"key": "any", **scope} if written else scope


def var_type(s, name) -> str:
    """A variable's type: the one type every `set` of it gives, else any."""
    types = s.var_types.get(name, set()) - {"none", "any"}
    if not types and name in s.var_inits:  # set only from itself or from `any` (`set due = next(due)`)
        return s.var_inits[name]
    return types.pop() if len(types) == 1 else "any"


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
        return "list of " + plural(t[5:])
    return {"int": "number", "bool": "true/false", "str": "string", "none": "none", "any": "value"}.get(t, t)


def plural(t: str) -> str:
    """A type named in the plural: `colours`, `lists of cards`, `true/false values`."""
    if t == "bool":
        return "true/false values"
    if t == "none":
        return "`none`s"
    if t.startswith("list:"):
        return "lists of " + plural(t[5:])
    return describe(t) + "s"


def an(t: str) -> str:
    """A type with its article, as a message says it: `a card`, `an action`, `true or false`."""
    if t == "bool":
        return "true or false"
    if t == "none":
        return "`none`"
    if t.startswith("list:"):
        return "a list of " + plural(t[5:])
    word = describe(t)
    return ("an " if word[:1] in "aeiou" else "a ") + word


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
        count = hi - lo + 1 if lo is not None and hi is not None and lo <= hi else None
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


def beyond_card(s, e, params, trail):
    """The first part of a class's expression that looks at more than the card, and why; or None."""
    if isinstance(e, ast.Name):
        n = e.name
        if n in params or n in s.values or n in s.attributes:
            return None
        if n in s.consts:
            return (e, f"the constant `{n}` depends on the game") if beyond_card(s, s.consts[n].value, set(), trail) else None
        if n in s.vars:
            return e, f"`{n}` is a variable, which changes during play"
        if n in s.options:
            return e, f"`{n}` is an option, chosen when a game starts"
        if n in s.zones:
            return e, f"`{n}` is a zone"
        if n in BUILTIN_NAMES:
            return e, f"`{n}` is part of the state of play"
        return None
    if isinstance(e, ast.Call):
        n = e.name
        for a in e.args:
            found = beyond_card(s, a, params, trail)
            if found is not None:
                return found
        if n in s.functions:
            if n in trail:
                return None
            f = s.functions[n]
            inner = beyond_card(s, f.body, set(f.params), trail + (n,))
            return (e, f"`{n}(...)` looks at the game: {inner[1]}") if inner is not None else None
        if n in s.zones:
            return e, f"`{n}(...)` is a zone"
        if n in s.vars or n == "score":
            return e, f"`{n}(...)` is a variable, which changes during play"
        if n in BUILTIN_FUNCS and n not in ("size", "same", "top", "bottom"):  # these read only their arguments
            return e, f"`{n}(...)` looks at the table"
        return None
    if isinstance(e, ast.Comprehension):
        for var, iterable in e.fors():
            found = beyond_card(s, iterable, params, trail)
            if found is not None:
                return found
            params = set(params) | {var}
    elif isinstance(e, ast.Splits):
        found = beyond_card(s, e.iterable, params, trail)
        if found is not None:
            return found
        params = set(params) | {e.var}
    for child in ast.children(e):
        found = beyond_card(s, child, params, trail)
        if found is not None:
            return found
    return None


def order_of(s, t) -> str | None:
    """The attribute whose values `t` are, if it is declared `ordered`."""
    if t.startswith("value:"):
        a = s.attributes.get(t[6:])
        if isinstance(a, ast.AttributeDecl) and a.ordered:
            return a.name
    return None


def typed(s, e) -> str:
    """The type the checker found for an expression (`Symbols.types`, by the node's identity: the tree stays alive
    while it is compiled, and the checker types every expression the compiler reads)."""
    return s.types[id(e)]


def text_parts(s, owner) -> dict:
    """The `{...}` parts of a statement's text, as the checker typed them: (name, attribute) -> an expression."""
    node, parts = s.types["text", id(owner)]
    assert node is owner, "a text the checker did not type"
    return parts


def check_written_rule(s, text: str):
    """A rule written in play (`house`, `add`, an example), parsed and checked against the checked game `s`: the one
    way such a rule comes in, as a file's rules do (parser, then checker, which keeps its types for the compiler).
    The game's own types stay as its file made them.  Its RuleDecl; its errors raised, shown in its own text."""
    from .parser import parse_rule  # here: a program loaded from the cache has imported no parser

    decl = parse_rule(text, "<rule>")
    if not isinstance(decl, ast.RuleDecl):
        raise RulesCheckError("write a rule: `when EVENT(...) if CONDITION { ... }`", decl.loc, source=text)
    checker = Checker(s, written=True)
    checker.check_RuleDecl(decl, written=True)
    if checker.errors:
        for e in checker.errors:
            e.source = text
        raise checker.errors[0] if len(checker.errors) == 1 else RulesErrors(checker.errors)
    return decl


def warnings(s: Symbols) -> list[RulesCheckError]:
    """What a game that passes the check will not do as its writer likely means, each at its place: an option whose
    verb is one of the prompt's own commands (`undo`, `house`, `help`...): where it is offered the word typed at the
    prompt makes the move and the command is typed `/undo` (rulelang.terminal.commands holds the one list and
    `command_for`), so a player used to the command may make the move by mistake.  Told by `rulelang check`; the
    game runs."""
    found = []
    for n in s.code_nodes():
        if isinstance(n, ast.Option) and n.loc is not None:
            word = n.verb.lower()
            cmd = command_named(word)
            if cmd is not None:
                named = f"`{word}`" if word == cmd.name else f"`{word}` (`{cmd.name}`)"
                found.append(RulesCheckError(
                    f"warning: option `{n.verb}` is named as the prompt's command {named}: where this move is "
                    f"offered, `{word}` typed at the prompt makes it and the command is typed `/{word}`",
                    n.loc.head(len(n.verb)),
                    hint=f"a player used to the command may make the move by mistake: give the option another verb; "
                         f"the prompt's commands are {listing([*COMMANDS, *ALIASES])}"))
    return found
