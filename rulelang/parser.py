"""Parse rulelang text into the syntax tree; Lark's errors become RulesSyntaxErrors here and go no further."""
from __future__ import annotations

import functools
import re
from itertools import islice

import attrs
from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import LarkError, UnexpectedInput, VisitError

from interpreter.errors import unsafe_char

from . import ast
from .errors import Loc, RulesError, RulesSyntaxError
from .paths import MAX_TEXT, MAX_WORDS, grammar_path
from .syntax_errors import loc_at, syntax_error


_WORD = re.compile(r"\w+|\S")  # a word or a sign, as MAX_WORDS counts them (a name, a number, `{`, `..` as two)


@functools.cache
def _lark() -> Lark:
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        start=["start", "rule_input"],
        propagate_positions=True,
        maybe_placeholders=True,
        cache=True,
    )


# How deeply a text may nest (docs/language.md, "Limits"): far beyond what a game needs, and well within what
# the reader, the checker and the generated Python can take (deeper blocks are compiled without nesting).
MAX_BLOCK_DEPTH = 100
MAX_EXPR_DEPTH = 60
MAX_DIGITS = 18  # numbers stay within ±(10**18 - 1): interpreter.ops.MAX_NUMBER
_EXPR_NODES = frozenset({"or_op", "and_op", "not_op", "compare", "in_op", "is_op", "range_expr", "arith", "neg", "attr",
                         "call", "list_lit", "list_comprehension", "aggregate", "comprehension", "splits", "subsets",
                         "if_expr"})


def _check_depth(tree, text: str, filename: str) -> None:
    """Refuse a text nested deeper than the limits, at the first place that goes too deep (walked without
    recursion, so any depth is measured)."""
    todo = [(tree, 0, 0, None)]
    while todo:
        node, blocks, exprs, parent = todo.pop()
        if not isinstance(node, Tree):
            if isinstance(node, Token) and node.type == "INT" and len(node) > MAX_DIGITS:
                raise RulesSyntaxError(f"a number may have at most {MAX_DIGITS} digits; this one has {len(node)}",
                                       _tok_loc(filename, node), source=text)
            continue
        if node.data == "block" or (node.data == "if_stmt" and parent == "if_stmt"):
            blocks += 1
        elif node.data in _EXPR_NODES:
            exprs += 1
        if blocks > MAX_BLOCK_DEPTH or exprs > MAX_EXPR_DEPTH:
            what = (f"blocks nest more than {MAX_BLOCK_DEPTH} deep here" if blocks > MAX_BLOCK_DEPTH
                    else f"this expression nests more than {MAX_EXPR_DEPTH} deep")
            meta = node.meta
            loc = (Loc(filename, meta.line, meta.column, meta.line, meta.column + 1) if not getattr(meta, "empty", True)
                   else Loc(filename, 1, 1))
            raise RulesSyntaxError(what, loc, source=text,
                                   hint="split it: a `define` or a `let` names a part, and can be used in its place")
        todo.extend((child, blocks, exprs, node.data) for child in node.children)


def parse(text: str, filename: str = "<rules>", start: str = "start"):
    """Parse a whole file (`start`) or one rule (`rule_input`) to syntax-tree nodes."""
    if len(text) > MAX_TEXT:
        raise RulesSyntaxError(f"this text has {len(text)} characters; rulelang reads at most {MAX_TEXT} in one file "
                               "or rule", Loc(filename, 1, 1))
    if len(_WORD.findall(text)) > MAX_WORDS:  # (counted in C; the place of the one past the limit found only then)
        at = next(islice(_WORD.finditer(text), MAX_WORDS, None)).start()
        raise RulesSyntaxError(f"this text has more than {MAX_WORDS:,} words and signs; rulelang reads at most that "
                               "many in one file or rule", loc_at(filename, text, at), source=text,
                               hint="a game's cards are made by `for` loops in its deck, not listed one by one; a long "
                               "list of values is a range (`1..500`)")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:  # a byte read from a terminal that is not UTF-8: it could not be saved
        raise RulesSyntaxError("this text has a byte that is not UTF-8 here", loc_at(filename, text, e.start),
                               source=text.encode("utf-8", "replace").decode("utf-8"),
                               hint="type it again in UTF-8") from None
    if text.startswith("\ufeff"):  # a byte-order mark (an editor's UTF-8 signature): a space, so columns stay
        text = " " + text[1:]
    try:
        tree = _lark().parse(text, start=start)
    except UnexpectedInput as err:
        raise syntax_error(_lark(), err, text, filename, start) from None
    except LarkError as err:  # pragma: no cover - Lark raises only UnexpectedInput while parsing
        raise RulesSyntaxError(f"cannot read this text: {err}", Loc(filename, 1, 1), source=text) from None
    _check_depth(tree, text, filename)
    try:
        return _ToAst(filename).transform(tree)
    except VisitError as err:
        orig = err.orig_exc
        if isinstance(orig, RulesError):
            if orig.loc is not None and orig.loc.file != filename:
                orig.loc = attrs.evolve(orig.loc, file=filename)
            orig.source = text
            raise orig from None
        meta = getattr(err.obj, "meta", None)
        line, column = getattr(meta, "line", 1), getattr(meta, "column", 1)
        if isinstance(orig, RecursionError):  # a chain the depth check lets by (`else if`s), too long to build
            raise RulesSyntaxError("this is nested too deeply to read", Loc(filename, line, column), source=text,
                                   hint="split it: a `define` or a `let` names a part, and can be used in its place"
                                   ) from None
        raise RulesSyntaxError(f"cannot read this: {orig}", Loc(filename, line, column), source=text) from None
    except RecursionError:
        raise RulesSyntaxError("the text is nested too deeply to read", Loc(filename, 1, 1), source=text) from None


def parse_rule(text: str, filename: str = "<prompt>"):
    """Parse one rule as typed at the prompt."""
    return parse(text, filename, start="rule_input")


_ESCAPES = {'"': '"', "\\": "\\", "n": "\n"}


def _s(tok: Token) -> str:
    """A STRING token's text, without quotes, escapes resolved: `\\"`, `\\\\` and `\\n` only.  A control character
    (an escape sequence a terminal would obey: ESC, BEL, CR...) is refused, written raw or as an escape: every text
    of a game is written to the players' terminals."""
    body = str(tok)[1:-1]
    if "\\" not in body and (body.isprintable() or not any(_control(ch) for ch in body)):
        return body
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            esc = body[i + 1]  # the token's pattern gives every backslash a character after it
            if esc not in _ESCAPES:
                raise RulesSyntaxError(f"`\\{esc}` is no escape rulelang knows", _char_loc(tok, i, 2),
                                       hint='a string knows `\\"` (a quote), `\\\\` (a backslash) and `\\n` (a new line)')
            out.append(_ESCAPES[esc])
            i += 2
            continue
        if _control(ch):
            raise RulesSyntaxError(f"this string holds a control character (U+{ord(ch):04X}): a game's texts are "
                                   f"written to the players' terminals, which would obey it", _char_loc(tok, i, 1),
                                   hint="write the text plainly; `\\n` starts a new line")
        out.append(ch)
        i += 1
    return "".join(out)


def _control(ch: str) -> bool:
    """A character of Unicode's Cc category but the tab: ESC, BEL, CR, DEL, the C1 controls...; and the bidi
    embeddings, overrides and isolates, which make a terminal show the text after them in another order (a name
    that reads as another).  Other format characters (the zero-width joiner of an emoji) are text."""
    return ch != "\t" and unsafe_char(ch)


def _char_loc(tok: Token, i: int, width: int) -> Loc:
    """The place of the `i`-th character of a string token's body (a string is on one line)."""
    return Loc("<rules>", tok.line, tok.column + 1 + i, tok.line, tok.column + 1 + i + width)


def _tok_loc(filename: str, tok: Token) -> Loc:
    return Loc(filename, tok.line, tok.column, tok.end_line, tok.end_column)


@v_args(meta=True)
class _ToAst(Transformer):
    """One method per grammar rule or alias, building the attrs node of the same name."""

    def __init__(self, filename: str):
        super().__init__()
        self.filename = filename

    def _loc(self, meta, **parts) -> Loc:
        """The node's place, with the places of the names in it (`parts`, given as tokens)."""
        marks = tuple((key, _tok_loc(self.filename, tok)) for key, tok in parts.items() if isinstance(tok, Token))
        if getattr(meta, "empty", True):
            return Loc(self.filename, 0, 0, parts=marks)
        return Loc(self.filename, meta.line, meta.column, meta.end_line, meta.end_column, parts=marks)

    # -- files
    def start(self, meta, decls):
        return list(decls)

    def rule_input(self, meta, children):
        return children[0]

    def anonymous_rule(self, meta, c):
        return ast.RuleDecl(name=None, event=str(c[0]), params=c[1], cond=c[2], body=c[3], loc=self._loc(meta, event=c[0]))

    def house_limit_decl(self, meta, c):
        return ast.HouseLimitDecl(limit=int(c[0]), loc=self._loc(meta))

    def examples_decl(self, meta, c):
        return ast.ExamplesDecl(rules=tuple(c), loc=self._loc(meta))

    def rule_option(self, meta, c):
        verb, param, where, doc, body = c
        return ast.Option(verb=str(verb), param=str(param), domain=None, where=where, doc=_s(doc) if doc is not None else None,
                          body=body, takes="rule", loc=self._loc(meta, name=verb))

    def several_option(self, meta, c):
        verb, pairs, (where, doc, body) = c[0], c[1:-3], c[-3:]
        params = tuple((str(pairs[i]), pairs[i + 1]) for i in range(0, len(pairs), 2))
        return ast.Option(verb=str(verb), param=params[0][0], domain=params[0][1], where=where,
                          doc=_s(doc) if doc is not None else None, body=body, takes="several", params=params,
                          loc=self._loc(meta, name=verb, param=pairs[0], text=doc))

    def cards_option(self, meta, c):
        verb, low, high, param, domain, where, doc, body = c
        size = (int(low), int(high) if high is not None else int(low))
        return ast.Option(verb=str(verb), param=str(param), domain=domain, where=where, doc=_s(doc) if doc is not None else None,
                          body=body, takes="cards", size=size, loc=self._loc(meta, name=verb, param=param, text=doc, size=low))

    def add_stmt(self, meta, c):
        return ast.AddStmt(rule=c[0], key=c[1], loc=self._loc(meta))

    def race_stmt(self, meta, c):
        return ast.RaceStmt(word=_s(c[0]), bind=str(c[1]) if c[1] is not None else None, body=c[2], loc=self._loc(meta, text=c[0]))

    def game_decl(self, meta, c):
        return ast.GameDecl(name=_s(c[0]), loc=self._loc(meta))

    def extends_decl(self, meta, c):
        return ast.ExtendsDecl(path=_s(c[0]), loc=self._loc(meta, path=c[0]))

    def players_decl(self, meta, c):
        low, high, default = int(c[0]), int(c[1]), c[2]
        return ast.PlayersDecl(low=low, high=high, default=int(default) if default is not None else None, loc=self._loc(meta))

    def option_decl(self, meta, c):
        return ast.OptionDecl(name=str(c[0]), value=c[1], doc=_s(c[2]) if c[2] is not None else None, loc=self._loc(meta, name=c[0]))

    def const_decl(self, meta, c):
        return ast.ConstDecl(name=str(c[0]), value=c[1], loc=self._loc(meta, name=c[0]))

    def attribute_decl(self, meta, c):
        return ast.AttributeDecl(name=str(c[0]), values=tuple(c[1:]), loc=self._loc(meta, name=c[0]))

    def ordered_attribute_decl(self, meta, c):
        return ast.AttributeDecl(name=str(c[0]), values=tuple(c[1:]), ordered=True, loc=self._loc(meta, name=c[0]))

    def range_attribute_decl(self, meta, c):
        return ast.RangeAttributeDecl(name=str(c[0]), low=c[1], high=c[2], loc=self._loc(meta, name=c[0]))

    def signed_int(self, meta, c):
        """A whole number that may be written with a minus: the ends of a numeric attribute (`points -25..25`)."""
        return -int(c[1]) if c[0] is not None else int(c[1])

    def attr_value(self, meta, c):
        props = dict(p for p in c[2:])
        return ast.AttrValue(name=str(c[0]), display=_s(c[1]) if c[1] is not None else None, loc=self._loc(meta, name=c[0]), **props)

    def short_prop(self, meta, c):
        return ("short", _s(c[0]))

    def symbol_prop(self, meta, c):
        return ("symbol", _s(c[0]))

    def style_prop(self, meta, c):
        return ("style", _s(c[0]))

    def claims_decl(self, meta, c):
        return ast.ClaimsDecl(attributes=tuple(str(n) for n in c), loc=self._loc(meta, **{"attr:" + str(n): n for n in c}))

    def negative_int(self, meta, c):
        return ast.Literal(value=-int(c[0]), loc=self._loc(meta))

    def names_decl(self, meta, c):
        names = [n for n in c if n.type != "STRING"]
        words, seen = [], 0
        for i, n in enumerate(c):
            if n.type == "STRING":
                words.append((seen, _s(n)))
            else:
                seen += 1
        return ast.NamesDecl(attributes=tuple(map(str, names)), words=tuple(words),
                             loc=self._loc(meta, **{"attr:" + str(n): n for n in names},
                                           **{f"word:{i}": n for i, n in enumerate(x for x in c if x.type == "STRING")}))

    def class_decl(self, meta, c):
        return ast.ClassDecl(name=str(c[0]), expr=c[1], loc=self._loc(meta, name=c[0]))

    def deck_decl(self, meta, c):
        return ast.DeckDecl(zone=str(c[0]), items=tuple(c[1:]), loc=self._loc(meta, zone=c[0]))

    def card_spec(self, meta, c):
        count = int(c[0]) if c[0] is not None else 1
        fields = tuple(f for f in c[1:] if f is not None)
        return ast.CardSpec(count=count, fields=fields, loc=self._loc(meta))

    def card_for(self, meta, c):
        return ast.CardFor(var=str(c[0]), iterable=c[1], items=tuple(c[2:]), loc=self._loc(meta))

    def field(self, meta, c):
        return ast.Field(name=str(c[0]), expr=c[1], loc=self._loc(meta, name=c[0]))

    def zone_numbers(self, meta, c):
        return ("numbers", int(c[0]), int(c[1]), c[0])

    def zone_decl(self, meta, c):
        per_player, visibility, refill, shown = False, None, (None, 0, None), None
        display = _s(c[1]) if c[1] is not None else None
        numbers = c[2][1:3] if c[2] is not None else None
        for p in c[3:]:
            if p == "per_player":
                per_player = True
            elif isinstance(p, tuple):
                if refill[2] is not None:
                    raise RulesSyntaxError(f"`{c[0]}` is given `refill` twice: say where it refills from once",
                                           _tok_loc(self.filename, p[2]))
                refill = p
            elif p.type == "SHOWN":
                if shown is not None:
                    raise RulesSyntaxError(f"`{c[0]}` is given `show {shown}`, then `show {p}`: say one of them",
                                           _tok_loc(self.filename, p))
                shown = p
            else:  # public, private, hidden
                if visibility is not None:
                    raise RulesSyntaxError(f"`{c[0]}` is given `{visibility}`, then `{p}`: a zone is one of "
                                           "`public`, `private` or `hidden`", _tok_loc(self.filename, p))
                visibility = p
        return ast.ZoneDecl(name=str(c[0]), per_player=per_player, visibility=str(visibility or "public"),
                            refill_from=refill[0], refill_keep=refill[1], shown=str(shown) if shown else None,
                            display=display, numbers=numbers,
                            loc=self._loc(meta, name=c[0], refill=refill[2], shown=shown,
                                          numbers=c[2][3] if c[2] is not None else None))

    def per_player(self, meta, c):
        return "per_player"

    def _word(self, meta, word: str) -> Token:
        """A word of a declaration that Lark keeps no token of, as a token at its place (for a message there)."""
        return Token("WORD", word, line=meta.line, column=meta.column, end_line=meta.end_line,
                     end_column=meta.end_column)

    def public(self, meta, c):
        return self._word(meta, "public")

    def private(self, meta, c):
        return self._word(meta, "private")

    def hidden(self, meta, c):
        return self._word(meta, "hidden")

    def refill(self, meta, c):
        return (str(c[0]), int(c[1]), c[0])

    def shown(self, meta, c):
        return c[0]  # the word after `show`, a token (the checker reads it, at its place)

    def var_decl(self, meta, c):
        shown = _s(c[4]) if len(c) > 4 and c[4] is not None else None
        return ast.VarDecl(name=str(c[0]), per_player=c[1] is not None, init=c[2], loc=self._loc(meta, name=c[0]),
                           shown=shown, kept=c[3] is not None)

    def kept(self, meta, c):
        return "kept"

    def call_decl(self, meta, c):
        return ast.CallDecl(name=str(c[0]), text=_s(c[1]) if c[1] is not None else None, when=c[2], loc=self._loc(meta, name=c[0]))

    def event_decl(self, meta, c):
        return ast.EventDecl(name=str(c[0]), params=c[1], loc=self._loc(meta, name=c[0]))

    def function_decl(self, meta, c):
        return ast.FunctionDecl(name=str(c[0]), params=c[1], body=c[2], loc=self._loc(meta, name=c[0]))

    def procedure_decl(self, meta, c):
        return ast.ProcedureDecl(name=str(c[0]), params=c[1], body=c[2], loc=self._loc(meta, name=c[0]))

    def rule_decl(self, meta, c):
        return ast.RuleDecl(name=str(c[0]), event=str(c[1]), params=c[2], cond=c[3], body=c[4], loc=self._loc(meta, name=c[0], event=c[1]))

    def setup_decl(self, meta, c):
        return ast.SetupDecl(body=c[0], loc=self._loc(meta))

    def turn_decl(self, meta, c):
        return ast.TurnDecl(body=c[0], loc=self._loc(meta))

    def score_decl(self, meta, c):
        return ast.ScoreDecl(body=c[0], loc=self._loc(meta))

    def match_to(self, meta, c):
        return ast.MatchTo(target=int(c[0]), lowest=c[1], loc=self._loc(meta))

    def lowest_wins(self, meta, c):
        return c[0] if c[0] is not None else ast.Literal(value=True, loc=self._loc(meta))

    def match_hands(self, meta, c):
        return ast.MatchHands(hands=int(c[0]), lowest=c[1], loc=self._loc(meta))

    def teams_decl(self, meta, c):
        return ast.TeamsDecl(size=int(c[0]), counts=tuple(int(n) for n in c[1:]),
                             loc=self._loc(meta, **{f"count:{i}": n for i, n in enumerate(c[1:])}))

    def option_override_decl(self, meta, c):
        return ast.OptionOverrideDecl(option=c[0], loc=self._loc(meta))

    def remove_option_decl(self, meta, c):
        return ast.RemoveDecl(name=str(c[0]), option=True, loc=self._loc(meta, name=c[0]))

    def remove_decl(self, meta, c):
        return ast.RemoveDecl(name=str(c[0]), loc=self._loc(meta, name=c[0]))

    def params(self, meta, c):
        return tuple(str(n) for n in c if n is not None)

    def args(self, meta, c):
        return tuple(a for a in c if a is not None)

    # -- statements
    def block(self, meta, c):
        return ast.Block(stmts=tuple(c), loc=self._loc(meta))

    def move_stmt(self, meta, c):
        return ast.MoveStmt(cards=c[0], to=c[1], under=c[2], face=c[3], loc=self._loc(meta))

    def move_top_stmt(self, meta, c):
        return ast.MoveTopStmt(count=c[0], source=c[1], to=c[2], face=c[3],
                               bind=str(c[4]) if c[4] is not None else None, loc=self._loc(meta, name=c[4]))

    def face_up(self, meta, c):
        return "up"

    def now(self, meta, c):
        return True

    def face_down(self, meta, c):
        return "down"

    def deal_stmt(self, meta, c):
        return ast.DealStmt(count=c[0], source=c[1], zone=str(c[2]), loc=self._loc(meta, zone=c[2]))

    def deal_all(self, meta, c):
        return None

    def shuffle_stmt(self, meta, c):
        return ast.ShuffleStmt(zone=c[0], loc=self._loc(meta))

    def set_stmt(self, meta, c):
        return ast.SetStmt(name=str(c[0]), index=c[1], value=c[2], loc=self._loc(meta, name=c[0]))

    def let_stmt(self, meta, c):
        return ast.LetStmt(name=str(c[0]), value=c[1], loc=self._loc(meta, name=c[0]))

    def if_stmt(self, meta, c):
        otherwise = c[2]
        if isinstance(otherwise, ast.IfStmt):
            otherwise = ast.Block(stmts=(otherwise,), loc=otherwise.loc)
        return ast.IfStmt(cond=c[0], then=c[1], otherwise=otherwise, loc=self._loc(meta))

    def for_stmt(self, meta, c):
        return ast.ForStmt(var=str(c[0]), iterable=c[1], body=c[2], loc=self._loc(meta, name=c[0]))

    def while_stmt(self, meta, c):
        return ast.WhileStmt(cond=c[0], body=c[1], loc=self._loc(meta))

    def choose_stmt(self, meta, c):
        return ast.ChooseStmt(who=c[0], prompt=_s(c[1]) if c[1] is not None else None, options=tuple(c[2:]), loc=self._loc(meta, text=c[1]))

    def ask_stmt(self, meta, c):
        return ast.AskStmt(who=c[0], race=c[1] is not None, bind=str(c[2]) if c[2] is not None else None,
                           prompt=_s(c[3]) if c[3] is not None else None, options=tuple(c[4:]),
                           loc=self._loc(meta, text=c[3], name=c[2]))

    def ask_race(self, meta, c):
        return True

    def verb(self, meta, c):
        return c[0]  # the word's token, a keyword's too: its text and place

    def option(self, meta, c):
        verb, param, domain, where, doc, body = c
        return ast.Option(verb=str(verb), param=str(param) if param is not None else None, domain=domain,
                          where=where, doc=_s(doc) if doc is not None else None, body=body, loc=self._loc(meta, name=verb, param=param, text=doc))

    def fire_stmt(self, meta, c):
        return ast.FireStmt(event=str(c[0]), args=c[1], loc=self._loc(meta, event=c[0]))

    def skip_stmt(self, meta, c):
        return ast.SkipStmt(loc=self._loc(meta))

    def reverse_stmt(self, meta, c):
        return ast.ReverseStmt(loc=self._loc(meta))

    def again_stmt(self, meta, c):
        return ast.AgainStmt(loc=self._loc(meta))

    def win_stmt(self, meta, c):
        return ast.WinStmt(who=c[0], loc=self._loc(meta))

    def out_stmt(self, meta, c):
        return ast.OutStmt(who=c[0], loc=self._loc(meta))

    def lose_stmt(self, meta, c):
        return ast.LoseStmt(who=c[0], loc=self._loc(meta))

    def reveal_stmt(self, meta, c):
        return ast.RevealStmt(cards=c[0], to=c[1], loc=self._loc(meta))

    def turn_to_stmt(self, meta, c):
        return ast.TurnToStmt(who=c[0], now=c[1] is not None, loc=self._loc(meta))

    def claim_stmt(self, meta, c):
        return ast.ClaimStmt(cards=c[0], says=c[1], loc=self._loc(meta))

    def tally_stmt(self, meta, c):
        return ast.TallyStmt(name=str(c[0]), loc=self._loc(meta, name=c[0]))

    def say_stmt(self, meta, c):
        return ast.SayStmt(text=_s(c[0]), loc=self._loc(meta, text=c[0]))

    def call_stmt(self, meta, c):
        return ast.CallStmt(name=str(c[0]), args=c[1], loc=self._loc(meta, name=c[0]))

    # -- expressions
    def if_expr(self, meta, c):
        return ast.IfExpr(cond=c[0], then=c[1], otherwise=c[2], loc=self._loc(meta))

    def or_op(self, meta, c):
        return ast.BoolOp(op="or", left=c[0], right=c[1], loc=self._loc(meta))

    def and_op(self, meta, c):
        return ast.BoolOp(op="and", left=c[0], right=c[1], loc=self._loc(meta))

    def not_op(self, meta, c):
        return ast.Not(expr=c[0], loc=self._loc(meta))

    def compare(self, meta, c):
        return ast.Compare(op=str(c[1]), left=c[0], right=c[2], loc=self._loc(meta))

    def in_op(self, meta, c):
        return ast.In(item=c[0], collection=c[1], loc=self._loc(meta))

    def is_op(self, meta, c):
        return ast.Is(expr=c[0], cls=str(c[1]), loc=self._loc(meta, name=c[1]))

    def range_expr(self, meta, c):
        return ast.Range(low=c[0], high=c[1], loc=self._loc(meta))

    def arith(self, meta, c):
        return ast.Arith(op=str(c[1]), left=c[0], right=c[2], loc=self._loc(meta))

    def neg(self, meta, c):
        return ast.Neg(expr=c[0], loc=self._loc(meta))

    def attr(self, meta, c):
        return ast.Attr(expr=c[0], name=str(c[1]), loc=self._loc(meta, name=c[1]))

    def name(self, meta, c):
        return ast.Name(name=str(c[0]), loc=self._loc(meta))

    def call(self, meta, c):
        return ast.Call(name=str(c[0]), args=c[1], loc=self._loc(meta, name=c[0]))

    def list_lit(self, meta, c):
        return ast.ListLit(items=c[0], loc=self._loc(meta))

    def aggregate(self, meta, c):
        return ast.Aggregate(fn=str(c[0]), expr=c[1], loc=self._loc(meta))

    def list_comprehension(self, meta, c):
        fors = tuple(x for x in c[3:] if isinstance(x, ast.ComprehensionFor))
        cond = c[3 + len(fors)]
        return ast.Comprehension(fn="list", expr=c[0], var=str(c[1]), iterable=c[2], cond=cond, inner_fors=fors,
                                 loc=self._loc(meta, name=c[1]))

    def comprehension(self, meta, c):
        fors = tuple(x for x in c[4:] if isinstance(x, ast.ComprehensionFor))
        cond, keys = c[4 + len(fors)], c[5 + len(fors)]
        return ast.Comprehension(fn=str(c[0]), expr=c[1], var=str(c[2]), iterable=c[3], cond=cond, keys=keys or (),
                                 inner_fors=fors, loc=self._loc(meta, name=c[2]))

    def comprehension_for(self, meta, c):
        return ast.ComprehensionFor(var=str(c[0]), iterable=c[1], loc=self._loc(meta, name=c[0]))

    def splits(self, meta, c):
        return ast.Splits(var=str(c[0]), iterable=c[1], cond=c[2], loc=self._loc(meta, name=c[0]))

    def subsets(self, meta, c):
        return ast.Splits(var=str(c[0]), iterable=c[1], cond=c[2], kind="subsets", loc=self._loc(meta, name=c[0]))

    def by_keys(self, meta, c):
        return tuple(c)

    def int_lit(self, meta, c):
        return ast.Literal(value=int(c[0]), loc=self._loc(meta))

    def str_lit(self, meta, c):
        return ast.Literal(value=_s(c[0]), loc=self._loc(meta))

    def true_lit(self, meta, c):
        return ast.Literal(value=True, loc=self._loc(meta))

    def false_lit(self, meta, c):
        return ast.Literal(value=False, loc=self._loc(meta))

    def none_lit(self, meta, c):
        return ast.Literal(value=None, loc=self._loc(meta))
