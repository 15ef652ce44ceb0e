"""Per-sample comparison of two runs' outputs (lm-eval 0.4.13 and lmeval), read from disk.

Both tools write ``results_<stamp>.json`` and ``samples_<task>_<stamp>.jsonl`` under
``<output_path>/<model_name_sanitized>/``. lm-eval stores request arguments as
``{"gen_args_i": {"arg_j": ...}}`` and stringifies every response (``"-12.5"``, ``"False"``);
lmeval stores lists and native values. Both are normalised here before comparing.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

#: keys of a results entry that are not scores
_NOT_SCORES = {"alias", "name", "sample_len", "sample_count", " "}


@dataclass
class TaskDiff:
    task: str
    output_type: str | None
    n: int = 0                      # documents (per filter: the first filter's count)
    prompts_differ: int = 0         # documents whose request arguments differ
    predictions_differ: int = 0     # documents whose discrete outputs differ
    max_abs_dlogprob: float = 0.0   # over every log-likelihood in the responses
    max_rel_dlogprob: float = 0.0   # the same divided by |lm-eval's value|
    metrics_equal: bool = True
    max_abs_dmetric: float = 0.0
    missing_samples: int = 0        # documents present in one file only
    examples: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def run_files(directory: Path) -> tuple[dict, dict[str, Path]]:
    """The results dict and ``{task: samples file}`` of the one run written under ``directory``."""
    results = sorted(directory.rglob("results_*.json"))
    if len(results) != 1:
        raise RuntimeError(f"expected one results file under {directory}, found {len(results)}")
    samples = {}
    for path in results[0].parent.glob("samples_*.jsonl"):
        task = path.name[len("samples_"):].rsplit("_", 1)[0]
        samples[task] = path
    return json.loads(results[0].read_text(encoding="utf-8")), samples


def sample_args(sample: dict) -> list[list[Any]]:
    raw = sample["arguments"]
    if isinstance(raw, dict):  # lm-eval: {"gen_args_0": {"arg_0": ..., "arg_1": ...}}
        return [[req[f"arg_{j}"] for j in range(len(req))]
                for req in (raw[f"gen_args_{i}"] for i in range(len(raw)))]
    return [list(a) for a in raw]


def _bool(v: Any) -> bool:
    return v if isinstance(v, bool) else str(v) == "True"


def _responses(sample: dict, output_type: str) -> tuple[list[float], list[Any]]:
    """(log-likelihoods, discrete outputs) of one sample's raw responses."""
    floats: list[float] = []
    discrete: list[Any] = []
    for resp in sample["resps"]:
        if output_type in ("multiple_choice", "loglikelihood"):
            lp, greedy = resp[0]
            floats.append(float(lp))
            discrete.append(_bool(greedy))
        elif output_type == "loglikelihood_rolling":
            floats.append(float(resp[0]))
        else:  # generate_until: one string per repeat
            discrete.append([str(r) for r in resp])
    return floats, discrete


def _sample_metrics(sample: dict) -> dict[str, Any]:
    """Discrete per-sample metric values (0/1 scores, word/byte counts of perplexity tuples)."""
    out = {}
    for name in sample.get("metrics", []):
        value = sample.get(name)
        if isinstance(value, (list, tuple)):  # (log-likelihood, words or bytes): the count
            out[name] = [float(v) for v in value[1:]]
        elif isinstance(value, (int, float)):
            out[name] = round(float(value), 9)
        else:
            out[name] = value
    return out


def _prediction(floats: list[float], discrete: list[Any], output_type: str) -> Any:
    if output_type == "multiple_choice" and floats:
        return max(range(len(floats)), key=floats.__getitem__), discrete
    return discrete


def _same_args(a: list[list[Any]], b: list[list[Any]]) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if len(x) != len(y):
            return False
        for u, v in zip(x, y, strict=True):
            if isinstance(u, dict) or isinstance(v, dict):
                if json.dumps(u, sort_keys=True) != json.dumps(v, sort_keys=True):
                    return False
            elif str(u) != str(v):
                return False
    return True


def compare_task(task: str, output_type: str | None, ref_file: Path | None,
                 ours_file: Path | None, max_examples: int = 3) -> TaskDiff:
    diff = TaskDiff(task, output_type)
    if ref_file is None or ours_file is None or output_type is None:
        diff.missing_samples = -1
        return diff

    def load(path: Path) -> dict[tuple[int, str], dict]:
        rows = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                s = json.loads(line)
                rows[(int(s["doc_id"]), s.get("filter", "none"))] = s
        return rows

    ref, ours = load(ref_file), load(ours_file)
    keys = sorted(set(ref) | set(ours))
    first_filter = min((k[1] for k in keys), default="none")
    diff.n = sum(1 for k in keys if k[1] == first_filter)
    docs_prompt, docs_pred = set(), set()
    for key in keys:
        if key not in ref or key not in ours:
            diff.missing_samples += 1
            continue
        r, o = ref[key], ours[key]
        ra, oa = sample_args(r), sample_args(o)
        if not _same_args(ra, oa):
            docs_prompt.add(key[0])
            if len(diff.examples) < max_examples:
                diff.examples.append({"doc_id": key[0], "kind": "prompt", "lm_eval": ra, "lmeval": oa})
        rf, rd = _responses(r, output_type)
        of, od = _responses(o, output_type)
        for a, b in zip(rf, of, strict=False):
            d = abs(a - b)
            diff.max_abs_dlogprob = max(diff.max_abs_dlogprob, d)
            if a:
                diff.max_rel_dlogprob = max(diff.max_rel_dlogprob, d / abs(a))
        pr = (_prediction(rf, rd, output_type), [str(x) for x in r["filtered_resps"]]
              if output_type == "generate_until" else None, _sample_metrics(r))
        po = (_prediction(of, od, output_type), [str(x) for x in o["filtered_resps"]]
              if output_type == "generate_until" else None, _sample_metrics(o))
        if len(rf) != len(of) or pr != po:
            docs_pred.add(key[0])
            if len(diff.examples) < max_examples:
                diff.examples.append({"doc_id": key[0], "filter": key[1], "kind": "prediction",
                                      "lm_eval": pr, "lmeval": po})
    diff.prompts_differ, diff.predictions_differ = len(docs_prompt), len(docs_pred)
    return diff


#: metrics computed from summed log-likelihoods: equal to float32 precision, not to the last bit
_FLOAT_PRECISION = {"word_perplexity", "byte_perplexity", "bits_per_byte", "perplexity",
                    "word_perplexity_stderr", "byte_perplexity_stderr", "bits_per_byte_stderr",
                    "perplexity_stderr"}


def compare_scores(ref: dict, ours: dict, task: str) -> tuple[bool, float, list[str]]:
    """(equal, max |Δ|, notes) of one task's or group's aggregate scores.

    Equal: the same metric keys, non-numbers identical, numbers within 1e-9 relative, except
    the perplexity family (a continuous function of summed float32 log-likelihoods, which two
    correct implementations only share to float32 precision): within 1e-6 relative. Every
    difference is reported in max |Δ| and, when above 1e-9 relative, as a note.
    """
    a = {k: v for k, v in ref.get("results", {}).get(task, {}).items() if k not in _NOT_SCORES}
    b = {k: v for k, v in ours.get("results", {}).get(task, {}).items() if k not in _NOT_SCORES}
    notes, worst, equal = [], 0.0, True
    for key in sorted(set(a) | set(b)):
        if key not in a or key not in b:
            equal = False
            notes.append(f"{task}: {key} only in {'lm-eval' if key in a else 'lmeval'}")
            continue
        x, y = a[key], b[key]
        if isinstance(x, (int, float)) and isinstance(y, (int, float)):
            if math.isnan(x) and math.isnan(y):
                continue
            d = abs(x - y)
            worst = max(worst, d)
            if d > 1e-9 * max(1.0, abs(x)):
                tol = 1e-6 if key.split(",")[0] in _FLOAT_PRECISION else 1e-9
                equal &= d <= tol * max(1.0, abs(x))
                notes.append(f"{task}: {key} lm-eval {x!r} lmeval {y!r} "
                             f"(relative {d / max(1.0, abs(x)):.1e})")
        elif x != y:
            equal = False
            notes.append(f"{task}: {key} lm-eval {x!r} lmeval {y!r}")
    return equal, worst, notes
