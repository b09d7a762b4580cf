"""The prompt's own commands (`help`, `undo`, `house`, ...): one list, read by the terminal host, the network client
and the checker (which warns of a game's verb that one of them would shadow at the prompt).  Imports nothing of
prompt_toolkit, so that `rulelang check` stays quick."""
from __future__ import annotations

import attrs


@attrs.frozen
class Command:
    """A command typed at the prompt instead of a move: its help line, and the name of the Host method that runs it
    (looked up on the host, so that the network client's host runs its own)."""

    name: str
    doc: str
    run: str
    alone: bool = False  # takes nothing after it: `undo 5` is refused, not taken as `undo`


COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("help", "the moves you can make now and how to type them", "cmd_help"),
    Command("rules", "a summary of this game, from its rules file", "cmd_rules", alone=True),
    Command("log", "the last events (`log 50` for more)", "cmd_log"),
    Command("hand", "show your hand and the table again", "cmd_hand", alone=True),
    Command("undo", "take back your last move (not once a card was drawn or shuffled, "
                     "or a card hidden from you was shown, since)", "cmd_undo", alone=True),
    Command("house", "propose a rule for the whole table, written in rulelang: "
                     "`house when played(card) if ... { ... }`", "cmd_house"),
    Command("quit", "leave the game", "cmd_quit", alone=True),
)}
ALIASES = {"exit": "quit"}


def command_named(word: str) -> Command | None:
    """The command a word typed first names (in any case, `/` before it or not), or None."""
    w = word.lower().removeprefix("/")
    return COMMANDS.get(ALIASES.get(w, w))


def command_for(word: str, d) -> Command | None:
    """The command a word typed first at decision `d` runs, or None: a game may name a move as a command is named
    (`undo`, `house`), and where such a move is offered the word makes it; `/WORD` is the command always."""
    if not word.startswith("/") and d is not None and any(o.verb.lower() == word.lower() for o in d.options):
        return None
    return command_named(word)


def extra_words(cmd: Command, typed: str, arg: str) -> str | None:
    """Why a command that takes nothing after it is refused with words after it (`undo 5` would take back one move,
    not five), or None."""
    if not cmd.alone or not arg:
        return None
    return f"`{typed}`: `{cmd.name}` takes nothing after it ({cmd.doc}): type `{cmd.name}` alone"


def command_docs() -> dict:
    """Each command's name and help line, for `help`."""
    return {c.name: c.doc for c in COMMANDS.values()}
