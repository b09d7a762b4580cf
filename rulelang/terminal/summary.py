"""Words for people, generated from the rules: `help` at the prompt and the `rules` summary."""
from __future__ import annotations

from collections import Counter
import re
import textwrap
from types import SimpleNamespace

import attrs

from interpreter.program import sort_key

from .. import ast
from ..errors import source_lines
from .commands import command_for

_KIND_WORDS = {"card": "CARD", "player": "PLAYER", "value": "VALUE", "number": "NUMBER", "cards": "CARDS",
               "blind": "PLACE"}  # a set of cards (`pass 2H 7H 5S`); a card by its place (`take #2`)


_WORDS = re.compile(r" +|[^ ]+")  # a line's words and the spaces between them (`wrapped`)
_CHUNKS = re.compile(r" +|(?:`[^`\n]*`|[^ ])+")  # ... a `quoted command` kept as one word (it is copied whole)


def wrapped(parts: list, width: int) -> list:
    """A line of (style, text) parts broken between words (a `quoted command` that fits a row is one word) to fit
    `width` columns, each next row two spaces in from the line's own indent (the terminal would break it anywhere:
    `♣` at the end of a row, `GR` on the next).  A line of several lines, or one that fits, as it is."""
    from prompt_toolkit.utils import get_cwidth

    text = "".join(t for _, t in parts)
    if "\n" in text or get_cwidth(text) <= width:
        return parts
    indent = " " * (len(text) - len(text.lstrip(" ")) + 2)
    units: list = []  # [is a word, its parts]: a word's parts may differ in style (`♥R6` then `,`), never parted
    room = width - len(indent)
    chunks = [(s, part) for s, t in parts for c in _CHUNKS.findall(t)
              for part in (_WORDS.findall(c) if " " in c and get_cwidth(c) > room else [c])]  # too wide: its words
    for style, chunk in chunks:
        word = chunk[0] != " "
        if units and units[-1][0] == word:
            units[-1][1].append((style, chunk))
        else:
            units.append((word, [(style, chunk)]))
    out, col, gap = [], 0, []
    for word, pieces in units:
        if not word:
            gap = pieces
            continue
        w = sum(get_cwidth(c) for _, c in pieces)
        spaces = sum(len(c) for _, c in gap)
        if col > len(indent) and col + spaces + w > width:  # the word goes on the next row, under the indent
            out.append(("", "\n" + indent))
            col, gap, spaces = len(indent), [], 0
        out += gap + pieces
        col, gap = col + spaces + w, []
    return out + gap


_QUOTED = re.compile(r"`([^`\n]*)`")  # the quotes in their pairs, from the left: never the text between two of them
QUOTE_KEPT = 48  # a quote longer than this is cut


def brief(message: str) -> str:
    """A message with what it quotes of a long line typed cut to its start (`zzzz…` and its length): a paste of
    300 letters told back whole would fill the rows a refusal has under the prompt."""
    return _QUOTED.sub(lambda m: m.group(0) if len(m.group(1)) <= QUOTE_KEPT else
                       f"`{m.group(1)[:32]}…` ({len(m.group(1))} characters)", message)


def fitted(text: str, width: int) -> str:
    """Each line of `text` wrapped to `width` columns, its next rows under what it says: under the description of
    a row of `help`'s table (`  NAME<16> WHAT`), two spaces in from the line's own indent otherwise."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip(" "))
        table = indent == 2 and len(line) > 19 and line[18] == " " and line[19] != " "
        out.append(textwrap.fill(line, width, subsequent_indent=" " * (19 if table else indent + 2),
                                 break_long_words=False, break_on_hyphens=False))
    return "\n".join(out)


def help_text(program, decision, commands: dict) -> str:
    """The moves of the pending decision and how to type them, from the option texts in the rules."""
    lines = []
    if decision.prompt:
        lines.append(decision.prompt)
    lines.append("Moves now:")
    seen = set()
    for o in decision.options:
        key = (o.verb, o.kind, o.doc)  # one line an option of the rules: a verb offered twice (a hint of a colour,
        if key in seen:                # of a number) is two lines, each with its own words and examples
            continue
        seen.add(key)
        form = o.verb + (f" {_arg_words(program, o)}" if o.kind else "")
        mine = [m for m in decision.options if (m.verb, m.kind, m.doc) == key]
        if all(m.kind == "card" and isinstance(m.arg, int) for m in mine):  # in the order the hand shows them
            mine.sort(key=lambda m: sort_key(program, m.arg))
        examples = [m.text for m in mine][:6]
        more = f"   e.g. {', '.join(examples)}" if o.kind else ""
        lines.append(f"  {form:<16} {o.doc}{more}")
    if any(o.kind == "card" for o in decision.options):
        lines.append("  A card is typed by its short name (as shown in your hand) or its full name, in any case.")
    verbs_of: dict = {}  # what a move names, as typed -> the verbs that take it
    for o in decision.options:
        if o.arg is not None and o.kind != "rule" and " " in o.text:
            verbs_of.setdefault(o.text.split(" ", 1)[1], []).append(o)
    alone = next((ms[0] for ms in verbs_of.values() if len({m.verb for m in ms}) == 1), None)
    if alone is not None:
        lines.append(f"  The verb may be left out when only one verb takes what you type "
                     f"(`{alone.text.split(' ', 1)[1]}` for `{alone.text}`).")
    for c in decision.calls:
        if any(o.kind == "card" for o in decision.options):
            lines.append(f"  Add `{c}` to a move to call {program.calls.get(c, c)} (e.g. `{_example(decision)} {c}`).")
        else:
            lines.append(f"  `{c}` ({program.calls.get(c, c)}) is called after a card move, when you have one.")
    if decision.window:
        lines.append("  Press Enter (or type `pass`) to let it go.")
    lines.append("Commands:")
    for name, doc in commands.items():  # a command named as a move offered now is typed `/name` (`name` is the move)
        lines.append(f"  /{name:<15} {doc} (`{name}` alone makes this game's move)" if command_for(name, decision) is None
                     else f"  {name:<16} {doc}")
    return "\n".join(lines)


def _arg_words(program, move) -> str:
    """How a move's argument is written in `help`: CARD, PLAYER, VALUE; for several (`ask Ada four`), one word
    each, a value by its attribute's name (`ask PLAYER RANK`)."""
    if move.kind != "several" or not isinstance(move.arg, tuple):
        return _KIND_WORDS.get(move.kind, "X")
    said = move.text.split()[1:]
    shorts = {c.short.lower() for c in program.cards}
    out = []
    for i, v in enumerate(move.arg):
        if isinstance(v, str):
            out.append(next((a.name.upper() for a in program.attributes.values() if a.info(v)), "VALUE"))
        elif isinstance(v, int) and not isinstance(v, bool):
            word = said[i].lower() if len(said) == len(move.arg) else ""
            out.append("CARD" if word in shorts else "NUMBER" if word.lstrip("-").isdigit() else "PLAYER" if word else "X")
        else:
            out.append("X")
    return " ".join(out)


def help_about(program, decision, commands: dict, aliases: dict, word: str) -> str | None:
    """`help WORD`: what one command, one move of the pending decision (its verb) or one call is and how to type
    it, from the same words as `help`; None when WORD names none of them."""
    w = word.strip().lower()
    slash, w = w.startswith("/"), w.removeprefix("/")
    name = aliases.get(w, w)
    options = [o for o in (decision.options if decision is not None else ()) if o.verb.lower() == w]
    if name in commands and (slash or not options):
        return f"{name}: {commands[name]}" + (f" (`{w}` is `{name}`)" if name != w else "")
    if options:
        table = help_text(program, SimpleNamespace(prompt="", options=options, calls=(), window=False), {})
        lines = [line for line in table.split("\n")[:-1] if line != "Moves now:"]  # without `Commands:`
        if name in commands:  # the game names a move as the command is named: the word is the move
            lines.append(f"(`/{name}` is the command: {commands[name]})")
        return "\n".join(lines)
    calls = {c.lower(): c for c in (decision.calls if decision is not None else ())}
    if w in calls:
        c = calls[w]
        if any(o.kind == "card" for o in decision.options):
            return f"{c}: add it to a card move to call {program.calls.get(c, c)} (e.g. `{_example(decision)} {c}`)"
        return f"{c}: says {program.calls.get(c, c)}; it is added to a card move, when you have one"
    later = _game_moves(program).get(w)
    if later is not None:  # a move of the game not offered now (`colour` after a Wild): what it is, and that
        form, doc = later  # it is not one now
        return f"{form}: {doc + '; ' if doc else ''}not a move you can make now (`help` lists those)"
    return None


def _game_moves(program) -> dict:
    """Every move the game's file offers anywhere (its turn, its rules' `choose`s and `ask`s): verb, in lower
    case -> (how it is typed, its description), the first option of that verb."""
    symbols, src = program.summary
    out = {}
    for decl in src.decls:
        for n in ast.walk(decl):
            if isinstance(n, ast.Option) and n.verb.lower() not in out:
                out[n.verb.lower()] = (n.verb + (f" {_param_word(program, src, n)}" if n.param else ""), n.doc or "")
    return out


def _example(decision) -> str:
    for o in decision.options:
        if o.kind == "card":
            return o.text
    return decision.options[0].text


def rules_summary(program, width: int = 96) -> str:
    """A readable summary of the game from its file: what it is, the cards, the table, the setup, a turn,
    the calls, each rule with the comment that explains it, scoring and the match; its comments' paragraphs
    wrapped to `width` columns."""
    symbols, src = program.summary
    lines = [f"{program.name} — {program.min_players} to {program.max_players} players"
             + (f" ({program.default_players} unless --players says)" if program.default_players else "")]
    lines += _wrap_note(_opening_comment(program.source), "  ", width)

    lines.append("")
    lines.append(f"Cards: {len(program.cards)}{_deck_breakdown(program)}")
    for attr in program.attributes.values():
        held = {c.attrs.get(attr.name) for c in program.cards}  # (a value no card has is no card's: Dominoes' `side`)
        shown = [v for v in attr.values if v.display and (v.short or v.symbol) and v.name in held]
        if shown:
            lines.append(f"  {attr.name}: " + ", ".join(f"{v.symbol}{v.display} ({v.short})" if v.short else
                                                         f"{v.symbol}{v.display}" for v in shown))
    examples = _short_examples(program)
    if examples:
        lines.append("  Typed by short name: " + ", ".join(f"{s} = {n}" for s, n in examples))

    zones = []
    # numbered zones (`zone column 1..8`): told once, "column 1 to 8"
    rows = {f"{n} {low}": (d, low, high) for n, (d, low, high) in symbols.numbered.items()}
    rest = {f"{n} {k}" for n, (_, low, high) in symbols.numbered.items() for k in range(low + 1, high + 1)}
    for z in program.zones:
        if z.name in rest:
            continue
        who = {"public": "seen by all", "private": "seen by its owner", "hidden": "face down"}[z.visibility]
        refill = ""
        if z.refill_from is not None:
            whose = "its owner's " if z.per_player else ""
            refill = f", refilled from {whose}{program.zones[z.refill_from].name}" + (
                " keeping its top card" if z.refill_keep == 1 else
                f" keeping {z.refill_keep}" if z.refill_keep else "")
        called = z.display if z.display is not None else z.name
        if z.name in rows:
            d, low, high = rows[z.name]
            called = f"{d.display or d.name.replace('_', ' ')} {low} to {high}"
        zones.append(f"{'a ' + called + ' each' if z.per_player else called} ({who}{refill})")
    lines += _wrap_note(["Table: " + "; ".join(zones)], "", width)
    consts = {name: _source_of(src, d.value.loc if hasattr(d.value, "loc") else d.loc, d.value)
              for name, d in symbols.consts.items()}
    if consts:
        lines.append("Numbers: " + ", ".join(f"{k} = {v}" for k, v in consts.items()))

    if symbols.setup is not None:
        lines.append("")
        lines.append("Setup:")
        lines += [f"  {s}" for s in _body_lines(src, symbols.setup)]
    if symbols.turn is not None:
        turn = []  # the turn's decisions: at its top, or inside an `if` of it (not another's, in an option's body)
        for st in _decisions(symbols.turn.body):
            if isinstance(st, ast.ChooseStmt):
                for o in st.options:
                    form = o.verb + (f" {_param_word(program, src, o)}" if o.param else "")
                    turn.append(f"  {form:<12} {o.doc or ''}".rstrip())
        if turn:  # never a heading with nothing under it
            lines.append("On your turn, one of:")
            lines += turn
    if program.calls:
        lines.append(f"Calls (typed after the move, as in `{_example_move(program, symbols, src)} {next(iter(program.calls))}`):")
        for name, d in symbols.calls.items():
            when = f" — due when {_source_of(src, d.when.loc, '')}" if d.when is not None and hasattr(d.when, "loc") else ""
            lines.append(f"  {name}: says {program.calls.get(name, name)}{when}")
            lines += _wrap_note(_comment_above(src, d.loc), "      ", width)

    lines.append("")
    lines.append("Rules:")
    heading = len(lines)
    for d in src.decls:
        if isinstance(d, ast.RuleDecl):
            head = _source_line(src, d.loc).strip().rstrip("{").strip()
            lines.append("  • " + head.removeprefix("rule ").strip())
            lines += _wrap_note(_comment_above(src, d.loc), "      ", width)
        elif isinstance(d, (ast.FunctionDecl, ast.ProcedureDecl)):
            note = _comment_above(src, d.loc)
            if note:  # helpers without a comment are plumbing, not rules
                head = _source_line(src, d.loc).strip().rstrip("{=").strip()
                lines.append("  • " + head.removeprefix("define ").strip())
                lines += _wrap_note(note, "      ", width)
    if len(lines) == heading:  # no rule and no explained helper: no heading either
        del lines[heading - 2:]
    if symbols.score is not None:
        lines.append("Scoring:")
        note = _comment_above(src, symbols.score.loc)
        lines += _wrap_note(note, "  ", width) if note else [f"  {s}" for s in _body_lines(src, symbols.score)]
    lowest = getattr(symbols.match, "lowest", None)
    if lowest is None:
        ends = ""
    elif isinstance(lowest, ast.Literal) and lowest.value is True:
        ends = "; the lowest score wins"
    else:
        ends = f"; the lowest score wins if {_source_of(src, getattr(lowest, 'loc', None), lowest)}"
    if program.match_target:
        lines.append(f"A match is played to {program.match_target} points{ends} (`--match`).")
    if program.match_hands:
        lines.append(f"A match is {program.match_hands} hands{ends} (`--match`).")
    if program.options:
        lines.append("Options (set with --option NAME=VALUE):")
        for o in program.options.values():
            lines.append(f"  {o.name} = {str(o.default).lower() if isinstance(o.default, bool) else o.default}"
                         + (f" — {o.doc}" if o.doc else ""))
    return "\n".join(lines)


def _decisions(block) -> list:
    """The `choose`s and `ask`s of a block, looking into its `if`s, not into options' bodies."""
    out = []
    for st in block.stmts:
        if isinstance(st, (ast.ChooseStmt, ast.AskStmt)):
            out.append(st)
        elif isinstance(st, ast.IfStmt):
            out += _decisions(st.then) + (_decisions(st.otherwise) if st.otherwise is not None else [])
    return out


def _param_word(program, src, option) -> str:
    """How a move's argument is written in help: CARD for a zone's cards, COLOUR for an attribute's values."""
    if option.takes == "cards":
        low, high = option.size
        return f"CARD x{low}" if low == high else f"CARD x{low}..{high}"
    if option.takes == "several":
        return " ".join(_param_word(program, src, attrs.evolve(option, param=n, domain=d, takes=None))
                        for n, d in option.params)
    domain = _source_of(src, getattr(option.domain, "loc", None), "")
    if any(z.name in domain.replace("(", " ").split() for z in program.zones):
        return "CARD"
    if domain.strip() in program.attributes:
        return domain.strip().upper()
    if "players" in domain:
        return "PLAYER"
    return option.param.upper()


def _example_move(program, symbols, src) -> str:
    """A move of the turn as typed, with a card when the move takes one: the first option's verb and a card."""
    if symbols.turn is not None:
        for st in symbols.turn.body.stmts:
            if isinstance(st, ast.ChooseStmt) and st.options:
                for o in st.options:
                    if o.param and _param_word(program, src, o) == "CARD" and program.cards:
                        return f"{o.verb} {program.cards[0].short}"
                return st.options[0].verb
    return "MOVE"


def _short_examples(program) -> list:
    """A few cards whose short name differs most from the full name, one per kind of name."""
    out, seen = [], set()
    for c in program.cards:
        shape = tuple(a for a in program.name_attrs if a in c.attrs and program.attributes[a].info(c.attrs[a])
                      and program.attributes[a].info(c.attrs[a]).short)
        if c.short != c.name and shape not in seen:
            seen.add(shape)
            out.append((c.short, c.name))
    return out[:4]


def _opening_comment(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        s = line.strip()
        if not s.startswith("#"):
            break
        out.append(s.lstrip("#").strip())
    return out


def _wrap_note(note: list[str], indent: str, width: int) -> list[str]:
    """A comment's lines rejoined into paragraphs and wrapped to fit a terminal: a new paragraph after an empty
    comment line, and at each `- ` item of a list (wrapped under its text)."""
    paras: list = []
    for n in note:
        if not n or n.startswith("- ") or not paras or paras[-1] is None:
            paras.append(n or None)
        else:
            paras[-1] += " " + n
    out = []
    for text in filter(None, paras):
        more = "  " if text.startswith("- ") else ""
        out += textwrap.wrap(text, width - len(indent), initial_indent=indent, subsequent_indent=indent + more)
    return out


def _body_lines(src, decl) -> list[str]:
    """The statements of a block as written, without comments or braces."""
    text = source_lines(src.texts.get(decl.loc.file, ""))
    first = text[decl.loc.line - 1].split("#", 1)[0] if decl.loc.line <= len(text) else ""
    if "{" in first and first.count("{") == first.count("}"):  # the whole block on its line: what its braces hold
        inner = first[first.index("{") + 1: first.rindex("}")].strip()
        return [inner] if inner else []
    out, depth = [], 0
    for i in range(decl.loc.line - 1, len(text)):
        line = text[i].split("#", 1)[0].rstrip()
        if i > decl.loc.line - 1:
            s = line.strip()
            closing = len(s) - len(s.lstrip("}"))  # `} else {`: at the depth of its `if`
            s = s.lstrip("}").strip()
            if s:
                out.append("  " * max(depth - closing - 1, 0) + s.rstrip("{").rstrip())
        depth += line.count("{") - line.count("}")
        if depth <= 0 and i > decl.loc.line - 1:
            break
    return out


def _source_of(src, loc, fallback) -> str:
    """The text of an expression as written in the file (one line), or the value itself."""
    if loc is None:
        return str(fallback)
    text = source_lines(src.texts.get(loc.file, ""))
    if 0 < loc.line <= len(text) and loc.end_line == loc.line and loc.end_column > loc.column:
        return text[loc.line - 1][loc.column - 1: loc.end_column - 1]
    return str(fallback)


def _deck_breakdown(program) -> str:
    for a in program.name_attrs:
        attr = program.attributes[a]
        if attr.numeric:
            continue
        counts = Counter(c.attrs.get(a) for c in program.cards)
        if len(counts) > 1 and None not in counts:
            return " (" + ", ".join(f"{n} {(attr.info(v).display or v.replace('_', ' ')) if attr.info(v) else v}"
                                    for v, n in counts.items()) + ")"
    return ""


def _source_line(src, loc) -> str:
    text = source_lines(src.texts.get(loc.file, ""))
    return text[loc.line - 1] if 0 < loc.line <= len(text) else ""


def _comment_above(src, loc) -> list[str]:
    text = source_lines(src.texts.get(loc.file, ""))
    out = []
    i = loc.line - 2
    while i >= 0 and text[i].strip().startswith("#"):
        out.append(text[i].strip().lstrip("#").strip())
        i -= 1
    return out[::-1]
