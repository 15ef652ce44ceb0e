"""Write the offline mirror used by the tests: synthetic rows for each BBH subtask.

``SaylorTwift/bbh/<subtask>/test.jsonl`` with the hub dataset's columns (``input``,
``target``). The rows are invented, in each subtask's question format (options as
``(A) ...`` lines, ``List:`` for word sorting, ...), so the answer extractors have something
real to work on.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent / "fixtures" / "datasets" / "SaylorTwift" / "bbh"
sys.path.insert(0, str(HERE.parent.parent / "generate"))

from bbh import SUBTASKS  # noqa: E402


def options(texts: list[str]) -> str:
    return "Options:\n" + "\n".join(f"({chr(65 + i)}) {t}" for i, t in enumerate(texts))


def rows(name: str, kind: str, n: int) -> list[dict]:
    out = []
    for i in range(n):
        if kind == "bool":
            expr = ["not ( True ) and ( True )", "True and not not ( not False )",
                    "not True or False or ( False )", "False or not ( True ) and False"][i % 4]
            out.append({"input": f"{expr} is", "target": str(eval(expr))})
        elif kind == "yes_no":
            out.append({"input": f"Question {i} about {name.replace('_', ' ')}?\nOptions:\n- Yes\n- No",
                        "target": "Yes" if i % 2 else "No"})
        elif kind == "valid":
            out.append({"input": f"\"Argument {i}: every A is B; x is A; so x is B.\"\nIs the argument, "
                                 "given the explicitly stated premises, deductively valid or invalid?\n"
                                 "Options:\n- valid\n- invalid",
                        "target": "valid" if i % 2 == 0 else "invalid"})
        elif kind == "dyck":
            seq = ["[ {", "< ( [", "( < > {", "{ [ ( ) ] <"][i % 4]
            close = {"[": "]", "{": "}", "(": ")", "<": ">"}
            stack = []
            for tok in seq.split():
                if tok in close:
                    stack.append(tok)
                else:
                    stack.pop()
            out.append({"input": "Complete the rest of the sequence, making sure that the parentheses "
                                 f"are closed properly. Input: {seq}",
                        "target": " ".join(close[t] for t in reversed(stack))})
        elif kind == "number":
            a, b, c = 3 + i, -2 - i, 4
            if name == "object_counting":
                out.append({"input": f"I have a piano, {['two', 'three', 'four', 'five'][i % 4]} flutes, "
                                     "and a violin. How many musical instruments do I have?",
                            "target": str(4 + i % 4)})
            else:
                out.append({"input": f"(({a} * {b}) + ({c} - {a})) =", "target": str(a * b + c - a)})
        elif kind == "sports":
            out.append({"input": f"Is the following sentence plausible? \"Player {i} scored a "
                                 f"{'touchdown' if i % 2 else 'goal'} in the final.\"",
                        "target": "yes" if i % 2 == 0 else "no"})
        elif kind == "web_of_lies":
            out.append({"input": f"Question: Ann{i} tells the truth. Ben says Ann{i} lies. Does Ben tell "
                                 "the truth?", "target": "No"})
        elif kind == "sort":
            words = [["zebra", "apple", "mango"], ["kiwi", "banana", "cherry", "date"],
                     ["pear", "fig"], ["oak", "elm", "ash", "yew", "fir"]][i % 4]
            out.append({"input": f"Sort the following words alphabetically: List: {' '.join(words)}",
                        "target": " ".join(sorted(words))})
        else:  # choice
            k = 3 + i % 3
            texts = [f"answer {j} for {name.split('_')[0]} item {i}" for j in range(k)]
            out.append({"input": f"Which option is right for {name.replace('_', ' ')} question {i}?\n"
                                 + options(texts),
                        "target": f"({chr(65 + (i % k))})"})
    return out


def main() -> None:
    if ROOT.exists():
        shutil.rmtree(ROOT)
    for index, (name, kind) in enumerate(SUBTASKS.items()):
        path = ROOT / name / "test.jsonl"
        path.parent.mkdir(parents=True)
        with path.open("w", encoding="utf-8") as fh:
            for row in rows(name, kind, 2 + index % 3):
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
