"""Turn Lark's parse errors into RulesSyntaxErrors that speak the language's words, not the grammar's."""
from __future__ import annotations

import functools
import re

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from .errors import Loc, RulesSyntaxError, closest, source_lines

# How a message names the terminals that are patterns, not fixed words.
_PATTERN_WORDS = {
    "NAME": "a name", "INT": "a number", "STRING": "a string", "COMPARE": "a comparison such as `==`",
    "SHOWN": "`top` or `all`",
    "ADD_OP": "`+` or `-`", "MUL_OP": "`*`, `/` or `%`", "POW_OP": "`**`", "AGGREGATE": "an aggregate such as `count(...)`",
    "_SPLITS": "`splits(...)`",
    "_SUBSETS": "`subsets(...)`",
    "$END": "the end of the text",
}

# The shape of each construct, shown when a mistake is made inside its first line.
_FORMS = {
    "game": '`game "NAME"`',
    "extends": '`extends "OTHER.rules"`',
    "players": "`players LOW..HIGH`, or `players LOW..HIGH default N`",
    "option": '`option NAME = VALUE "what it does"`',
    "const": "`const NAME = VALUE`",
    "attribute": '`attribute NAME { VALUE "Display" short "S" ... }`, or `attribute NAME LOW..HIGH`',
    "name": "`name cards by ATTRIBUTE [\"WORDS\"] ATTRIBUTE ...`",
    "class": "`class NAME = CONDITION` (about `card`)",
    "deck": "`deck ZONE { N cards {ATTRIBUTE: VALUE, ...} ... }`",
    "zone": "`zone NAME [\"WORDS\"] [LOW..HIGH]`, then any of `per player`, `public`, `private`, `hidden`, `refill from ZONE keep N`, "
            "`show top` or `show all`",
    "var": "`var NAME = VALUE`, or `var NAME per player = VALUE`",
    "call": '`call NAME "Text" when CONDITION`',
    "event": "`event NAME(PARAMETERS)`",
    "define": "`define NAME(PARAMETERS) = VALUE`, or `define NAME(PARAMETERS) { STATEMENTS }`",
    "rule": "`rule NAME: when EVENT(PARAMETERS) if CONDITION { STATEMENTS }`",
    "setup": "`setup { STATEMENTS }`",
    "turn": "`turn { STATEMENTS }`",
    "score": "`score { STATEMENTS }`",
    "match": "`match to POINTS`, or `match N hands`",
    "remove": "`remove NAME`",
    "move": "`move CARDS to ZONE`, or `move N from ZONE to ZONE`",
    "deal": "`deal N from ZONE to ZONE`",
    "shuffle": "`shuffle ZONE`",
    "set": "`set NAME = VALUE`, or `set NAME(PLAYER) = VALUE`",
    "let": "`let NAME = VALUE`",
    "if": "`if CONDITION { ... } else { ... }`",
    "for": "`for NAME in LIST { ... }`",
    "while": "`while CONDITION { ... }`",
    "choose": '`choose PLAYER "prompt" { VERB NAME in LIST where CONDITION "help" { ... } ... }`',
    "ask": '`ask PLAYERS [race] [as NAME] "prompt" { VERB "help" { ... } ... }`',
    "fire": "`fire EVENT(ARGUMENTS)`",
    "win": "`win PLAYER`",
    "teams": "`teams of N [at COUNT, COUNT ... players]`",
    "reveal": "`reveal CARDS to PLAYERS`",
    "say": '`say "TEXT"`',
    "claim": "`claim cards by ATTRIBUTE ...` (what a claim names), or in a block `claim CARDS as VALUE`",
    "house": "`house limit N`",
    "examples": "`examples { rule NAME: when EVENT(PARAMETERS) { ... } ... }`",
    "skip": "`skip` (on a line of its own)",
    "reverse": "`reverse` (on a line of its own)",
    "again": "`again` (on a line of its own)",
    "tally": "`tally NAME`",
    "add": "`add RULE`, or `add RULE for KEY`",
    "race": '`race "WORD"`, or `race "WORD" as NAME { ... }`',
    "out": "`out PLAYER` (they have finished: they take the next place)",
    "lose": "`lose PLAYER` (they are knocked out)",
}

# Characters other languages use, and what rulelang writes instead.
_CHARACTER_HINTS = {
    "!": "write `not` to negate; `!=` means `is not equal to`",
    "&": "write `and`",
    "|": "write `or`",
    "'": 'a string is written in double quotes: "..."',
    "\u201c": 'write plain double quotes: "..."',
    "\u201d": 'write plain double quotes: "..."',
    ";": "statements need nothing between them: put each on its own line",
}

# Words other languages begin statements with, and what rulelang says instead.
_FOREIGN_WORDS = {
    "elif": "write `else if`", "elsif": "write `else if`", "elseif": "write `else if`",
    "else": "an `else` goes right after the `}` of an `if` block: `if CONDITION { ... } else { ... }`",
    "return": "a function gives its value without `return`: `define NAME(PARAMETERS) = VALUE`",
    "def": "functions and procedures are declared at the top of the file with `define`",
    "function": "functions and procedures are declared at the top of the file with `define`",
    "print": 'write `say "..."`',
}

_IF_AFTER_OPERATOR = re.compile(r"(?:[-+*/%<>,]|==|!=|\b(?:and|or|not|in))\s*(if)\s+(?:[A-Za-z_]\w*\s*)?$")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BRACES = re.compile(r'"(?:\\.|[^"\\\n])*"|#[^\n]*|[{}]')


class _Vocabulary:
    """What the grammar accepts where, found by asking the parser itself, so it follows the grammar."""

    def __init__(self, lark: Lark):
        self.lark = lark
        self.shown: dict[str, str] = dict(_PATTERN_WORDS)
        self.text: dict[str, str] = {}
        self.words: set[str] = set()  # terminals that are keywords: `move`, `to`
        for t in lark.terminals:
            if isinstance(t.pattern, PatternStr):
                self.shown[t.name] = f"`{t.pattern.value}`"
                self.text[t.name] = t.pattern.value
                if t.pattern.value.isidentifier():
                    self.words.add(t.name)
            else:
                self.shown.setdefault(t.name, t.name.lower())
        self.decls = self.accepts("") - {"$END"}
        self.stmts = self.accepts("turn {") - {"RBRACE"}
        self.values = self.accepts("const x =")
        self.operand = self.values & self.accepts("const x = 1 ==")  # what starts a value everywhere
        self.operators = self.accepts("const x = 1") - self.decls - {"$END"}
        self.stmt_words = {self.text[t] for t in self.stmts if t in self.text}
        # The keywords an option's verb may be (`call`, `deal`: grammar's `verb`), where a name is expected anyway
        self.verbs = {s.name for r in lark.rules if r.origin.name == "verb" for s in r.expansion} - {"NAME"}
        self.decl_words = {self.text[t] for t in self.decls if t in self.text}
        self.call_states = set()  # parser states just after a statement's first word when it is a name
        for probe in ("turn { x y }", "turn { skip x y }", "turn { if a { x y } }"):
            try:
                lark.parse(probe, start="start")
            except UnexpectedInput as e:
                self.call_states.add(e.state.position)

    def accepts(self, prefix: str, start: str = "start") -> set[str]:
        try:
            ip = self.lark.parse_interactive(prefix, start=start)
            ip.exhaust_lexer()
            return set(ip.accepts())
        except UnexpectedInput:
            return set()

    def describe(self, expected: set[str]) -> str:
        """The expected terminals as a short phrase: `to`, `from` or an operator."""
        expected = set(expected)
        groups = []
        if self.decls and self.decls <= expected:
            expected -= self.decls
            groups.append("a declaration such as `zone`, `rule` or `turn`")
        if self.stmts and self.stmts <= expected:
            expected -= self.stmts
            groups.append("a statement such as `move`, `set` or `if`")
        if self.operand and self.operand <= expected:
            expected -= self.values
            groups.append("a value")
        if len(self.operators & expected) >= 3:
            expected -= self.operators
            groups.append("an operator")
        end = "$END" in expected
        expected.discard("$END")
        words = sorted({self.shown.get(t, t.lower()) for t in expected if not t.startswith("__") or t in self.text})
        if len(words) > 6:
            words = words[:6] + ["..."]
        items = words + groups + (["the end of the text"] if end else [])
        if not items:
            return "something else"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]

    def keywords_in(self, expected) -> list[str]:
        return [self.text[t] for t in expected if t in self.words]


@functools.cache
def _vocabulary(lark: Lark) -> _Vocabulary:
    return _Vocabulary(lark)


def syntax_error(lark: Lark, err: UnexpectedInput, text: str, filename: str, start: str) -> RulesSyntaxError:
    """The one syntax error a parse stopped at, said in rulelang's words with a hint where one helps."""
    try:
        return _Diagnosis(_vocabulary(lark), err, text, filename, start).error()
    except Exception:  # pragma: no cover - a bug here must not hide the user's error behind a traceback
        line, column = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
        return RulesSyntaxError("the text does not follow the grammar here", Loc(filename, max(line, 1), max(column, 1)), source=text)


class _Diagnosis:
    """One parse error, looked at from several sides until one explains it well."""

    def __init__(self, voc: _Vocabulary, err: UnexpectedInput, text: str, filename: str, start: str):
        self.voc, self.err, self.text, self.file, self.start = voc, err, text, filename, start
        self.state = getattr(err, "state", None)
        stack = getattr(self.state, "value_stack", None) or []
        self.tokens = [v for v in stack if isinstance(v, Token)]
        self.ip = getattr(err, "interactive_parser", None)
        self.token = err.token if isinstance(err, UnexpectedToken) else None
        if isinstance(err, UnexpectedToken) and err.token.type != "$END":
            self.pos = err.token.start_pos or 0
        elif isinstance(err, UnexpectedCharacters):
            self.pos = err.pos_in_stream
        else:
            self.pos = len(text)
        try:
            self.expected = set(self.ip.accepts()) if self.ip is not None else set()
        except Exception:  # an odd parser state: fall back on Lark's own list
            self.expected = set()
        if not self.expected:
            self.expected = set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
        self.expected = {t for t in self.expected if t in voc.shown or t == "$END"}
        if "NAME" in self.expected and voc.verbs <= self.expected:
            self.expected -= voc.verbs  # where an option's verb may stand: "a name" says it (not `else` or `deal`)

    # ------------------------------------------------------------ places

    def loc_at(self, offset: int, width: int = 1) -> Loc:
        return loc_at(self.file, self.text, offset, width)

    def token_loc(self, tok: Token) -> Loc:
        return self.loc_at(tok.start_pos, len(str(tok)))

    def end_loc(self) -> Loc:
        """Just after the last thing in the text: where the missing part would go."""
        stripped = re.sub(r"#[^\n]*", lambda m: " " * len(m.group()), self.text).rstrip()
        return self.loc_at(len(stripped))

    def error(self) -> RulesSyntaxError:
        for look in (self.quote_in_braces, self.braces, self.statement_option, self.set_count, self.aggregate, self.if_before_for, self.glued, self.if_value, self.index, self.players_range, self.place_in_zone,
                     self.negation, self.statement_name, self.at_end, self.word, self.character, self.token_error):
            found = look()
            if found is not None:
                message, loc, hint = found
                if hint is None:
                    hint = self.form_hint(loc)
                return RulesSyntaxError(message, loc, hint=hint, source=self.text)
        raise AssertionError("token_error always explains")  # pragma: no cover

    # ------------------------------------------------------------ the explanations, most particular first

    def quote_in_braces(self):
        """`say "the {if dark then "dark" else "light"} side"`: a `"` inside a text's braces ends the text, and what
        follows is read as statements.  The text just before the error opens a `{` it never closes."""
        for tok in (self.tokens[-1:] + [self.token]) if self.token is not None else self.tokens[-1:]:
            m = re.search(r'"((?:[^"\\\n]|\\.)*)"\s*$', self.text[:tok.start_pos])
            if m is not None and "{" in m.group(1) and "}" not in m.group(1)[m.group(1).rindex("{"):]:
                break
        else:
            return None
        return ("this text opens a `{` it never closes: a `\"` inside the braces ends the text",
                self.loc_at(m.start(), m.end() - m.start()),
                "braces hold a name or NAME.ATTRIBUTE only (§11): work the value out first, as in "
                "`let side = if dark then \"dark\" else \"light\"`, then write `{side}`")

    def braces(self):
        """A `{` never closed or a `}` too many explains most errors after it."""
        unclosed, stray, early = _brace_trouble(self.text)
        if early is not None and early[0] <= self.pos:
            closer, opener = early
            return (f"this `}}` seems to be one too many: it ends the block opened at line {self.loc_at(opener).line} early",
                    self.loc_at(closer), "remove it, or add the `{` it was meant to close")
        if stray is not None and stray <= self.pos:
            return ("this `}` closes nothing: there is a `}` too many, or a `{` missing before it",
                    self.loc_at(stray), None)
        if unclosed is not None and unclosed < self.pos:
            where = _block_end(self.text, unclosed)
            hint = (f"its block seems to end before line {where}: add a `}}` there" if where
                    else "add a `}` where its block ends")
            return "this `{` is never closed: its `}` is missing", self.loc_at(unclosed), hint
        return None

    def statement_option(self):
        """A statement written among a `choose`'s or an `ask`'s options: its first word is read as an option's
        verb (`deal`, `set`, `if`: any word may be one), and the parse fails later in the line."""
        stack = getattr(self.state, "value_stack", None) or []
        for i in range(len(stack) - 1, -1, -1):
            v = stack[i]
            if isinstance(v, Token) and v.type in ("LBRACE", "RBRACE"):
                return None  # inside a block, or past the option's own
            if isinstance(v, Tree) and v.data == "verb":
                word = v.children[0] if v.children else None
                if not isinstance(word, Token) or word.type == "NAME" or str(word) not in self.voc.stmt_words:
                    return None
                return (f"`{word}` begins a statement, and a statement cannot stand among the options of a `choose` "
                        "or an `ask`", self.token_loc(word),
                        f"an option is a verb and its block, `{word} {{ ... }}` (`VERB [NAME in LIST] [where "
                        "CONDITION] { ... }`); a statement goes inside an option's block")
        return None

    def set_count(self):
        """`lay need cs from hand(current)`: the count of an option of a set of cards is a number written out (it was
        told "expected `in`", the form of an option of one argument)."""
        stack = getattr(self.state, "value_stack", None) or []
        if len(stack) < 2 or self.token is None or self.token.type != "NAME":
            return None
        verb, count = stack[-2], stack[-1]
        if not (isinstance(verb, Tree) and verb.data == "verb" and isinstance(count, Token) and count.type == "NAME"):
            return None
        after = self.text[self.token.end_pos:].split(None, 1)
        if not after or after[0] != "from":
            return None
        word = verb.children[0] if verb.children else "VERB"
        return (f"option `{word}` takes a set of cards: how many is a number written out, not `{count}`",
                self.token_loc(count),
                f"for a count worked out in play, take a range and test the set's size: "
                f"`{word} 1..4 {self.token} from ... where size({self.token}) == {count}`")

    def aggregate(self):
        """`count`, `all` and the like are read as `count(...)` wherever a value may stand, even when
        they begin a longer name or are meant as the `all` of `deal all`."""
        if not self.tokens or self.tokens[-1].type != "AGGREGATE" or self.expected - {"LPAR"}:
            return None
        tok = self.tokens[-1]
        word = _WORD.match(self.text, tok.start_pos).group()
        loc = self.loc_at(tok.start_pos, len(word))
        avoid = "choose a name that does not begin with `count`, `sum`, `any`, `all`, `first`, `min` or `max`"
        if word != str(tok):
            return (f"`{word}` cannot be used as a name: a name that begins with `{tok}` is read as `{tok}(...)`",
                    loc, avoid)
        if word == "all" and len(self.tokens) > 1 and str(self.tokens[-2]) == "deal":
            return ("`deal all` cannot be read: `all` is taken for `all(...)`", loc,
                    "deal a number instead, such as `deal size(draw) / size(players) from draw to hand`")
        return f"`{word}` is read as `{word}(...)`, and needs its `(`", loc, f"`{word}` cannot be used as a name; {avoid}"

    def if_before_for(self):
        """A `for` after a comprehension's `if` (`[c for p in players if p != current for c in hand(p)]`): its `for`s
        come first, then one `if`, which tests every combination."""
        if self.token is None or str(self.token) != "for":
            return None
        first_if = None
        for i in range(len(self.tokens) - 1, -1, -1):
            tok = self.tokens[i]
            if tok.type in ("LPAR", "LSQB", "LBRACE", "RBRACE"):
                break
            if str(tok) == "if" and first_if is None:
                first_if = tok
            if str(tok) == "for" and first_if is not None:
                test = " ".join(self.text[first_if.end_pos: self.pos].split())
                return (f"a comprehension's `if` comes after its last `for`: a `for` cannot follow `if {test}`",
                        self.token_loc(self.token),
                        f"write the `for`s first, then `if {test}` (joined with `and` to another test)")
        return None

    def glued(self):
        """A keyword read out of a longer word (`zones` as `zone` + `s`) where a name cannot stand."""
        for tok in reversed(self.tokens[-3:]):
            end = tok.end_pos
            if tok.type not in self.voc.words:
                continue
            if end is None or end >= len(self.text) or not (self.text[end].isalnum() or self.text[end] == "_"):
                continue
            word = _WORD.match(self.text, tok.start_pos).group()
            prefix = self.text[: tok.start_pos]
            expected = self.voc.accepts(prefix, self.start)
            return self.explain_word(word, tok.start_pos, expected)
        return None

    def if_value(self):
        """`x + if a then b else c`: an `if` value inside a larger one is read as a name `if` (it needs brackets)."""
        m = _IF_AFTER_OPERATOR.search(self.text, 0, self.pos)
        if m is None:
            return None
        return ("an `if ... then ... else` inside a larger value goes in brackets", self.loc_at(m.start(1), 2),
                "write `(if CONDITION then VALUE else OTHER)`; an `if` value always needs its `else`")

    def index(self):
        """`hand(p)[2]`: a value followed by `[`, as other languages take an item by its position."""
        if self.token is None or self.token.type != "LSQB" or not self.tokens:
            return None
        before = self.text[: self.token.start_pos]
        if not before or before[-1] not in ")]" and not (before[-1].isalnum() or before[-1] == "_"):
            return None
        m = re.match(r"\[([^\[\]\n]*)\]", self.text[self.token.start_pos:])
        inside = (m.group(1).strip() if m else "") or "N"
        if inside.isdigit():  # `[0]` is the first item where lists count from 0: `nth` counts from 1
            return ("`[...]` after a value: rulelang takes an item by its position with `nth`",
                    self.token_loc(self.token),
                    f"write `nth(LIST, {int(inside) + 1})`: `nth` counts from 1, so `[{inside}]` of a list counted "
                    f"from 0 is `nth(LIST, {int(inside) + 1})` (a zone's from the bottom; its top is `top(ZONE)`)")
        return ("`[...]` after a value: rulelang takes an item by its position with `nth`", self.token_loc(self.token),
                f"write `nth(LIST, {inside})`: the {inside}-th item, counting from 1 (a zone's from the "
                "bottom; its top is `top(ZONE)`)")

    def negation(self):
        """`p not in winners`, `c is not wild`: `not` is written before the whole test it denies."""
        tok = self.token
        if tok is None or tok.start_pos is None:
            return None
        before = self.text[: tok.start_pos]
        m = re.search(r"(?<=[\s)\]])(is)\s+(not)\s+$", before)
        if m is not None:  # (`is not` is read as a test of a class called `not`: the error comes at the next word)
            item = _operand_before(before, m.start(1))
            return is_not(self.text, item or "ITEM", tok, self.loc_at(m.start(2), 3))
        after = re.match(r"\s+in\b\s*(?:([A-Za-z_]\w*)\b(?!\s*[(.]))?", self.text[tok.end_pos:])
        if str(tok) == "not" and after is not None:
            m = re.search(r"(?:^|[^\w.)\]])\s*([A-Za-z_]\w*)\s*$", before)
            return ("`not` goes before the whole test: `not in` is written `not (... in ...)`", self.token_loc(tok),
                    f"write `not ({m.group(1) if m else 'ITEM'} in {after.group(1) or 'LIST'})`")
        return None

    def players_range(self):
        """`players 4`: the count of players is always a range, so the error would be reported at the next line."""
        if len(self.tokens) < 2 or [t.type for t in self.tokens[-2:]] != ["PLAYERS", "INT"]:
            return None
        n = self.tokens[-1]
        return ("`players` takes a range of player counts, not one number", self.token_loc(n),
                f"for exactly {n} players write `players {n}..{n}`; the form is {_FORMS['players']}")

    def place_in_zone(self):
        """`move c to bottom of pile`: a place in a zone as English says it; `of` is then read as a statement."""
        if not self.tokens or str(self.tokens[-1]) != "of":
            return None
        m = re.search(r"\bto\s+([A-Za-z_]\w*)\s+$", self.text[: self.tokens[-1].start_pos])
        if m is None:
            return None
        where = m.group(1)
        if where == "bottom":
            hint = ("no statement puts cards at the bottom of a zone: to slip them under a pile, move the pile to a "
                    "spare zone, move the cards, and move the pile back (`move ZONE to ZONE` keeps the cards' order)")
        else:
            hint = "`move CARDS to ZONE` puts the cards on the top of the zone"
        return (f"`move ... to` takes a zone: `{where} of ...` is not a place there", self.loc_at(m.start(1), len(where)),
                hint)

    def statement_name(self):
        """A statement that begins with a name not followed by `(`: a misspelt keyword, or `x = 1`."""
        if self.state is None or self.state.position not in self.voc.call_states or not self.tokens:
            return None
        name = self.tokens[-1]
        if name.type != "NAME":
            return None
        loc = self.token_loc(name)
        if self.token is not None and self.token.type == "EQUAL":
            return (f"`{name} = ...` is not a statement: write `set {name} = ...`", loc,
                    f"`let {name} = ...` names a value for the rest of the block")
        hint = _FOREIGN_WORDS.get(str(name)) or self.did_you_mean(str(name), self.voc.stmt_words)
        if hint is None:
            hint = f"a statement begins with a word such as `move`, `set` or `if`; a procedure is run as `{name}(...)`"
        return f"unknown statement `{name}`", loc, hint

    def at_end(self):
        if not (isinstance(self.err, UnexpectedEOF) or (self.token is not None and self.token.type == "$END")):
            return None
        return f"the text ends too soon: expected {self.voc.describe(self.expected)}", self.end_loc(), None

    def word(self):
        """A word where it does not belong: a keyword out of place or a misspelt one."""
        if self.token is not None and (self.token.type == "NAME" or self.token.type in self.voc.words):
            return self.explain_word(str(self.token), self.token.start_pos, self.expected)
        if isinstance(self.err, UnexpectedCharacters):
            m = _WORD.match(self.text, self.pos)
            if m:
                return self.explain_word(m.group(), self.pos, self.expected)
        return None

    def character(self):
        if not isinstance(self.err, UnexpectedCharacters):
            return None
        ch = self.text[self.pos] if self.pos < len(self.text) else ""
        shown = repr(ch)[1:-1] if not ch.isprintable() else ch
        message = f"unexpected character `{shown}`"
        if self.expected:
            message += f": expected {self.voc.describe(self.expected)}"
        return message, self.loc_at(self.pos), _CHARACTER_HINTS.get(ch)

    def token_error(self):
        tok = self.token
        what = _show_token(tok) if tok is not None else "text"
        loc = self.token_loc(tok) if tok is not None else self.loc_at(self.pos)
        hint = None
        if tok is not None and tok.type == "EQUAL" and "COMPARE" in self.expected:
            hint = "to compare two values write `==`; a single `=` belongs to `set`, `let`, `const` and `var`"
        missing = self.insertions()
        if missing and hint is None:
            names = [self.voc.shown[t] for t in missing]
            joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
            return f"expected {joined} before {what}", loc, None
        return f"unexpected {what}: expected {self.voc.describe(self.expected)}", loc, hint

    # ------------------------------------------------------------ helpers

    def explain_word(self, word: str, offset: int, expected: set[str]):
        voc = self.voc
        loc = self.loc_at(offset, len(word))
        starts_line = not self.text[self.text.rfind("\n", 0, offset) + 1: offset].strip()
        at_top = bool(voc.decls) and voc.decls <= expected
        if at_top and word in voc.stmt_words and not ((voc.stmts - voc.decls) & expected):
            return (f"`{word}` is a statement, and a statement belongs in a block", loc,
                    "put it inside `setup { ... }`, `turn { ... }`, a rule or a `define`")
        hint = self.did_you_mean(word, voc.keywords_in(expected))
        if at_top and word not in voc.decl_words and (starts_line or not (expected - voc.decls - {"$END"})):
            return (f"unknown declaration `{word}`", loc,
                    hint or "a file is made of declarations such as `game`, `zone`, `rule`, `setup` and `turn`")
        if hint is None:
            missing = self.insertions()
            if missing:
                names = [voc.shown[t] for t in missing]
                joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
                return f"expected {joined} before `{word}`", loc, None
        if hint is not None and at_top:
            return f"unexpected `{word}`", loc, hint  # the list of all declarations would only bury the hint
        return f"unexpected `{word}`: expected {voc.describe(expected)}", loc, hint

    def did_you_mean(self, word: str, words) -> str | None:
        close = closest(word, words)
        return f"did you mean `{close}`?" if close and close != word else None

    def insertions(self) -> list[str]:
        """The one or two keywords or marks that, put before the unexpected token, would let the parse go on."""
        if self.ip is None or self.token is None or self.token.type == "$END":
            return []
        voc = self.voc
        after_value = len(voc.operators & self.expected) >= 3
        # A `{` left out is likely only at the end of a line; on one line a stray word is likelier.
        token_starts_line = not self.text[self.text.rfind("\n", 0, self.pos) + 1: self.pos].strip()
        found = []
        for t in sorted(self.expected):
            if t not in voc.text or t in voc.values or t in voc.decls or t in voc.stmts or t in ("RBRACE", "$END"):
                continue  # a missing declaration or statement is not a likely slip; a missing `}` is found otherwise
            if after_value and t in voc.operators:
                continue
            if t == "LBRACE" and not token_starts_line:
                continue
            trial = self.ip.copy()
            try:
                trial.feed_token(Token(t, voc.text[t]))
                trial.feed_token(self.token)
            except UnexpectedInput:
                continue
            found.append(t)
        return found if 0 < len(found) <= 2 else []

    def form_hint(self, loc: Loc) -> str | None:
        """The shape of the construct the error is in, when the error is on the line it begins."""
        if self.start == "rule_input" and not self.tokens:  # a rule written in play that does not begin as one
            first = str(self.token) if self.token is not None and self.token.type != "$END" else ""
            return ("a rule written in play is `when EVENT(...) if CONDITION { ... }`"
                    + (f"; `{first}` is for a game's file" if first in self.voc.decl_words else ""))
        if "ELSE" in self.expected and any(tok.type == "THEN" for tok in self.tokens):
            # an unfinished `if ... then VALUE`: the construct in question is the value, not the statement around it
            return ("an `if ... then` value needs its `else`: `(if CONDITION then VALUE else OTHER)`;"
                    " for a statement done only when CONDITION holds, write `if CONDITION { ... }`")
        for tok in reversed(self.tokens):
            word = str(tok)
            if tok.type not in self.voc.words or word not in _FORMS:
                continue
            if tok.line != loc.line:
                return None
            line_start = self.text.rfind("\n", 0, tok.start_pos) + 1
            if self.text[line_start: tok.start_pos].strip():
                continue  # a `for` or `if` inside an expression: look further out
            return f"the form is {_FORMS[word]}"
        return None


def _operand_before(text: str, end: int) -> str:
    """The operand written just before `end`, as written: a name, an attribute, a call (`top(h(current)).r`)."""
    i = end
    while i > 0 and text[i - 1].isspace():
        i -= 1
    stop = i
    while i > 0:
        if text[i - 1] == ")":  # a call's brackets, back to their `(`
            depth = 0
            while i > 0:
                i -= 1
                depth += {")": 1, "(": -1}.get(text[i], 0)
                if depth == 0:
                    break
            if depth:
                return ""
        elif text[i - 1].isalnum() or text[i - 1] in "_.":
            i -= 1
        else:
            break
    return text[i:stop] if "\n" not in text[i:stop] else ""


def is_not(text: str, item: str, tok, loc):
    """`c is not wild`, `c is not none`, `c.rank is not 3`: the error, its place (at `not`) and the hint, quoting
    what follows only when it makes a real test: a card class the file declares (`not (c is wild)`), or a value to
    compare (`c != none`); anything else (`(`, a class of a base file) is named by its kind."""
    word = str(tok) if tok is not None else ""
    classes = set(re.findall(r"(?m)^\s*class\s+([A-Za-z_]\w*)", text))
    if tok is not None and tok.type == "NAME" and word in classes:
        return ("`not` goes before the whole test: `is not` is written `not ... is`", loc,
                f"write `not ({item} is {word})`")
    if tok is not None and (tok.type in ("INT", "STRING") or word in ("none", "true", "false") or
                            tok.type == "NAME" and not re.search(r"(?m)^\s*extends\b", text)):
        return ("`is not` compares no values: `is` tests a card class, and a value is compared with `!=`", loc,
                f"write `{item} != {word}`")
    return ("`not` goes before the whole test: `is not` is written `not ... is`", loc,
            f"write `not ({item} is CLASS)` to test a card class, or `{item} != VALUE` to compare a value")


def _show_token(tok: Token) -> str:
    text = str(tok)
    if tok.type == "STRING":
        return f"`{text if len(text) <= 24 else text[:20] + '...' + chr(34)}`"
    return f"`{text}`"


def _brace_trouble(text: str):
    """(a `{` that is never closed, a `}` that closes nothing, (a `}` that closes a block early, its `{`)),
    as offsets, each None when there is none.

    When a `}` is missing, the braces after it pair up one level out; the first `}` whose
    indentation is shallower than its partner's line shows which `{` lost its `}`.  When there is
    a `}` too many, the first `}` indented deeper than its partner's line is the likely culprit.
    """
    stack: list[int] = []
    missing = early = None
    for m in _BRACES.finditer(text):
        mark = m.group()
        if mark == "{":
            stack.append(m.start())
        elif mark == "}":
            if not stack:
                return None, m.start(), early
            opener = stack.pop()
            if _starts_line(text, m.start()):
                if missing is None and _indent(text, m.start()) < _indent(text, opener):
                    missing = opener
                if early is None and _indent(text, m.start()) > _indent(text, opener):
                    early = (m.start(), opener)
    if stack:
        return (missing if missing is not None else stack[-1]), None, None
    return None, None, None


def loc_at(file: str, text: str, offset: int, width: int | None = None) -> Loc:
    """The place of a character of a text (its offset), by line and column from 1; spanning `width` characters when
    given."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return Loc(file, line, column) if width is None else Loc(file, line, column, line, column + max(width, 1))


def _indent(text: str, offset: int) -> int:
    start = text.rfind("\n", 0, offset) + 1
    line = text[start:]
    return len(line) - len(line.lstrip(" \t"))


def _starts_line(text: str, offset: int) -> bool:
    start = text.rfind("\n", 0, offset) + 1
    return not text[start:offset].strip()


def _block_end(text: str, opener: int) -> int | None:
    """The line number of the first line after the `{` indented no deeper than the line it opens on."""
    depth = _indent(text, opener)
    lines = source_lines(text)
    first = text.count("\n", 0, opener) + 1
    for number in range(first + 1, len(lines) + 1):
        line = lines[number - 1]
        body = line.split("#", 1)[0]
        if not body.strip():
            continue
        if len(line) - len(line.lstrip(" \t")) <= depth:
            return number
    return None
