"""Words for people, generated from the rules: `help` at the prompt and the `rules` summary."""
from __future__ import annotations

from collections import Counter

from . import ast

_KIND_WORDS = {"card": "CARD", "player": "PLAYER", "value": "VALUE", "number": "NUMBER"}


def help_text(program, decision, commands: dict) -> str:
    """The moves of the pending decision and how to type them, from the option texts in the rules."""
    lines = []
    if decision.prompt:
        lines.append(decision.prompt)
    lines.append("Moves now:")
    seen = set()
    for o in decision.options:
        key = (o.verb, o.kind)
        if key in seen:
            continue
        seen.add(key)
        form = o.verb + (f" {_KIND_WORDS.get(o.kind, 'X')}" if o.kind else "")
        examples = [m.text for m in decision.options if m.verb == o.verb][:6]
        more = f"   e.g. {', '.join(examples)}" if o.kind else ""
        lines.append(f"  {form:<16} {o.doc}{more}")
    if any(o.kind == "card" for o in decision.options):
        lines.append("  A card is typed by its short name (as shown in your hand) or its full name, in any case.")
    for c in decision.calls:
        lines.append(f"  Add `{c}` to a move to call {program.calls.get(c, c)} (e.g. `{_example(decision)} {c}`).")
    if decision.window:
        lines.append("  Press Enter (or type `pass`) to let it go.")
    lines.append("Commands:")
    for name, doc in commands.items():
        lines.append(f"  {name:<16} {doc}")
    return "\n".join(lines)


def _example(decision) -> str:
    for o in decision.options:
        if o.kind == "card":
            return o.text
    return decision.options[0].text


def rules_summary(program) -> str:
    """A readable summary of the game: players, cards, table, and each rule with the comment that explains it."""
    symbols, src = program.summary
    lines = [f"{program.name} — {program.min_players} to {program.max_players} players"]
    lines.append(f"Cards: {len(program.cards)}" + _deck_breakdown(program))
    zones = []
    for z in program.zones:
        who = {"public": "seen by all", "private": "seen by its owner", "hidden": "face down"}[z.visibility]
        zones.append(f"{z.name} ({'one per player, ' if z.per_player else ''}{who})")
    lines.append("Table: " + "; ".join(zones))
    if program.match_target:
        lines.append(f"A match is played to {program.match_target} points (`--match`).")
    if program.match_hands:
        lines.append(f"A match is {program.match_hands} hands (`--match`).")
    if program.options:
        lines.append("Options: " + "; ".join(f"{o.name} = {o.default}" + (f" ({o.doc})" if o.doc else "")
                                             for o in program.options.values()))
    if program.calls:
        lines.append("Calls: " + ", ".join(f"`{n}` ({t})" for n, t in program.calls.items()))
    if symbols.turn is not None:
        lines.append("On your turn:")
        for st in symbols.turn.body.stmts:
            if isinstance(st, ast.ChooseStmt):
                for o in st.options:
                    lines.append(f"  {o.verb}: {o.doc or ''}")
    lines.append("Rules:")
    for d in src.decls:
        if isinstance(d, (ast.RuleDecl, ast.ProcedureDecl)) or isinstance(d, ast.SetupDecl):
            head = _source_line(src, d.loc)
            note = _comment_above(src, d.loc)
            if isinstance(d, ast.ProcedureDecl) and not note:
                continue
            title = head.rstrip(" {").strip()
            lines.append(f"  • {title}")
            for n in note:
                lines.append(f"      {n}")
    return "\n".join(lines)


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
    text = src.texts.get(loc.file, "").splitlines()
    return text[loc.line - 1] if 0 < loc.line <= len(text) else ""


def _comment_above(src, loc) -> list[str]:
    text = src.texts.get(loc.file, "").splitlines()
    out = []
    i = loc.line - 2
    while i >= 0 and text[i].strip().startswith("#"):
        out.append(text[i].strip().lstrip("#").strip())
        i -= 1
    return out[::-1]
