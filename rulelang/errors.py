"""The error family of the language, as the language's modules and its users name it: it lives on the runtime's
side (`interpreter.errors`), which imports nothing of `rulelang`."""
from interpreter.errors import (Loc, MoveError, RulesCheckError, RulesError, RulesErrors, RulesSyntaxError,
                                RuntimeRulesError, closest, did_you_mean, source_lines)

__all__ = ["Loc", "MoveError", "RulesCheckError", "RulesError", "RulesErrors", "RulesSyntaxError",
           "RuntimeRulesError", "closest", "did_you_mean", "source_lines"]
