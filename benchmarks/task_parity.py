"""Every task of every task pack against lm-eval 0.4.13: same requests, same scores.

    .venv/bin/python benchmarks/task_parity.py [--packs mmlu bbh ...] [--limit 3]
        [--tasks GLOB ...] [--folders LM_EVAL_FOLDER ...] [--out results.json]

``--tasks`` keeps the tasks matching any of its globs (``'a*|b*'`` in one word works too);
``--folders`` the tasks lm-eval 0.4.13 registers in those task folders (its ``TaskManager``,
as ``catalogue_coverage.py`` reads it), so ``--folders global_mmlu xnli`` compares two whole
lm-eval folders and ``catalogue_coverage.py --parity`` counts the verdicts per folder.

For each installed pack (``packages/lmeval-tasks-*``), on the pack's fixture mirror
(``tests/fixtures/datasets`` or ``tests/fixtures``, the Hub layout ``LMEVAL_DATASETS_DIR``
reads) and with lm-eval's fixed seeds, both tools evaluate every task and group of the pack
with the same scripted model (``scripted_answers.py``: answers from a hash of each request):
lmeval in this process through ``lmeval.evaluator.evaluate``, lm-eval 0.4.13 in the reference
venv (``reference_env.py``) through ``task_parity_ref.py`` and its own ``simple_evaluate``.
Compared per task, document and filter: the requests (prompt text with its few-shot block,
continuations, generation arguments), the filtered responses, the per-sample metrics; then
the task's aggregate metrics and every group's. Floats agree to 1e-9 relative.

Each top-level group is evaluated alone (lm-eval refuses a task requested twice through two
groups); tasks in no group are evaluated together. Writes ``results/task_parity.json`` and
prints one table per pack.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import bertscore_models  # noqa: E402
import parity_records  # noqa: E402
import scripted_answers  # noqa: E402
from reference_env import reference_python  # noqa: E402

CHUNK = 60  # ungrouped tasks per evaluate call

#: task or group glob → why its difference is kept (counted apart from the differences to fix)
DELIBERATE = {
    **dict.fromkeys(("evalita-mp_ner-v2_fic_p1", "evalita-mp_ner_fic_group"),
                    "lm-eval 0.4.13 cannot load it: its YAML gives doc_to_target twice, first as "
                    "!function utils.filter_per_entities_from_lines, which its utils.py lacks (AttributeError); "
                    "lmeval keeps the second, `entities` (docs/tasks/multilingual.md)"),
    **dict.fromkeys(("20_newsgroups", "ag_news", "argument_topic", "atis", "banking77", "claim_stance_topic",
                     "cnn_dailymail", "coedit_gec", "dbpedia_14", "doc_vqa", "ethos_binary", "financial_tweets",
                     "law_stack_exchange", "ledgar", "medical_abstracts", "stsb", "unfair_tos", "xsum",
                     "yahoo_answers_topics"),
                    "lm-eval's unitxt tasks: the unitxt library builds documents, prompts and scores from its "
                    "catalog and the Hub at load time; neither tool can run them offline (lmeval refuses them in "
                    "one line naming the [unitxt] extra). The port is checked against lm-eval's Unitxt task "
                    "with a stand-in unitxt (lmeval-tasks-classic tests/test_unitxt_tasks.py)"),
    "polemo2_*": "PolEmo 2.0 scores f1 and accuracy with HF evaluate's Hub modules (hf_evaluate: true), which "
                 "neither tool can load offline; its requests are lm-eval's (lmeval-tasks-multilingual "
                 "tests/test_ml_small_sets.py). Not an lm-eval bug, an offline limit",
    "pisa*": "PISA-Bench is multimodal: lm-eval runs it only on a multimodal model, not on the text-only scripted "
             "one. With both scripted models taking images (a one-off run, results/task_parity_2026-12-05/pisa_*.json) "
             "requests and answers are identical; the acc of an answer with no readable letter is a letter drawn "
             "from the global generator, and lm-eval's stream is also drawn by every read of task_name "
             "(api/task.py: getattr(self.config, 'task', random_task_id()) evaluates its default), so draws differ; "
             "with the draw pinned both sides agree (6/6 tasks, group). No lm-eval issue found. _llm_judged also "
             "needs OpenAI's API",
    # not comparable here (both tools need what this machine cannot have); each refused by lmeval in one line
    **dict.fromkeys(("careqa_open", "meddialog_qsumm", "meddialog_raw_dialogues", "mediqa_qa2019", "medtext",
                     "meqsum", "mimic_repsum", "mimic_repsum_perplexity", "mts_dialog", "olaph"),
                    "not comparable offline: scored with HF evaluate's Hub-loaded metrics (bleu, rouge, bertscore; "
                    "bleurt and radgraph from git for lm-eval), absent from both venvs; lmeval refuses in one line naming "
                    "the pack's extra (lmeval-tasks-medical / -classic README)"),
    **dict.fromkeys(("med_text_classification_easy", "med_text_classification_hard"),
                    "not comparable anywhere but its authors' cluster: lm-eval 0.4.13's YAML reads CSV files from "
                    "/gpfs/projects/bsc70/..., which neither tool can open"),
    **dict.fromkeys(("ifeval_es", "ifeval_ca"),
                    "not comparable here: their instruction checks need spaCy's es/ca pipelines, which are not on "
                    "PyPI; lmeval lists them and refuses in one line (lmeval-tasks-leaderboard README)"),
    **dict.fromkeys(("non_greedy_robustness_math_*", "prompt_robustness_math_*", "score_robustness_math",
                     "score_robustness"),
                    "not comparable on the shared EleutherAI/hendrycks_math fixture: 4 subjects hold a `\\boxed 7` "
                    "solution on which lm-eval's SCORE reader raises (Not enough boxed entries) and lmeval stops "
                    "the same way; algebra, intermediate_algebra and precalc are identical (leaderboard README)"),
    "scrolls_*": "not comparable offline: lm-eval 0.4.13's SCROLLS classes load tau/scrolls through the Hub "
                 "(a dataset script) and it cannot run without it; lmeval's port is checked against lm-eval's own "
                 "classes document by document instead (lmeval-tasks-longcontext tests/test_scrolls.py)",
    "slr_bench*": "SLR-Bench's reward runs SWI-Prolog (swipl), a system binary not on PyPI: lm-eval 0.4.13's helper "
                  "exits at import without it and lmeval refuses the task in one line (exit 2); neither tool can run "
                  "it here (lmeval-tasks-classic README)",
    "wmt-ro-en-t5-prompt": "lm-eval 0.4.13 takes its `wer` and `bleu` from HF evaluate's Hub modules (evaluate.load; "
                           "wer also needs jiwer), which an offline run cannot load (TypeError: 'NoneType' object is "
                           "not callable); lmeval computes both without the Hub (wmt2016/wmt16_t5_metrics.py, unit-"
                           "tested against sacrebleu). No lm-eval issue: not a bug, an offline limit; its requests "
                           "are lm-eval's (golden test)",
    **dict.fromkeys(("ifeval_es", "ifeval_ca"),
                    "lm-eval's checks count words with spaCy pipelines (es/ca_core_news_sm, xx_sent_ud_sm) that "
                    "are not on PyPI: neither tool can run them here; lmeval lists them and refuses them in one "
                    "line (lmeval-tasks-leaderboard README)"),
    "cruxeval_*": "the pack follows the CRUXEval paper's harness (facebookresearch/cruxeval): its "
                  "prompts byte for byte, stop [/ANSWER] only; answers parsed with ast, a literal or "
                  "f(<literals>) or a failure (issue 30; docs/tasks/code.md)",
    **dict.fromkeys(("metabench_*_permute", "metabench_permute", "metabench_secondary_permute"),
                    "lm-eval's metabench permutations shuffle with Python's global generator in process_docs, "
                    "which it runs on every read of the documents, so its gold comes from another order than "
                    "its requests (no lm-eval issue tracks it); lmeval seeds each document's shuffle with a "
                    "hash of its question (lmeval-tasks-leaderboard README); metabench_winogrande*_permute "
                    "(a swap) is identical"),
    "gmmlu*": "names of the GreekMMLU paper registered as extra groups with greekmmlu's members; "
              "lm-eval 0.4.13 has only the greekmmlu* names",
    "afrimgsm*-irokobench": "lm-eval's group averages `acc`, which its generate_until members never "
                            "report, so it prints no group score; lmeval averages exact_match per filter",
    **dict.fromkeys(("arabic_mt_sciq*", "arabic_leaderboard_arabic_mt_sciq*", "arabic_leaderboard_complete",
                     "arabic_leaderboard_light"),
                    "lm-eval shuffles SciQ-ar's options with the global generator each time it reads the "
                    "documents, so its gold comes from another order than its requests; lmeval orders them "
                    "by a hash of the document (lmeval-tasks-multilingual README); the two leaderboard "
                    "groups average it"),
    **dict.fromkeys(("bec2016eu", "bhtc_v2", "epec_koref_bin", "vaxx_stance", "wiceu"),
                    "lm-eval 0.4.13's basqueglue/utils.py imports datasets.load_metric, gone in datasets 3, so "
                    "it cannot load the task (fixed upstream by EleutherAI/lm-evaluation-harness#4076); lmeval "
                    "runs it with the benchmark's F1 (lmeval-tasks-multilingual README)"),
    "openllm": "lm-eval 0.4.13 cannot run its own openllm group: the member `task: truthfulqa` (a tag, with "
               "num_fewshot) builds every tag member under the name `truthfulqa`, and its task-list logging "
               "then recurses without end (RecursionError) before any request; lmeval runs truthfulqa_mc1, _mc2 "
               "and _gen under their names (lmeval-tasks-classic README), each compared alone",
    "discrim_eval_*": "with a few documents (the default --limit 3) the bias regression is singular: lm-eval "
                      "raises LinAlgError after the model ran, lmeval reports NaN (lmeval-tasks-bias README); "
                      "with every fixture document (--limit 400) both agree",
    **dict.fromkeys(("mafand_*_prompt_2", "mafand_*-en_prompt_3", "mafand_*-fr_prompt_3", "mafand", "afrobench"),
                    "lm-eval 0.4.13's MAFAND prompt-2 helpers (also its prompt 3 into English/French) return a "
                    "one-element tuple, which it refuses ('Context is not a string'), so it cannot run these "
                    "tasks nor the groups holding them (`mafand`; `afrobench`, whose tag afrobench_MT_tasks "
                    "includes them); lmeval sends the string (lmeval-tasks-multilingual README)"),
    **dict.fromkeys(("gpqa_*", "leaderboard_gpqa*", "leaderboard"),
                    "lm-eval shuffles GPQA's answers with a generator each time it reads the documents (Python's "
                    "global one; n_shot's module generator), so its requests and its gold come from different "
                    "orders; lmeval uses on every read the order of lm-eval's first read in a fresh process (seed 0, "
                    "n_shot 42), gold following it (lmeval-tasks-leaderboard README; no lm-eval issue tracks it). "
                    "With the fixture's answers made equal, all 15 gpqa_* tasks are identical; the leaderboard group "
                    "averages leaderboard_gpqa's acc_norm"),
    "med_prescriptions_*": "lm-eval 0.4.13 draws each document's gold, position and distractors from Python's global "
                           "generator and redraws the distractors at every doc_to_choice call, so the options its prompt "
                           "lists are not the ones it scores and runs differ; lmeval draws them once per document (a "
                           "generator seeded with its index), easy distractors from the split's own prescriptions "
                           "(lmeval-tasks-medical README; no lm-eval issue tracks it)",
    "t0_eval": "lm-eval 0.4.13 cannot load its t0_eval group (its members have no task key and use promptsource "
               "templates; promptsource needs Python < 3.10); lmeval lists the name and stops on it in one line "
               "(lmeval-tasks-classic README)",
    "flan_held_in": "lm-eval 0.4.13 cannot load flan_held_in (its inline tasks' include: EleutherAI/lm-evaluation-"
                    "harness#2165) and those tasks name no dataset; lmeval lists the name and stops on it in one line "
                    "(lmeval-tasks-classic README)",
    "toksuite_abridged*": "lm-eval 0.4.13 cannot build toksuite_abridged: its inline subgroups ({group: ..., task: "
                          "[...]}) reach Group.add as a task named by a list (TypeError: unhashable type: 'list'), so it "
                          "runs nothing; lmeval runs the group (acc, acc_norm) and its 12 inline subgroups, which have no "
                          "aggregate list and so no score of their own (lmeval-tasks-multilingual README; inline "
                          "subgroups: EleutherAI/lm-evaluation-harness#3502)",
    "masakhapos*": "lm-eval 0.4.13 gives every MasakhaPOS sentence acc 1.0 (its list target makes the task multiple-target and the pass-through acc is truthy), then its acc_score aggregation fails on those floats, so it reports no score; lmeval scores each sentence's tag accuracy as that aggregation means (lmeval-tasks-multilingual README)",
    "niah_*": "RULER builds its documents with the model's tokenizer, which the scripted model lacks (both tools stop "
              "asking for one); packages/lmeval-tasks-longcontext/tests/tools/ruler_documents.py compares the documents "
              "of lmeval and lm-eval 0.4.13 for one tokenizer, lengths and seed (pack README: figures and the deliberate "
              "differences: per-task seeding, no endless retries, QA's paragraph list not shuffled in place)",
    "ruler*": "RULER: as niah_* (lmeval-tasks-longcontext README)",
}


#: packs the scripted (text-only) model cannot run, and where they are compared instead
NOT_SCRIPTED = {
    "lmeval-tasks-multimodal": "its tasks give the model images, which a scripted text model "
                               "cannot take (lm-eval refuses it too); benchmarks/parity/"
                               "multimodal.py compares them on a real tiny vision-language model",
}


def pack_dirs(selected: list[str] | None) -> dict[str, Path]:
    packs = {p.name: p for p in sorted((ROOT / "packages").glob("lmeval-tasks-*"))
             if p.name not in NOT_SCRIPTED}
    if selected:
        wanted = {s if s.startswith("lmeval-tasks-") else f"lmeval-tasks-{s}" for s in selected}
        unknown = wanted - set(packs)
        if unknown:
            sys.exit(f"task_parity: unknown pack(s) {sorted(unknown)}; have {sorted(packs)}")
        packs = {k: v for k, v in packs.items() if k in wanted}
    return packs


def mirror_of(pack: Path) -> Path:
    fixtures = pack / "tests" / "fixtures"
    return fixtures / "datasets" if (fixtures / "datasets").is_dir() else fixtures


def scripted_model():
    from lmeval.testing import ReferenceLM

    class Scripted(ReferenceLM):
        """``scripted_answers`` behind lmeval's LM contract."""

        @staticmethod
        def extra_generation_kwargs() -> None:
            """Any generation setting is taken and ignored (``num_beams`` of NorEval ...), as by
            lm-eval's scripted side: the answers depend on the request's text and ``until`` only."""
            return None

        def loglikelihood(self, requests):
            out = [scripted_answers.loglikelihood(*r.args) for r in requests]
            self.report_answers(dict(enumerate(out)))
            return out

        def loglikelihood_rolling(self, requests):
            out = [scripted_answers.loglikelihood_rolling(r.args[0]) for r in requests]
            self.report_answers(dict(enumerate(out)))
            return out

        def generate_until(self, requests):
            out = [scripted_answers.generate(r.args[0], r.args[1].get("until")) for r in requests]
            self.report_answers(dict(enumerate(out)))
            return out

    return Scripted()


def selector(globs: list[str] | None, folders: list[str] | None):
    """Which task names a run keeps: ``--tasks`` globs (several, or ``a|b`` in one) and the names
    lm-eval 0.4.13 registers in the ``--folders`` it names (its task folders); None: all."""
    patterns = [p for g in globs or () for p in g.split("|") if p]
    named: set[str] | None = None
    if folders:
        from catalogue_coverage import reference_names

        named = {n for n, folder in reference_names().items()
                 if any(fnmatch.fnmatch(folder, f) for f in folders)}
    if not patterns and named is None:
        return None
    return lambda name: ((not patterns or any(fnmatch.fnmatch(name, p) for p in patterns))
                         and (named is None or name in named))


def pack_units(pack: str, pattern: Callable[[str], bool] | None
               ) -> tuple[list[str], list[list[str]], dict[str, list[str]]]:
    """The pack's task names, the evaluate calls that cover them (groups with their tasks), and
    each group's child groups."""
    from lmeval.evaluator import task_sources
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex
    from lmeval.tasks.loader import Group, TaskLoader

    pm = PluginManager()
    index = TaskIndex(task_sources(pm, None))
    entries = [e for e in index.entries.values() if e.distribution == pack]
    tasks = sorted(e.name for e in entries if e.kind == "task")
    if pattern:
        tasks = [t for t in tasks if pattern(t)]
    loader = TaskLoader(index, pm)
    members: dict[str, set[str]] = {}
    subgroups: set[str] = set()
    children: dict[str, list[str]] = {}
    for e in entries:
        if e.kind != "group":
            continue
        (node,) = loader.load([e.name])
        members[e.name] = {t.name for t in node.leaf_tasks()}

        def visit(g: Group) -> None:
            children[g.name] = [c.name for c in g.children if isinstance(c, Group)]
            for child in g.children:
                if isinstance(child, Group):
                    subgroups.add(child.name)
                    visit(child)
        visit(node)
    wanted = set(tasks)
    top = [g for g in sorted(members) if g not in subgroups and members[g] & wanted]
    grouped = set().union(*(members[g] for g in top)) if top else set()
    loose = [t for t in tasks if t not in grouped]
    units = [[g] for g in top] + [loose[i:i + CHUNK] for i in range(0, len(loose), CHUNK)]
    return tasks, units, children


def run_lmeval(units: list[list[str]], limit: int | None, bootstrap_iters: int) -> list[dict]:
    from lmeval.evaluator import evaluate

    def run(names: list[str]) -> dict:
        results = evaluate(scripted_model(), tasks=names, limit=limit, log_samples=True,
                           bootstrap_iters=bootstrap_iters, confirm_run_unsafe_code=True,
                           progress=False)
        return parity_records.normalize(results)

    return [parity_records.run_unit(run, names, traceback) for names in units]


def compare(tasks: list[str], units: list[list[str]], ours: list[dict], ref: list[dict]) -> dict:
    """Per task and group: None when identical everywhere it was evaluated, else the first
    difference; and how many (document, filter) samples were compared."""
    verdict: dict[str, str | None] = {}
    groups: dict[str, str | None] = {}
    samples = 0
    for names, a, b in zip(units, ours, ref, strict=True):
        for side, record in (("lmeval", a), ("lm-eval", b)):
            for name, why in record["errors"].items():
                if name in tasks:
                    verdict[name] = verdict.get(name) or f"{side} failed: {why}"
                else:  # a group: its tasks are not compared either
                    groups[name] = groups.get(name) or f"{side} failed: {why}"
        failed_here = bool(a["errors"] or b["errors"])
        is_group = len(names) == 1 and names[0] not in tasks
        for t in sorted(set(a["tasks"]) | set(b["tasks"])):
            if t not in a["tasks"] or t not in b["tasks"]:
                side = "lm-eval" if t in b["tasks"] else "lmeval"
                if is_group and not failed_here:  # a membership difference of the group
                    groups[names[0]] = groups.get(names[0]) or f"member {t} only in {side}'s group"
                elif not failed_here:
                    verdict[t] = verdict.get(t) or f"only {side} runs it"
                continue  # compared where both tools run it, or reported as not evaluated
            ours_t, ref_t = a["tasks"][t], b["tasks"][t]  # requests first: they explain the scores
            diff = (parity_records.first_difference(ours_t["samples"], ref_t["samples"], "/samples")
                    or parity_records.first_difference(ours_t["metrics"], ref_t["metrics"], "/metrics"))
            if not a["tasks"][t]["samples"]:
                diff = diff or "no documents evaluated"
            samples += len(a["tasks"][t]["samples"])
            verdict[t] = verdict.get(t) or diff
        for g in sorted(set(a["groups"]) | set(b["groups"])):
            diff = parity_records.first_difference(a["groups"].get(g), b["groups"].get(g))
            groups[g] = groups.get(g) or diff
    for t in tasks:
        verdict.setdefault(t, "not evaluated by either tool")
    return {"tasks": verdict, "groups": groups, "samples": samples}


def both_sides(pack: str, mirror: Path, units: list[list[str]], args: argparse.Namespace,
               ref_python: Path) -> tuple[list[dict], list[dict], dict[str, float]]:
    """Evaluate ``units`` with lmeval (here) and lm-eval (a reference-venv process) at once."""
    with tempfile.TemporaryDirectory() as tmp:
        job = Path(tmp, "job.json")
        ref_out = Path(tmp, "ref.json")
        job.write_text(json.dumps({"mirror": str(mirror), "units": units, "limit": args.limit,
                                   "bootstrap_iters": args.bootstrap_iters, "unsafe": True}))
        t0 = time.time()
        proc = subprocess.Popen([str(ref_python), str(HERE / "task_parity_ref.py"), str(job), str(ref_out)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        ours = run_lmeval(units, args.limit, args.bootstrap_iters)
        t_ours = time.time() - t0
        _, err = proc.communicate()
        if proc.returncode != 0:
            raise SystemExit(f"task_parity: lm-eval side failed for {pack}:\n{err[-3000:]}")
        ref = json.loads(ref_out.read_text(encoding="utf-8"))
    return ours, ref, {"lmeval": t_ours, "lm-eval": time.time() - t0}


def _uncompared(verdict: str | None) -> bool:
    return bool(verdict) and ("failed:" in verdict or verdict.startswith(("only ", "not evaluated")))


def run_pack(pack: str, path: Path, args: argparse.Namespace, ref_python: Path) -> dict:
    mirror = mirror_of(path)
    os.environ["LMEVAL_DATASETS_DIR"] = str(mirror)
    tasks, units, children = pack_units(pack, args.selector)
    ours, ref, seconds = both_sides(pack, mirror, units, args, ref_python)
    verdicts = compare(tasks, units, ours, ref)
    # a group one tool cannot run (a member the other lacks, a broken member) hides its tasks:
    # evaluate its subgroups and the tasks left uncompared on their own, once more
    broken = {g for g, d in verdicts["groups"].items() if _uncompared(d)}
    retry_groups = sorted({c for g in broken for c in children.get(g, [])} - broken)
    retry_tasks = [t for t, d in verdicts["tasks"].items() if _uncompared(d)]
    if retry_tasks:
        units2 = [[g] for g in retry_groups] + [retry_tasks[i:i + CHUNK]
                                                for i in range(0, len(retry_tasks), CHUNK)]
        ours2, ref2, seconds2 = both_sides(pack, mirror, units2, args, ref_python)
        second = compare(retry_tasks, units2, ours2, ref2)
        for t in retry_tasks:
            verdicts["tasks"][t] = second["tasks"][t]
        for g, d in second["groups"].items():
            verdicts["groups"][g] = d
        verdicts["samples"] += second["samples"]
        seconds = {k: seconds[k] + seconds2[k] for k in seconds}
        units = units + units2
    kept = {t: why for t in verdicts["tasks"] if verdicts["tasks"][t]
            for glob, why in DELIBERATE.items() if fnmatch.fnmatch(t, glob)}
    differing = {t: d for t, d in verdicts["tasks"].items() if d and t not in kept}
    deliberate = {g: why for g in verdicts["groups"] if verdicts["groups"][g]
                  for glob, why in DELIBERATE.items() if fnmatch.fnmatch(g, glob)}
    return {"pack": pack, "mirror": str(mirror.relative_to(ROOT)), "tasks": len(tasks),
            "identical": len(tasks) - len(differing) - len(kept), "differing": differing,
            "deliberate": {t: {"difference": verdicts["tasks"][t], "why": why} for t, why in kept.items()},
            "samples_compared": verdicts["samples"], "groups": len(verdicts["groups"]),
            "groups_identical": sum(1 for d in verdicts["groups"].values() if not d),
            "groups_deliberate": {g: {"difference": verdicts["groups"][g], "why": why}
                                  for g, why in deliberate.items()},
            "groups_differing": {g: d for g, d in verdicts["groups"].items() if d and g not in deliberate},
            "evaluate_calls": len(units), "seconds": {k: round(v, 1) for k, v in seconds.items()},
            "task_names": sorted(tasks), "group_names": sorted(verdicts["groups"])}


def table(rows: list[dict]) -> str:
    lines = ["| pack | tasks | identical | differing | deliberately different | samples compared "
             "| groups identical | groups deliberately different | first difference |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        first = next(iter(r["differing"].items()), None) or next(iter(r["groups_differing"].items()), None)
        note = f"`{first[0]}`: {first[1]}".replace("|", "\\|").replace("\n", " ") if first else "–"
        lines.append(f"| {r['pack']} | {r['tasks']} | {r['identical']} | {len(r['differing'])} | "
                     f"{len(r['deliberate'])} | "
                     f"{r['samples_compared']} | {r['groups_identical']}/{r['groups']} | "
                     f"{len(r['groups_deliberate'])} | {note[:300]} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--packs", nargs="*", help="pack names (mmlu or lmeval-tasks-mmlu); default all")
    parser.add_argument("--tasks", nargs="+", metavar="GLOB",
                        help="only tasks matching one of these globs (a|b in one also works)")
    parser.add_argument("--folders", nargs="+", metavar="FOLDER",
                        help="only the tasks lm-eval 0.4.13 registers in these task folders (globs)")
    parser.add_argument("--limit", type=int, default=3, help="documents per task (default 3)")
    parser.add_argument("--bootstrap-iters", type=int, default=100,
                        help="bootstrap iterations for stderr of non-mean metrics (default 100)")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "task_parity.json")
    args = parser.parse_args()
    args.selector = selector(args.tasks, args.folders)
    logging.disable(logging.WARNING)
    os.environ.setdefault("LMEVAL_CACHE_DIR", tempfile.mkdtemp(prefix="task-parity-cache-"))
    os.environ.update(HF_ALLOW_CODE_EVAL="1", HF_DATASETS_OFFLINE="1", HF_HUB_OFFLINE="1")
    if {"lmeval-tasks-multilingual", "lmeval-tasks-classic"} & set(pack_dirs(args.packs)):
        # DarijaBench's and cnn_dailymail's BERTScore Hub models as tiny stand-ins in a local
        # Hub cache (HF_HUB_CACHE), for both tools
        bertscore_models.serve()
    if "lmeval-tasks-classic" in pack_dirs(args.packs):
        # tinyBenchmarks' IRT package (git-only, downloads its model) as a stand-in, for both tools
        stand_ins = str(HERE / "stand_ins")
        sys.path.insert(0, stand_ins)
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [stand_ins, os.environ.get("PYTHONPATH")]))
    # as parity/run.py: the reference venv on this venv's transformers release (lm-eval's
    # Catalan tasks import transformers.data.metrics.squad_metrics, gone from newer releases)
    ref_python = reference_python(transformers=version("transformers"))
    rows = []
    for pack, path in pack_dirs(args.packs).items():
        row = run_pack(pack, path, args, ref_python)
        rows.append(row)
        print(f"{pack}: {row['identical']}/{row['tasks']} identical, groups "
              f"{row['groups_identical']}/{row['groups']} ({row['seconds']})", file=sys.stderr)
        for t, d in list(row["differing"].items())[:5]:
            print(f"  {t}: {d}", file=sys.stderr)
    print(table(rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    payload = {"limit": args.limit, "bootstrap_iters": args.bootstrap_iters, "packs": rows}
    if args.out.exists() and args.packs:  # a partial run updates its packs' rows only
        old = json.loads(args.out.read_text(encoding="utf-8"))
        keep = [r for r in old.get("packs", []) if r["pack"] not in {r2["pack"] for r2 in rows}]
        payload["packs"] = sorted(keep + rows, key=lambda r: r["pack"])
    args.out.write_text(json.dumps(payload, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
