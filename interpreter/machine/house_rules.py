"""Rules written in play: by the game (an Add-a-Rule), or by the table with the `house` command."""
from __future__ import annotations

import attrs

from ..errors import MoveError, RulesError
from ..events import HouseRuleEvent
from .state import State


def add_house_rule(st: State, text: str, key, author, agreed: bool = False) -> None:
    """Compile a rule written in play and put it in force; under a key already used, it replaces that rule.
    `agreed`: by the table (the `house` command), which read it: it may test cards its author may not see."""
    rule = st.program.compile_rule(text, key, author, agreed)
    program = st.program
    old = st.house.pop(key, None) if key is not None else None
    if old is not None:
        program = program.without_rule(old["name"])
    # Only its own key replaces a rule made in play: a new rule whose name another key's rule holds takes the
    # first free `NAME_2`, `NAME_3`..., so that every rule listed in `house` is one that fires.
    taken = {r["name"] for r in st.house.values()}
    if rule.name in taken:
        n = 2
        while f"{rule.name}_{n}" in taken:
            n += 1
        rule = attrs.evolve(rule, name=f"{rule.name}_{n}")
    st.program = program.with_rule(rule)
    st.house[key if key is not None else rule.name] = {"name": rule.name, "text": text, "author": author}
    st.emit(HouseRuleEvent(player=author, key=key, name=rule.name, text=text, replaced=old["text"] if old else None))


def house(st: State, seat: int, text: str) -> None:
    """The `house` command: the table agrees to a rule, within the game's limit; it is part of the record."""
    st.drop_checkpoint()  # the state changes outside a move
    made = sum(1 for v in st.house.values() if v.get("table"))
    if made >= st.program.house_limit:
        raise MoveError(f"this game allows {st.program.house_limit} house rule(s) added by the table; there are {made}")
    snap = st.snapshot()
    try:
        # A table's rule is known by the name it was written with (a new one of that name replaces it, even
        # one of the game's own rules), or else by its number among the table's rules.
        named = st.program.compile_rule(text, None, seat, True).name
        number = next(i for i in range(1, len(st.house) + 2) if f"table_rule_{i}" not in st.house)
        key = named if text.lstrip().startswith("rule ") else f"table_rule_{number}"
        # ... but not a rule the game made in play (an Add-a-Rule's): only the game's own rules change those.
        made = next((k for k, r in st.house.items() if r["name"] == key and not r.get("table")), None)
        if made is not None:
            raise MoveError(f"`{key}` is the rule made in play for {made}; only the game can change it: give the "
                            "table's rule another name")
        add_house_rule(st, text, key, seat, agreed=True)
        st.house[key]["table"] = True
    except RulesError:
        st.restore(snap)
        raise
    st.forget(snap)
    st.moves.append((seat, "house " + text))
