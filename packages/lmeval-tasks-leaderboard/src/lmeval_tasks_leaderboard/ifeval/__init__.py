"""IFEval (Zhou et al., 2023, arXiv:2311.07911): the instruction checks and scores of ``ifeval`` and
``leaderboard_ifeval``. Needs the pack's ``ifeval`` extra (langdetect, nltk, immutabledict)."""
