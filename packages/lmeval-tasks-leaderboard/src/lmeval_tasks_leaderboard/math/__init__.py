"""MATH answer scoring as lm-eval 0.4.13's ``minerva_math``, ``hendrycks_math`` and
``leaderboard_math_*_hard`` tasks do it.

* :mod:`.boxed`: the last ``\\boxed{...}`` of a solution and its content;
* :mod:`.hendrycks`: the MATH dataset's string normalisation (Hendrycks et al., 2021);
* :mod:`.minerva`: the ``Final Answer: ...`` extraction and Minerva's normalisation (Lewkowycz
  et al., 2022, appendix D), in lm-eval 0.4.13's revision and in the Open LLM Leaderboard's
  frozen original;
* :mod:`.symbolic`: sympy's LaTeX equivalence and math-verify, the optional libraries of the
  pack's ``math`` extra.
"""

EXTRA = "'lmeval-tasks-leaderboard[math]'"
