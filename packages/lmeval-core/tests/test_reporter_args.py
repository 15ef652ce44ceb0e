"""Reporter arguments (``--reporter name:k=v``, ``--wandb_args``, ``--hf_hub_log_args``) are
checked against the reporter's signature before anything is built: a misspelled, unknown or
missing argument is a one-line usage error with "did you mean", never a raw TypeError."""

from __future__ import annotations

import pytest
from lmeval.errors import UsageError
from lmeval.hookspecs import hookimpl
from lmeval.outputs.reporters import build_reporters
from lmeval.plugins import PluginManager


class FileReporter:
    def __init__(self, path: str, mode: str = "a", indent: int = 0) -> None:
        self.path, self.mode, self.indent = path, mode, indent

    def report(self, results, samples):  # pragma: no cover - not called here
        pass


class Wandb:
    def __init__(self, project: str = "", entity: str = "", config_args: dict | None = None) -> None:
        self.project = project


class Open:
    def __init__(self, **kwargs: object) -> None:
        self.kwargs = kwargs


class _Plugin:
    __name__ = "reporter_args_plugin"

    @staticmethod
    @hookimpl
    def lmeval_register_reporters(register):
        register("file", FileReporter)
        register("wandb", Wandb)
        register("open", Open)


def _build(**options: object):
    pm = PluginManager(autoload=False)
    pm.register(_Plugin(), name="reporter_args_plugin")
    return build_reporters(pm, options, lambda v: v if isinstance(v, str) else ",".join(v))


def _typos(word: str) -> list[str]:
    """A dropped, a doubled and a swapped letter."""
    return [word[:1] + word[2:], word[:2] + word[1:],
            word[:1] + word[2] + word[1] + word[3:]]


@pytest.mark.parametrize("arg,typo", [(a, t) for a in ("path", "mode", "indent") for t in _typos(a)])
def test_a_misspelled_argument_gets_did_you_mean(arg, typo):
    value = "x" if arg != "indent" else "2"
    extra = "" if arg == "path" else "path=out.jsonl,"
    with pytest.raises(UsageError) as err:
        _build(reporter=[f"file:{extra}{typo}={value}"])
    message = str(err.value)
    assert f"--reporter file: reporter 'file' has no argument {typo!r}" in message
    assert f"did you mean '{arg}'" in message and "it takes path, mode, indent" in message
    assert "\n" not in message and "TypeError" not in message


def test_a_missing_argument_is_named():
    with pytest.raises(UsageError, match=r"reporter 'file' needs path \(e.g. --reporter file:path=...\)"):
        _build(reporter=["file:mode=w"])


def test_lm_eval_flag_aliases_are_checked_too():
    with pytest.raises(UsageError, match=r"--wandb_args: .*'projcet' \(did you mean 'project'\?\)"):
        _build(wandb_args="projcet=demo")


def test_good_arguments_and_open_signatures_build():
    (name, reporter), = _build(reporter=["file:path=out.jsonl,indent=2"])
    assert name == "file" and reporter.path == "out.jsonl"
    (_, other), = _build(reporter=["open:anything=1"])
    assert other.kwargs == {"anything": 1}  # k=v values parsed as --model_args are
