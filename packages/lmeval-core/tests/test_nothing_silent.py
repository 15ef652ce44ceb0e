"""Nothing that changes a score passes silently (issue 16, section 3).

Misspelled metric keywords, model arguments and generation arguments are errors with the closest
names; datasets, splits and few-shot sizes are checked before the model is built; errors blame
the file that holds the mistake (the ``--config`` file, the data file and its line, the subject
file that names a missing ``dataset_name``).
"""

from __future__ import annotations

import json
import logging
import textwrap
import types
from pathlib import Path
from typing import Any

import pytest
from kernel_tasks import write_tasks
from lmeval import evaluator
from lmeval.cli import main
from lmeval.errors import ConfigError, UsageError
from lmeval.hookspecs import hookimpl
from lmeval.metrics.keywords import accepted_keywords, unknown_keyword
from lmeval.plugins import PluginManager
from lmeval.protocol import LM
from lmeval.run.modelargs import (
    GENERATION_KWARGS,
    accepted_run_options,
    check_generation_kwargs,
    check_model_args,
    named_parameters,
)
from lmeval.tasks import data as datamod
from lmeval.testing import ReferenceLM


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))
    monkeypatch.delenv("LMEVAL_DATASETS_DIR", raising=False)


@pytest.fixture
def tasks(tmp_path) -> Path:
    return write_tasks(tmp_path / "tasks", n_docs=6)


# ----------------------------------------------------------------------------- a probe backend

BUILT: list[dict[str, Any]] = []


class ProbeLM(ReferenceLM):
    """The reference LM, remembering that it was built (a load that a pre-flight must avoid)."""

    def __init__(self, seed: int = 0, chunk_size: int | None = None, batch_size: Any = 1,
                 max_batch_size: Any = None, device: Any = None) -> None:  # no **kwargs: strict
        BUILT.append({"seed": seed})
        super().__init__(seed=seed, chunk_size=chunk_size, batch_size=batch_size)


class LibraryLM(ReferenceLM):
    """Forwards extra keywords to a 'library' that knows ``rope_theta``; takes ``num_beams``."""

    def __init__(self, pretrained: str = "m", **library: Any) -> None:
        BUILT.append({"pretrained": pretrained, **library})
        super().__init__()

    @staticmethod
    def extra_model_args(args: Any) -> frozenset[str]:
        return frozenset({"rope_theta", "device"})

    @staticmethod
    def extra_generation_kwargs() -> frozenset[str]:
        return frozenset({"num_beams"})


class ServerLM(ReferenceLM):
    """Sends unknown generation keys to a server as request fields."""

    @staticmethod
    def extra_generation_kwargs() -> None:
        return None


class NamedLM(ReferenceLM):
    def __init__(self, pretrained: str = "", **rest: Any) -> None:
        super().__init__(**rest)


class NoTemplateLM(NamedLM):
    """A tokenizer without a chat template, as transformers reports it."""

    def apply_chat_template(self, messages: Any, add_generation_prompt: bool = True) -> str:
        raise ValueError("Cannot use chat template functions because tokenizer.chat_template is not set")


class CheckedTemplateLM(NamedLM):
    """Says before it is built that its model has no chat template (as hf reads its tokenizer)."""

    def __init__(self, **args: Any) -> None:
        BUILT.append(args)
        super().__init__(**args)

    @staticmethod
    def check_chat_template(args: Any, template: Any) -> str | None:
        return None if args.get("pretrained") == "has-one" else "its tokenizer has no chat template"


class PlainLM(NamedLM):
    """A backend with no chat support at all (the base class's answer)."""

    apply_chat_template = LM.apply_chat_template


def _probe_plugin() -> types.ModuleType:
    module = types.ModuleType("probe_backends")

    @hookimpl
    def lmeval_register_models(register: Any) -> None:
        register("probe", ProbeLM)
        register("library", LibraryLM)
        register("server", ServerLM)
        register("notemplate", NoTemplateLM)
        register("plain", PlainLM)
        register("checked", CheckedTemplateLM)

    module.lmeval_register_models = lmeval_register_models  # type: ignore[attr-defined]
    return module


@pytest.fixture
def pm() -> PluginManager:
    BUILT.clear()
    return PluginManager(autoload=False, plugins=[_probe_plugin()])


def _run(pm: PluginManager, tasks: Path, names: list[str], **kwargs: Any) -> dict:
    kwargs.setdefault("bootstrap_iters", 0)
    return evaluator.evaluate(kwargs.pop("model", "probe"), kwargs.pop("model_args", None), names,
                              include_path=str(tasks), plugins=pm, **kwargs)


# ------------------------------------------------------------------------------ metric keywords


def _gen_task(tmp_path: Path, name: str, metric_entry: str) -> Path:
    directory = write_tasks(tmp_path / name, n_docs=4)
    head = textwrap.dedent(f"""\
        task: {name}
        dataset_path: json
        dataset_kwargs:
          data_files:
            test: docs.jsonl
        test_split: test
        output_type: generate_until
        doc_to_text: "Q: {{{{q}}}}"
        doc_to_target: "{{{{choices[answer]}}}}"
        generation_kwargs:
          until: ["\\n"]
        metric_list:
        """)
    (directory / f"{name}.yaml").write_text(head + textwrap.indent(metric_entry, "  "), encoding="utf-8")
    return directory


@pytest.mark.parametrize(("keyword", "closest"), [
    ("ignore_cse", "ignore_case"),
    ("ignorecase", "ignore_case"),
    ("ignore_punctation", "ignore_punctuation"),
    ("regex_to_ignore", "regexes_to_ignore"),
    ("ignore_number", "ignore_numbers"),
    ("higher_is_beter", "higher_is_better"),
])
def test_misspelled_metric_keyword_is_an_error_at_its_line(tmp_path, pm, keyword, closest):
    directory = _gen_task(tmp_path, "kw", f"- metric: exact_match\n  {keyword}: true\n")
    with pytest.raises(ConfigError) as info:
        _run(pm, directory, ["kw"])
    err = info.value
    assert err.field == keyword and err.file.endswith("kw.yaml") and err.line == 14
    assert f"did you mean '{closest}'" in err.message
    assert BUILT == []  # refused before the model was built


@pytest.mark.parametrize("style", ["block", "flow", "json", "included"])
def test_metric_keyword_error_in_every_yaml_style(tmp_path, pm, style):
    directory = write_tasks(tmp_path / style, n_docs=4)
    gen = (directory / "k_gen.yaml").read_text(encoding="utf-8")
    head, _, _ = gen.partition("metric_list:")
    entries = {
        "block": "metric_list:\n  - metric: exact_match\n    ignore_cse: true\n",
        "flow": "metric_list: [{metric: exact_match, ignore_cse: true}]\n",
        "json": 'metric_list: [{"metric": "exact_match", "ignore_cse": true}]\n',
    }
    if style == "included":  # the entry lives in a template: the error names the template
        (directory / "_metrics_yaml").write_text(entries["block"], encoding="utf-8")
        (directory / "k_gen.yaml").write_text("include: _metrics_yaml\n" + head, encoding="utf-8")
        where = "_metrics_yaml"
    else:
        (directory / "k_gen.yaml").write_text(head + entries[style], encoding="utf-8")
        where = "k_gen.yaml"
    with pytest.raises(ConfigError) as info:
        _run(pm, directory, ["k_gen"])
    assert info.value.file.endswith(where) and info.value.field == "ignore_cse"
    assert "did you mean 'ignore_case'" in info.value.message


def test_valid_metric_keywords_still_change_the_score(tmp_path, pm):
    entry = "- metric: exact_match\n  ignore_case: true\n  regexes_to_ignore: ['x']\n"
    directory = _gen_task(tmp_path, "kw_ok", entry)
    results = _run(pm, directory, ["kw_ok"])
    assert "exact_match,none" in results["results"]["kw_ok"]


def test_keyword_on_a_metric_the_task_scores_itself(tmp_path, pm, caplog):
    # acc of a multiple-choice task is computed from log-likelihoods: no keyword reaches it.
    directory = write_tasks(tmp_path / "mc", n_docs=4)
    text = (directory / "k_mc.yaml").read_text(encoding="utf-8")
    (directory / "k_mc.yaml").write_text(text.replace("  - metric: acc\n", "  - metric: acc\n    k: 5\n"),
                                         encoding="utf-8")
    with pytest.raises(ConfigError, match="metric 'acc' has no keyword 'k'.*takes no keywords"):
        _run(pm, directory, ["k_mc"])
    # the keywords lm-eval's own YAMLs carry there (and lm-eval ignores) load, with a warning
    (directory / "k_mc.yaml").write_text(
        text.replace("  - metric: acc\n", "  - metric: acc\n    ignore_case: true\n    average: weighted\n"),
        encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="lmeval"):
        results = _run(pm, directory, ["k_mc"])
    assert "acc,none" in results["results"]["k_mc"]
    assert any("does not use" in r.getMessage() for r in caplog.records)


def test_metric_keywords_come_from_the_signature_or_the_declaration():
    def pass_at_k(references, predictions, k=None, timeout=None):
        return 0.0

    def anything(references, predictions, **kwargs):
        return 0.0

    assert accepted_keywords(pass_at_k) == {"k", "timeout"}
    assert accepted_keywords(anything) is None  # not checked
    assert accepted_keywords(anything, declared=("alpha",)) == {"alpha"}
    key, message = unknown_keyword("pass_at_k", {"metric": "x", "kk": [1]}, accepted_keywords(pass_at_k))
    assert key == "kk" and "did you mean 'k'" in message
    assert unknown_keyword("pass_at_k", {"metric": "x", "k": [1], "aggregation": "mean"},
                           accepted_keywords(pass_at_k)) is None


# -------------------------------------------------------------------------------- model arguments


@pytest.mark.parametrize(("given", "closest"), [
    ("seeed", "seed"), ("sed", "seed"), ("batchsize", "batch_size"), ("max_batch_sise", "max_batch_size"),
    ("chunksize", "chunk_size"),
])
def test_misspelled_model_argument_fails_before_anything_loads(pm, tasks, given, closest):
    with pytest.raises(UsageError) as info:
        _run(pm, tasks, ["k_mc"], model_args=f"{given}=1")
    text = str(info.value)
    assert text.startswith("--model_args: backend 'probe' has no model argument")
    assert f"'{given}' (did you mean '{closest}'" in text and "\n" not in text
    assert BUILT == []


def test_every_unknown_model_argument_is_named_at_once(pm, tasks):
    with pytest.raises(UsageError) as info:
        _run(pm, tasks, ["k_mc"], model_args="pretraned=x,seeed=2")
    assert "'pretraned'" in str(info.value) and "'seeed' (did you mean 'seed'" in str(info.value)


def test_a_backend_declares_what_its_library_takes(pm, tasks):
    _run(pm, tasks, ["k_mc"], model="library", model_args="pretrained=m,rope_theta=2.0", device="cpu")
    assert BUILT == [{"pretrained": "m", "rope_theta": 2.0, "device": "cpu"}]
    BUILT.clear()
    with pytest.raises(UsageError, match=r"'rope_thetta' \(did you mean 'rope_theta'"):
        _run(pm, tasks, ["k_mc"], model="library", model_args="pretrained=m,rope_thetta=2.0")
    assert BUILT == []


def test_named_parameters_follow_kwargs_up_the_mro():
    class Base(LM):
        def __init__(self, a: int = 1, **unknown: Any) -> None:
            super().__init__()

    class Child(Base):
        def __init__(self, b: int = 2, **kwargs: Any) -> None:
            super().__init__(**kwargs)

    names, is_open = named_parameters(Child)
    assert names == {"a", "b"} and not is_open  # LM.__init__ closes the chain
    check_model_args("child", Child, {"a": 1, "b": 2})
    with pytest.raises(UsageError, match="'c'"):
        check_model_args("child", Child, {"c": 3})

    def factory(path: str, **engine: Any) -> Any:  # a third-party factory that forwards anything
        return None

    assert named_parameters(factory) == ({"path"}, True)
    check_model_args("third", factory, {"anything": 1})  # not checked: nothing declared


def test_trust_remote_code_reaches_only_backends_that_take_it(pm, tasks):
    # --trust_remote_code adds trust_remote_code=True for every backend, as lm-eval does
    _run(pm, tasks, ["k_mc"], model_args="seed=1,trust_remote_code=True", limit=1)
    assert BUILT == [{"seed": 1}]  # the probe backend has no such setting: not passed
    BUILT.clear()
    _run(pm, tasks, ["k_mc"], model="library", model_args="pretrained=m,trust_remote_code=True", limit=1)
    assert BUILT == [{"pretrained": "m"}]  # its library does not list it either


def test_run_options_go_only_to_backends_that_take_them():
    class NoDevice(LM):
        def __init__(self, batch_size: int = 1) -> None:
            super().__init__()

    options = {"batch_size": 4, "device": "cpu", "max_batch_size": 8}
    assert accepted_run_options(NoDevice, {}, options) == {"batch_size": 4}
    assert accepted_run_options(LibraryLM, {}, options) == {"device": "cpu"}


# ---------------------------------------------------------------------------- generation arguments


@pytest.mark.parametrize(("given", "closest"), [
    ("untill", "until"), ("max_gen_tok", "max_gen_toks"), ("temprature", "temperature"),
    ("do_sampel", "do_sample"), ("top_pp", "top_p"), ("max_new_token", "max_new_tokens"),
])
def test_misspelled_gen_kwargs_fail_before_the_model_loads(pm, tasks, given, closest):
    for model in ("probe", "server", "library"):
        with pytest.raises(UsageError) as info:
            _run(pm, tasks, ["k_gen"], model=model, model_args="pretrained=m" if model == "library" else None,
                 gen_kwargs=f"{given}=1")
        text = str(info.value)
        assert text.startswith("--gen_kwargs: unknown generation argument")
        assert f"'{given}' (did you mean '{closest}'" in text, text
    assert BUILT == []


def test_backend_specific_generation_arguments(pm, tasks):
    _run(pm, tasks, ["k_gen"], model="library", model_args="pretrained=m", gen_kwargs="num_beams=1")
    with pytest.raises(UsageError, match="'num_beams'"):  # the probe backend cannot beam
        _run(pm, tasks, ["k_gen"], gen_kwargs="num_beams=1")
    # a backend that forwards fields to a server takes unknown keys, not misspellings
    _run(pm, tasks, ["k_gen"], model="server", gen_kwargs="seed=3,presence_penalty=0.5")


def test_task_generation_kwargs_are_checked_against_the_backend(tmp_path, pm):
    directory = write_tasks(tmp_path / "t", n_docs=4)
    text = (directory / "k_gen.yaml").read_text(encoding="utf-8")
    (directory / "k_gen.yaml").write_text(text.replace("do_sample: false", "num_beams: 4"),
                                          encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        _run(pm, directory, ["k_gen"])
    assert info.value.field == "generation_kwargs" and info.value.file.endswith("k_gen.yaml")
    assert "'num_beams'" in info.value.message and "backend 'probe'" in info.value.message


def test_every_core_generation_key_is_accepted_everywhere():
    for extra in ((), None, frozenset({"num_beams"})):
        factory = type("F", (LM,), {"extra_generation_kwargs": staticmethod(lambda e=extra: e)})
        check_generation_kwargs("f", factory, dict.fromkeys(GENERATION_KWARGS, 1))


# ------------------------------------------------------------------------ data before the model


def test_wrong_split_fails_before_the_model_is_built(tmp_path, pm):
    directory = write_tasks(tmp_path / "t", n_docs=4)
    text = (directory / "k_mc.yaml").read_text(encoding="utf-8")
    (directory / "k_mc.yaml").write_text(text.replace("test_split: test", "test_split: tset"),
                                         encoding="utf-8")
    with pytest.raises(ConfigError, match="no split 'tset'.*did you mean 'test'"):
        _run(pm, directory, ["k_mc"])
    assert BUILT == []


@pytest.mark.parametrize(("shots", "ok"), [(3, True), (4, False), (5, False), (50, False)])
def test_num_fewshot_larger_than_the_fewshot_split_says_so(tmp_path, pm, shots, ok):
    directory = write_tasks(tmp_path / "t", n_docs=4)
    text = (directory / "k_mc.yaml").read_text(encoding="utf-8")
    # few-shot examples from the scored split itself: the scored document is never its own shot
    (directory / "k_mc.yaml").write_text(text.replace("test_split: test\n", "test_split: test\nfewshot_split: test\n"),
                                         encoding="utf-8")
    if ok:
        _run(pm, directory, ["k_mc"], num_fewshot=shots, limit=1)
        return
    with pytest.raises(UsageError) as info:
        _run(pm, directory, ["k_mc"], num_fewshot=shots)
    text = str(info.value)
    assert text.startswith(f"--num_fewshot: task 'k_mc' needs {shots} few-shot examples per prompt")
    assert "its few-shot split 'test' has only 3 to draw from" in text
    assert "use --num_fewshot 3 or fewer" in text
    assert BUILT == []


@pytest.mark.parametrize(("model", "says"), [("notemplate", "chat_template is not set"),
                                           ("plain", "has no chat template")])
def test_chat_template_missing_names_the_model_not_the_task(pm, tasks, model, says):
    with pytest.raises(UsageError) as info:
        _run(pm, tasks, ["k_mc"], model=model, model_args="pretrained=org/tiny-model",
             apply_chat_template=True)
    text = str(info.value)
    assert text.startswith("--apply_chat_template: model 'org/tiny-model'"), text
    assert says in text and "k_mc" not in text and "\n" not in text


def test_a_backend_can_check_its_chat_template_before_it_is_built(pm, tasks):
    with pytest.raises(UsageError) as info:
        _run(pm, tasks, ["k_mc"], model="checked", model_args="pretrained=org/base",
             apply_chat_template=True)
    assert str(info.value).startswith("--apply_chat_template: model 'org/base' (backend 'checked'): "
                                      "its tokenizer has no chat template")
    assert BUILT == []
    _run(pm, tasks, ["k_mc"], model="checked", model_args="pretrained=has-one",
         apply_chat_template=True, limit=1)
    assert BUILT == [{"pretrained": "has-one"}]


# ------------------------------------------------------------------------------- blame the file


def test_corrupt_data_line_names_the_data_file_and_its_line(tmp_path):
    for suffix, body, line in [
        ("jsonl", '{"a": 1}\n\n{"a": 2}\n{"a": \n', 4),  # blank lines are counted
        ("jsonl", '{"a": 1}\n{"a": 2} x\n', 2),
        ("json", '[\n  {"a": 1},\n  {"a": 2,}\n]\n', 3),
        ("json", '{"a": 1}\n{"a": 2}\n{"a"\n', 3),  # JSON lines in a .json file
        ("jsonl", '{"a": 1}\n{"a": "\xff"}\n', None),
    ]:
        path = tmp_path / f"data.{suffix}"
        if line is None:
            path.write_bytes(b'{"a": 1}\n{"a": "\xff"}\n')
            line = 2
        else:
            path.write_text(body, encoding="utf-8")
        with pytest.raises(datamod.DataFileError) as info:
            datamod.read_rows(path)
        assert (info.value.file, info.value.line) == (str(path), line), body


def test_corrupt_data_line_through_a_run(tmp_path, pm):
    directory = write_tasks(tmp_path / "t", n_docs=4)
    with (directory / "docs.jsonl").open("a", encoding="utf-8") as fh:
        fh.write('{"q": "broken", "choices": [\n')
    with pytest.raises(ConfigError) as info:
        _run(pm, directory, ["k_mc"])
    assert info.value.file.endswith("docs.jsonl") and info.value.line == 5
    assert BUILT == []


def _mirror(root: Path, dataset: str, configs: list[str]) -> None:
    for config in configs:
        folder = root / dataset / config
        folder.mkdir(parents=True)
        (folder / "test.jsonl").write_text(json.dumps({"q": "x", "choices": ["a"], "answer": 0}) + "\n",
                                           encoding="utf-8")


def test_misspelled_dataset_name_names_the_subject_file_and_the_closest_config(tmp_path, pm, monkeypatch):
    mirror = tmp_path / "mirror"
    _mirror(mirror, "org/exams", ["abstract_algebra", "anatomy", "astronomy"])
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(mirror))
    directory = tmp_path / "subjects"
    directory.mkdir()
    (directory / "_template_yaml").write_text(textwrap.dedent("""\
        dataset_path: org/exams
        test_split: test
        output_type: multiple_choice
        doc_to_text: "{{q}}"
        doc_to_choice: "{{choices}}"
        doc_to_target: answer
        """), encoding="utf-8")
    (directory / "exams_algebra.yaml").write_text(
        "include: _template_yaml\ntask: exams_algebra\ndataset_name: abstract_algebr\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        _run(pm, directory, ["exams_algebra"])
    err = info.value
    assert err.file.endswith("exams_algebra.yaml") and err.line == 3 and err.field == "dataset_name"
    assert "did you mean 'abstract_algebra'" in err.message
    assert BUILT == []


def test_misspelled_dataset_name_of_a_local_directory_dataset(tmp_path, pm):
    directory = tmp_path / "tasks"
    _mirror(directory, "exams", ["algebra", "anatomy"])  # dataset_path: a folder of config folders
    (directory / "t.yaml").write_text(textwrap.dedent("""\
        task: t
        dataset_path: exams
        dataset_name: algebr
        test_split: test
        output_type: multiple_choice
        doc_to_text: "{{q}}"
        doc_to_choice: "{{choices}}"
        doc_to_target: answer
        """), encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        _run(pm, directory, ["t"])
    assert (info.value.field, info.value.line) == ("dataset_name", 3)
    assert "has no config 'algebr'" in info.value.message and "did you mean 'algebra'" in info.value.message


def test_single_config_mirror_still_serves_any_dataset_name(tmp_path, monkeypatch):
    _mirror(tmp_path, "org/one", ["default"])
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(tmp_path))
    assert datamod.mirror_dir("org/one", "main") == tmp_path / "org/one/default"


@pytest.mark.parametrize(("config_text", "key", "line"), [
    ("model: dummy\ntasks: k_mc\nnum_fewshot: -1\n", "num_fewshot", 3),
    ("model: dummy\ntasks: k_mc\nlimit: 0\n", "limit", 3),
    ("tasks: k_gen\nmodel: dummy\ngen_kwargs:\n  untill: ['\\n']\n", "gen_kwargs", 3),
    ("model: dummy\ntasks: k_mc\nnum_fewshot: 100\n", "num_fewshot", 3),  # found by the pre-flight
    ("model: dummy\ntasks: k_mc\nbatch_size: big\n", "batch_size", 3),
    ("model: dummy\ntasks: k_mc\nnum-fewshot: -1\n", "num-fewshot", 3),  # dashes, as flags
    ("model: dummy\ntasks: k_gen\ngen_kwargs: max_gen_tok=4,until=['x']\n", "gen_kwargs", 3),
    ('{"model": "dummy", "tasks": "k_gen", "gen_kwargs": {"temprature": 0}}\n', "gen_kwargs", 1),
])
def test_a_bad_value_in_a_config_file_names_the_file_and_key(tmp_path, tasks, capsys, config_text, key, line):
    config = tmp_path / "run.yaml"
    if config_text.startswith("{"):  # a JSON config (YAML's flow style)
        config_text = config_text.rstrip()[:-1] + f', "include_path": "{tasks}"}}\n'
    else:
        config_text += f"include_path: {tasks}\n"
    config.write_text(config_text, encoding="utf-8")
    code = main(["run", "--config", str(config)])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert err.startswith(f"lmeval: error: {config}:{line}: {key}: "), err
    assert err.endswith("(from --config)")


def test_the_same_value_on_the_command_line_names_the_flag(tasks, capsys):
    code = main(["run", "--model", "dummy", "--tasks", "k_mc", "--include_path", str(tasks),
                 "--num_fewshot", "-1"])
    err = capsys.readouterr().err
    assert code == 2 and "--num_fewshot" in err and "run.yaml" not in err


# ----------------------------------------------------------------- validate a group recursively


def _validate(capsys, *args: str) -> tuple[int, list[str], str]:
    code = main(["validate", *args])
    out = capsys.readouterr()
    return code, [ln for ln in out.out.splitlines() if ln.strip()], out.err


def _nested(tmp_path: Path) -> Path:
    """outer → (inner → (k_mc, k_mc_twin), k_gen), with a problem only in k_mc_twin."""
    directory = write_tasks(tmp_path / "nested", n_docs=4)
    (directory / "inner.yaml").write_text("group: inner\ntask:\n  - k_mc\n  - k_mc_twin\n", encoding="utf-8")
    (directory / "outer.yaml").write_text("group: outer\ntask:\n  - inner\n  - k_gen\n", encoding="utf-8")
    twin = directory / "k_mc_twin.yaml"
    twin.write_text(twin.read_text(encoding="utf-8").replace("  - metric: acc\n", "  - metric: acc\n    k: 2\n"),
                    encoding="utf-8")
    return directory


def test_validate_tasks_group_checks_every_member_recursively(tmp_path, capsys):
    directory = _nested(tmp_path)
    code, lines, err = _validate(capsys, "--tasks", "outer", "--include_path", str(directory))
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith(f"{directory / 'k_mc_twin.yaml'}:"), lines
    assert "metric 'acc' has no keyword 'k'" in lines[0]
    assert "5 file(s) checked" in err  # outer, inner, k_gen, k_mc, k_mc_twin


def test_validate_group_file_checks_its_members_too(tmp_path, capsys):
    directory = _nested(tmp_path)
    code, lines, _ = _validate(capsys, str(directory / "outer.yaml"))
    assert code == 1 and len(lines) == 1 and "k_mc_twin.yaml" in lines[0]


def test_validate_group_finds_problems_only_the_merged_config_has(tmp_path, capsys):
    directory = write_tasks(tmp_path / "merged", n_docs=4)
    # each file is sound alone; the group pushes a misspelled generation argument down
    (directory / "pushy.yaml").write_text(
        "group: pushy\ntask:\n  - task: k_gen\n    generation_kwargs:\n      untill: ['\\n']\n",
        encoding="utf-8")
    code, lines, _ = _validate(capsys, "--tasks", "pushy", "--include_path", str(directory))
    assert code == 1, lines
    assert any("untill" in ln and "did you mean 'until'" in ln for ln in lines), lines


def test_validate_sound_group_tree_passes(tmp_path, capsys):
    directory = write_tasks(tmp_path / "ok", n_docs=4)
    code, lines, err = _validate(capsys, "--tasks", "k_group", "--include_path", str(directory))
    assert code == 0 and lines == [], lines
    assert "3 file(s) checked, 0 problem(s)" in err


def test_check_integrity_checks_a_groups_members_too(tmp_path, capsys):
    directory = _nested(tmp_path)
    code = main(["run", "--model", "dummy", "--tasks", "outer", "--include_path", str(directory),
                 "--check_integrity"])
    err = capsys.readouterr().err
    assert code == 2 and "--check_integrity found problems" in err
    assert "k_mc_twin.yaml" in err and "has no keyword 'k'" in err
