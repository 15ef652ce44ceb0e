"""The environment and model facts lm-eval 0.4.13 writes in its results file, read cheaply.

lm-eval's ``add_env_info``, ``get_git_commit_hash``, ``add_tokenizer_info`` and the hf
backend's ``get_model_info`` give ``git_hash``, ``upper_git_hash``, ``pretty_env_info``,
``transformers_version``, ``lm_eval_version``, the tokenizer fields and ``config``'s
``model_num_parameters`` / ``model_dtype`` / ``model_revision`` / ``model_sha``. lmeval writes
the same keys with the same types; the environment without importing torch or transformers
(package metadata and ``.git`` files only), the model facts from the backend
(:meth:`lmeval.protocol.LM.model_info`).
"""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Mapping
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

#: ``LM.model_info`` keys lm-eval writes under ``config`` (the rest go to the top level)
CONFIG_KEYS = ("model_num_parameters", "model_dtype", "model_revision", "model_sha",
               "peft_sha", "delta_sha")
#: ``LM.model_info`` keys lm-eval writes at the top level (``add_tokenizer_info``)
TOP_LEVEL_KEYS = ("tokenizer_pad_token", "tokenizer_eos_token", "tokenizer_bos_token",
                  "eot_token_id", "max_length")


def git_commit(path: str | Path) -> str | None:
    """The commit checked out at ``path`` (read from its ``.git``), or None."""
    try:
        git = Path(path, ".git")
        if git.is_file():  # a worktree or submodule: "gitdir: <path>"
            git = Path(git.parent, git.read_text(encoding="utf-8").split("\n")[0].split(" ")[-1])
        head = Path(git, "HEAD")
        if not head.exists():
            return None
        ref = head.read_text(encoding="utf-8").split("\n")[0].split(" ")[-1]
        target = Path(git, ref)
        return target.read_text(encoding="utf-8").strip() if target.is_file() else ref.strip()
    except OSError:
        return None


def _version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "N/A"


def environment() -> dict[str, Any]:
    """``git_hash``, ``pretty_env_info``, ``transformers_version``, ``lm_eval_version``,
    ``upper_git_hash`` as lm-eval writes them (``lm_eval_version``: the installed lm-eval's
    version, or "N/A" and lmeval's own, which ``lmeval_version`` also holds)."""
    from lmeval import __version__

    torch_version = _version("torch")
    lm_eval = _version("lm_eval")
    return {
        "git_hash": git_commit(os.getcwd()),
        "pretty_env_info": (f"Python {sys.version.split()[0]} on {platform.platform()}; "
                            f"PyTorch {torch_version}"),
        "transformers_version": _version("transformers"),
        "lm_eval_version": lm_eval if lm_eval != "N/A" else f"N/A (lmeval {__version__})",
        "upper_git_hash": git_commit(Path(os.getcwd(), "..")),
    }


def model_facts(lm: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The backend's :meth:`~lmeval.protocol.LM.model_info`, split into (config keys,
    top-level keys); a backend without it, or whose method fails, gives nothing."""
    method = getattr(lm, "model_info", None)
    try:
        info = method() if callable(method) else {}
    except Exception:  # noqa: BLE001 - facts for the record never fail a finished run
        info = {}
    info = dict(info) if isinstance(info, Mapping) else {}
    return ({k: info[k] for k in CONFIG_KEYS if k in info},
            {k: info[k] for k in TOP_LEVEL_KEYS if k in info})
