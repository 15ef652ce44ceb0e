"""MultiBLiMP 1.0 (Jumelet et al. 2025): agreement minimal pairs in 101 languages.

One task ``multiblimp_<iso 639-3>`` per config of ``jumelet/multiblimp`` (its ``train`` split), all
under the tag ``multiblimp`` (no group: lm-eval reports no aggregate), as lm-eval 0.4.13.
"""

from __future__ import annotations

from pathlib import Path

from _common import task_config, write_family

SCRIPT = "multiblimp.py"
FOLDER = "multiblimp"
TITLE = "MultiBLiMP"

# the languages (configs of jumelet/multiblimp)
CONFIGS = """
abk aln amh apu aqz arb azz bel ben bho bor bre bua bul cat ces chu cym dan deu egy ell eng est
eus fao fas fin fra frm fro gla gle glg got grc guj hbo hbs heb hin hit hsb hun hye hyw isl ita
kat kaz kir kmr koi kpv krl kxh lat lav lij lit mar mdf mkd myv nds nhi nld olo orv ota pcm pol
por quc ron rus sah san slk slv sme sms spa sqi swe tam tpn ttc tur uig ukr urb urd uzb vep wbp
wol xcl xnr xpg yrl
""".split()

GROUPS: list[str] = []
TAGS = ["multiblimp"]

TEMPLATE = """\
# MultiBLiMP: the grammatical sentence `sen` (choice 0) should be likelier than `wrong_sen`.
# No prompt and no delimiter: each sentence is scored from the start of the text.
dataset_path: jumelet/multiblimp
tag: multiblimp
output_type: multiple_choice
test_split: train
doc_to_text: ""
target_delimiter: ""
doc_to_target: 0
doc_to_choice: "{{[sen,wrong_sen]}}"
num_fewshot: 0
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
  - metric: acc_norm
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0
"""


def tasks() -> list[str]:
    return [f"multiblimp_{c}" for c in CONFIGS]


def main(root: Path) -> None:
    configs = {f"multiblimp_{c}.yaml": task_config(f"multiblimp_{c}", c) for c in CONFIGS}
    write_family(root, FOLDER, TEMPLATE, configs, SCRIPT)
