"""A decision's legal moves: each option's items drawn from its domain, filtered by `where`, made into moves once."""
from __future__ import annotations

from .state import Move, State


def options_for(st: State, player: int, specs: tuple, env: dict) -> list:
    """The legal moves of one decision: each option's argument drawn from its domain, filtered by `where`.
    Two items that would read the same (two Red 7s) give one move."""
    out: list = []
    seen: set = set()
    for spec in specs:
        add_options(st, spec, env, out, seen)
    return out


def add_options(st: State, spec, env: dict, out: list, seen: set) -> None:
    """The moves of one option, added to `out`; `seen` holds what the decision's moves already read as."""
    kind = spec.kind
    legal = spec.legal(st, env) if spec.legal is not None else None  # an option with an argument has one
    if (legal.__class__ is tuple and kind != "player" and not spec.shared
            and (kind != "card" or spec.card_moves[0] is st.program.cards)):
        # Items kept by the values their `where` reads (a fixed list filtered): so are their moves.  An option
        # no other shares its verb with cannot meet another's moves in `seen`.
        kept = spec.kept.get(legal)
        if kept is None:
            if len(spec.kept) >= 4096:
                spec.kept.clear()
            kept = []
            _add_options(st, spec, env, kept, set(), legal)
            spec.kept[legal] = kept
        out += kept
        return
    _add_options(st, spec, env, out, seen, legal)


def _add_options(st: State, spec, env: dict, out: list, seen: set, legal) -> None:
    """`add_options` with the option's legal items worked out (None for an option without an argument)."""
    kind = spec.kind
    if kind == "card":
        cards, moves = spec.card_moves
        if cards is not st.program.cards:
            moves = _card_moves(spec, st.program)
        if st.program.distinct and not spec.shared:  # no two moves of this option can read the same
            out += [moves[c] for c in legal]
            return
        canon, twin = st.program.canon, st.program.twin
        group = spec.group
        # One move for the first of the cards of each name (`not seen.add(k)` is true, and notes k); a card
        # no other card shares its name with needs no looking.
        out += [moves[c] for c in legal if not twin[c] or (k := canon[c] + group) not in seen and not seen.add(k)]
        return
    if spec.bind is not None:  # several arguments, or a set of cards: each item a tuple, its move made here
        # and kept for the game's names and cards its text reads (a search's playouts ask the same items again)
        parts = spec.parts
        kept, names, cards = spec.moves, st.names, st.program.cards
        if len(kept) >= 4096:
            kept.clear()
        # Two items that read the same (two 6s of two decks, each with the same pile) give one move, the first: a
        # card's short name is its copies' alone.  (An option with a card its chooser may not see is offered again
        # by place, `blind.offer`, each hidden card its own.)
        texts = None if st.program.distinct else set()
        for item in legal:
            had = kept.get(item)
            if had is not None and had[0] is names and had[1] is cards:
                move = had[2]
            else:
                text = " ".join([spec.verb, *(arg_text(st, v, parts[i] if i < len(parts) else "card")
                                              for i, v in enumerate(item))])
                move = Move(spec.verb, item, text, spec.index, spec.doc, kind=kind, reveals=spec.reveals)
                kept[item] = (names, cards, move)
            if texts is not None:
                if move.text in texts:
                    continue
                texts.add(move.text)
            out.append(move)
        return
    if spec.legal is None:
        if kind == "rule":
            out.append(_move(spec, None, f"{spec.verb} RULE"))
        elif spec.where is None or spec.where(st, env):
            out.append(spec.moves.get(None) or _move(spec, None, spec.verb))
        return
    moves = spec.moves
    group = spec.group
    for item in legal:
        key = (group, item)
        if key in seen:
            continue
        seen.add(key)
        if kind == "player":  # its text holds the player's name, which is this game's: kept with the names
            had = moves.get(item)  # it was made for (a game's list of names; its search's copies share it)
            names = st.names
            if had is None or had[0] is not names:
                had = moves[item] = (names, Move(spec.verb, item, f"{spec.verb} {names[item]}", spec.index, spec.doc,
                                                 kind=kind, reveals=spec.reveals))
            out.append(had[1])
            continue
        move = moves.get(item)
        out.append(move if move is not None else _move(spec, item, f"{spec.verb} {item}"))


def card_moves(spec, program) -> tuple:
    """A card option's moves, one per card id of the program (made once)."""
    cards, moves = spec.card_moves
    return moves if cards is program.cards else _card_moves(spec, program)


def _card_moves(spec, program) -> tuple:
    """The moves of a card option, one per card id of a program, made once."""
    moves = tuple(Move(spec.verb, c.id, f"{spec.verb} {c.short}", spec.index, spec.doc, kind="card", reveals=spec.reveals)
                  for c in program.cards)
    spec.card_moves = (program.cards, moves)
    return moves


def _move(spec, item, text: str) -> Move:
    """The move of an option and an item, made once and kept (moves are immutable)."""
    move = Move(spec.verb, item, text, spec.index, spec.doc, kind=spec.kind or "", reveals=spec.reveals)
    if spec.kind != "rule":
        spec.moves[item] = move
    return move


def arg_text(st: State, item, kind: str) -> str:
    """How a move's argument is typed: a card's short name, a player's name, a value as it is."""
    if kind == "card":
        return st.program.cards[item].short
    if kind == "player":
        return st.names[item]
    return str(item)
