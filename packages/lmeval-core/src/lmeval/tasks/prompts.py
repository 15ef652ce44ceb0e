"""Prompt assembly: system prompt, description, few-shot turns, the document, chat templates.

Plain text and chat share one representation, a list of :class:`Turn`, as in lm-eval: each turn
carries the delimiter that follows it when rendered as text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class Turn:
    role: str
    content: str
    delimiter: str = ""

    def text(self) -> str:
        return self.content + self.delimiter

    def message(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


def join_delimited(prefix: str | None, suffix: str | None, delimiter: str = " ") -> str:
    """Join with ``delimiter`` unless whitespace already sits at the boundary."""
    if not prefix:
        return suffix or ""
    if not suffix:
        return prefix
    if prefix[-1].isspace() or suffix[0].isspace():
        return prefix + suffix
    return prefix + delimiter + suffix


def needs_delimiter(prefix: str, suffix: str) -> bool:
    return bool(prefix) and not (prefix[-1].isspace() or suffix[0].isspace())


def qa_turns(question: str, choices: list[str] | None = None, answer: Any = None,
             gen_prefix: str | None = None, target_delimiter: str = " ",
             fewshot_delimiter: str = "\n\n") -> list[Turn]:
    """One question (and its answer, for a few-shot example) as turns."""
    if not isinstance(question, str):
        raise TypeError(f"the prompt of a document must be a string, got {type(question).__name__}")
    has_answer = answer is not None and answer != ""
    if has_answer and not gen_prefix:
        delim = target_delimiter
    elif gen_prefix and needs_delimiter(question, gen_prefix):
        delim = target_delimiter
    else:
        delim = ""
    turns = [Turn("user", question, delim)]
    if has_answer:
        if choices and isinstance(answer, int):
            text = choices[answer]
        elif isinstance(answer, list):
            text = answer[0]
        else:
            text = answer
        if not isinstance(text, str):
            text = str(text)
        turns.append(Turn("assistant", join_delimited(gen_prefix, text, " "), fewshot_delimiter))
    elif gen_prefix:
        turns.append(Turn("assistant", gen_prefix))
    return turns


def collapse_to_single_turn(turns: Sequence[Turn]) -> list[dict[str, str]]:
    """Few-shot examples folded into one user message (plus system and a trailing assistant)."""
    turns = [Turn(t.role, t.content, t.delimiter) for t in turns]
    system = turns[0] if turns and turns[0].role == "system" else None
    rest = turns[1:] if system else turns
    if rest and rest[-1].role == "assistant":
        body = rest[:-1]
        body[-1].delimiter = ""
        messages = [{"role": "user", "content": "".join(t.text() for t in body)}, rest[-1].message()]
    else:
        rest[-1].delimiter = ""
        messages = [{"role": "user", "content": "".join(t.text() for t in rest)}]
    return [system.message(), *messages] if system else messages


def render_turns(turns: Sequence[Turn], chat_template: Callable[..., Any] | None,
                 fewshot_as_multiturn: bool, add_generation_prompt: bool = True) -> Any:
    if chat_template is None:
        return "".join(t.text() for t in turns)
    messages = [t.message() for t in turns] if fewshot_as_multiturn else collapse_to_single_turn(turns)
    return chat_template(messages, add_generation_prompt=add_generation_prompt)
