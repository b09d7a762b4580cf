"""The status at the prompt (the toolbar, and the table `hand` prints): what it shows of each zone."""
from __future__ import annotations

import rulelang
from interpreter import Game
from rulelang.terminal.host import Host, Screen

TABLE = """
game "Fishing"
players 2..2
attribute rank 1..3
name cards by rank
deck stock { for r in rank { card {rank: r} card {rank: r} } }
zone stock hidden
zone table public
zone discard_pile public
zone hand_cards private per player
zone taken per player public
setup {
  deal 1 from stock to hand_cards
  move 3 from stock to table
}
turn {
  choose current {
    play c in hand_cards(current) {
      if any(t.rank == c.rank for t in table) { move c to taken(current) } else { move c to discard_pile }
    }
  }
  if size(hand_cards(current)) == 0 and size(hand_cards(next)) == 0 { win current }
}
"""


def status(g, seat=0) -> list[str]:
    host = Host(g, humans=[0, 1], bots={}, screen=Screen(tty=False), delay=0)
    return ["".join(t for _, t in fact) for fact in host.table_facts(seat)]


def test_a_zone_the_rules_read_card_by_card_is_shown_whole_and_a_pile_by_its_top(capsys):
    """`for t in table` reads every card of the table: the status lists them all; the discard pile, only ever
    moved to, shows its top. Zones are named in words (`hand cards`), a per-player zone by its own name (`taken`,
    not `takens`)."""
    g = Game(rulelang.load_text(TABLE), ["Ann", "Bo"], seed=1)
    table = g.state.zones[g.program.zone_index["table"]]
    names = [g.program.cards[c].short for c in table]
    assert f"table: {' '.join(names)}" in status(g)
    assert "hand cards: Ann 1, Bo 1" in status(g)
    Host(g, humans=[0, 1], bots={}, screen=Screen(tty=False), delay=0).show_table(0, full=True)
    assert "Your hand cards (1): " in capsys.readouterr().out
    for seat in (0, 1):
        g.apply(seat, g.seat(seat).options()[0])
    pile = g.state.zones[g.program.zone_index["discard_pile"]]
    taken = [len(h) for h in g.state.zones[g.program.zone_index["taken"]]]
    shown = status(g)
    assert (f"discard pile: {g.program.cards[pile[-1]].name}" in shown) == bool(pile)  # its top only, by name
    assert (f"taken: Ann {taken[0]}, Bo {taken[1]}" in shown) == any(taken)
    assert not any("_" in s for s in shown)


def test_a_zone_declared_show_top_or_show_all_is_shown_so_whatever_its_rules_read():
    """`show top` overrides the guess of a table read card by card; `show all` shows every card of a pile the
    rules only move to.  Speed's two piles, read through `middle(k)`, say `show top`."""
    text = TABLE.replace("zone table public", "zone table public show top").replace(
        "zone discard_pile public", "zone discard_pile show all public")  # the words in any order
    g = Game(rulelang.load_text(text), ["Ann", "Bo"], seed=1)
    cards = g.program.cards
    table = g.state.zones[g.program.zone_index["table"]]
    assert len(table) == 3 and f"table: {cards[table[-1]].name}" in status(g)
    for seat in (0, 1):
        g.apply(seat, g.seat(seat).options()[0])
    pile = g.state.zones[g.program.zone_index["discard_pile"]]
    assert len(pile) == 2 and f"discard pile: {' '.join(cards[c].short for c in pile)}" in status(g)
    speed = rulelang.load("examples/more/speed.rules")
    assert {z.name: z.shown for z in speed.zones}["left"] == "top"
    assert {z.name: z.shown for z in rulelang.load_text(TABLE).zones}["table"] == "all"  # the guess, unsaid
