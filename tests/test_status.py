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


def test_the_empty_zones_of_the_table_are_told_in_one_fact_a_row_by_its_numbers():
    """FreeCell (tests/rules/freecell.rules): 8 columns, 4 free cells, 4 foundations. The status listed each empty
    zone on its own (`free cell 1: 0 cards`, ... eight of them at the start), filling the screen; the empty zones of
    the table are now one fact, a numbered row's by their numbers, so which free cells are empty is still told."""
    from test_newcomer11 import DESCENDING, FREECELL

    g = Game(rulelang.load(FREECELL), 1, seed=1, stack=DESCENDING)
    shown = status(g)
    assert not any("0 cards" in s for s in shown)
    assert [s for s in shown if "empty" in s] == ["empty: stock, free cell 1 to 4, foundation 1 to 4"]
    g.apply(0, "park 1")   # the Ace of Spades into free cell 1
    g.apply(0, "park 2")   # the Ace of Hearts into free cell 2
    g.apply(0, "home AS")  # and from there home
    shown = status(g)
    assert [s for s in shown if "empty" in s] == ["empty: stock, free cell 1, 3, 4, foundation 2 to 4"]
    assert "free cell 2: ♥Ace Hearts" in shown and "foundation 1: ♠Ace Spades" in shown
    assert len(shown) == 8 + 2 + 1 + 3  # the columns, two zones with a card, the empties, moves/direction/to play


def test_one_empty_zone_is_told_as_empty():
    g = Game(rulelang.load_text(TABLE), ["Ann", "Bo"], seed=1)
    assert [s for s in status(g) if "empty" in s or "0 cards" in s] == ["empty: discard pile"]
