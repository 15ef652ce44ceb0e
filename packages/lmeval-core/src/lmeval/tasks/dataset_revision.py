"""A pinned dataset revision is what was loaded, or the run stops.

When HF ``datasets`` cannot fetch a dataset from the Hub (server down, a revision the server
does not have), it falls back, with only a log line, to the newest copy in its cache, whatever
revision that is. A task that pins ``dataset_kwargs.revision`` (as lm-eval's do) would then be
scored on other documents than those it names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

_SHA = re.compile(r"[0-9a-f]{7,40}")


def loaded_revisions(splits: Mapping[str, Any]) -> set[str]:
    """The commit shas in the cache paths of the loaded splits (``.../<version>/<sha>/...``)."""
    found: set[str] = set()
    for split in splits.values():
        for entry in getattr(split, "cache_files", None) or []:
            parts = Path(entry.get("filename", "")).parts
            found.update(p for p in parts if len(p) == 40 and _SHA.fullmatch(p))
    return found


def check_pinned_revision(splits: Mapping[str, Any], dataset_path: str, revision: Any) -> None:
    """Refuse splits loaded from another commit than the pinned sha ``revision``.

    Only a commit sha (7 to 40 hex digits) is checked; a branch or tag name has no fixed commit.
    """
    if not isinstance(revision, str) or not _SHA.fullmatch(revision.lower()):
        return
    loaded = loaded_revisions(splits)
    if not loaded or any(sha.startswith(revision.lower()) for sha in loaded):
        return
    from huggingface_hub import constants

    raise UsageError(
        f"dataset {dataset_path!r}: the task pins revision {revision} (dataset_kwargs.revision), "
        f"which could not be fetched from {constants.ENDPOINT}; HF datasets fell back to a "
        f"cached copy of commit {sorted(loaded)[0][:12]}, which is refused: check the network "
        "or HF_ENDPOINT and run again (offline, HF_DATASETS_OFFLINE=1 reads the cache only "
        "when it holds that revision)")
