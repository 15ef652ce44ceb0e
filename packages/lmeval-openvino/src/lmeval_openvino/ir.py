"""What ``pretrained=``, ``ov_config=``, ``pipeline_parallel=`` and ``--device`` name, checked
before the runtime loads anything.

``pretrained`` is a directory written by ``optimum-cli export openvino`` (``openvino_model.xml``
and ``.bin``, ``config.json``, the tokenizer files) or an ``.xml`` inside one. ``ov_config`` is,
as in lm-eval, the path of a JSON file of OpenVINO properties; a JSON object inline is taken
too. ``pipeline_parallel=True`` adds ``MODEL_DISTRIBUTION_POLICY=PIPELINE_PARALLEL``, which
OpenVINO's HETERO device uses to split the layers across its devices.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError, closest

MODEL_XML = "openvino_model.xml"
#: lm-eval's ``ov_config`` defaults: no compiled-blob cache; optimum-intel adds LATENCY.
DEFAULT_OV_CONFIG = {"CACHE_DIR": "", "PERFORMANCE_HINT": "LATENCY"}
#: Devices that take a list of devices after a colon.
META_DEVICES = ("HETERO", "MULTI", "AUTO", "BATCH")


@dataclass(frozen=True)
class IRModel:
    """An exported model: its directory and the graph's ``.xml`` (the ``.bin`` beside it)."""

    directory: Path
    xml: Path

    @classmethod
    def open(cls, pretrained: Any) -> IRModel:
        if not pretrained:
            raise UsageError("--model openvino needs pretrained=<directory of an OpenVINO IR "
                             "export> (optimum-cli export openvino --model <hf model> <dir>)")
        path = Path(str(pretrained)).expanduser()
        if path.suffix == ".xml":
            if not path.is_file():
                raise UsageError(f"pretrained={pretrained}: no such file")
            xml, directory = path, path.parent
        elif path.is_dir():
            directory, xml = path, path / MODEL_XML
            if not xml.is_file():
                found = sorted(p.name for p in path.glob("*.xml")
                               if not p.name.startswith(("openvino_tokenizer",
                                                         "openvino_detokenizer")))
                if len(found) == 1:
                    xml = path / found[0]
                else:
                    hint = ("; it holds a transformers checkpoint: export it first with "
                            f"optimum-cli export openvino --model {path} <out dir>"
                            if (path / "config.json").is_file() else "")
                    names = f" (found {', '.join(found)}: pass the .xml)" if found else ""
                    raise UsageError(f"pretrained={pretrained}: no {MODEL_XML} in this "
                                     f"directory{names}{hint}")
        else:
            raise UsageError(
                f"pretrained={pretrained} is not a local OpenVINO IR directory: lmeval's "
                "openvino backend reads exports, it does not convert hub models. Run "
                f"optimum-cli export openvino --model {pretrained} <out dir> and pass "
                "pretrained=<out dir>")
        if not xml.with_suffix(".bin").is_file():
            raise UsageError(f"{xml} has no weights file {xml.with_suffix('.bin').name} beside it")
        return cls(directory, xml)

    def files(self) -> dict[str, list[Any]]:
        """``{file: [size, sha256]}`` of the graph, weights and configs (the cache identity)."""
        from lmeval.run.identity import local_files

        return local_files(self.directory, suffixes=(".xml", ".bin", ".json", ".jinja")) or {}


def parse_ov_config(value: Any, pipeline_parallel: bool) -> dict[str, Any]:
    """OpenVINO properties for ``compile_model``: lm-eval's defaults, then ``value`` (a JSON file
    path, a JSON object string or a mapping), then the pipeline-parallel policy."""
    config = dict(DEFAULT_OV_CONFIG)
    if value not in (None, ""):
        if isinstance(value, Mapping):
            loaded: Any = dict(value)
        else:
            text = str(value).strip()
            if text.startswith("{"):
                source = "ov_config"
            else:
                path = Path(text).expanduser()
                if not path.is_file():
                    raise UsageError(f"ov_config={value}: no such file; ov_config is the path of "
                                     'a JSON file of OpenVINO properties, e.g. '
                                     '{"INFERENCE_PRECISION_HINT": "f32"}')
                source, text = str(path), path.read_text(encoding="utf-8")
            try:
                loaded = json.loads(text)
            except json.JSONDecodeError as exc:
                raise UsageError(f"{source}: not valid JSON (line {exc.lineno}, column "
                                 f"{exc.colno}: {exc.msg})") from None
            if not isinstance(loaded, dict):
                raise UsageError(f"{source}: expected a JSON object of OpenVINO properties, got "
                                 f"{type(loaded).__name__}")
        config.update({str(k): v for k, v in loaded.items()})
    if pipeline_parallel:
        config["MODEL_DISTRIBUTION_POLICY"] = "PIPELINE_PARALLEL"
    return config


def parse_device(device: Any) -> str:
    """The OpenVINO device name: upper case, as lm-eval passes it (``cpu`` -> ``CPU``,
    ``hetero:gpu.1,gpu.0`` -> ``HETERO:GPU.1,GPU.0``)."""
    text = str(device or "cpu").strip()
    if not text or text.lower() in ("none", "auto-detect"):
        text = "cpu"
    return text.upper()


def check_device(device: str, available: Iterable[str], supported: Iterable[str] = ()) -> None:
    """Refuse a device the runtime does not have, naming those it has.

    ``HETERO:A,B`` (and MULTI, AUTO, BATCH) is checked device by device; ``GPU`` matches
    ``GPU.0``; a bare meta device (``AUTO``) is left to OpenVINO.
    """
    available = list(available)
    families = set(supported) | {d.split(".")[0] for d in available}
    head, _, rest = device.partition(":")
    if head in META_DEVICES:
        names = [d.strip() for d in rest.split(",") if d.strip()]
    else:
        names = [device]
    for name in names:
        if name in available or name in families or name in META_DEVICES:
            continue
        near = closest(name, available)
        hint = f" (closest: {', '.join(near)})" if near else ""
        raise UsageError(f"--device {device}: OpenVINO has no device {name}; available here: "
                         f"{', '.join(available) or 'none'}{hint}")
