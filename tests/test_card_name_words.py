"""`name cards by rank "of" suit`: words of the file's own between the values that name a card ("Queen of Hearts"),
said where both values they stand between are part of the name, never part of the short name players type."""
import pytest

import rulelang
from interpreter.game import Game
from rulelang.errors import RulesError

GAME = """\
game "Named"
players 2..2 default 2
attribute rank ordered { two "2" short "2"  queen "Queen" short "Q"  ace "Ace" short "A"  joker "Joker" short "Jo" }
attribute suit { hearts "Hearts" short "H"  spades "Spades" short "S" }
name cards by NAMING
deck stock {
  for r in [two, queen, ace] {
    for s in suit {
      card {rank: r, suit: s}
    }
  }
  card {rank: joker}
}
zone stock hidden
zone hand private per player
zone pile public
setup {
  deal 3 from stock to hand
}
turn {
  choose current {
    play c in hand(current) "play a card" {
      move c to pile
      win current
    }
  }
}
"""


def names(naming: str) -> list[str]:
    program = rulelang.load_text(GAME.replace("NAMING", naming))
    return [c.name for c in program.cards], [c.short for c in program.cards]


def test_a_word_between_two_values_joins_them_and_is_left_out_of_the_short_name():
    full, short = names('rank "of" suit')
    assert full[:3] == ["2 of Hearts", "2 of Spades", "Queen of Hearts"]
    assert short[:3] == ["2H", "2S", "QH"]


def test_a_word_is_said_only_where_the_values_beside_it_are_both_named():
    full, short = names('rank "of" suit')
    assert full[-1] == "Joker" and short[-1] == "Jo"  # a joker has no suit: no "of" after it
    full, _ = names('"the" rank "of" suit')
    assert full[2] == "the Queen of Hearts" and full[-1] == "the Joker"


def test_several_words_in_one_string_and_between_every_pair():
    full, _ = names('suit "card, rank" rank')
    assert full[2] == "Hearts card, rank Queen"


def test_a_card_is_typed_by_its_full_name_with_the_words_or_by_its_short_name():
    program = rulelang.load_text(GAME.replace("NAMING", 'rank "of" suit'))
    g = Game(program, ["Ann", "Bo"], seed=1)
    card = next(c for c in map(g.card, (o.arg for o in g.state.pending.options)) if " of " in c.name)
    g2 = Game(program, ["Ann", "Bo"], seed=1)
    g.apply(0, f"play {card.name}")
    g2.apply(0, f"play {card.short}")
    assert g.state.winners == g2.state.winners == [0]
    assert g.state.zones == g2.state.zones


@pytest.mark.parametrize("naming, message", [
    ('rank "" suit', "a word in `name cards by` may not be empty"),
    ('rank "   " suit', "a word in `name cards by` may not be empty"),
    ('rank "of\\nthe" suit', "may not hold a line break"),
    ('"of" "the"', "names no attribute"),
])
def test_a_bad_word_is_refused_at_its_place(naming, message):
    with pytest.raises(RulesError) as e:
        rulelang.load_text(GAME.replace("NAMING", naming))
    assert message in str(e.value)
    assert e.value.loc.line == 5
