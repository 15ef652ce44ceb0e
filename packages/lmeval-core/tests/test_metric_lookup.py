"""``lmeval.metrics.lookup.registered_metric``: a task pack's Python code scoring with a metric
another distribution registers, by name (the classic pack's ``truthfulqa_true_false`` for the
multilingual pack's TruthfulQA translations), and the one-line errors when it cannot."""

from __future__ import annotations

import types

import pytest
from lmeval.errors import UsageError
from lmeval.hookspecs import hookimpl
from lmeval.metrics.lookup import registered_metric
from lmeval.plugins import PluginManager, get_plugin_manager, set_plugin_manager


class _NeedsLibrary:
    """A metric whose library is missing: its ``requires`` raises the core's one-line error."""

    def requires(self, *, needed_by: str, install: str) -> None:
        raise UsageError(f"{needed_by} needs somelib: pip install {install}")

    def __call__(self, references, predictions):
        return 1.0


def _manager(**metrics) -> PluginManager:
    plugin = types.ModuleType("lookup_test_plugin")

    @hookimpl
    def lmeval_register_metrics(register):
        for name, fn in metrics.items():
            register(name, fn)

    plugin.lmeval_register_metrics = lmeval_register_metrics
    return PluginManager(plugins=[plugin], builtins=False, autoload=False)


@pytest.fixture
def use_manager():
    before = get_plugin_manager()
    yield set_plugin_manager
    set_plugin_manager(before)


def test_a_registered_metric_is_returned_by_name(use_manager):
    def overlap(references, predictions):
        return float(references[0] == predictions[0])

    use_manager(_manager(my_overlap=overlap))
    fn = registered_metric("my_overlap", needed_by="my_task", provider="my-pack")
    assert fn is overlap and fn(["a"], ["a"]) == 1.0


def test_a_missing_provider_is_one_line_naming_it(use_manager):
    use_manager(_manager())
    with pytest.raises(UsageError) as err:
        registered_metric("truthfulqa_true_false", needed_by="truthfulqa_va",
                          provider="lmeval-tasks-classic",
                          install="'lmeval-tasks-classic[truthfulqa]'")
    assert str(err.value) == ("truthfulqa_va scores with the metric 'truthfulqa_true_false', which "
                              "lmeval-tasks-classic registers: pip install "
                              "'lmeval-tasks-classic[truthfulqa]'")


def test_the_metric_checks_its_libraries_when_named(use_manager):
    use_manager(_manager(needs_lib=_NeedsLibrary()))
    with pytest.raises(UsageError, match="truthfulqa_gl_gen needs somelib: pip install 'x\\[y\\]'"):
        registered_metric("needs_lib", needed_by="truthfulqa_gl_gen", provider="x",
                          install="'x[y]'")


def test_the_classic_pack_registers_truthfulqa_true_false():
    """The real provider, when installed: the multilingual pack's TruthfulQA translations name it."""
    pytest.importorskip("lmeval_tasks_classic", reason="lmeval-tasks-classic is not installed")
    entry = get_plugin_manager().metrics.get("truthfulqa_true_false")
    assert entry.distribution == "lmeval-tasks-classic"
    pytest.importorskip("sacrebleu", reason="the [truthfulqa] extra is not installed")
    pytest.importorskip("rouge_score", reason="the [truthfulqa] extra is not installed")
    scores = entry.obj([["The sky is blue."], ["The sky is green."]], ["The sky is blue."])
    assert scores["bleu_acc"] == 1 and scores["rouge1_acc"] == 1 and scores["bleu_max"] > 99
    assert set(scores) == {f"{m}_{k}" for m in ("bleu", "rouge1", "rouge2", "rougeL")
                           for k in ("max", "acc", "diff")}
