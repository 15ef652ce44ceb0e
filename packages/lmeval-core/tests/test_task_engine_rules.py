"""Rules of the task engine, each asserted exactly on a tiny local task with the reference LM.

Local data (CSV typing, ``text`` files), Jinja (``regex_replace``, trailing newlines), chat
templates (``system_instruction``, ``fewshot_as_multiturn``, the target delimiter), multiple
targets, group keys pushed down to members, splits (missing, test → validation), custom
datasets, the ``first_n`` sampler and the laziness of the task index.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import lmeval
import pytest
from lmeval.errors import ConfigError, UsageError
from lmeval.protocol import LM
from lmeval.tasks import yamlio
from lmeval.tasks.data import read_rows
from lmeval.testing import plugin_manager


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("LMEVAL_DATASETS_DIR", raising=False)


@pytest.fixture
def root(tmp_path) -> Path:
    path = tmp_path / "tasks"
    path.mkdir()
    return path


def _write(root: Path, files: dict[str, object]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, list):
            path.write_text("".join(json.dumps(d) + "\n" for d in content), encoding="utf-8")
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(textwrap.dedent(str(content)).lstrip("\n"), encoding="utf-8")


def _run(root: Path, tasks: list, model: object = "dummy", **kw) -> dict:
    return lmeval.evaluate(model, tasks=tasks, include_path=str(root), log_samples=True,
                           plugins=plugin_manager(), bootstrap_iters=0, **kw)


def _contexts(out: dict, task: str) -> list:
    return [s["arguments"][0][0] for s in out["samples"][task]]


class GoldLM(LM):
    """Log-likelihood 0 for the continuations in ``best``, -5 for every other one."""

    def __init__(self, best: set[str]) -> None:
        super().__init__()
        self.best = best

    def loglikelihood(self, requests):
        return [(0.0 if r.continuation in self.best else -5.0, False) for r in requests]


# ----------------------------------------------------------------------------- CSV, text

# Each file's rows as HF datasets 5.2.0 (pandas 3.1.1) loads them with
# load_dataset("csv", data_files=...): the oracle for the local reader.
CSV_ORACLE = {
    "t.csv": (
        "a,b,c,d,e,f,g,h,i,j,k\n1,1.5,True,x,,1,1,true,NA,01,1e3\n2,2,False,,,,2.5,TRUE,y, 3,inf\n"
        "-3,3,True,7,,3,z,false,None,4,-2\n",
        [{"a": 1, "b": 1.5, "c": True, "d": "x", "e": None, "f": 1.0, "g": "1", "h": True, "i": None, "j": 1, "k": 1000.0},
         {"a": 2, "b": 2.0, "c": False, "d": None, "e": None, "f": None, "g": "2.5", "h": True, "i": "y", "j": 3, "k": float("inf")},
         {"a": -3, "b": 3.0, "c": True, "d": "7", "e": None, "f": 3.0, "g": "z", "h": False, "i": None, "j": 4, "k": -2.0}]),
    "u.csv": (
        'a,b,c,d,e,f,g\nTrue,1,nan, x ,1.0,"5",9223372036854775808\n,0,2.5,y,2.0,"6",1\nFalse,1,,z,3,7,2\n',
        [{"a": True, "b": 1, "c": None, "d": " x ", "e": 1.0, "f": 5, "g": 9223372036854775808},
         {"a": None, "b": 0, "c": 2.5, "d": "y", "e": 2.0, "f": 6, "g": 1},
         {"a": False, "b": 1, "c": None, "d": "z", "e": 3.0, "f": 7, "g": 2}]),
    "v.csv": ('a,b\n"1,5",+4\n"2",-0\n', [{"a": "1,5", "b": 4}, {"a": "2", "b": 0}]),
}


@pytest.mark.parametrize("name", sorted(CSV_ORACLE))
def test_csv_columns_are_typed_as_hf_datasets_types_them(root, name):
    text, expected = CSV_ORACLE[name]
    _write(root, {name: text.encode("utf-8")})
    rows = read_rows(root / name)
    assert rows == expected
    # == alone would let 1 == 1.0 == True pass: the types themselves must match
    assert [[type(v) for v in r.values()] for r in rows] == [[type(v) for v in r.values()] for r in expected]


CSV_MC = (
    "question,a,b,c,label,code\n"
    "What is 2+2?,three,four,five,1,1\n"
    "Capital of France?,Paris,Rome,Oslo,0,x2\n"
    '"Say ""no""",yes,maybe,no,2,3\n'
)

CSV_MC_YAML = r"""
task: csv_mc
dataset_path: csv
dataset_kwargs:
  data_files:
    test: data.csv
test_split: test
output_type: multiple_choice
doc_to_text: "Q: {{question}}\nA:"
doc_to_choice: "{{[a, b, c]}}"
doc_to_target: label
"""


def test_csv_multiple_choice_integer_label_scores(root):
    _write(root, {"data.csv": CSV_MC, "csv_mc.yaml": CSV_MC_YAML})
    out = _run(root, ["csv_mc"], model=GoldLM({" four", " Paris", " no"}))
    samples = out["samples"]["csv_mc"]
    # the label column is int, so doc_to_target (a bare column) gives the gold index
    assert [s["target"] for s in samples] == [1, 0, 2]
    assert [s["acc"] for s in samples] == [1.0, 1.0, 1.0]
    assert out["results"]["csv_mc"]["acc,none"] == 1.0
    # a column mixing numbers and text stays str, numbers included
    assert [s["doc"]["code"] for s in samples] == ["1", "x2", "3"]
    assert samples[2]["arguments"][0] == ['Q: Say "no"\nA:', " yes"]


def test_mirror_csv_is_typed_too(root, tmp_path, monkeypatch):
    mirror = tmp_path / "mirror"
    _write(mirror, {"acme/quiz/default/test.csv": CSV_MC})
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(mirror))
    _write(root, {"quiz.yaml": CSV_MC_YAML.replace("task: csv_mc", "task: quiz").replace(
        "dataset_path: csv\ndataset_kwargs:\n  data_files:\n    test: data.csv\n", "dataset_path: acme/quiz\n")})
    out = _run(root, ["quiz"], model=GoldLM({" four", " Paris", " no"}))
    assert out["results"]["quiz"]["acc,none"] == 1.0
    assert [s["doc"]["label"] for s in out["samples"]["quiz"]] == [1, 0, 2]


def test_text_dataset_is_one_document_per_line(root):
    _write(root, {
        "corpus.txt": b"first line\n\nthird line\r\nlast",
        "lines.yaml": """
            task: lines
            dataset_path: text
            dataset_kwargs:
              data_files:
                test: corpus.txt
            test_split: test
            output_type: loglikelihood_rolling
            doc_to_target: text
            """,
    })
    out = _run(root, ["lines"])
    samples = out["samples"]["lines"]
    # as HF datasets' "text" loader: universal newlines, split on "\n", empty lines kept
    assert [s["doc"] for s in samples] == [{"text": "first line"}, {"text": ""}, {"text": "third line"},
                                           {"text": "last"}]
    assert [s["arguments"] for s in samples] == [[["first line"]], [[""]], [["third line"]], [["last"]]]
    assert out["n-samples"]["lines"] == {"original": 4, "effective": 4}


# --------------------------------------------------------------------------------- Jinja


QA = [{"q": "a__b_c", "e": "bob@home", "a": "1"}]


def test_regex_replace_filter(root):
    _write(root, {"qa.jsonl": QA, "rr.yaml": r"""
        task: rr
        dataset_path: json
        dataset_kwargs:
          data_files:
            test: qa.jsonl
        test_split: test
        doc_to_text: '{{ q | regex_replace("_+", " ") }} / {{ q | regex_replace("_", "-", 1) }} / {{ e | regex_replace("(\\w+)@(\\w+)", "\\2 at \\1") }}'
        doc_to_target: "{{a}}"
        """})
    out = _run(root, ["rr"])
    # re.sub(pattern, repl, string, count): all matches, then only the first, then group references
    assert _contexts(out, "rr") == ["a b c / a-_b_c / home at bob"]


def test_trailing_newlines_of_templates_are_kept(root):
    _write(root, {
        "qa.jsonl": [{"q": "x", "a": "1"}, {"q": "y", "a": "2"}],
        "nl_block.yaml": """
            task: nl_block
            dataset_path: json
            dataset_kwargs:
              data_files:
                train: qa.jsonl
                test: qa.jsonl
            training_split: train
            test_split: test
            doc_to_text: |
              Question: {{q}}
              Answer:
            doc_to_target: "{{a}}"
            num_fewshot: 1
            fewshot_config:
              sampler: first_n
            """,
        "nl_quoted.yaml": r"""
            include: nl_block.yaml
            task: nl_quoted
            doc_to_text: "{{q}}\n\n"
            num_fewshot: 0
            """,
    })
    out = _run(root, ["nl_block", "nl_quoted"])
    # the block scalar ends in "\n" and the rendered prompt keeps it; in a few-shot example the
    # answer then follows the target delimiter " "
    assert _contexts(out, "nl_block") == ["Question: x\nAnswer:\n 1\n\nQuestion: x\nAnswer:\n",
                                          "Question: x\nAnswer:\n 1\n\nQuestion: y\nAnswer:\n"]
    assert _contexts(out, "nl_quoted") == ["x\n\n", "y\n\n"]


# ------------------------------------------------------------------------ chat templates

CHAT_FILES = {
    "train.jsonl": [{"q": "1+1", "a": "2"}, {"q": "2+2", "a": "4"}, {"q": "3+3", "a": "6"}],
    "test.jsonl": [{"q": "5+5", "a": "10"}],
    "chat_gen.yaml": """
        task: chat_gen
        dataset_path: json
        dataset_kwargs:
          data_files:
            train: train.jsonl
            test: test.jsonl
        training_split: train
        test_split: test
        doc_to_text: "Q: {{q}}"
        doc_to_target: "{{a}}"
        description: "Answer briefly."
        num_fewshot: 2
        fewshot_config:
          sampler: first_n
        """,
}


def test_fewshot_as_multiturn_and_system_instruction(root):
    _write(root, CHAT_FILES)
    out = _run(root, ["chat_gen"], apply_chat_template=True, fewshot_as_multiturn=True,
               system_instruction="Be terse.")
    # the system turn is system_instruction + fewshot_delimiter + description; each shot is a
    # user/assistant pair; the reference template renders "<|role|>\n{content}\n" per message
    assert _contexts(out, "chat_gen") == [
        "<|system|>\nBe terse.\n\nAnswer briefly.\n"
        "<|user|>\nQ: 1+1\n<|assistant|>\n2\n"
        "<|user|>\nQ: 2+2\n<|assistant|>\n4\n"
        "<|user|>\nQ: 5+5\n<|assistant|>\n"]
    assert out["fewshot_as_multiturn"] is True
    assert out["system_instruction"] == "Be terse."
    assert out["chat_template"] == "reference-chat-template-v1"


def test_chat_template_without_multiturn_folds_shots_into_one_user_turn(root):
    _write(root, CHAT_FILES)
    out = _run(root, ["chat_gen"], apply_chat_template=True, system_instruction="Be terse.")
    assert _contexts(out, "chat_gen") == [
        "<|system|>\nBe terse.\n\nAnswer briefly.\n"
        "<|user|>\nQ: 1+1 2\n\nQ: 2+2 4\n\nQ: 5+5\n<|assistant|>\n"]


def test_system_instruction_without_chat_template(root):
    _write(root, CHAT_FILES)
    out = _run(root, ["chat_gen"], system_instruction="Be terse.")
    # as lm-eval 0.4.13: the system text is joined to the description by the few-shot
    # delimiter, and nothing separates it from the first shot
    assert _contexts(out, "chat_gen") == ["Be terse.\n\nAnswer briefly.Q: 1+1 2\n\nQ: 2+2 4\n\nQ: 5+5"]
    assert _contexts(_run(root, ["chat_gen"]), "chat_gen") == ["Answer briefly.Q: 1+1 2\n\nQ: 2+2 4\n\nQ: 5+5"]


def test_fewshot_as_multiturn_needs_a_chat_template(root):
    _write(root, CHAT_FILES)
    with pytest.raises(UsageError, match="--fewshot_as_multiturn needs --apply_chat_template"):
        _run(root, ["chat_gen"], fewshot_as_multiturn=True)


MC_CHAT_FILES = {
    "mc.jsonl": [{"q": "sky?", "choices": ["blue", "green"], "label": 0}],
    "mc_chat.yaml": """
        task: mc_chat
        dataset_path: json
        dataset_kwargs:
          data_files:
            test: mc.jsonl
        test_split: test
        output_type: multiple_choice
        doc_to_text: "Q: {{q}}"
        doc_to_choice: "{{choices}}"
        doc_to_target: label
        """,
    "mc_chat_prefix.yaml": """
        include: mc_chat.yaml
        task: mc_chat_prefix
        gen_prefix: "Answer:"
        """,
    "mc_chat_prefix_space.yaml": """
        include: mc_chat.yaml
        task: mc_chat_prefix_space
        gen_prefix: "Answer: "
        """,
}


def _requests(out: dict, task: str) -> list[list[str]]:
    return out["samples"][task][0]["arguments"]


def test_target_delimiter_under_chat_templates(root):
    """The delimiter " " goes before each choice; under a chat template it becomes "" unless
    gen_prefix ends in non-whitespace (lm-eval's construct_requests; reference 000:771)."""
    _write(root, MC_CHAT_FILES)
    names = ["mc_chat", "mc_chat_prefix", "mc_chat_prefix_space"]
    plain = _run(root, names)
    assert _requests(plain, "mc_chat") == [["Q: sky?", " blue"], ["Q: sky?", " green"]]
    assert _requests(plain, "mc_chat_prefix") == [["Q: sky? Answer:", " blue"], ["Q: sky? Answer:", " green"]]
    assert _requests(plain, "mc_chat_prefix_space") == [["Q: sky? Answer: ", " blue"],
                                                        ["Q: sky? Answer: ", " green"]]
    chat = _run(root, names, apply_chat_template=True)
    assert _requests(chat, "mc_chat") == [["<|user|>\nQ: sky?\n<|assistant|>\n", "blue"],
                                          ["<|user|>\nQ: sky?\n<|assistant|>\n", "green"]]
    # a gen_prefix is the start of the assistant turn: no generation prompt is added after it
    assert _requests(chat, "mc_chat_prefix") == [["<|user|>\nQ: sky?\n<|assistant|>\nAnswer:\n", " blue"],
                                                 ["<|user|>\nQ: sky?\n<|assistant|>\nAnswer:\n", " green"]]
    assert _requests(chat, "mc_chat_prefix_space") == [
        ["<|user|>\nQ: sky?\n<|assistant|>\nAnswer: \n", "blue"],
        ["<|user|>\nQ: sky?\n<|assistant|>\nAnswer: \n", "green"]]


# ---------------------------------------------------------------------- multiple targets


def test_multiple_targets(root):
    _write(root, {
        "mt_train.jsonl": [{"q": "shot", "answers": ["alpha", "beta"]}],
        "mt.jsonl": [{"q": "any digit", "answers": [str(d) for d in range(10)]},
                     {"q": "letters only", "answers": ["x", "y"]}],
        "multi_target.yaml": r"""
            task: multi_target
            dataset_path: json
            dataset_kwargs:
              data_files:
                train: mt_train.jsonl
                test: mt.jsonl
            training_split: train
            test_split: test
            doc_to_text: "Q: {{q}}\nA:"
            doc_to_target: answers
            num_fewshot: 1
            filter_list:
              - name: digit
                filter:
                  - function: regex
                    regex_pattern: "The answer is (\\d)"
                  - function: take_first
            """,
        "multi_target_template.yaml": """
            include: multi_target.yaml
            task: multi_target_template
            doc_to_target: "{{answers}}"
            """,
    })
    out = _run(root, ["multi_target", "multi_target_template"])
    for task in ("multi_target", "multi_target_template"):
        samples = out["samples"][task]
        # a list target (a column, or a template rendering a Python list) scores 1 when any
        # element matches; a few-shot example shows the first element
        assert [s["target"] for s in samples] == [[str(d) for d in range(10)], ["x", "y"]]
        assert [s["exact_match"] for s in samples] == [1.0, 0.0]
        assert samples[0]["filtered_resps"][0] in [str(d) for d in range(10)]
        assert _contexts(out, task)[0] == "Q: shot\nA: alpha\n\nQ: any digit\nA:"
        assert out["results"][task]["exact_match,digit"] == 0.5


# -------------------------------------------------------------------------------- groups


def test_group_keys_are_pushed_down_to_members(root):
    _write(root, {
        "pd.jsonl": [{"q": "x", "a": "1"}],
        "pd_task.yaml": """
            task: pd_task
            dataset_path: json
            dataset_kwargs:
              data_files:
                test: pd.jsonl
            test_split: test
            doc_to_text: "{{q}}"
            doc_to_target: "{{a}}"
            description: "TASK. "
            """,
        "pd_task_b.yaml": """
            include: pd_task.yaml
            task: pd_task_b
            """,
        "pd_group.yaml": """
            group: pd_group
            task:
              - pd_task
              - task: pd_task_b
                description: "MEMBER. "
            description: "GROUP. "
            generation_kwargs:
              until: ["|"]
              max_gen_toks: 7
            aggregate_metric_list:
              - metric: exact_match
            """,
    })
    alone = _run(root, ["pd_task"])
    assert _contexts(alone, "pd_task") == ["TASK. x"]
    out = _run(root, ["pd_group"])
    # a group's non-group keys override its members' own; a member's inline keys win over the group's
    assert _contexts(out, "pd_task") == ["GROUP. x"]
    assert _contexts(out, "pd_task_b") == ["MEMBER. x"]
    for task in ("pd_task", "pd_task_b"):
        assert out["samples"][task][0]["arguments"][0][1] == {"until": ["|"], "max_gen_toks": 7}
        assert out["configs"][task]["generation_kwargs"] == {"until": ["|"], "max_gen_toks": 7}
    assert out["group_subtasks"]["pd_group"] == ["pd_task", "pd_task_b"]


# -------------------------------------------------------------------------------- splits

SPLIT_FILES = {
    "s_test.jsonl": [{"q": "t0", "a": "0"}],
    "s_val.jsonl": [{"q": "v0", "a": "0"}, {"q": "v1", "a": "1"}, {"q": "v2", "a": "2"}],
    "split_base.yaml": """
        task: split_base
        dataset_path: json
        dataset_kwargs:
          data_files:
            test: s_test.jsonl
            train: s_test.jsonl
            validation: s_val.jsonl
        test_split: tset
        doc_to_text: "{{q}}"
        doc_to_target: "{{a}}"
        """,
}


def test_a_missing_split_names_the_splits_that_exist(root):
    _write(root, SPLIT_FILES)
    with pytest.raises(ConfigError) as info:
        _run(root, ["split_base"])
    err = info.value
    assert err.message == ("dataset 'json' has no split 'tset'; it has: test, train, validation "
                           "(did you mean 'test'?)")
    assert err.field == "test_split"
    assert Path(err.file).name == "split_base.yaml" and err.line == 8


def test_validation_split_is_scored_when_there_is_no_test_split(root):
    _write(root, {**SPLIT_FILES,
                  "val_only.yaml": """
                      include: split_base.yaml
                      task: val_only
                      dataset_kwargs:
                        data_files:
                          validation: s_val.jsonl
                      test_split: null
                      validation_split: validation
                      num_fewshot: 1
                      fewshot_config:
                        sampler: first_n
                      """,
                  "both.yaml": """
                      include: split_base.yaml
                      task: both
                      test_split: test
                      validation_split: validation
                      """})
    out = _run(root, ["val_only", "both"])
    # no training split either: the shots come from the validation split, and since the
    # few-shot split (unset) equals test_split (unset), a document is never its own shot
    assert _contexts(out, "val_only") == ["v1 1\n\nv0", "v0 0\n\nv1", "v0 0\n\nv2"]
    assert out["n-samples"]["both"] == {"original": 1, "effective": 1}  # test wins over validation
    assert _contexts(out, "both") == ["t0"]


# ------------------------------------------------------------------- custom_dataset, first_n


def test_custom_dataset_gets_metadata_and_dataset_kwargs(root):
    _write(root, {
        "ds_helpers.py": """
            def make(**kwargs):
                n = kwargs["n"]
                return {"test": [{"q": f"item {i}", "a": str(i), "kw": sorted(kwargs)} for i in range(n)]}
            """,
        "custom_ds.yaml": """
            task: custom_ds
            custom_dataset: !function ds_helpers.make
            dataset_kwargs:
              n: 3
            metadata:
              version: 2.0
              flavour: sweet
            test_split: test
            doc_to_text: "{{q}}"
            doc_to_target: "{{a}}"
            """,
    })
    out = _run(root, ["custom_ds"], metadata={"extra": 1})
    samples = out["samples"]["custom_ds"]
    # called as custom_dataset(**metadata, **dataset_kwargs); --metadata joins the task's metadata
    assert [s["doc"]["q"] for s in samples] == ["item 0", "item 1", "item 2"]
    assert samples[0]["doc"]["kw"] == ["extra", "flavour", "n", "version"]
    assert out["versions"]["custom_ds"] == 2.0


FIRST_N_FILES = {
    "fn_train.jsonl": [{"q": f"t{i}", "a": f"A{i}"} for i in range(4)],
    "fn_test.jsonl": [{"q": f"e{i}", "a": f"B{i}"} for i in range(3)],
    "first_n.yaml": """
        task: first_n
        dataset_path: json
        dataset_kwargs:
          data_files:
            train: fn_train.jsonl
            test: fn_test.jsonl
        training_split: train
        test_split: test
        doc_to_text: "{{q}}"
        doc_to_target: "{{a}}"
        num_fewshot: 2
        fewshot_config:
          sampler: first_n
        """,
    "first_n_self.yaml": """
        include: first_n.yaml
        task: first_n_self
        fewshot_split: test
        """,
}


def test_first_n_sampler(root):
    _write(root, FIRST_N_FILES)
    out = _run(root, ["first_n", "first_n_self"])
    # the first n documents of the pool, in order, for every document
    assert _contexts(out, "first_n") == ["t0 A0\n\nt1 A1\n\ne0", "t0 A0\n\nt1 A1\n\ne1", "t0 A0\n\nt1 A1\n\ne2"]
    # drawn from the test split itself, the document is left out of the pool first
    assert _contexts(out, "first_n_self") == ["e1 B1\n\ne2 B2\n\ne0", "e0 B0\n\ne2 B2\n\ne1",
                                              "e0 B0\n\ne1 B1\n\ne2"]
    # before the model loads, in words (issue 16): 3 documents, one of them is the scored one
    with pytest.raises(UsageError, match="needs 3 few-shot examples per prompt, but its few-shot "
                                         "split 'test' has only 2 to draw from"):
        _run(root, ["first_n_self"], num_fewshot=3)


# ------------------------------------------------------------------------ index laziness


def test_running_one_task_does_not_parse_the_others(root, monkeypatch):
    _write(root, {
        "qa.jsonl": [{"q": "x", "a": "1"}],
        "lazy_good.yaml": """
            task: lazy_good
            dataset_path: json
            dataset_kwargs:
              data_files:
                test: qa.jsonl
            test_split: test
            doc_to_text: "{{q}}"
            doc_to_target: "{{a}}"
            """,
        "lazy_broken.yaml": "task: lazy_broken\ndoc_to_text: [unclosed\n  nope: : :\n",
        "sub/lazy_missing_include.yaml": "include: does_not_exist.yaml\ntask: lazy_missing_include\n",
    })
    parsed: list[str] = []
    real = yamlio.read_yaml

    def recording(path):
        parsed.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(yamlio, "read_yaml", recording)
    out = _run(root, ["lazy_good"])
    assert out["results"]["lazy_good"]["exact_match,none"] == 0.0
    assert parsed == ["lazy_good.yaml"]
    # both others are listed by name, and each fails once it is named
    with pytest.raises(ConfigError, match="invalid YAML"):
        _run(root, ["lazy_broken"])
    with pytest.raises(ConfigError, match="included file 'does_not_exist.yaml' not found"):
        _run(root, ["lazy_missing_include"])
