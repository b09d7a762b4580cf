"""One narrator: a live event told to a seat (`Game.narrate`), a --log file read back (`rulelang replay`) and
the prompt's lines (`Game.tell`, styled by `host.tell_lines`) say the same things in the same words; a claim is told once."""
from __future__ import annotations

import json

import pytest

from helpers import new_game, play, program
from interpreter import Game
from interpreter.bots import ask_bot, make_bot
from interpreter.events import from_dict
from rulelang.terminal.host import public_event, tell_lines
from rulelang.terminal.replay import tell_public

GAMES = ["express", "liars", "whos_lying", "house", "droid"]


def bots_game(name: str, seed: int, moves: int = 300) -> Game:
    """A game of random bots, as far as `moves` moves."""
    g = Game(program(name), 3, seed=seed)
    bots = [make_bot("random", seed * 10 + seat) for seat in range(3)]
    for _ in range(moves):
        if g.over or g.pending is None:
            break
        seat = g.pending.player
        g.apply(seat, ask_bot(bots[seat], g, seat, g.pending))
    return g


def plain(line) -> str:
    return "".join(text for _, text in line)


@pytest.mark.parametrize("name", GAMES)
def test_a_log_read_back_is_told_as_the_table_is_told_live(name):
    """Every event of a game, written to a --log file the way the host writes it and read back, is told in the
    very words the live narrator tells the table (`narrate(event, None)`): window passes aside, which the
    log keeps and the table is not told."""
    for seed in (1, 2):
        g = bots_game(name, seed)
        logged = [from_dict(json.loads(json.dumps(public_event(g, ev), ensure_ascii=False))) for ev in g.events]
        hand = next((z.name for z in g.program.zones if z.per_player), None)
        for i, ev in enumerate(g.events):
            if ev.type == "choice" and ev.pass_:
                continue
            assert tell_public(logged, i, hand) == g.narrate(ev, None), (i, ev)


def test_a_claim_is_told_once_at_the_prompt():
    """The choice of a claim, the card laid face down and the claim are one line, for the layer and the others."""
    g = new_game("liars", [["R1", "LR2", "LB3", "B4", "Y6", "LY7", "G8"], ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"],
                           ["G6", "G7", "LG8", "B8", "B0", "Y4", "Y9"]], "R5", ["G1", "G2"])
    play(g, 0, "bluff LB3")
    start = len(g.events)
    play(g, 0, "claim R2")
    assert [plain(line) for line in tell_lines(g, g.events[start:], 1)] == [
        "P1 puts 1 card on the discard pile face down and says it is Red 2"]
    assert [plain(line) for line in tell_lines(g, g.events[start:], None)] == [
        "P1 puts 1 card on the discard pile face down and says it is Red 2"]
    assert [plain(line) for line in tell_lines(g, g.events[start:], 0)] == [
        "You put ♦Liar's Blue 3 on the discard pile face down and say it is Red 2"]
    told = " ".join(plain(line) for line in tell_lines(g, g.events, 1))
    assert "claims" not in told and told.count("says it is Red 2") == 1


def test_an_announced_colour_is_told_once():
    """Cards laid one at a time are told as they are laid; the colour chosen is told by the claim alone."""
    g = Game(program("whos_lying"), 3, seed=1)
    for seat, text in [(0, f"lay {c}") for c in _hand_shorts(g, 0)[:2]] + [(0, "stop")]:
        play(g, seat, text)
    start = len(g.events)
    said = [o.text for o in g.legal()][0]
    play(g, 0, said)
    colour = g.view(None)["claim"]["text"]
    assert [plain(line) for line in tell_lines(g, g.events[start:], 1)] == [f"P1 says they are 2 × {colour}"]
    assert [g.narrate(ev, 1) for ev in g.events[start:] if g.narrate(ev, 1)] == [f"P1 says they are 2 × {colour}"]


def _hand_shorts(g, seat) -> list[str]:
    return [g.program.cards[c].short for c in g.state.zone(next(z.index for z in g.program.zones if z.per_player), seat)]


def test_a_card_turned_over_where_it_lies_is_told_so():
    from interpreter.narrator import tell

    ev = {"type": "move", "cards": ["Liar's Yellow 3"], "src": "discard", "src_owner": None, "dst": "discard",
          "dst_owner": None, "face": "up"}
    assert tell(from_dict(ev), None, None) == "Liar's Yellow 3 is turned face up on the discard pile"


def test_names_of_several_words_are_told_as_words():
    """A verb `pick_up` is told "Bo picks up", "you pick up"; a zone `trump_card` "the trump card pile"."""
    from interpreter.narrator import Narrator, tell

    assert Narrator(None).acts("Bo", "pick_up") == "Bo picks up"
    assert Narrator("Bo").acts("Bo", "pick_up") == "you pick up"
    ev = {"type": "move", "cards": ["8 Spades"], "src": "talon", "src_owner": None, "dst": "trump_card",
          "dst_owner": None, "face": None}
    assert tell(from_dict(ev), None, None) == "8 Spades goes from the talon pile to the trump card pile"
    # a player's own pile run out is theirs by name, "your" to them
    from rulelang import load_text

    g = Game(load_text("""game "Empty"
players 2..2
attribute value 1..4
deck stock { for n in 1..4 { card {value: n} } }
zone stock hidden
zone own_pile hidden per player
zone hand private per player
setup { deal 1 from stock to own_pile }
turn { choose current { draw { move 2 from own_pile(current) to hand(current) } } }
"""), ["Ann", "Bo"], seed=1)
    g.apply(0, "draw")
    said = [e for e in g.events if e.type == "say"][-1]
    assert [g.narrate(said, s) for s in (0, 1)] == ["your own pile is empty: 1 of 2 cards moved",
                                                     "Ann's own pile is empty: 1 of 2 cards moved"]



HOLE_CARD = """
game "Hole card"
players 2..2 default 2
attribute number 1..9
name cards by number
deck stock {
  for n in 1..9 {
    card {number: n}
  }
}
zone stock hidden
zone house public
setup {
  move 1 from stock to house face down
}
turn {
  choose current {
    look "turn the house's card up" {
      reveal house to players
      win current
    }
  }
}
"""


def test_a_card_of_the_table_that_nobody_knew_is_turned_up_not_shown_by_the_current_player():
    """A card dealt face down from a pile to the table is nobody's: revealed, it is "turned up", not "Ann shows"."""
    import rulelang

    g = Game(rulelang.load_text(HOLE_CARD), ["Ann", "Bo"], seed=1)
    g.apply(0, "look")
    card = g.card(g.state.zones[1][-1]).name
    reveal = next(e for e in g.events if e.type == "reveal")
    assert [g.narrate(reveal, seat) for seat in (None, 0, 1)] == [f"turned up: {card}"] * 3

AGREEING = """
game "Agree"
players 2..2 default 2
attribute number 1..9
name cards by number
deck stock {
  for n in 1..9 {
    card {number: n}
  }
}
zone stock hidden
zone hand private per player
setup {
  deal 2 from stock to hand
}
turn {
  let c = top(hand(current))
  let n = size(hand(current))
  say "the {c} is a card: {current} {holds|hold} it, and {next} {waits|wait}"
  say "{current} {has|have} {n} cards left"
  say "nobody {is|are} named here"
  say "{current} plays on"
  say "{current} {draws|draw}, so {current} {waits|wait} and {next} {plays|play}"
  choose current "{current} {plays|play} on" {
    go "go on" {
      win current
    }
  }
}
"""


def test_a_rule_text_says_you_to_the_player_it_is_about_and_agrees_with_it():
    """`{is|are}` forms: the first is said of a player, the second to the player the text is about (the
    first player it names), who is called "you" (at the start of the text, "You")."""
    import rulelang

    g = Game(rulelang.load_text(AGREEING), ["Ann", "Bo"], seed=1)
    said = [e for e in g.events if e.type == "say"]
    table = [g.narrate(e, None) for e in said]
    # Ann's card, in her hand, is out of the table's sight: the table (and Bo) is told "a card" (#15).
    assert table[0] == "the a card is a card: Ann holds it, and Bo waits"
    assert table[1:] == ["Ann has 2 cards left", "nobody is named here", "Ann plays on",
                         "Ann draws, so Ann waits and Bo plays"]
    to_ann = [g.narrate(e, 0) for e in said]
    ann_card = g.card(g.state.zones[1][0][-1]).name
    assert to_ann[0] == f"the {ann_card} is a card: you hold it, and Bo waits"
    assert to_ann[1:] == ["You have 2 cards left", "nobody is named here",
                          "Ann plays on",  # a text without forms is told alike to everyone: its verbs agree
                          "You draw, so you wait and Bo plays"]
    # every player a text with forms names is told it so, each form agreeing with the player named last before it
    assert [g.narrate(e, 1) for e in said] == ["the a card is a card: Ann holds it, and you wait", *table[1:4],
                                               "Ann draws, so Ann waits and you play"]
    assert g.pending.prompt == "Ann plays on"  # a prompt is told as to anyone


@pytest.mark.parametrize("name", GAMES + ["uno"])
def test_every_event_a_game_records_is_of_a_declared_kind(name):
    """The machine emits only the records `interpreter.events.KINDS` declares, so what reads events by kind and
    field (the narrator, a log, a network client) reads what is there."""
    from interpreter.events import KINDS

    g = bots_game(name, 3, moves=150)
    kinds = set()
    for ev in g.events:
        assert KINDS[ev.type] is type(ev), ev
        kinds.add(ev.type)
    assert {"deal", "move", "choice", "turn"} <= kinds


def test_a_card_played_that_waits_on_a_second_choice_is_told_by_name_and_cards_taken_by_the_choice():
    """Scopa's play is two choices (`play c`, then `take cs from table` before `c` moves): the play is told with
    the card's name, not its short name from the move's text, and the take as the cards it took."""
    import rulelang
    from interpreter.narrator import plain, tell_events

    g = Game(rulelang.load("examples/more/scopa.rules"), ["Ann", "Bo"], seed=3)
    start = len(g.events)
    g.apply(0, g.seat(0).options()[0])
    card = g.program.cards[g.events[-1].card]
    takes = g.seat(0).options()
    assert [o.verb for o in takes] == ["take"]  # seed 3: the card played takes from the table
    g.apply(0, takes[0])
    taken = [g.program.cards[c].name for c in g.events[start + 2].cards]
    lines = [plain(line) for line in tell_events(g.state, g.events[start:], 0)]
    assert lines[:2] == [f"You play {card.name}", f"You take {', '.join(taken)} from the table pile into your taken"]
    assert card.name != card.short
