"""LongProc (``longproc_*``): answers that reach each procedure score's branches on the pack's
fixtures (whose prompts name the family in brackets): right, partly right and wrong routes,
belief lists, countdown solutions (valid, wrong, malformed) and search
procedures, travel plans, TSV tables fenced and not, C++ that passes, fails, does not compile or
loops, and answers without the tagged part. Python in a countdown equation and division by zero
are left out: lm-eval evaluates the equation with ``eval`` and fails the whole run on them (see
the pack README); ``tests/test_longproc.py`` checks lmeval's verdict on them."""

from __future__ import annotations

_COUNTDOWN_PROC = "# Search Procedure\nInitial numbers: [2, 3, 4, 5]\nPick two numbers (2, 3)\n |- Try 2 + 3 = 5."
ANSWERS = {
    "path_traversal": ("<Route>\nFrom A to B\nFrom B to C\n</Route>", "<Route>From A to B\nFrom B to D</Route>",
                       "<Route>From X to Y</Route>", "From A to B", ""),
    "tom_tracking": ("- Anne thinks the ball is in the box.\n- Bob believes the ball is on the table.",
                     "- anne thinks ball is in box\n- Bob: the ball is in the kitchen", "- Anne thinks box",
                     "no beliefs", ""),
    "countdown": ("<Solution>\n2 + 3 = 5\n5 * 4 = 20\n20 + 5 = 25\n</Solution>",
                  "<Solution>\n2 + 3 = 5\n5 * 4 = 21\n20 + 5 = 25\n</Solution>" + "\n" + _COUNTDOWN_PROC,
                  "<Solution>\n2 + 3 = 5\n5 - x = 20\n</Solution>", _COUNTDOWN_PROC + "\n |- Try 2 * 3 = 6. drop this branch",
                  ""),
    "travel_planning": ("<Solving Procedure>\nStep 1: visit Paris.\n<Plan>\nDay 1-3: Visit Paris\n"
                        "Day 3: Fly from Paris to Rome\nDay 3-5: Visit Rome\n</Plan>",
                        "<Plan>\nDay 1-2: Visit Paris\nDay 2: Fly from Paris to Rome\nDay 2-5: Visit Rome\n</Plan>",
                        "<Solving Procedure>\nStep 1: Visit Paris.\nStep 2: go home", "nothing", ""),
    "html_to_tsv": ("```tsv\nName\tAge\nAnn\t30\nBob\t41\n```", "Name\tAge\nAnn\t30\nCarl\t9",
                    "```tsv\nName\tAge\nthe Ann!\t30\n", "```tsv\nName\n```", "no table", ""),
    "pseudo_to_code": ("```cpp\nint main() { int a, b; cin >> a >> b; cout << a + b << endl; }\n```",
                       "```c++\nint main() { int a, b; cin >> a >> b; cout << a - b << endl; }\n```",
                       "```cpp\nint main() { this does not compile }\n```",
                       "```cpp\nint main() { while (true) {} }\n```", "no code", ""),
}


def generations(text: str) -> tuple[str, ...] | None:
    for family, answers in ANSWERS.items():
        if f"[LongProc {family}]" in text:
            return answers
    return None
