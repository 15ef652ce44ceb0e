"""InfiniteBench (``infinitebench_*``): answers that reach each official scoring rule's branches
on the pack's fixtures: numbers alone and in sentences (first-number and last-word rules), a
float, letters alone, last in a sentence, after "answer is:", option names, a function name, a
key's value among punctuation, names in any case, English and Chinese partial answers, a
summary, control characters, the empty answer."""

from __future__ import annotations

ANSWERS = ("71432", "The pass key is 71432. Done", " 3.5", "12\x0734", "B", "I think A, no, the answer is C",
           "Answer: D", "option b is right", "func_2", "the answer is: func_3", "-- Option C", "value: 5e8f-aa91!",
           "ALICE", "alice said it", "The old lighthouse keeper", "灯塔看守人", "看守人。",
           "The keeper lives alone by the sea and fixes the lamp each night.", "The result is 42", "x", "")
_MARKERS = ("There is an important info hidden inside", "Extract the value corresponding to the specified key",
            "Following is a set of Python functions.", "There is ONLY ONE function in the large project",
            "in the following list?", "Which character is most likely", "Read the book below and answer",
            "Summarize the following book.", "Read the book and answer the question.", "请根据以下书籍回答我的问题")


def generations(text: str) -> tuple[str, ...] | None:
    return ANSWERS if any(marker in text for marker in _MARKERS) else None
