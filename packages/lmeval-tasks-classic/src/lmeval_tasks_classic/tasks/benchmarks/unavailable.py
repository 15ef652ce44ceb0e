"""lm-eval bundles that cannot run, registered under their names so that ``lmeval ls`` lists
them and ``lmeval run`` stops on them with one line, before any model loads: a YAML names
``class: !function unavailable.<name>``, and looking that class up raises the reason."""

from __future__ import annotations

from pathlib import Path

from lmeval.errors import ConfigError

REASONS = {
    "t0_eval": "lm-eval's T0 bundle is built from promptsource templates (use_prompt: promptsource:*), "
               "which lmeval does not read (promptsource needs Python < 3.10; lm-eval 0.4.13 cannot "
               "load this group either: its members have no 'task' key)",
    "flan_held_in": "lm-eval's Flan held-in bundle cannot run: its inline tasks include a template that "
                    "names no dataset (lm-eval 0.4.13 fails too: TaskConfig.__init__() got an unexpected "
                    "keyword argument 'include')",
}


def _class_line(name: str) -> int:
    lines = Path(__file__).with_name(f"{name}.yaml").read_text(encoding="utf-8").splitlines()
    return next((i for i, line in enumerate(lines, 1) if line.startswith("class:")), 1)


def __getattr__(name: str) -> object:
    if name in REASONS:  # the error of its YAML's class line: validate lists it, run stops on it
        raise ConfigError(f"{name}: {REASONS[name]}", file=str(Path(__file__).with_name(f"{name}.yaml")),
                          line=_class_line(name), field="class")
    raise AttributeError(name)
