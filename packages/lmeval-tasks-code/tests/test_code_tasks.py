"""Every code task loads from the offline mirror, renders the published prompt byte for byte,
asks for the published generation settings, refuses to run without --confirm_run_unsafe_code,
and scores real executions: correct code passes, dangerous code fails, the run goes on."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import Sequence

import lmeval
import pytest
from code_fixtures import FIXTURES
from lmeval.errors import UsageError
from lmeval.protocol import LM, GenerateRequest

TASKS = ["humaneval", "humaneval_64", "humaneval_instruct", "humaneval_64_instruct", "humaneval_plus",
         "mbpp", "mbpp_instruct", "mbpp_plus", "mbpp_plus_instruct",
         "cruxeval_input", "cruxeval_input_08", "cruxeval_input_cot",
         "cruxeval_output", "cruxeval_output_08", "cruxeval_output_cot"]
HUMANEVAL_STOP = ["\nclass", "\ndef", "\n#", "\nif", "\nprint"]


def rows(path: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / path).read_text().splitlines()]


HE = rows("openai/openai_humaneval/default/test.jsonl")
MBPP = rows("google-research-datasets/mbpp/full/test.jsonl")
CRUX = rows("cruxeval-org/cruxeval/default/test.jsonl")


def run(tasks, model="dummy", **kw):
    kw.setdefault("confirm_run_unsafe_code", True)
    return lmeval.evaluate(model, tasks=tasks, log_samples=True, **kw)


def first_request(task: str):
    out = run([task], limit=1)
    return out["samples"][task][0]["arguments"][0]


# --- golden prompts -------------------------------------------------------------------------

def test_humaneval_prompt_is_the_problem_prompt():
    ctx, gen = first_request("humaneval")
    assert ctx == HE[0]["prompt"]
    assert gen == {"until": HUMANEVAL_STOP, "max_gen_toks": 1024, "do_sample": False}


def test_humaneval_instruct_prompt_and_gen_prefix():
    ctx, _ = first_request("humaneval_instruct")
    p = HE[0]["prompt"]
    assert ctx == ("Write a solution to the following problem and make sure that it passes the tests:\n"
                   f"```python\n{p}\n```\nHere is the completed function:\n```python\n{p}\n")


def test_humaneval_64_samples_64_times_at_t02():
    out = run(["humaneval_64"], limit=1)
    s = out["samples"]["humaneval_64"][0]
    assert s["arguments"][0][1] == {"until": HUMANEVAL_STOP, "max_gen_toks": 1024, "do_sample": True,
                                    "temperature": 0.2, "top_p": 0.95}
    assert len(s["resps"][0]) == 64
    assert set(out["results"]["humaneval_64"]) >= {f"pass@{k},create_test" for k in (2, 8, 16, 32, 64)}


MBPP_SHOTS = [
    ("Write a function to find the similar elements from the given two tuple lists.",
     ["assert similar_elements((3, 4, 5, 6),(5, 7, 4, 10)) == (4, 5)",
      "assert similar_elements((1, 2, 3, 4),(5, 4, 3, 7)) == (3, 4)",
      "assert similar_elements((11, 12, 14, 13),(17, 15, 14, 13)) == (13, 14)"],
     "def similar_elements(test_tup1, test_tup2):\r\n  res = tuple(set(test_tup1) & set(test_tup2))\r\n  return (res) "),
    ("Write a python function to identify non-prime numbers.",
     ["assert is_not_prime(2) == False", "assert is_not_prime(10) == True", "assert is_not_prime(35) == True"],
     "import math\r\ndef is_not_prime(n):\r\n    result = False\r\n    for i in range(2,int(math.sqrt(n)) + 1):\r\n"
     "        if n % i == 0:\r\n            result = True\r\n    return result"),
    ("Write a function to find the largest integers from a given list of numbers using heap queue algorithm.",
     ["assert heap_queue_largest( [25, 35, 22, 85, 14, 65, 75, 22, 58],3)==[85, 75, 65] ",
      "assert heap_queue_largest( [25, 35, 22, 85, 14, 65, 75, 22, 58],2)==[85, 75] ",
      "assert heap_queue_largest( [25, 35, 22, 85, 14, 65, 75, 22, 58],5)==[85, 75, 65, 58, 35]"],
     "import heapq as hq\r\ndef heap_queue_largest(nums,n):\r\n  largest_nums = hq.nlargest(n, nums)\r\n"
     "  return largest_nums"),
]


def mbpp_block(text, tests):
    return (f"You are an expert Python programmer, and here is your task: {text} Your code should pass "
            "these tests:\n\n" + "\n".join(tests) + "\n[BEGIN]\n")


def test_mbpp_three_shot_prompt():
    ctx, gen = first_request("mbpp")
    shots = "".join(mbpp_block(t, tests) + code + "\n[DONE]\n\n" for t, tests, code in MBPP_SHOTS)
    assert ctx == shots + mbpp_block(MBPP[0]["text"], MBPP[0]["test_list"])
    assert gen == {"until": ["[DONE]"], "do_sample": False}


def test_mbpp_instruct_prompt():
    ctx, gen = first_request("mbpp_instruct")
    def block(text, tests):
        return (f"You are an expert Python programmer, and here is your task:\n{text}\nYour code should "
                "pass these tests:\n" + "\n".join(tests))
    shots = "".join(block(t, tests) + "\n```python\n" + code + "\n```\n\n" for t, tests, code in MBPP_SHOTS)
    assert ctx == shots + block(MBPP[0]["text"], MBPP[0]["test_list"]) + "\n```python\n"
    assert gen == {"until": [], "max_gen_toks": 256, "do_sample": False}


# The paper's prompts (facebookresearch/cruxeval prompts.py), as templates.
CRUX_OUTPUT = (
    "You are given a Python function and an assertion containing an input to the function. Complete the "
    "assertion with a literal (no unsimplified expressions, no function calls) containing the output when "
    "executing the provided code on the given input, even if the function is incorrect or incomplete. Do NOT "
    "output any extra information. Provide the full assertion with the correct output in [ANSWER] and "
    "[/ANSWER] tags, following the examples.\n\n[PYTHON]\ndef f(n):\n    return n\nassert f(17) == ??\n"
    "[/PYTHON]\n[ANSWER]\nassert f(17) == 17\n[/ANSWER]\n\n[PYTHON]\ndef f(s):\n    return s + \"a\"\n"
    "assert f(\"x9j\") == ??\n[/PYTHON]\n[ANSWER]\nassert f(\"x9j\") == \"x9ja\"\n[/ANSWER]\n\n"
    "[PYTHON]\n{code}\nassert f({input}) == ??\n[/PYTHON]\n[ANSWER]\n")
CRUX_INPUT = (
    "You will be given a function f and an output in the form f(??) == output. Find any input such that "
    "executing f on the input leads to the given output. There may be multiple answers, but you should only "
    "output one. In [ANSWER] and [/ANSWER] tags, complete the assertion with one such input that will "
    "produce the output when executing the function.\n\n[PYTHON]\ndef f(my_list):\n    count = 0\n    for i "
    "in my_list:\n        if len(i) % 2 == 0:\n            count += 1\n    return count\nassert f(??) == 3\n"
    "[/PYTHON]\n[ANSWER]\nassert f([\"mq\", \"px\", \"zy\"]) == 3\n[/ANSWER]\n\n[PYTHON]\ndef f(s1, s2):\n"
    "    return s1 + s2\nassert f(??) == \"banana\"\n[/PYTHON]\n[ANSWER]\nassert f(\"ba\", \"nana\") == "
    "\"banana\"\n[/ANSWER]\n\n[PYTHON]\n{code}\nassert f(??) == {output}\n[/PYTHON]\n[ANSWER]\n")
CRUX_OUTPUT_COT_TAIL = "[PYTHON]\n{code}\nassert f({input}) == ??\n[/PYTHON]\n[THOUGHT]\n"
CRUX_INPUT_COT_TAIL = "[PYTHON]\n{code}\nassert f(??) == {output}\n[/PYTHON]\n[THOUGHT]\n"


@pytest.mark.parametrize("task,template", [
    ("cruxeval_output", CRUX_OUTPUT), ("cruxeval_output_08", CRUX_OUTPUT),
    ("cruxeval_input", CRUX_INPUT), ("cruxeval_input_08", CRUX_INPUT),
])
def test_cruxeval_prompts_are_the_papers(task, template):
    ctx, gen = first_request(task)
    assert ctx == template.format(**CRUX[0])
    assert gen["until"] == ["[/ANSWER]"] and gen["do_sample"] is True
    assert gen["temperature"] == (0.8 if task.endswith("_08") else 0.2)


@pytest.mark.parametrize("task,tail,start", [
    ("cruxeval_output_cot", CRUX_OUTPUT_COT_TAIL, "You are given a Python function"),
    ("cruxeval_input_cot", CRUX_INPUT_COT_TAIL, "You will be given a function f"),
])
def test_cruxeval_cot_prompts(task, tail, start):
    ctx, _ = first_request(task)
    assert ctx.startswith(start)
    assert ctx.endswith("[/ANSWER]\n\n" + tail.format(**CRUX[0]))
    assert ctx.count("[PYTHON]") == 2


# --- safety gate -----------------------------------------------------------------------------

@pytest.mark.parametrize("task", TASKS)
def test_unsafe_tasks_refuse_without_confirmation(task):
    with pytest.raises(UsageError, match="confirm_run_unsafe_code"):
        run([task], limit=1, confirm_run_unsafe_code=False)


def test_reference_lm_run_scores_every_task():
    out = run(TASKS, limit=1)
    for task in TASKS:
        metrics = out["results"][task]
        keys = [k for k in metrics if k.startswith(("pass@", "pass_at_1"))
                and "_stderr" not in k]
        assert keys, (task, metrics)
        # the reference LM answers "The answer is N." to everything: never a working program
        assert all(metrics[k] == 0.0 for k in keys), (task, metrics)


# --- real execution, through the whole evaluator ----------------------------------------------

FORK_BOMB = "\n    import os\n    while True:\n        try:\n            os.fork()\n        except OSError:\n            pass\n"
LOOP = "\n    while True:\n        pass\n"


class ScriptedLM(LM):
    """Answers each prompt with a fixed completion, chosen by a marker found in the prompt."""

    def __init__(self, answers: dict[str, str]) -> None:
        super().__init__()
        self.answers = answers

    def identity(self):
        return {"backend": "scripted"}

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        out = []
        for r in requests:
            tail = r.context[-600:]
            out.append(next((a for marker, a in self.answers.items() if marker in tail), ""))
        return out


def test_humaneval_correct_code_passes_dangerous_code_fails_and_the_run_goes_on(monkeypatch):
    monkeypatch.setenv("LMEVAL_SANDBOX_TIMEOUT", "1.5")
    monkeypatch.setenv("LMEVAL_SANDBOX_MEMORY_MB", "512")
    lm = ScriptedLM({
        "def has_close_elements": HE[0]["canonical_solution"],
        "def truncate_number": FORK_BOMB,
        "def mean_absolute_deviation": LOOP,
    })
    out = run(["humaneval"], model=lm)
    per_doc = [s["pass@1"] for s in out["samples"]["humaneval"]]
    assert per_doc == [1.0, 0.0, 0.0]
    assert out["results"]["humaneval"]["pass@1,create_test"] == pytest.approx(1 / 3)


def test_mbpp_allocation_and_escape_fail(monkeypatch):
    monkeypatch.setenv("LMEVAL_SANDBOX_MEMORY_MB", "512")
    lm = ScriptedLM({
        "remove_Occ(\"PHP\"": MBPP[0]["code"],
        "sort_matrix([[5,8,9]": "def sort_matrix(M):\n    x = bytearray(10 * 1024 ** 3)\n",
        "find_Volume(1,2,1)": "open('/tmp/lmeval-mbpp-escape', 'w').write('x')\n",
    })
    out = run(["mbpp"], model=lm)
    assert [s["pass_at_1"] for s in out["samples"]["mbpp"]] == [1.0, 0.0, 0.0]
    assert out["results"]["mbpp"]["pass_at_1,none"] == pytest.approx(1 / 3)


def test_cruxeval_scoring_follows_the_paper():
    lm = ScriptedLM({
        "assert f([1, 1, 3, 1, 3, 1]) == ??": "assert f([1, 1, 3, 1, 3, 1]) == " + CRUX[0]["output"] + "\n",
        "assert f('hbtofdeiequ') == ??": "assert f('hbtofdeiequ') == f('hbtofdeiequ')\n",  # calls f: rejected
        "assert f(3, 4) == ??": "assert f(3, 4) == 12\n",  # wrong
    })
    out = run(["cruxeval_output"], model=lm)
    assert [s["pass@1"] for s in out["samples"]["cruxeval_output"]] == [1.0, 0.0, 0.0]
    lm = ScriptedLM({"== 13\n[/PYTHON]": "assert f(6, 2) == 13\n"})
    out = run(["cruxeval_input"], model=lm, limit=3)
    assert [s["pass@1"] for s in out["samples"]["cruxeval_input"]] == [0.0, 0.0, 1.0]


FORGERY = ("\n    import os, sys\n    f = sys._getframe()\n    while f is not None:\n"
           "        for v in list(f.f_locals.values()):\n            if type(v) is int and 2 < v < 64:\n"
           "                try:\n                    os.write(v, b'{\"ok\":true}\\n' * 50)\n"
           "                except OSError:\n                    pass\n        f = f.f_back\n    os._exit(0)\n")
ALWAYS_EQUAL = ("\n    class Any:\n        def __eq__(self, other):\n            return True\n"
                "        def __ne__(self, other):\n            return False\n        __hash__ = object.__hash__\n"
                "    return Any()\n")
MBPP_ALWAYS_EQUAL = ("class Any:\n    def __eq__(self, other):\n        return True\n"
                     "def remove_Occ(*a):\n    return Any()\nsort_matrix = find_Volume = remove_Occ\n")


@pytest.mark.parametrize("answer", [FORGERY, ALWAYS_EQUAL], ids=["stack-forgery", "always-equal"])
def test_forged_humaneval_answers_score_zero(answer):
    out = run(["humaneval", "humaneval_plus"], model=ScriptedLM({'"""': answer}))
    assert out["results"]["humaneval"]["pass@1,create_test"] == 0.0
    assert out["results"]["humaneval_plus"]["pass@1,create_test"] == 0.0
    honest = ScriptedLM({f"def {d['entry_point']}": d["canonical_solution"] for d in HE})
    assert run(["humaneval"], model=honest)["results"]["humaneval"]["pass@1,create_test"] == 1.0


def test_the_prompt_reaches_the_metric_as_trusted_text(monkeypatch):
    """The filter's TrustedProgram survives the core's filter and metric plumbing, so the
    prompt's helpers run in the trusted runner (test_code_hostile shows what that closes)."""
    from lmeval_tasks_code import execution
    from lmeval_tasks_code.prelude import TrustedProgram

    seen = []
    real = execution.trusted_prelude
    monkeypatch.setattr(execution, "trusted_prelude", lambda p: seen.append(p) or real(p))
    run(["humaneval", "humaneval_instruct"], model=ScriptedLM({'"""': "    return 0\n"}), limit=1)
    assert len(seen) == 2 and all(type(p) is TrustedProgram and p.startswith(HE[0]["prompt"]) for p in seen)


def test_always_equal_mbpp_answers_score_zero():
    out = run(["mbpp", "mbpp_plus"], model=ScriptedLM({"[BEGIN]": MBPP_ALWAYS_EQUAL}))
    assert out["results"]["mbpp"]["pass_at_1,none"] == 0.0
    assert out["results"]["mbpp_plus"]["pass_at_1,none"] == 0.0


def test_missing_protections_are_logged_and_reported_in_results(monkeypatch, caplog):
    monkeypatch.setenv("LMEVAL_SANDBOX_LANDLOCK", "0")
    monkeypatch.setenv("LMEVAL_SANDBOX_SECCOMP", "0")
    lm = ScriptedLM({"def has_close_elements": HE[0]["canonical_solution"]})
    with caplog.at_level(logging.WARNING, logger="lmeval.tasks.code"):
        out = run(["humaneval"], model=lm, limit=1)
    assert out["results"]["humaneval"]["pass@1,create_test"] == 1.0
    sandbox = out["code_sandbox"]
    assert sandbox["layers"]["landlock"] == 0 and sandbox["layers"]["seccomp"] is False
    assert any(m.startswith("Landlock") for m in sandbox["missing"])
    assert any(m.startswith("seccomp") for m in sandbox["missing"])
    messages = [r.getMessage() for r in caplog.records]
    assert any("does not provide" in m for m in messages)
    assert any(m.startswith("code sandbox:   missing: Landlock") for m in messages)
    assert any(m.startswith("code sandbox:   missing: seccomp") for m in messages)
    assert any("LMEVAL_SANDBOX_LANDLOCK=0, LMEVAL_SANDBOX_SECCOMP=0" in m for m in messages)


# --- discovery and validation ------------------------------------------------------------------

def cli(*args):
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True, timeout=300)


def test_every_task_is_listed_and_validates():
    listed = cli("ls", "tasks")
    assert listed.returncode == 0, listed.stderr
    for task in TASKS:
        assert f"\n{task} " in listed.stdout or listed.stdout.startswith(f"{task} ")
    checked = cli("validate", "--tasks", ",".join(TASKS))
    assert checked.returncode == 0, checked.stdout + checked.stderr
