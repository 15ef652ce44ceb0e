"""Golden requests and scorers of CodeXGLUE code-to-text, HumanEval infilling and JSONSchemaBench
(lm-eval 0.4.13's code_x_glue, humaneval_infilling and jsonschema_bench folders), on the fixture
mirror (``tests/tools/make_text_fixtures.py``). task_parity compares them with lm-eval request for
request; these tests pin the prompts and show each scorer telling right from wrong."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import lmeval
import pytest
from code_fixtures import FIXTURES
from lmeval.protocol import LM, GenerateRequest
from lmeval_tasks_code import plugin

TASKS = Path(plugin.__file__).parent / "tasks"
REF_TASKS = (Path(__file__).resolve().parents[3] / "benchmarks" / ".work" / "ref-venv" / "lib" / "python3.11"
             / "site-packages" / "lm_eval" / "tasks")


def rows(path: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / path).read_text().splitlines()]


def module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem + "_under_test", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class AnswerLM(LM):
    """Answers each prompt with ``answer(prompt)``."""

    def __init__(self, answer) -> None:
        super().__init__()
        self.answer = answer

    def identity(self):
        return {"backend": "answers"}

    @staticmethod
    def extra_generation_kwargs() -> tuple[str, ...]:
        return ("num_beams",)  # code2text asks for beam search, as HF's generate takes it

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        return [self.answer(r.context) for r in requests]


def run(tasks, model="dummy", **kw):
    return lmeval.evaluate(model, tasks=tasks, log_samples=True, confirm_run_unsafe_code=True, **kw)


# --- CodeXGLUE code-to-text -------------------------------------------------------------------

def test_code2text_prompt_target_and_generation():
    doc = rows("CM/codexglue_code2text_python/default/test.jsonl")[1]
    sample = run(["code2text_python"], model=AnswerLM(lambda ctx: ""), limit=2)["samples"]["code2text_python"][1]
    ctx, gen = sample["arguments"][0]
    assert ctx == " ".join(doc["code_tokens"])
    assert "\n" not in ctx and sample["target"] == " ".join(doc["docstring_tokens"])
    assert gen == {"num_beams": 10, "max_gen_toks": 128, "until": ["</s>"]}


def test_smoothed_bleu_4_scores_and_the_group_has_no_score():
    bleu = module(TASKS / "code_x_glue" / "bleu.py")
    assert bleu.smoothed_bleu_4(["Add two numbers ."], ["add two numbers."]) == 100.0
    assert 0 < bleu.smoothed_bleu_4(["Add two numbers ."], ["Add numbers"]) < 100
    # add-one smoothing of orders 2-4 and the len + 1 brevity penalty leave an empty answer above 0
    assert 0 < bleu.smoothed_bleu_4(["Add two numbers ."], [""]) < bleu.smoothed_bleu_4(["Add two numbers ."], ["Add"])
    docs = {d: t for d, t in ((" ".join(r["code_tokens"]), " ".join(r["docstring_tokens"]))
                              for r in rows("CM/codexglue_code2text_go/default/test.jsonl"))}
    out = run(["code2text"], model=AnswerLM(lambda ctx: docs.get(ctx, "")))
    assert out["results"]["code2text_go"]["smoothed_bleu_4,none"] == 100.0
    assert not any(k.startswith("smoothed_bleu_4") for k in out["results"]["code2text"])


@pytest.mark.skipif(not (REF_TASKS / "code_x_glue").is_dir(), reason="lm-eval 0.4.13's reference venv is not built")
def test_smoothed_bleu_4_equals_lm_eval_on_awkward_text():
    pairs = [("Returns the &quot;name&quot; - or null.", "return name"), ("x_y 2-3 , 4.5", "x y 2 - 3, 4.5"),
             ("<skipped> a\nb-\nc", "a b c"), ("Get get GET", "get"), ("", "something")]
    ours = module(TASKS / "code_x_glue" / "bleu.py")
    code = ("import sys, json; sys.path.insert(0, sys.argv[1]); import bleu; "
            "print(json.dumps([bleu.smoothed_bleu_4([r], [p]) for r, p in json.loads(sys.argv[2])]))")
    theirs = json.loads(subprocess.run([sys.executable, "-c", code, str(REF_TASKS / "code_x_glue" / "code-text"),
                                        json.dumps(pairs)], capture_output=True, text=True, check=True).stdout)
    assert [ours.smoothed_bleu_4([r], [p]) for r, p in pairs] == theirs


# --- HumanEval infilling ----------------------------------------------------------------------

INFILL = {name: rows(f"loubnabnl/humaneval_infilling/HumanEval-{name}/test.jsonl")
          for name in ("SingleLineInfilling", "MultiLineInfilling", "RandomSpanInfilling", "RandomSpanInfillingLight")}


def test_infilling_prompt_is_suffix_then_prefix():
    doc = INFILL["MultiLineInfilling"][0]
    ctx, gen = run(["humaneval_multi_line_infilling"], limit=1)["samples"]["humaneval_multi_line_infilling"][0][
        "arguments"][0]
    assert ctx == doc["suffix"] + "\n\n" + doc["prompt"]
    assert gen == {"max_gen_toks": 1024, "do_sample": False, "until": ["\n\n"]}
    _, single = run(["humaneval_single_line_infilling"], limit=1)["samples"]["humaneval_single_line_infilling"][0][
        "arguments"][0]
    assert single == {"until": ["\n"], "max_gen_toks": 1024, "do_sample": False}


def test_infilling_runs_prompt_middle_suffix_against_the_tests(monkeypatch):
    monkeypatch.setenv("LMEVAL_SANDBOX_TIMEOUT", "3")
    middles = {d["suffix"] + "\n\n" + d["prompt"]: d["canonical_solution"] for docs in INFILL.values() for d in docs}
    right = run(["humaneval_infilling"], model=AnswerLM(middles.get))["results"]
    assert right["humaneval_infilling"]["pass@1,create_test"] == 1.0
    wrong = run(["humaneval_random_span_infilling"], model=AnswerLM(lambda ctx: "    return None\n"))["results"]
    assert wrong["humaneval_random_span_infilling"]["pass@1,create_test"] == 0.0


def test_infilling_trusts_the_prompt_code_before_the_completed_function():
    utils = module(TASKS / "humaneval_infilling" / "utils.py")
    prompt = ("import math\n\n\ndef poly(xs: list, x: float):\n    return sum(c * math.pow(x, i) for i, c in "
              "enumerate(xs))\n\n\n@cache\ndef find_zero(xs: list):\n    \"\"\" doc \"\"\"\n    begin, end = -1.0, 1.0\n")
    assert utils.trusted_head(prompt) == prompt.split("@cache")[0]
    assert utils.trusted_head("    x = 1\n") == "" and utils.trusted_head("def f(:\ndef g():\n") == ""


# --- JSONSchemaBench --------------------------------------------------------------------------

def test_jsonschema_prompt_has_two_inline_examples():
    """lm-eval's prompt as it is: the description runs into the first example, and the YAML's
    single-quoted ``\\n\\n`` stays a literal backslash-n inside each block."""
    doc = rows("epfl-dlab/JSONSchemaBench/Github_easy/test.jsonl")[0]
    sample = run(["jsonschema_bench_easy"], limit=1)["samples"]["jsonschema_bench_easy"][0]
    ctx, gen = sample["arguments"][0]
    assert ctx.startswith("Generate a JSON object that matches the following JSON schema.JSON schema: { ")
    assert ctx.count("JSON schema: ") == 3 and ctx.count("JSON object: ") == 3
    assert ctx.endswith(f"JSON schema: {doc['json_schema']}\\n\\nJSON object: ")
    assert '"state": "WA" }\n\nJSON schema: { "$schema": "http://json-schema.org/draft-06/schema#"' in ctx
    assert '"city": "Seattle"' in ctx and '"selector": "app-root"' in ctx and "minecraft" not in ctx
    assert sample["target"] == doc["json_schema"] and gen["until"] == ["\n\n"]


def test_jsonschema_scores_as_lm_eval():
    metrics = module(TASKS / "jsonschema_bench" / "metrics.py")
    schema = json.dumps({"type": "object", "properties": {"age": {"type": "integer"}}, "required": ["age"]})
    ok = '```json\n{"age": 3}\n```'
    assert metrics.json_validity([schema], [ok]) and metrics.schema_compliance([schema], [ok])
    assert metrics.json_validity([schema], ['{"age": "3"}']) and not metrics.schema_compliance([schema], ['{"age": "3"}'])
    assert not metrics.json_validity([schema], ["null"])  # "n" and "l" are stripped: "ul" is not JSON
    ip = json.dumps({"type": "string", "format": "ipv4"})
    assert not metrics.schema_compliance([ip], ['"10.0.0.1"'])  # lm-eval's format checkers return None
    assert not metrics.schema_compliance([json.dumps({"type": 5})], ["{}"])  # an invalid schema


def test_jsonschema_without_the_library_stops_in_one_line():
    code = ("import sys; sys.modules['jsonschema'] = None; from lmeval.cli import main; "
            "sys.exit(main(['run', '--model', 'dummy', '--tasks', 'jsonschema_bench_easy', '--limit', '1']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "jsonschema_bench needs jsonschema, which is not installed: pip install 'lmeval-tasks-code[jsonschema]'" \
        in done.stderr


def test_only_tasks_that_execute_code_probe_the_sandbox():
    names = plugin._code_tasks()
    assert {"humaneval", "cruxeval_input", "humaneval_single_line_infilling", "humaneval_infilling"} <= names
    assert not {"code2text_go", "code2text", "jsonschema_bench_easy"} & names
