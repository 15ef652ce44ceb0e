"""The response cache's model key: what makes one model's answers differ from another's.

The core owns it, for every backend: the backend's registered name, every model argument the
model was built with, and what the backend adds through ``LM.identity_extras()`` (fingerprints
of local files, what a server reports about itself). A model argument a backend forgot to list
can therefore never make two different models share cached answers. Arguments that change only
where or how fast a model runs are left out, so a run can resume with another batch size,
device or number of workers: the core's :data:`CACHE_NEUTRAL_ARGS` and each backend's
``LM.cache_neutral_args``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from lmeval.outputs import redact

if TYPE_CHECKING:
    from lmeval.protocol import LM

#: Run options that never change an answer beyond float noise, for every backend: how many
#: requests share a forward pass, and on which device it runs.
CACHE_NEUTRAL_ARGS = frozenset({"batch_size", "max_batch_size", "device"})

#: Files of a model directory whose content keys the cache (:func:`local_files`): weights,
#: configs, tokenizers, chat templates, ONNX graphs, and the modelling code of
#: ``trust_remote_code`` checkpoints.
MODEL_FILE_SUFFIXES = (".json", ".safetensors", ".bin", ".model", ".gguf", ".jinja", ".onnx",
                       ".onnx.data", ".pt", ".pth", ".ckpt", ".txt", ".py", ".tiktoken",
                       ".vocab", ".msgpack", ".h5", ".xml", ".distcp")

def model_identity(lm: LM) -> dict[str, Any]:
    """``{"backend", "model_args", "extras"}`` for ``lm``: the key of its cached answers.

    Credentials are masked (:mod:`lmeval.outputs.redact`): a rotated key or a token in a URL changes no
    answer, and the key never holds a secret wherever it is shown.
    """
    neutral = CACHE_NEUTRAL_ARGS | frozenset(lm.cache_neutral_args)
    args = {str(k): key_value(v) for k, v in sorted(lm.model_args.items(), key=lambda kv: str(kv[0]))
            if k not in neutral}
    return redact.redact_data({"backend": backend_key(lm), "model_args": args,
                               "extras": key_value(dict(lm.identity_extras()))})


def backend_key(lm: LM) -> str:
    """The registered name; for an LM nobody named, its class (``module.Qualname``)."""
    from lmeval.protocol import LM

    if lm.backend_name != LM.backend_name:
        return lm.backend_name
    cls = type(lm)
    return f"{cls.__module__}.{cls.__qualname__}"


def key_value(value: Any) -> Any:
    """``value`` as stable JSON: containers kept, a path as text, any other object by its type
    (a model object passed in is keyed by its class, not by an address that changes per run)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, PurePath):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): key_value(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [key_value(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((key_value(v) for v in value), key=repr)
    cls = type(value)
    return f"<{cls.__module__}.{cls.__qualname__}>"


#: Training state a Trainer checkpoint directory holds beside the weights: it changes no answer,
#: and an optimizer's state is twice the weights' size, so it is not read for the key.
TRAINING_STATE = re.compile(r"(optimizer|scheduler|scaler)\.(pt|bin|safetensors)"
                            r"|rng_state(_\d+)?\.pth|training_args\.bin")


def local_files(path: str | os.PathLike[str], *, suffixes: tuple[str, ...] = MODEL_FILE_SUFFIXES,
                recursive: bool = False) -> dict[str, list[Any]] | None:
    """``{file: [size, sha256]}`` for the model files in directory ``path`` (directly in it, or
    in the whole tree with ``recursive``), or for ``path`` itself when it is a file; None when
    it is neither. The digest is of the content (:mod:`lmeval.run.fingerprints`), so weights swapped
    for others of the same size with their old times restored get a new cache key."""
    from lmeval.run.fingerprints import file_digest

    if os.path.isfile(path):
        return {os.path.basename(path): [os.path.getsize(path), file_digest(path)]}
    if not os.path.isdir(path):
        return None
    out: dict[str, list[Any]] = {}
    for name in _model_files(str(path), suffixes, recursive):
        full = os.path.join(path, name)
        out[name] = [os.path.getsize(full), file_digest(full)]
    return out


def local_sources(sources: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`local_files` of each value that is a local path (a file or a directory); None for
    the others (a Hub name, a model object, nothing)."""
    return {name: local_files(value) if isinstance(value, (str, os.PathLike)) and value
            else None for name, value in sources.items()}


def _model_files(root: str, suffixes: tuple[str, ...], recursive: bool) -> list[str]:
    if not recursive:
        return [n for n in sorted(os.listdir(root))
                if n.endswith(suffixes) and not TRAINING_STATE.fullmatch(n)
                and os.path.isfile(os.path.join(root, n))]
    found = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        rel = os.path.relpath(folder, root)
        found += [n if rel == "." else os.path.join(rel, n) for n in sorted(files)
                  if n.endswith(suffixes)]
    return found
