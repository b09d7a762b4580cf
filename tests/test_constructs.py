"""The constructs of issue #16, each in a small game written for it: what the docs say each does, played."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import Game
from rulelang.errors import RulesError
from tests.helpers import ROOT

# A small deck shared by the games below: four ranks in two colours, two of each card.
BASE = """
game "T"
players 2..4
attribute colour { red "Red" short "R"  blue "Blue" short "B" }
attribute rank ordered { two "2" three "3" four "4" ace "Ace" short "A" }
name cards by colour rank
deck draw { for c in colour { for r in rank { 2 cards {colour: c, rank: r} } } }
zone draw hidden
zone pile public
zone hand private per player
"""


def game(text: str, players: int = 2, stack=None, seed: int = 1) -> Game:
    return Game(rulelang.load_text(BASE + text), players, seed=seed, stack=stack)


def play(g: Game, *moves: str) -> None:
    for text in moves:
        g.apply(g.pending.player, text)


# ------------------------------------------------------------------ if ... then ... else


def test_if_then_else_gives_one_value_or_the_other():
    g = game("""
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    lay c in hand(current) {
      move c to pile
      set score(current) = score(current) + (if c.colour == red then 10 else 1)
      if size(pile) == 2 { win current }
    }
  }
}
""", stack=["R2", "B2", "B3", "R3"])
    play(g, "lay R2", "lay B2")
    assert g.scores == [10, 1]


def test_if_then_else_nests_and_binds_loosest():
    g = game("""
setup { shuffle draw  deal 1 from draw to hand }
define worth(card) = if card.colour == red then if card.rank == ace then 5 else 2 else 0
turn {
  choose current {
    lay c in hand(current) { set score(current) = worth(c) + 1  win current }
  }
}
""", stack=["RA", "B2"])
    play(g, "lay RA")
    assert g.scores == [6, 0]


def test_if_then_else_branches_of_two_types_are_refused():
    with pytest.raises(RulesError) as e:
        rulelang.load_text(BASE + """
setup { shuffle draw }
turn { choose current { go { set score(current) = if size(pile) == 0 then 1 else red } } }
""")
    assert "gives a number one way and a colour the other" in str(e.value)


# ------------------------------------------------------------------ out, lose: seats that leave play

SHED = """
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    lay c in hand(current) {
      move c to pile
      if size(hand(current)) == 0 { out current }
    }
    pass_on "nothing" { }
  }
}
score { for p in players { set score(p) = size(players) - place(p) } }
"""


def test_out_gives_places_and_turns_pass_over_seats_out():
    # P1 is dealt R2 R3, P2 B2 B3, P3 R4 B4 (dealt one at a time round the table).
    g = game(SHED, players=3, stack=["R2", "B2", "R4", "R3", "B3", "B4"])
    play(g, "lay R2", "lay B2", "lay R4", "lay R3")  # P1 is out, first
    assert g.pending.player == 1  # P2, not P1
    play(g, "pass_on", "lay B4")  # P3 is out second: one seat is left, the hand ends
    assert g.over and g.winners == [0]
    assert g.state.finished == [0, 2, 1]
    assert g.scores == [2, 0, 1]


def test_others_and_next_pass_over_a_seat_out():
    g = game("""
var after_me per player = none
setup { shuffle draw  deal 1 from draw to hand }
turn {
  choose current {
    go {
      if current == first(players) { out current }
      set score(current) = size(others(current))
      set after_me(current) = next
      if current == before(first(players)) { win current }
    }
  }
}
""", players=3)
    play(g, "go")  # P1 is out: the others in play for P1 are P2 and P3, and next is P2
    play(g, "go")  # P2: the others are P3 only (P1 is out), and next is P3
    play(g, "go")  # P3: the others are P2; next passes over P1 to P2
    assert g.scores == [2, 1, 1]
    assert g.state.pvars["after_me"] == [1, 2, 1]


def test_lose_leaves_the_last_seat_in_play_the_winner():
    g = game("""
setup { shuffle draw }
turn { choose current { fold { lose current } stay { } } }
score { for p in players { set score(p) = place(p) } }
""", players=3)
    play(g, "stay", "fold", "stay", "fold")  # P2 then P1 are knocked out (P3's turn passes to P1)
    assert g.over and g.winners == [2]
    assert g.state.finished == [2, 0, 1]
    assert g.scores == [2, 3, 1]


def test_a_seat_out_of_play_takes_no_turn_even_the_first_or_one_given_by_turn_to():
    # A partner who sits the hand out (Euchre's going alone): the first player, out in `setup`, is passed over;
    # `turn to` a seat out of play passes to the seat after it.
    g = game("""
setup { shuffle draw  lose first(players) }
turn { choose current { go { if current == nth(players, 3) { turn to first(players) } } } }
""", players=3)
    assert g.pending.player == 1  # P1 is out: P2 plays first
    play(g, "go")
    assert g.pending.player == 2
    play(g, "go")  # P3 gives the turn to P1, who is out: it passes to P2
    assert g.pending.player == 1


# ------------------------------------------------------------------ ordered attributes


def test_ordered_values_compare_by_their_place_and_step_round_the_order():
    g = game("""
var beats = false
var highest = none
var lowest = none
var up = none
var down = none
var sorted = none
setup { shuffle draw  deal 3 from draw to hand }
turn {
  choose current {
    look {
      set beats = ace > four and two < three and not (three >= four)
      set highest = max(c.rank for c in hand(current))
      set lowest = min([c.rank for c in hand(current)])
      set up = next(ace)
      set down = previous(two)
      set sorted = sort([c.rank for c in hand(current)])
      win current
    }
  }
}
""", stack=["R4", "B2", "RA", "B2", "R3", "R2"])
    play(g, "look")
    v = g.state.vars
    assert v["beats"] is True
    assert (v["highest"], v["lowest"]) == ("ace", "three")  # P1 holds R4 RA R3 (the stack is dealt round the table)
    assert (v["up"], v["down"]) == ("two", "ace")
    assert v["sorted"] == ["three", "four", "ace"]


def test_a_card_beats_another_by_an_ordered_attribute():
    g = game("""
setup { shuffle draw  deal 1 from draw to hand }
turn {
  choose current {
    lay c in hand(current) where size(pile) == 0 or c.rank > top(pile).rank {
      move c to pile
      if size(pile) == 2 { win current }
    }
    pass_on { win next }
  }
}
""", stack=["R3", "BA"])
    play(g, "lay R3")
    assert [m.text for m in g.legal()] == ["lay BA", "pass_on"]
    play(g, "lay BA")
    assert g.winners == [1]


def test_max_and_min_by_keys_follow_an_order_that_changes_in_play():
    g = game("""
var trumps = red
var high = none
var low = none
setup { shuffle draw  deal 3 from draw to hand }
turn {
  choose current {
    look {
      set high = max(c for c in hand(current) by c.colour == trumps, c.rank)
      set low = min(c for c in hand(current) by c.colour == trumps, c.rank)
      again
    }
    switch { set trumps = blue  again }
  }
}
""", stack=["R2", "B2", "BA", "B4", "B3", "R3"])
    names = lambda: tuple(g.program.cards[g.state.vars[k]].short for k in ("high", "low"))
    play(g, "look")
    assert names() == ("R2", "B3")  # P1 holds R2 BA B3: red is trumps, so the red two ranks above the blue ace
    play(g, "switch", "look")
    assert names() == ("BA", "R2")


def test_values_without_an_order_are_refused_with_the_way_to_give_them_one():
    with pytest.raises(RulesError) as e:
        rulelang.load_text(BASE + """
setup { shuffle draw }
turn { choose current { go where red < blue { win current } } }
""")
    assert "colours have no order" in str(e.value) and "attribute colour ordered" in str(e.value)


# ------------------------------------------------------------------ options of several arguments, of a set of cards


FISH = """
var asked per player = none
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    ask p in others(current), r in [c.rank for c in hand(current)] where size(hand(p)) > 0
        "ask a player for a rank you hold" {
      set asked(current) = r
      move [c for c in hand(p) if c.rank == r] to hand(current)
      win current
    }
    go_fish { win next }
  }
}
"""


def test_an_option_of_two_arguments_is_typed_on_one_line_and_enumerated():
    # P1: R2 R3; P2: B2 BA; P3: B3 RA
    g = game(FISH, players=3, stack=["R2", "B2", "B3", "R3", "BA", "RA"])
    assert [m.text for m in g.legal()] == ["ask P2 two", "ask P2 three", "ask P3 two", "ask P3 three", "go_fish"]
    g.apply(0, "ask p3 3")  # the value by its display name, the player by theirs
    assert g.state.pvars["asked"][0] == "three"
    assert sorted(g.program.cards[c].short for c in g.state.zone(g.program.zone_index["hand"], 0)) == ["B3", "R2", "R3"]


def test_the_moves_of_two_arguments_kept_for_one_game_name_its_own_players():
    # an option's moves of several arguments are kept per item (for a search's playouts), for the names they read
    program = rulelang.load_text(BASE + FISH)
    stack = ["R2", "B2", "B3", "R3", "BA", "RA"]
    first = Game(program, ["Ann", "Bob", "Cy"], seed=1, stack=stack)
    other = Game(program, ["Di", "Ed", "Flo"], seed=1, stack=stack)
    assert [m.text for m in first.legal()][:2] == ["ask Bob two", "ask Bob three"]
    assert [m.text for m in other.legal()][:2] == ["ask Ed two", "ask Ed three"]
    assert [m.text for m in first.legal()][:2] == ["ask Bob two", "ask Bob three"]


def test_a_move_of_two_arguments_not_allowed_is_refused():
    g = game(FISH, players=3, stack=["R2", "B2", "B3", "R3", "BA", "RA"])
    with pytest.raises(Exception) as e:
        g.apply(0, "ask P2 ace")  # a rank P1 does not hold
    assert "not one of the moves" in str(e.value)


SETS = """
setup { shuffle draw  deal 4 from draw to hand }
turn {
  choose current {
    lay 1..3 cs from hand(current) where all(c.rank == first(cs).rank for c in cs) "lay cards of one rank" {
      move cs to pile
      set score(current) = size(cs)
      win current
    }
  }
}
"""


def test_an_option_takes_a_set_of_cards_typed_in_any_order():
    # P1: R2 B2 R3 RA (twins in the deck give one move for sets that read the same)
    g = game(SETS, stack=["R2", "B3", "B2", "B3", "R3", "BA", "RA", "B4"])
    texts = [m.text for m in g.legal()]
    assert texts == ["lay R2", "lay B2", "lay R3", "lay RA", "lay R2 B2"]
    g.apply(0, "lay b2 r2")
    assert g.scores == [2, 0]
    assert sorted(g.program.cards[c].short for c in g.state.zone(g.program.zone_index["pile"])) == ["B2", "R2"]


def test_bots_play_an_option_of_a_set_of_cards():
    from interpreter.bots import GreedyBot, RandomBot
    for bot in (GreedyBot, RandomBot):
        g = Game(rulelang.load_text(BASE + SETS), 3, seed=4, record=False)
        bots = [bot(i) for i in range(3)]
        while not g.over:
            d = g.pending
            g.apply(d.player, bots[d.player].choose(g.program, g.view(d.player), d), checked=False)
        assert g.winners == [0]


def test_a_set_of_cards_from_a_player_is_refused_with_the_zone_to_write():
    with pytest.raises(RulesError) as e:
        rulelang.load_text(BASE + """
setup { shuffle draw }
turn { choose current { lay 1..2 cs from current { win current } } }
""")
    assert "takes cards from a zone or a list of cards, not a player" in str(e.value)
    assert "hand(current)" in str(e.value)


# ------------------------------------------------------------------ run's turn limit


def test_run_stops_a_game_of_bots_that_never_ends_and_says_what_repeated(tmp_path, capsys):
    from rulelang import cli
    path = tmp_path / "loop.rules"
    path.write_text(BASE + """
setup { shuffle draw }
turn {
  choose current {
    shuffle_again "shuffle the pile again" { shuffle draw }
  }
}
""", encoding="utf-8")
    status = cli.main(["run", str(path), "--humans", "0", "--players", "2"])
    err = capsys.readouterr().err
    assert status == 1
    assert err.splitlines() == [
        f"{path}:15:5: no winner after 5000 turns: the game was stopped; of the last 200 moves, 200 were "
        "`shuffle_again` (`shuffle_again`)",
        '        shuffle_again "shuffle the pile again" { shuffle draw }',
        "        ^~~~~~~~~~~~~",
        "    hint: a game ends when a rule does `win`: check that this move brings the game nearer its end, or that "
        "something else can"]


# ------------------------------------------------------------------ joining lists


def test_plus_joins_lists_and_the_cards_of_zones():
    g = game("""
var joined = none
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    go {
      move 1 from draw to pile
      set joined = hand(current) + pile + [top(draw)]
      set score(current) = size([1, 2] + [3])
      win current
    }
  }
}
""", stack=["R2", "B2", "R3", "B3", "RA", "BA"])
    play(g, "go")
    names = [g.program.cards[c].short for c in g.state.vars["joined"]]
    assert names == ["R2", "R3", "RA", "BA"] and g.scores == [3, 0]


def test_adding_a_card_to_a_list_says_to_put_it_in_a_list():
    with pytest.raises(RulesError) as e:
        rulelang.load_text(BASE + """
setup { shuffle draw }
turn { choose current { go { move [c for c in pile] + top(draw) to pile  win current } } }
""")
    assert "`+` joins two lists, and this is a card" in str(e.value)
    assert "`... + [top(draw)]`" in str(e.value)


def test_an_ask_window_offers_each_player_asked_their_own_cards_and_passes_over_seats_out():
    g = game("""
setup { shuffle draw  deal 1 from draw to hand }
turn {
  choose current {
    go {
      out next
      ask others(current) as q { give c in hand(q) { move c to pile  win q } }
    }
  }
}
""", players=3, stack=["R2", "B3", "RA"])
    play(g, "go")  # P2 is out: the window asks P3 alone, with P3's own card
    assert g.pending.player == 2 and [m.text for m in g.legal()] == ["give RA", "pass"]
    shuffled = game("setup { shuffle draw  deal 4 from draw to hand  shuffle hand(next) }\n"
                    "turn { choose current { go { win current } } }", stack=["R2", "B2", "R3", "B3", "R4", "B4", "RA", "BA"])
    assert sorted(shuffled.program.cards[c].short for c in shuffled.state.zone(shuffled.program.zone_index["hand"], 1)) \
        == ["B2", "B3", "B4", "BA"]


# ------------------------------------------------------------------ positions in a zone: a blind pick


def test_a_card_is_drawn_blind_from_another_hand_by_its_position():
    g = game("""
setup { shuffle draw  deal 3 from draw to hand }
turn {
  choose current {
    pick n in 1..size(hand(next)) "a card from the back of their hand" {
      move nth(hand(next), n) to hand(current)
      win current
    }
  }
}
""", stack=["R2", "B2", "R3", "B3", "R4", "B4"])
    assert [m.text for m in g.legal()] == ["pick 1", "pick 2", "pick 3"]
    play(g, "pick 2")  # P2 holds B2 B3 B4, bottom first
    hand = g.program.zone_index["hand"]
    assert sorted(g.program.cards[c].short for c in g.state.zone(hand, 0)) == ["B3", "R2", "R3", "R4"]
    assert g.view(0)["zones"]["hand"][1]["cards"] == [None, None]  # the chooser saw only backs


# ------------------------------------------------------------------ teams


TEAMS_AT = """
teams of 2 at 4, 6 players
var mate = none
setup { shuffle draw }
turn {
  choose current {
    go {
      set mate = partner(current)
      for q in team(current) { set score(q) = score(q) + 5 }
      win current
    }
  }
}
"""


def test_partners_sit_apart_and_a_team_wins_together():
    g = Game(rulelang.load_text(BASE.replace("players 2..4", "players 4..4") + TEAMS_AT.replace(" at 4, 6 players", "")), 4)
    play(g, "go")
    assert g.state.vars["mate"] == 2
    assert g.winners == [0, 2] and g.scores == [5, 0, 5, 0]


def test_teams_that_do_not_divide_the_players_are_refused():
    text = BASE.replace("players 2..4", "players 3..4") + "teams of 2\nsetup { shuffle draw }\nturn { choose current { go { win current } } }\n"
    with pytest.raises(RulesError) as e:
        rulelang.load_text(text)
    assert "teams of 2 need a number of players they divide, and `players 3..4` allows 3" in str(e.value)
    assert "`players 4..4`" in str(e.value)


@pytest.mark.parametrize("players, mate, winners, scores", [
    (4, 2, [0, 2], [5, 0, 5, 0]),
    (6, 3, [0, 3], [5, 0, 0, 5, 0, 0]),
    (3, None, [0], [5, 0, 0]),  # not a count the teams are for: everyone plays alone
    (5, None, [0], [5, 0, 0, 0, 0]),
])
def test_teams_at_some_numbers_of_players_and_everyone_alone_at_the_others(players, mate, winners, scores):
    g = Game(rulelang.load_text(BASE.replace("players 2..4", "players 3..6") + TEAMS_AT), players)
    play(g, "go")
    assert g.state.vars["mate"] == mate
    assert g.winners == winners and g.scores == scores


@pytest.mark.parametrize("teams, message", [
    ("teams of 2 at 4, 5 players", "teams of 2 cannot be made of 5 players"),
    ("teams of 2 at 4, 8 players", "`players 3..6` does not allow 8"),
    ("teams of 3 at 3 players", "teams of 3 at 3 players make one team"),
])
def test_teams_at_a_number_of_players_that_cannot_be_are_refused_at_it(teams, message):
    text = BASE.replace("players 2..4", "players 3..6") + TEAMS_AT.replace("teams of 2 at 4, 6 players", teams)
    with pytest.raises(RulesError) as e:
        rulelang.load_text(text)
    assert message in str(e.value)
    assert e.value.loc.column > len("teams of 2 at")  # at the number itself


def test_teams_for_every_count_that_do_not_divide_one_point_to_at():
    text = BASE.replace("players 2..4", "players 3..6") + TEAMS_AT.replace(" at 4, 6 players", "")
    with pytest.raises(RulesError) as e:
        rulelang.load_text(text)
    assert "teams of 2 at 4, 6 players" in str(e.value)  # the hint: teams at the counts they divide only


def test_simulate_reports_teams_only_at_a_count_they_are_for(tmp_path):
    from rulelang.simulate.run import simulate
    path = tmp_path / "t.rules"
    path.write_text(BASE.replace("players 2..4", "players 3..6") + TEAMS_AT, encoding="utf-8")
    assert [t["seats"] for t in simulate(str(path), 4, 4, ["greedy"], seed=1)["teams"]] == [[1, 3], [2, 4]]
    assert "teams" not in simulate(str(path), 4, 5, ["greedy"], seed=1)


def test_a_game_s_own_function_named_like_a_new_builtin_comes_first():
    g = game("""
define place(p) = 7
define sort(x) = 3
setup { shuffle draw }
turn { choose current { go { set score(current) = place(current) + sort(1)  win current } } }
""")
    play(g, "go")
    assert g.scores[0] == 10


def test_a_game_s_own_variable_named_like_a_new_builtin_name_comes_first():
    g = game("""
var finished = 4
setup { shuffle draw }
turn { choose current { go { set finished = finished + 1  set score(current) = finished  win current } } }
""")
    play(g, "go")
    assert g.scores[0] == 5


def test_values_of_unknown_type_compare_by_their_order_too():
    g = game("""
define higher(r, s) = r > s
setup { shuffle draw }
turn { choose current { go { set score(current) = if higher(ace, two) and not higher(three, four) and higher(3, 2) then 1 else 0  win current } } }
""")
    play(g, "go")
    assert g.scores[0] == 1


def test_a_set_of_cards_from_a_large_hand_is_asked_once_for_each_sequence_of_the_values_its_where_reads(tmp_path):
    """tests/rules/lay_sets.rules: 1..4 of 30 cards are 31,930 sets, more than an option may look at (20,000), but
    its `where` reads the cards by rank only: every set of one rank is offered (as many as the ranks held give), a
    set typed in any order is made; a `where` reading the cards themselves is still refused at that many."""
    from math import comb
    path = ROOT / "tests" / "rules" / "lay_sets.rules"
    program = rulelang.load(path)
    g = Game(program, 2, seed=1, record=False)
    hand = g.state.zones[program.zone_index["hand"]][0]
    ranks: dict = {}
    for c in hand:
        ranks.setdefault(program.cards[c].attrs["rank"], []).append(c)
    assert len(hand) == 30
    assert len(g.pending.options) == sum(comb(len(cs), k) for cs in ranks.values() for k in range(1, 5))
    pair = next(cs for cs in ranks.values() if len(cs) >= 2)[:2]
    g.apply(0, "lay " + " ".join(program.cards[c].short for c in reversed(pair)))
    assert g.state.zones[program.zone_index["pile"]] == pair
    other = tmp_path / "lay_sets.rules"  # `c` itself read (a list of the set's cards): not by its values alone
    other.write_text(path.read_text(encoding="utf-8").replace(
        "where all(c.rank == first(cs).rank for c in cs)", "where size([c for c in cs if c.rank == first(cs).rank]) == size(cs)"))
    with pytest.raises(RulesError, match=r"option `lay` would look at more than 20000 sets of 1\.\.4 of 30 cards"):
        Game(rulelang.load(other), 2, seed=1, record=False)
