"""A file with many unknown names is checked in work that grows with the file, not with the unknown names times the
known ones: each error's "did you mean" (which weighs the name against every known name) is worked out only for the
errors shown (the first `RulesErrors.SHOWN`).  Before, 1,200 unknown `{score_Nx}` placeholders beside 1,200 variables
took 70 s of CPU (1.4 million name comparisons); the work is counted here, not timed."""
from __future__ import annotations

import pytest

import rulelang
from interpreter import errors
from rulelang.errors import RulesErrors

GAME = """game "Many names"
players 2..2
attribute number 1..6
deck stock { for n in number { card {number: n} } }
zone stock hidden
zone hand private per player
VARS
setup {
  shuffle stock
  deal 2 from stock to hand
}
turn {
  choose current {
    draw where size(stock) > 0 "draw a card" {
      move 1 from stock to hand(current)
SAYS
    }
  }
  if size(stock) == 0 { win current }
}
"""


def many(n: int, line: str) -> str:
    return GAME.replace("VARS", "\n".join(f"var score_{i} = 0" for i in range(n))) \
        .replace("SAYS", "\n".join(line.format(i=i) for i in range(n)))


@pytest.mark.parametrize("line", ['      say "x {{score_{i}x}}"', "      set score_{i} = score_{i}x"])
def test_the_hints_of_many_unknown_names_are_worked_out_only_for_the_errors_shown(monkeypatch, line):
    weighed = []
    closest = errors.closest

    def counted(name, candidates, preferred=()):
        candidates = list(candidates)
        weighed.append(len(candidates))
        return closest(name, candidates, preferred)

    monkeypatch.setattr(errors, "closest", counted)
    with pytest.raises(RulesErrors) as refused:
        rulelang.load_text(many(1200, line))
    assert len(refused.value.errors) == 1200
    shown = refused.value.render().splitlines()
    assert shown[-1] == "... and 1190 more"
    assert shown[3] == "    hint: did you mean `score_0`?"  # the first error's, worked out when shown
    assert len(weighed) == RulesErrors.SHOWN  # not one for each of the 1,200 (twice for a placeholder, before)
    assert refused.value.errors[500].hint == "did you mean `score_500`?"  # any other, when it is read
    assert len(weighed) == RulesErrors.SHOWN + 1
