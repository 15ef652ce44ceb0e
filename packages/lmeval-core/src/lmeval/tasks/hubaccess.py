"""Loading a dataset from the Hugging Face Hub fails in seconds, naming the ways out, when the
Hub cannot be reached (``datasets`` alone retries for ~26 s, then never names them)."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

from lmeval.errors import UsageError

PROBE_SECONDS = 3.0
OFFLINE_VARS = ("HF_DATASETS_OFFLINE", "HF_HUB_OFFLINE")


def offline_requested() -> bool:
    return any(os.environ.get(v, "").lower() in ("1", "true", "yes", "on") for v in OFFLINE_VARS)


def _behind_proxy() -> bool:
    return any(os.environ.get(v) for v in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY",
                                            "http_proxy", "ALL_PROXY", "all_proxy"))


def unreachable(timeout: float = PROBE_SECONDS) -> str | None:
    """Why the Hub (``HF_ENDPOINT``, else huggingface.co) cannot be reached, or None."""
    url = urlparse(os.environ.get("HF_ENDPOINT") or "https://huggingface.co")
    host = url.hostname or "huggingface.co"
    port = url.port or (80 if url.scheme == "http" else 443)
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        return f"{host}:{port}: {exc.strerror or type(exc).__name__}"
    return None


def ways_out(dataset_path: str, dataset_name: str | None) -> str:
    return (f"put a copy under $LMEVAL_DATASETS_DIR/{dataset_path}/{dataset_name or 'default'}"
            f"/<split>.jsonl, or with the dataset in the HF cache set HF_DATASETS_OFFLINE=1")


def load_from_hub(load: Callable[[], Any], dataset_path: str, dataset_name: str | None) -> Any:
    """``load()`` (``datasets.load_dataset``), or a one-line UsageError in seconds when the Hub
    cannot be reached: probed first, unless offline mode is asked for."""
    if not offline_requested() and not _behind_proxy():  # a proxy's reach is not probed
        why = unreachable()
        if why is not None:
            raise UsageError(f"dataset {dataset_path!r} is on the Hugging Face Hub, which cannot be "
                             f"reached ({why}): " + ways_out(dataset_path, dataset_name))
    try:
        return load()
    except ConnectionError as exc:  # offline mode and not in the cache
        raise UsageError(f"dataset {dataset_path!r} could not be loaded offline ({exc}): "
                         + ways_out(dataset_path, dataset_name).replace(
                             ", or with the dataset in the HF cache set HF_DATASETS_OFFLINE=1",
                             ", or load it once online to fill the HF cache")) from None
