"""A Model Builder export on disk: its directory, graph, ``genai_config.json`` and load errors."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

log = logging.getLogger("lmeval.onnx")


@dataclass
class ModelBuilderExport:
    """What the backends read from an ``onnxruntime_genai.models.builder`` output directory."""

    directory: Path
    config: dict[str, Any] = field(default_factory=dict)
    explicit_graph: Path | None = None

    @classmethod
    def open(cls, pretrained: str | Path | None) -> ModelBuilderExport:
        """``pretrained`` is the export directory or a ``.onnx`` file inside it."""
        if not pretrained:
            raise UsageError("--model_args needs pretrained=<Model Builder output directory>")
        path = Path(pretrained).expanduser()
        explicit = None
        if path.is_file() and path.suffix == ".onnx":
            explicit, path = path, path.parent
        elif not path.is_dir():
            raise UsageError(
                f"pretrained={pretrained!r} is neither a directory nor a .onnx file; pass the "
                "output directory of `python -m onnxruntime_genai.models.builder` (it holds "
                "genai_config.json, the .onnx graph and the tokenizer)")
        config: dict[str, Any] = {}
        config_path = path / "genai_config.json"
        if config_path.is_file():
            try:
                config = json.loads(config_path.read_text(encoding="utf-8"))
            except ValueError as exc:
                raise UsageError(f"{config_path}: not valid JSON ({exc})") from None
        return cls(path.resolve(), config, explicit.resolve() if explicit else None)

    @property
    def has_genai_config(self) -> bool:
        return bool(self.config)

    @property
    def model(self) -> dict[str, Any]:
        return self.config.get("model", {}) or {}

    @property
    def decoder(self) -> dict[str, Any]:
        return self.model.get("decoder", {}) or {}

    @property
    def context_length(self) -> int | None:
        value = self.model.get("context_length")
        return int(value) if value else None

    @property
    def eos_token_ids(self) -> list[int]:
        eos = self.model.get("eos_token_id")
        if eos is None:
            return []
        return [int(e) for e in (eos if isinstance(eos, list) else [eos])]

    def declared_providers(self) -> list[tuple[str, dict[str, str]]]:
        """``(provider, options)`` pairs from ``decoder.session_options.provider_options``."""
        entries = (self.decoder.get("session_options", {}) or {}).get("provider_options") or []
        out = []
        for entry in entries:
            if isinstance(entry, dict):
                for name, options in entry.items():
                    out.append((str(name), {str(k): str(v) for k, v in (options or {}).items()}))
        return out

    def graph(self) -> Path:
        """The decoder graph: the ``.onnx`` given, the one genai_config names, or the only one."""
        if self.explicit_graph is not None:
            return self.explicit_graph
        if "pipeline" in self.decoder:
            raise UsageError(
                f"{self.directory} is a multi-graph (pipeline) export; the raw onnxruntime "
                "backend runs single-graph decoders only: use --model onnxruntime-genai")
        name = self.decoder.get("filename")
        if name and (self.directory / name).is_file():
            return self.directory / name
        graphs = sorted(self.directory.glob("*.onnx"))
        if len(graphs) == 1:
            return graphs[0]
        if not graphs:
            raise UsageError(f"no .onnx graph in {self.directory}")
        raise UsageError(
            f"{self.directory} holds several graphs ({', '.join(g.name for g in graphs)}) and "
            "genai_config.json names none of them: pass pretrained=<the .onnx file>")

    def io_name(self, role: str, layer: int | None = None) -> str:
        """Graph input/output names from genai_config, with Model Builder's defaults."""
        defaults = {
            "input_ids": "input_ids",
            "attention_mask": "attention_mask",
            "position_ids": "position_ids",
            "past_key_names": "past_key_values.%d.key",
            "past_value_names": "past_key_values.%d.value",
            "logits": "logits",
            "present_key_names": "present.%d.key",
            "present_value_names": "present.%d.value",
        }
        section = "outputs" if role in ("logits", "present_key_names",
                                        "present_value_names") else "inputs"
        name = (self.decoder.get(section, {}) or {}).get(role) or defaults[role]
        return name % layer if layer is not None else name

    def producer(self) -> str | None:
        """``"<producer_name> <producer_version>"`` from the graph header, if readable."""
        try:
            with open(self.graph(), "rb") as fh:
                head = fh.read(512)
        except (OSError, UsageError):
            return None
        fields = _protobuf_header_strings(head)
        name, version = fields.get(2), fields.get(3)
        return " ".join(p for p in (name, version) if p) or None


def _protobuf_header_strings(data: bytes) -> dict[int, str]:
    """Leading string fields of a serialized ``ModelProto`` (stops at the graph)."""
    out: dict[int, str] = {}
    pos = 0

    def varint() -> int:
        nonlocal pos
        shift = value = 0
        while pos < len(data):
            byte = data[pos]
            pos += 1
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
        raise ValueError("truncated")

    try:
        while pos < len(data):
            tag = varint()
            number, wire = tag >> 3, tag & 7
            if wire == 0:
                varint()
            elif wire == 2:
                length = varint()
                if number in (2, 3, 4) and pos + length <= len(data):
                    out[number] = data[pos:pos + length].decode("utf-8", "replace")
                if number > 6:
                    break
                pos += length
            else:
                break
    except ValueError:
        pass
    return out


_SCHEMA_ERRORS = (
    re.compile(r"schema\((?P<domain>[\w.]+)::(?P<op>\w+):\d+\)[^.]*"),
    re.compile(r"No Op registered for (?P<op>\w+) with domain_version of \d+"),
    re.compile(r"Unrecognized attribute: \w+ for operator (?P<op>\w+)"),
    re.compile(r"(?P<detail>Opset \d+ is under development and support for this is limited)"),
)


def explain_load_error(exc: BaseException, export: ModelBuilderExport,
                       runtime: str) -> UsageError | None:
    """A :class:`UsageError` when ``exc`` says the runtime is too old for the graph's ops.

    Model Builder emits contrib ops (``com.microsoft``) whose schemas grow between releases;
    an older onnxruntime rejects the graph at load time (a 12-input ``GroupQueryAttention``
    fails on onnxruntime 1.22). ``runtime`` names the installed runtime and its version.
    """
    message = str(exc)
    for pattern in _SCHEMA_ERRORS:
        found = pattern.search(message)
        if found:
            break
    else:
        return None
    groups = found.groupdict()
    detail = groups.get("detail") or found.group(0).strip()
    op = groups.get("op")
    producer = export.producer()
    made_by = f" (written by {producer})" if producer else ""
    what = f"operator {op}" if op else "an operator"
    return UsageError(
        f"{runtime} cannot load {export.directory}: the export{made_by} uses {what} in a "
        f"form this onnxruntime does not know ({detail}). The installed onnxruntime is older "
        "than the Model Builder that wrote the graph: upgrade it (pip install -U onnxruntime, "
        "or onnxruntime-gpu / onnxruntime-genai for your device), or re-export the model with "
        "the onnxruntime-genai release that matches your onnxruntime.")
