"""LongProc's HTML-to-TSV score, as lm-eval 0.4.13 computes it: the answer's TSV (inside
```` ```tsv ```` when fenced) and the reference as pandas tables of normalised cells (lower case,
no punctuation, articles or white space); precision = share of the answer's rows found whole in
the reference, recall the converse, ``score`` = their F1. pandas is the ``longproc`` extra.
"""

from __future__ import annotations

import csv
import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.requires import require

NEEDED_BY = "LongProc's HTML-to-TSV score (longproc_html_to_tsv_*)"
INSTALL = "'lmeval-tasks-longcontext[longproc]'"


def pandas() -> Any:
    return require("pandas", needed_by=NEEDED_BY, install=INSTALL)


def _normalize(cell: str) -> str:
    cell = "".join(ch for ch in cell.lower() if ch not in string.punctuation)
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", cell).split()).replace(" ", "")


def _table(lines: Sequence[str]) -> Any:
    """A DataFrame of the TSV lines (the first is the header); None when pandas refuses them."""
    pd = pandas()
    try:
        rows = list(csv.reader(lines, delimiter="\t"))
        header, data = rows[0], rows[1:]
        if data and len(data[-1]) != len(header):
            data = data[:-1]
        data = [row if len(row) == len(header) else ["N/A"] * len(header) for row in data]
        frame = pd.DataFrame(data, columns=header).fillna("N/A")
        for column in frame.columns:
            frame[column] = frame[column].astype(str).apply(_normalize)
        return frame
    except Exception:  # noqa: BLE001 - lm-eval's: any malformed table is no table
        return None


def tsv_scores(prediction: str, reference: str) -> dict[str, Any]:
    try:
        gold, pred = _table(reference.strip().split("\n")), _table(prediction.strip().split("\n"))
        precision = 0.0
        for i in range(len(pred.index)):
            precision += gold.eq(pred.iloc[i].values).all(axis=1).any()
        precision /= len(pred.index)
        recall = 0.0
        for i in range(len(gold.index)):
            recall += pred.eq(gold.iloc[i].values).all(axis=1).any()
        recall /= len(gold.index)
        f1 = 2 * recall * precision / (recall + precision) if (recall + precision) else 0.0
        return {"precision": precision, "recall": recall, "f1": f1, "error": None}
    except Exception as exc:  # noqa: BLE001 - lm-eval's: a failed comparison scores 0
        return {"precision": 0.0, "recall": 0.0, "f1": 0.0, "error": str(exc)}


def process_results_html_to_tsv(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    prediction = results[0]
    fenced = re.search(r"```tsv([\s\S]*)```", prediction)
    if fenced is not None:
        prediction = fenced.group(1).strip()
    else:
        prediction = (prediction.split("```tsv")[1] if "```tsv" in prediction else prediction).strip()
    m = tsv_scores(prediction, doc["reference_output"])
    return {"score": m["f1"], "f1": m["f1"], "precision": m["precision"], "recall": m["recall"],
            "extraction_rate": 1.0 if m["error"] is None else 0.0}
