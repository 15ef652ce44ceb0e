"""ACPBench Hard's answer checking: the grammar that reads a model's answer
(:mod:`.grammar`), the planning-task model the checks run on (:mod:`.strips`) and the
per-question scores (:mod:`.scoring`). Needs ``lmeval-tasks-classic[acpbench]``."""

EXTRA = "'lmeval-tasks-classic[acpbench]'"
