"""What kind of llama.cpp server answers at a URL, and its tokenizer.

Two servers speak llama.cpp's OpenAI-compatible API, with differences that matter here:

========================  ===============================  ==================================
                          ``llama-server`` (llama.cpp)      ``llama_cpp.server`` (llama-cpp-python)
========================  ===============================  ==================================
detected by               ``GET /props`` (``total_slots``)  ``POST /extras/tokenize``
tokenize                  ``POST /tokenize`` (content,      ``POST /extras/tokenize`` (input;
                          add_special, parse_special)       always the model's BOS)
prompt as token ids       yes                               no (strings only)
``echo`` prompt logprobs  refused                           yes (needs ``logits_all``)
logprobs shape            ``logprobs.content`` (modern)     ``token_logprobs`` (legacy)
slots, ``id_slot``        yes                               no (one request at a time)
========================  ===============================  ==================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lmeval.errors import UsageError
from lmeval_api.transport import ApiError, HttpClient, safe_url

LLAMA_SERVER = "llama-server"
LLAMA_CPP_PYTHON = "llama-cpp-python"


@dataclass
class ServerInfo:
    flavor: str
    slots: int
    model_id: str | None
    bos_id: int | None
    eos_id: int | None
    bos_text: str | None
    adds_bos: bool
    n_ctx: int | None
    chat_template: str | None = None


def root_url(base_url: str) -> str:
    """``http://host:port`` from any of ``http://host:port[/v1[/completions]]``."""
    url = base_url.rstrip("/")
    for suffix in ("/v1/completions", "/completions", "/v1"):
        if url.endswith(suffix):
            url = url[: -len(suffix)]
    return url


class ServerClient:
    """Probing and tokenization calls on one server (inside an event loop)."""

    def __init__(self, http: HttpClient, root: str, model: str | None = None) -> None:
        self.http = http
        self.root = root
        self.model = model

    def _with_model(self, body: dict[str, Any]) -> dict[str, Any]:
        return {**body, "model": self.model} if self.model else body

    async def probe(self) -> ServerInfo:
        try:
            props = await self.http.get_json(self.root + "/props")
        except ApiError:
            props = None
        if isinstance(props, dict) and "total_slots" in props:
            return await self._llama_server_info(props)
        try:
            tokens = await self._extras_tokenize("")
        except ApiError as exc:
            raise UsageError(f"no llama.cpp server at {safe_url(self.root)} ({exc}); start "
                             "`llama-server -m model.gguf` (or `python -m llama_cpp.server "
                             "--model model.gguf`) and pass its URL as base_url") from None
        models = await self._models()
        bos = tokens[0] if tokens else None
        return ServerInfo(LLAMA_CPP_PYTHON, slots=1, model_id=models, bos_id=bos, eos_id=None,
                          bos_text=None, adds_bos=bool(tokens), n_ctx=None)

    async def _models(self) -> str | None:
        try:
            data = await self.http.get_json(self.root + "/v1/models")
        except ApiError:
            return None
        items = data.get("data") or data.get("models") or []
        if items and isinstance(items[0], dict):
            return items[0].get("id") or items[0].get("model") or items[0].get("name")
        return None

    async def _llama_server_info(self, props: dict[str, Any]) -> ServerInfo:
        bos_text = props.get("bos_token") or None
        eos_text = props.get("eos_token") or None
        bos = await self._special_id(bos_text)
        eos = await self._special_id(eos_text)
        adds_bos = bool(await self.tokenize("", add_special=True))
        settings = props.get("default_generation_settings") or {}
        n_ctx = settings.get("n_ctx") or props.get("n_ctx")
        model_id = props.get("model_alias") or props.get("model_path") or await self._models()
        return ServerInfo(LLAMA_SERVER, slots=max(1, int(props.get("total_slots") or 1)),
                          model_id=model_id, bos_id=bos, eos_id=eos, bos_text=bos_text,
                          adds_bos=adds_bos, n_ctx=int(n_ctx) if n_ctx else None,
                          chat_template=props.get("chat_template") or None)

    async def _special_id(self, text: str | None) -> int | None:
        if not text:
            return None
        ids = await self.tokenize(text, add_special=False)
        return ids[0] if len(ids) == 1 else None

    async def tokenize(self, text: str, *, add_special: bool) -> list[int]:
        """llama-server's ``/tokenize`` (special-token text parsed, as transformers does)."""
        body = self._with_model({"content": text, "add_special": add_special,
                                 "parse_special": True})
        return await self.http.post_json(self.root + "/tokenize", body, _tokens, "tokenize")

    async def _extras_tokenize(self, text: str) -> list[int]:
        return await self.http.post_json(self.root + "/extras/tokenize",
                                          self._with_model({"input": text}), _tokens, "tokenize")

    async def extras_tokenize(self, text: str, info: ServerInfo, *, add_special: bool) -> list[int]:
        """llama-cpp-python's tokenizer: it always adds the model's BOS; drop it if not wanted."""
        ids = await self._extras_tokenize(text)
        if info.adds_bos and ids and ids[0] == info.bos_id:
            if not add_special or (len(ids) > 1 and ids[1] == info.bos_id):
                ids = ids[1:]
        return ids

    async def apply_template(self, messages: list[dict[str, Any]]) -> str:
        def prompt(body: Any) -> str:
            text = body["prompt"]
            if not isinstance(text, str):
                raise ValueError("no prompt string")
            return text

        return await self.http.post_json(self.root + "/apply-template",
                                         self._with_model({"messages": messages}), prompt,
                                         "apply-template")


def _tokens(body: Any) -> list[int]:
    tokens = body["tokens"]
    if not isinstance(tokens, list):
        raise ValueError("tokens is not a list")
    # llama-server returns {"id", "piece"} objects when asked for pieces
    return [int(t["id"]) if isinstance(t, dict) else int(t) for t in tokens]
