#!/usr/bin/env bash
# The [math] extra for minerva_math's and leaderboard_math_*_hard's tests (sympy's LaTeX parser,
# math-verify). Both need antlr4-python3-runtime 4.11, and tarski (lmeval-tasks-classic[acpbench],
# set up in this venv before) pins 4.7.2: the 4.11 runtime, math-verify and latex2sympy2_extended go
# into a folder of their own, <venv>/lmeval-math-libs, which tests/test_math_symbolic.py puts first
# on PYTHONPATH for the checks that need it (and benchmarks/task_parity.py can be run under).
set -euo pipefail
LIBS="$("$PY" -c 'import sys; print(sys.prefix)')/lmeval-math-libs"
PYTHONPATH="$LIBS" "$PY" -c "import math_verify, sympy.parsing.latex; from importlib.metadata import version as v; assert v('antlr4-python3-runtime') == '4.11.0'" 2>/dev/null \
    || "$PY" -m pip install -q --upgrade --no-deps --target "$LIBS" "antlr4-python3-runtime==4.11.0" "math-verify==0.9.0" "latex2sympy2_extended==1.11.0"
"$PY" -c "import sympy" 2>/dev/null || "$PY" -m pip install -q "sympy>=1.12"
# The [ifeval] extra for ifeval's and leaderboard_ifeval's tests (the releases lm-eval[ifeval]
# installs in the reference venv); nltk's English Punkt data is shipped in the pack
"$PY" -c "import langdetect, immutabledict, nltk" 2>/dev/null \
    || "$PY" -m pip install -q "langdetect==1.0.9" "immutabledict==4.3.1" "nltk>=3.9.1"
