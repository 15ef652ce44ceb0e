"""``ACP_grammar_filter``: a model's free-text answer to an ACPBench Hard question, read with
the benchmark's grammar into what its scoring compares.

The grammar (a lark LALR grammar) and its reading follow lm-eval 0.4.13's acpbench helpers, so
the same text gives the same value: newlines are dropped and the text stripped, parse errors
are skipped (an early end of text is completed with the tokens the parser expected, as that
helper does), and what was read is returned per ``grammar_task``:

* ``act`` / ``action_name``: the last action read, ``"(name arg ...)"``, or ``"None"``;
* ``action_list``: the actions read, in order;
* ``progression_list``: the bracketed lists read, ``[[positive ...], [negative ...]]`` (a last
  list equal to an earlier one is not added again, as in lm-eval);
* ``index``: the digits read.

Anything the parser cannot read at all gives None. Needs ``lark`` (the ``[acpbench]`` extra).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from lmeval.errors import UsageError
from lmeval.requires import require

from . import EXTRA

#: the benchmark's answer language; terminal names and patterns matter (error recovery feeds
#: a missing terminal's pattern text as its token)
GRAMMAR = r"""
NAME: /[a-zA-Z][a-zA-Z0-9-_]*/
LPAR : "("
RPAR : ")"
LSPAR: "["
RSPAR: "]"
COMMA: ","
WS: /[ \n]/

action_none : "None"
action_name : LPAR NAME (WS NAME)* RPAR
action_list : (action_name WS?)*
prog_list :  action_name* (COMMA action_name)*
progression_list : LSPAR prog_list RSPAR LSPAR prog_list RSPAR
act : action_name | action_none
index: /[0-9]+[0-9]*/
start: action_list
"""

GRAMMAR_TASKS = ("act", "action_name", "action_list", "progression_list", "index")
CLEANERS = ("pos_neg", "simplified plan")


def _lark() -> Any:
    return require("lark", needed_by="ACPBench Hard's ACP_grammar_filter",
                   install=EXTRA)


@cache
def _parser(start: str) -> Any:
    return _lark().Lark(GRAMMAR, start=start, parser="lalr")


def _visitor_base() -> type:
    return _lark().visitors.Visitor


@cache
def _reader_class() -> type:
    class Reader(_visitor_base()):  # type: ignore[misc]
        """Collects what a parse tree holds, visiting it top-down (parents before children)."""

        def __init__(self) -> None:
            super().__init__()
            self.last_action: str | None = None
            self.actions: list[str] | None = None
            self.lists: list[list[str]] | None = None
            self.current: list[str] | None = None
            self.digits: str | None = None

        def action_list(self, tree: Any) -> None:
            self.actions = []

        def progression_list(self, tree: Any) -> None:
            self.lists = []

        def prog_list(self, tree: Any) -> None:
            # a new bracketed list starts: the one read so far is kept
            if self.current is not None:
                assert self.lists is not None
                self.lists.append(self.current)
            self.current = []

        def action_none(self, tree: Any) -> None:
            self.last_action = "None"

        def action_name(self, tree: Any) -> None:
            name = "(" + "".join(tree.children[1:-1]) + ")"
            self.last_action = name
            for target in (self.actions, self.current):
                if target is not None:
                    target.append(name)

        def index(self, tree: Any) -> None:
            text = "".join(tree.children)
            self.digits = text if text.isnumeric() else None

    return Reader


def _skip_errors(parser: Any) -> Any:
    token_class = _lark().lexer.Token

    def on_error(error: Any) -> bool:
        token = getattr(error, "token", None)
        if token is not None and token.type == "$END":
            for expected in error.expected:
                if expected != "WS":
                    pattern = parser.get_terminal(expected).pattern.value
                    error.interactive_parser.feed_token(token_class(expected, pattern))
        return True

    return on_error


def parse_answer(text: str, grammar_task: str) -> Any:
    """What ``text`` says under ``grammar_task``; None when it cannot be read."""
    parser = _parser(grammar_task)
    text = text.replace("\n", "").strip()
    try:
        tree = parser.parse(text, on_error=_skip_errors(parser))
        reader = _reader_class()()
        reader.visit_topdown(tree)
        if grammar_task in ("act", "action_name"):
            return reader.last_action
        if grammar_task == "action_list":
            return reader.actions
        if grammar_task == "index":
            return reader.digits
        lists = reader.lists
        if reader.current not in lists:
            lists.append(reader.current)
        return lists
    except Exception:  # noqa: BLE001 - an unreadable answer scores as no answer, as in lm-eval
        return None


def _positive_negative(text: str) -> str:
    """'Positive effects ... Negative effects ...' written out → '[ ... ] [ ... ]'."""
    low = text.lower()
    if "positive effects" in low and "negative effects" in low and "[" not in text:
        low = low.replace("*", "").replace("positive effects", "[").replace("negative effects", "] [")
        return low + "]"
    return text


def _simplified_plan(text: str) -> str:
    """The part after 'simplified plan:', when the answer has one."""
    low = text.lower()
    if "simplified plan:" in low:
        return low.replace("*", "").split("simplified plan:")[1]
    return text


class ACPGrammarFilter:
    """Reads each response with the grammar; ``clean`` first rewrites two known answer shapes."""

    def __init__(self, grammar_task: str, clean: str | None = None) -> None:
        if grammar_task not in GRAMMAR_TASKS:
            raise UsageError(f"ACP_grammar_filter: grammar_task {grammar_task!r} is not one of "
                             f"{', '.join(GRAMMAR_TASKS)}")
        self.grammar_task = grammar_task
        cleaners = {"pos_neg": _positive_negative, "simplified plan": _simplified_plan}
        if clean is not None and clean not in cleaners:
            raise UsageError(f"ACP_grammar_filter: clean {clean!r} is not one of {', '.join(CLEANERS)}")
        self.clean = cleaners.get(clean or "")
        _parser(grammar_task)  # a missing lark stops the run here, before the model loads

    def apply(self, resps: Iterable[Iterable[str]], docs: Iterable[dict]) -> list[list[Any]]:
        clean = self.clean or (lambda text: text)
        return [[parse_answer(clean(r), self.grammar_task) for r in resp] for resp in resps]
