"""The lm-eval 0.4.13 side of ``task_parity.py``; run with the reference venv's python.

    ref-venv/bin/python benchmarks/task_parity_ref.py job.json out.json

``job.json``: ``{"mirror": dir, "units": [[task or group names], ...], "limit": n,
"bootstrap_iters": n, "unsafe": bool}``. Hub datasets are read from the fixture mirror
(``<mirror>/<path>/<name or default>/<split>[-*].jsonl``, the layout lmeval's
``LMEVAL_DATASETS_DIR`` reads); nothing is downloaded. Every unit is evaluated by lm-eval's own
``simple_evaluate`` with the scripted model of ``scripted_answers.py``.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import parity_records  # noqa: E402
import scripted_answers  # noqa: E402

_LOCAL_BUILDERS = {"json", "csv", "parquet", "text", "arrow", "pandas"}


def _mirror_folder(root: Path, path: str, name: str | None) -> Path | None:
    for config in ([name] if name else []) + ["default"]:
        folder = root / path / config
        if folder.is_dir():
            return folder
    return None


def _hub_file(root: Path, url: object) -> object:
    """``hf://datasets/<owner>/<name>[@rev]/<path>`` as ``<root>/<owner>/<name>/<path>`` when
    the mirror has it (lmeval's ``data.mirror_hub_files`` does the same)."""
    prefix = "hf://datasets/"
    if not isinstance(url, str) or not url.startswith(prefix):
        return url
    parts = url[len(prefix):].split("/")
    candidate = Path(root, parts[0], parts[1].split("@")[0], *parts[2:]) if len(parts) >= 3 else None
    return str(candidate) if candidate is not None and candidate.is_file() else url


def patch_datasets(root: Path) -> None:
    import datasets

    original = datasets.load_dataset

    def load_dataset(path: str, name: str | None = None, *args, **kwargs):
        if path in _LOCAL_BUILDERS:  # hf://datasets/<owner>/<name>/<file>: the mirror's copy
            files = kwargs.get("data_files")
            if isinstance(files, dict):
                kwargs["data_files"] = {k: _hub_file(root, v) for k, v in files.items()}
            return original(path, name, *args, **kwargs)
        folder = _mirror_folder(root, path, name)
        if folder is None:
            raise FileNotFoundError(f"no fixture mirror for {path}/{name or 'default'} under {root}")
        splits: dict[str, list[dict]] = {}
        for file in sorted(folder.glob("*.jsonl")):
            rows = [json.loads(line) for line in file.read_text(encoding="utf-8").split("\n") if line.strip()]
            splits.setdefault(file.stem.split("-")[0], []).extend(rows)
        loaded = datasets.DatasetDict({k: datasets.Dataset.from_list(v) for k, v in splits.items()})
        return loaded[kwargs["split"]] if kwargs.get("split") else loaded  # split=: one Dataset

    datasets.load_dataset = load_dataset


class LocalCodeEval:
    """HF ``evaluate``'s ``code_eval`` metric, which ``evaluate.load`` fetches from the Hub: each
    candidate program followed by its test runs in a fresh interpreter (3 s timeout, the
    metric's default); pass@k with the unbiased estimator of the HumanEval paper."""

    def compute(self, references, predictions, k=(1, 10, 100), timeout=3.0, **_):
        import subprocess

        import numpy as np

        correct = []
        for test, candidates in zip(references, predictions, strict=True):
            passed = 0
            for candidate in candidates:
                try:
                    run = subprocess.run([sys.executable, "-c", candidate + "\n" + test],
                                         capture_output=True, timeout=timeout)
                    passed += run.returncode == 0
                except subprocess.TimeoutExpired:
                    pass
            correct.append((len(candidates), passed))

        def estimate(n: int, c: int, kk: int) -> float:
            if n - c < kk:
                return 1.0
            return 1.0 - float(np.prod(1.0 - kk / np.arange(n - c + 1, n + 1)))

        ks = [k] if isinstance(k, int) else list(k)
        scores = {f"pass@{kk}": np.mean([estimate(n, c, kk) for n, c in correct])
                  for kk in ks if all(n >= kk for n, _ in correct)}
        return scores, {}


class HubOnlyMetric:
    """A Hub metric that cannot be fetched offline (careqa's bleu, bleurt):
    loading it succeeds, so the helper module that loads it at import is usable for the tasks
    that never compute it (careqa_open_perplexity); computing it raises."""

    def __init__(self, name: str) -> None:
        self.name = name

    def compute(self, **_):
        raise RuntimeError(f"the {self.name} metric needs the Hugging Face Hub (offline here)")


class LocalRouge:
    """HF ``evaluate``'s ``rouge`` metric (a Hub module, offline here) as that module computes it:
    ``rouge_score``'s scorer (rouge1, rouge2, rougeL, rougeLsum unless asked otherwise, no stemmer),
    each (reference, prediction) scored, then the bootstrap aggregator's mid F-measure (NumPy's
    global generator) -- so lm-eval's own task code (caBreu's rouge1_agg ...) runs unchanged."""

    def compute(self, predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False,
                tokenizer=None, **_):
        from rouge_score import rouge_scorer, scoring

        types = rouge_types or ["rouge1", "rouge2", "rougeL", "rougeLsum"]
        scorer = rouge_scorer.RougeScorer(rouge_types=types, use_stemmer=use_stemmer, tokenizer=tokenizer)
        multi = isinstance(references[0], list)
        scores = [scorer.score_multi(r, p) if multi else scorer.score(r, p)
                  for r, p in zip(references, predictions, strict=True)]
        if not use_aggregator:
            return {t: [s[t].fmeasure for s in scores] for t in types}
        aggregator = scoring.BootstrapAggregator()
        for score in scores:
            aggregator.add_scores(score)
        return {key: value.mid.fmeasure for key, value in aggregator.aggregate().items()}


class LocalBertScore:
    """HF ``evaluate``'s ``bertscore`` metric (a Hub module, offline here) as that module computes it:
    ``bert_score.BERTScorer`` built with the module's defaults (slow tokenizer, batch 64, 4 threads,
    no idf, no rescaling), a string reference wrapped in a list, per-pair precision, recall and F1.
    The model is loaded by its Hub id from the local Hub cache (task_parity.py serves tiny
    stand-ins there, bertscore_models.py), so lm-eval's own task code (DarijaBench's) runs unchanged."""

    def compute(self, predictions, references, lang=None, model_type=None, num_layers=None, verbose=False,
                idf=False, device=None, batch_size=64, nthreads=4, all_layers=False,
                rescale_with_baseline=False, baseline_path=None, use_fast_tokenizer=False, **_):
        import bert_score

        predictions, references = list(predictions), list(references)
        if isinstance(references[0], str):
            references = [[ref] for ref in references]
        if model_type is None:
            model_type = bert_score.utils.lang2model[lang.lower()]
        if num_layers is None:
            num_layers = bert_score.utils.model2layers[model_type]
        scorer = bert_score.BERTScorer(
            model_type=model_type, num_layers=num_layers, batch_size=batch_size, nthreads=nthreads,
            all_layers=all_layers, idf=idf, idf_sents=[r for ref in references for r in ref] if idf else None,
            device=device, lang=lang, rescale_with_baseline=rescale_with_baseline, baseline_path=baseline_path,
            use_fast_tokenizer=use_fast_tokenizer)
        p, r, f = scorer.score(cands=predictions, refs=references, verbose=verbose, batch_size=batch_size)
        return {"precision": p.tolist(), "recall": r.tolist(), "f1": f.tolist()}


class LocalSquadV2:
    """HF ``evaluate``'s ``squad_v2`` metric (a Hub module, offline here) as that module computes
    it: the official SQuAD 2.0 evaluation script (raw exact/F1 against the non-empty golds or "",
    no-answer threshold 1.0, HasAns/NoAns splits, best exact/F1 over the no-answer probabilities
    taken as float32, the module's feature type), so lm-eval's own squadv2 task code runs."""

    @staticmethod
    def _normalize(s):
        import re
        import string

        s = "".join(ch for ch in s.lower() if ch not in set(string.punctuation))
        return " ".join(re.sub(re.compile(r"\b(a|an|the)\b", re.UNICODE), " ", s).split())

    def _f1(self, gold, pred):
        import collections

        g = self._normalize(gold).split() if gold else []
        p = self._normalize(pred).split() if pred else []
        common = collections.Counter(g) & collections.Counter(p)
        same = sum(common.values())
        if len(g) == 0 or len(p) == 0:
            return int(g == p)
        if same == 0:
            return 0
        precision, recall = 1.0 * same / len(p), 1.0 * same / len(g)
        return (2 * precision * recall) / (precision + recall)

    def compute(self, predictions, references, **_):
        import numpy as np

        na_probs = {p["id"]: float(np.float32(p["no_answer_probability"])) for p in predictions}
        preds = {p["id"]: p["prediction_text"] for p in predictions}
        has_ans = {qa["id"]: bool(qa["answers"]["text"]) for qa in references}
        exact_raw, f1_raw = {}, {}
        for qa in references:
            golds = [t for t in qa["answers"]["text"] if self._normalize(t)] or [""]
            if qa["id"] not in preds:
                continue
            pred = preds[qa["id"]]
            exact_raw[qa["id"]] = max(int(self._normalize(a) == self._normalize(pred)) for a in golds)
            f1_raw[qa["id"]] = max(self._f1(a, pred) for a in golds)

        def threshold(scores):
            return {q: float(not has_ans[q]) if na_probs[q] > 1.0 else s for q, s in scores.items()}

        def evaluation(exact, f1, qids=None):
            qids = qids or list(exact)
            return {"exact": 100.0 * sum(exact[k] for k in qids) / len(qids),
                    "f1": 100.0 * sum(f1[k] for k in qids) / len(qids), "total": len(qids)}

        def best(scores):
            cur = best_score = sum(1 for k in has_ans if not has_ans[k])
            thresh = 0.0
            for qid in sorted(na_probs, key=lambda k: na_probs[k]):
                if qid not in scores:
                    continue
                cur += scores[qid] if has_ans[qid] else (-1 if preds[qid] else 0)
                if cur > best_score:
                    best_score, thresh = cur, na_probs[qid]
            return 100.0 * best_score / len(scores), thresh

        exact_t, f1_t = threshold(exact_raw), threshold(f1_raw)
        out = evaluation(exact_t, f1_t)
        for prefix, qids in (("HasAns", [k for k, v in has_ans.items() if v]),
                             ("NoAns", [k for k, v in has_ans.items() if not v])):
            if qids:
                out.update({f"{prefix}_{k}": v for k, v in evaluation(exact_t, f1_t, qids).items()})
        out["best_exact"], out["best_exact_thresh"] = best(exact_raw)
        out["best_f1"], out["best_f1_thresh"] = best(f1_raw)
        return out


def patch_evaluate() -> None:
    import evaluate

    original = evaluate.load

    def load(path, *args, **kwargs):
        if path == "code_eval":
            return LocalCodeEval()
        if path == "rouge":
            return LocalRouge()
        if path == "bertscore":
            return LocalBertScore()
        if path == "squad_v2":
            return LocalSquadV2()
        if path in ("bleu", "bleurt"):
            return HubOnlyMetric(path)
        return original(path, *args, **kwargs)

    evaluate.load = load


def scripted_lm():
    from lm_eval.api.model import LM

    class Scripted(LM):
        def loglikelihood(self, requests):
            return [scripted_answers.loglikelihood(*r.args) for r in requests]

        def loglikelihood_rolling(self, requests):
            return [scripted_answers.loglikelihood_rolling(r.args[0]) for r in requests]

        def generate_until(self, requests):
            return [scripted_answers.generate(r.args[0], (r.args[1] or {}).get("until")) for r in requests]

    return Scripted()


def main() -> None:
    job = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    os.environ.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_EVALUATE_OFFLINE="1",
                      HF_ALLOW_CODE_EVAL="1", TOKENIZERS_PARALLELISM="false")
    # IFEval's English Punkt model as lmeval-tasks-leaderboard ships it (lm-eval would download it)
    punkt = HERE.parent / "packages/lmeval-tasks-leaderboard/src/lmeval_tasks_leaderboard/data/nltk_data"
    os.environ["NLTK_DATA"] = os.pathsep.join(filter(None, (os.environ.get("NLTK_DATA"), str(punkt))))
    logging.disable(logging.WARNING)
    patch_datasets(Path(job["mirror"]))
    patch_evaluate()
    import lm_eval
    from lm_eval.tasks import TaskManager

    manager = TaskManager(verbosity="ERROR")
    lm = scripted_lm()

    def evaluate(names: list[str]) -> dict:
        results = lm_eval.simple_evaluate(
            model=lm, tasks=names, limit=job["limit"], log_samples=True,
            bootstrap_iters=job["bootstrap_iters"], task_manager=manager,
            confirm_run_unsafe_code=job["unsafe"], verbosity="ERROR")
        return parity_records.normalize(results)

    out = [parity_records.run_unit(evaluate, names, traceback) for names in job["units"]]
    Path(sys.argv[2]).write_text(json.dumps(out, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
