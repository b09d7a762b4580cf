"""A move typed as text: read into one of the decision's moves, or refused saying why."""
from __future__ import annotations

import attrs

from ..errors import MoveError
from ..narrator import choices_sentence, spec_the
from ..program import sort_key
from ..view import sees_card, view
from .cards import find_card
from .state import Decision, Move, State


def parse_move(st: State, decision: Decision, text: str) -> Move:
    """Turn typed text into one of the decision's moves, or refuse it with a reason."""
    words = text.strip().split()
    if not words:
        raise MoveError("type a move; `help` lists them")
    calls = set()
    call_names = {c.lower(): c for c in decision.calls}
    while len(words) > 1 and words[-1].lower() in call_names:
        calls.add(call_names[words.pop().lower()])
    if len(words) == 1 and words[0].lower() in call_names and not any(m.verb == words[0].lower() for m in decision.options):
        example = next((m.text for m in decision.options if m.kind == "card"), decision.options[0].text)
        raise MoveError(f"`{words[0]}` is said with a move, as in `{example} {words[0]}`")
    verb, rest = words[0].lower(), " ".join(words[1:])
    mine = [m for m in decision.options if m.verb == verb]
    if mine and mine[0].kind == "rule":
        text = text.strip()[len(words[0]):].strip()
        if not text:
            raise MoveError(f"`{verb}` takes a rule: `{verb} when played(card) if ... {{ ... }}`")
        st.program.compile_rule(text, None, decision.player)  # refuses a bad rule, with its place, changing nothing
        return attrs.evolve(mine[0], arg=text, text=f"{verb} {text}")
    if not mine:
        if rest and any(spec.verb == verb and spec.kind == "card" for spec in _specs(st)):  # none open now
            _why_not(st, decision, verb, rest, [])
        # No verb: the text may name what to choose ("blue" for `colour blue`), if it names it for one verb only.
        key = "".join(w.lower() for w in words)
        named = [m for m in decision.options if m.arg is not None and m.kind != "rule" and key in _arg_keys(st, m)]
        if named and len({m.verb for m in named}) == 1:
            return attrs.evolve(named[0], calls=frozenset(calls))
        if named:
            raise MoveError(f"`{' '.join(words)}` could be {' or '.join(f'`{m.text}`' for m in named[:4])}: "
                            "say which, with its verb")
        partly = _partly_named(st, decision.options, key)
        if len(partly) == 1:
            return attrs.evolve(partly[0], calls=frozenset(calls))
        if partly:
            _ambiguous(st, " ".join(words), partly)
        if any(m.kind == "card" for m in decision.options) and not any(spec.verb == verb for spec in _specs(st)):
            _why_not(st, decision, None, " ".join(words), [m for m in decision.options if m.kind == "card"])
        raise MoveError(f"`{verb}` is not a move now" + _you_can(st, decision, decision.options, None))
    if not rest:
        bare = [m for m in mine if m.arg is None]
        if bare:
            return attrs.evolve(bare[0], calls=frozenset(calls))
        if len(mine) == 1:
            return attrs.evolve(mine[0], calls=frozenset(calls))
        raise MoveError(f"`{verb}` what? for example `{mine[0].text}`")
    key = "".join(rest.lower().split())
    for m in mine:
        if m.arg is None:
            continue
        if key in _arg_keys(st, m):
            return attrs.evolve(m, calls=frozenset(calls))
    parted = [m for m in mine if isinstance(m.arg, tuple)]
    if parted:  # several arguments, or a set of cards, typed word by word (a set's cards in any order)
        words_ = [w for w in rest.lower().replace(",", " ").split() if w]
        specs = st.stack[-1].env["$options"]
        for m in parted:
            if _parts_match(st, specs[m.option], m.arg, words_):
                return attrs.evolve(m, calls=frozenset(calls))
    partly = _partly_named(st, mine, key)
    if len(partly) == 1:
        return attrs.evolve(partly[0], calls=frozenset(calls))
    if partly:
        _ambiguous(st, rest, partly)
    if mine[0].kind == "card":
        _why_not(st, decision, verb, rest, mine)
    raise MoveError(f"`{verb} {rest}` is not one of the moves" + _you_can(st, decision, mine, verb))


def _parts_match(st: State, spec, item: tuple, words: list) -> bool:
    if len(words) != len(item):
        return False
    parts = spec.parts
    keys = [_value_keys(st, v, parts[i] if i < len(parts) else "card") for i, v in enumerate(item)]
    if spec.kind != "cards":
        return all(w in k for w, k in zip(words, keys))
    left = list(keys)
    for w in words:  # each word names one card of the set, in any order
        hit = next((i for i, k in enumerate(left) if w in k), None)
        if hit is None:
            return False
        del left[hit]
    return True


def _value_keys(st: State, v, kind: str) -> set:
    """The words a player may type for one argument: a card's short or full name, a player's name, a value's
    name, display or short name, a number."""
    if kind == "card" and v.__class__ is str:  # a hidden card, by its place: `#2`
        return {v}
    if kind == "card":
        c = st.program.cards[v]
        return {c.short.lower(), "".join(c.name.lower().split())}
    if kind == "player":
        return {st.names[v].lower()}
    keys = {str(v).lower()}
    if isinstance(v, str):
        for a in st.program.attributes.values():
            info = a.info(v)
            if info:
                keys.update({info.display.lower().replace(" ", ""), info.short.lower()})
    return keys
def _specs(st: State) -> list:
    """The options of the decision pending (each with its verb, kind, doc, domain and `where`)."""
    return list(st.stack[-1].env.get("$options") or ()) if st.stack else []


def _partly_named(st: State, moves, key: str) -> list:
    """Card moves whose card has `key` as the value of one of its naming attributes (`7`, `blue`)."""
    out = []
    for m in moves:
        if m.kind != "card" or m.arg is None:
            continue
        card = st.program.cards[m.arg]
        for a in st.program.name_attrs:
            v = card.attrs.get(a)
            if v is None:
                continue
            info = st.program.attributes[a].info(v) if isinstance(v, str) else None
            said = {str(v).lower()} | ({info.display.lower().replace(" ", ""), info.short.lower()} if info else set())
            if key in said:
                out.append(m)
                break
    return out


def _ambiguous(st: State, typed: str, moves) -> None:
    names = []
    for m in moves:
        name = st.program.cards[m.arg].name
        if name not in names:
            names.append(name)
    if len(names) == 1:  # the same card twice, under two verbs
        raise MoveError(f"`{typed}` could be {' or '.join(f'`{m.text}`' for m in moves[:4])}: say which, with its verb")
    raise MoveError(f"`{typed}` could be {_or_list(names[:6])}: say which")


def _or_list(items: list) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _why_not(st: State, decision: Decision, verb, typed: str, open_moves) -> None:
    """Refuse a card that is not a move now, saying why: the option whose `where` it fails (with the option's
    own words and what is on the table), that no card is called that, or that the player has none."""
    p = st.program
    specs = [s for s in _specs(st) if s.kind == "card" and (verb is None or s.verb == verb)]
    named = p.card_by_text(typed)
    key = "".join(typed.lower().split())
    if not named:  # `7`, `blue`: the cards of the player's that it names
        named = [c for s in specs for c in _spec_domain(st, s)
                 if _partly_named(st, [Move(s.verb, c, "", kind="card")], key)]
        if verb is None and len({p.cards[c].name for c in named}) > 1:
            return  # `blue` alone, for several cards none of which fits: not a card, but no move either
    tail = _you_can(st, decision, open_moves if verb else decision.options, verb)
    if not named:
        raise MoveError(f"no {'card' if verb else 'move or card'} is called `{typed}`" + _held(st, decision, specs)
                        + tail)
    names = {p.cards[c].name for c in named}
    deck = p.deck_size
    for s in specs:  # a card a claim may name (not one held: `claim R4`) by its name
        mine = [c for c in _spec_domain(st, s) if c in named or c >= deck and p.cards[c].name in names]
        if mine:
            what = p.cards[mine[0]].name
            raise MoveError((f"`{verb} {typed}`: " if verb else "") + f"{what} cannot be chosen now: it does not fit `{s.verb}`" + (f", “{s.doc}”" if s.doc else "")
                            + _table_now(st, decision) + tail)
    what = p.cards[named[0]].name
    offered = [c for s in specs for c in _spec_domain(st, s) if c < deck]
    seen = next((c for c in named if c < deck and sees_card(st, c, decision.player)), None)
    if seen is not None and find_card(st, seen)[1] is None and offered and \
            all(find_card(st, c)[1] is None for c in offered):
        # the options take cards of the table (a patience's free cards) and this one lies there, in sight
        raise MoveError((f"`{verb} {typed}`: " if verb else "") + f"{p.cards[seen].name} lies in "
                        f"{spec_the(p.zones[find_card(st, seen)[0]])} and cannot be chosen now"
                        + _held(st, decision, specs) + tail)
    raise MoveError((f"`{verb} {typed}`: " if verb else "") + f"you have no {what} to choose" + tail)


def _spec_domain(st: State, spec) -> list:
    """The items of an option's domain the player deciding may know of (a card it may not see is not named), but
    `none` (the top of an empty zone, `[top(cell(k)) for k in 1..4]`), which no option offers."""
    items = [c for c in spec.domain(st, st.stack[-1].env) if c is not None] if spec.domain is not None else []
    if spec.kind == "card" and st.pending is not None:
        who = st.pending.player
        items = [c for c in items if c >= st.program.deck_size or sees_card(st, c, who)]
    return items


def _held(st: State, decision: Decision, specs) -> str:
    """`; your ZONE: CARDS`: the cards the options draw from (a hand, as a rule), by their short names."""
    cards = []
    for s in specs:
        cards += [c for c in _spec_domain(st, s) if c not in cards and c is not None and c < st.program.deck_size]
    if not cards:
        return ""
    p = st.program
    cards.sort(key=lambda c: sort_key(p, c))  # in the order the status shows a hand
    shown = " ".join(p.cards[c].short for c in cards[:20]) + (" ..." if len(cards) > 20 else "")
    return f"; {_where_held(st, decision.player, cards)}: {shown}"


def _where_held(st: State, player: int, cards: list) -> str:
    """Where the cards an option draws from lie, as its chooser is told: `your hand`, `Bo's hand` (a dummy's cards,
    chosen by the declarer), `the table`; `the cards` when they lie in several zones."""
    for z, held in zip(st.program.zones, st.zones):
        name = z.name.replace("_", " ")
        if not z.per_player:
            if all(c in held for c in cards):
                return f"the {name}"
            continue
        owner = player if all(c in held[player] for c in cards) else \
            next((o for o, h in enumerate(held) if all(c in h for c in cards)), None)
        if owner is not None:
            return f"your {name}" if owner == player else f"{st.names[owner]}'s {name}"
    return "the cards"


def _table_now(st: State, decision: Decision) -> str:
    """What a card is matched against, as the player sees it: the top of each shared pile that shows its top,
    and the table's values of the game's attributes (a colour chosen)."""
    v = view(st, decision.player)
    p = st.program
    facts = []
    for name, z in v["zones"].items():
        if isinstance(z, dict) and z["cards"] and z["cards"][-1] is not None:
            facts.append(f"{name}: {p.cards[z['cards'][-1]].name}")
    for name, value in v["vars"].items():
        kind = p.var_kinds.get(name, "")
        if p.shown_vars and name not in p.shown_vars:
            continue
        if isinstance(value, str) and kind.startswith("value:"):
            attr = p.attributes.get(kind[len("value:"):])
            info = attr.info(value) if attr is not None else None
            facts.append(f"{p.shown_vars.get(name) or name.replace('_', ' ')}: {info.display if info and info.display else value.replace('_', ' ')}")
    return f" ({', '.join(facts)})" if facts else ""


def _you_can(st: State, decision: Decision, listed, verb) -> str:
    """`; you can: ...`: the moves `listed` (those of the verb typed, or all), eight at most, and after a verb's
    moves the decision's other verbs, so a refusal never hides a move the player has; none listed, the verbs.
    In the Moves line's order (the verbs as the options come, a verb's cards as the hand shows them), as a
    sentence: `play R3, play R5, or draw`."""
    order = {v: i for i, v in enumerate(dict.fromkeys(m.verb for m in listed))}
    listed = sorted(listed, key=lambda m: (order[m.verb], sort_key(st.program, m.arg)
                                           if m.kind == "card" and isinstance(m.arg, int) else []))
    items = [m.text for m in listed[:8]] + ([f"{len(listed) - 8} more"] if len(listed) > 8 else [])
    verbs = list(dict.fromkeys(m.verb for m in decision.options))
    items += [v for v in verbs if v != verb] if verb and items else [] if items else verbs
    return "; you can: " + choices_sentence(items)


def _arg_keys(st: State, m: Move) -> set:
    """The ways a player may type a move's argument: its text, a card's full name, a value's display or short name."""
    keys = {"".join(m.text.split()[1:]).lower()}
    arg = m.arg
    if m.kind == "card":
        keys.add("".join(st.program.cards[arg].name.lower().split()))
    elif isinstance(arg, str):
        for a in st.program.attributes.values():
            info = a.info(arg)
            if info:
                keys.update({info.display.lower().replace(" ", ""), info.short.lower()})
    return keys
