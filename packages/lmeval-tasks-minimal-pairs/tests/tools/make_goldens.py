"""Write this pack's golden requests with the reference tool, lm-eval 0.4.13, on its fixtures.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-minimal-pairs/tests/tools/make_goldens.py

lm-eval's own task definitions build the first document of each task in ``CASES`` from the
offline mirror in ``tests/fixtures/datasets`` and score it with the stand-in answers of
:mod:`lmeval_testkit.goldens`. The output, ``tests/golden/requests.json``, is committed; the
tests need no lm-eval.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

from lmeval_testkit.goldens import write_goldens  # noqa: E402

# a slice of every family (the first and last paradigm of each table, one per BLiMP-NL phenomenon)
CASES = ["blimp_adjunct_island", "blimp_principle_A_c_command", "blimp_wh_vs_that_with_gap_long_distance",
         "blimp_nl__adpositional_phrases__argument_r_extraction", "blimp_nl__passive__aci",
         "blimp_nl__wh_movement_restrictions__superiority", "bhs__basque__DO__S_DO_V_AUX",
         "bhs__hindi__S_ne_PossPRN_PossN_O_V", "bhs__swahili__N_of_Poss_ni_A",
         "zhoblimp_BA_BEI_subj_drop", "zhoblimp_you_yige", "turblimp_anaphor_agreement",
         "turblimp_suspended_affixation", "multiblimp_abk", "multiblimp_yrl",
         "lm_syneval__reflexives__simple_reflexives__sing_MS_ANPHR", "lm_syneval__npi__simple_npi_inanim__future"]


if __name__ == "__main__":
    write_goldens(CASES, HERE.parent / "fixtures" / "datasets", HERE.parent / "golden" / "requests.json")
