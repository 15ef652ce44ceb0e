"""Entry point of the pack: contributes the ``tasks`` directory to lmeval's task index, with
the notes ``lmeval ls`` prints for tasks that need a long context or an optional library,
ACPBench Hard's answer filter (``ACP_grammar_filter``) and the TruthfulQA scorer as the metric
``truthfulqa_true_false``."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl

_LONG_CONTEXT = "long context: prompts up to ~128k tokens with --metadata max_seq_lengths=128k"
ACP_HARD_QUESTIONS = ("app", "prog", "reach", "areach", "val", "just", "land", "nexta")
_ACP_HARD = ("generates up to 1,000 tokens; scored with a planner: needs the [acpbench] extra "
             "(lark, tarski[clingo], pddl, kstar-planner)")
_TINY = "scored by the tinyBenchmarks package's IRT (pip install git+https://github.com/felipemaiapolo/tinyBenchmarks)"
NOTES = {
    **{f"babilong_qa{n}": _LONG_CONTEXT if n <= 5 else "long-context benchmark (this task: 0k only)"
       for n in range(1, 21)},
    "babilong": _LONG_CONTEXT + " (qa1-qa5)",
    "babilong_longctx": _LONG_CONTEXT,
    "cnn_dailymail_abisee": "needs the [rouge] extra (rouge-score)",
    "careqa_open": "needs the [careqa-open] extra and Hub metric models",
    "truthfulqa_gen": "needs the [truthfulqa] extra (sacrebleu, rouge-score)",
    "openllm": "needs lmeval-tasks-mmlu and the [truthfulqa] extra (truthfulqa_gen)",
    "pythia": "needs lmeval-tasks-mmlu and lmeval-tasks-minimal-pairs (blimp)",
    "multimedqa": "needs lmeval-tasks-mmlu (six medical subjects)",
    "flan_held_out": "needs lmeval-tasks-bbh and lmeval-tasks-mmlu (bbh_*, mmlu, mmlu_flan_*)",
    "t0_eval": "cannot run: built from promptsource templates (lm-eval 0.4.13 cannot load it either)",
    "flan_held_in": "cannot run: its tasks name no dataset (lm-eval 0.4.13 cannot load it either)",
    "gsm8k_cot_self_consistency": "64 sampled answers per question",
    **{name: "needs the [translation] extra (sacrebleu)" for name in (
        "wmt14-en-fr", "wmt14-fr-en", "wmt16-de-en", "wmt16-en-de", "wmt16-en-ro", "wmt16-ro-en",
        "iwslt2017-en-ar", "iwslt2017-ar-en", "wmt-ro-en-t5-prompt")},
    **{name: _TINY for name in ("tinyArc", "tinyGSM8k", "tinyHellaswag", "tinyMMLU", "tinyTruthfulQA",
                                "tinyWinogrande", "tinyBenchmarks")},
    **{f"acp_{q}_{kind}": "generates up to 1,024 tokens"
       for q in ("app", "prog", "reach", "areach", "val", "just", "land") for kind in ("bool", "mcq")},
    **{name: _ACP_HARD for name in (
        *(f"acp_{q}_gen{s}" for q in ACP_HARD_QUESTIONS for s in ("", "_with_pddl")),
        "acp_gen_2shot", "acp_bench_hard", "acp_gen_2shot_with_pddl", "acp_bench_hard_with_pddl")},
}
FILTERS = {"ACP_grammar_filter": "lmeval_tasks_classic.acpbench.grammar:ACPGrammarFilter"}


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks", notes=NOTES)


@hookimpl
def lmeval_register_filters(register) -> None:
    for name, factory in FILTERS.items():
        register(name, factory)


@hookimpl
def lmeval_register_metrics(register) -> None:
    """``truthfulqa_true_false``: TruthfulQA's true-versus-false reference scores, which other
    packs' TruthfulQA translations name (:mod:`lmeval_tasks_classic.true_false`)."""
    from lmeval_tasks_classic.true_false import true_false_scores

    register("truthfulqa_true_false", true_false_scores, aggregation="mean",
             higher_is_better=True, output_types=("generate_until",),
             keywords=("measures",))
