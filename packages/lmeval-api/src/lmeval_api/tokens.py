"""Client-side tokenization for API backends, under the core's encoding contract.

Loglikelihood over an API needs to know where the context ends in the scored prompt, so the
prompt is tokenized here and (by default) sent as token ids. The rules are the core's
(:mod:`lmeval.backend.encoding`, :mod:`lmeval.backend.rolling`, as for ``hf``), so the server scores exactly the
tokens the hf backend scores on the same model:

* a (context, continuation) pair moves the context's trailing whitespace to the continuation,
  encodes context + continuation whole and splits it at the length of the encoded context;
* an empty context becomes the prefix token (BOS, else EOS) unless the continuation already
  starts with it;
* special tokens follow the tokenizer's own default (a Llama tokenizer adds BOS), unless
  ``add_bos_token`` says otherwise; a text that already starts with the BOS text gets none;
* inputs longer than the window lose tokens on the left.

lm-eval's API models differ in one place: they never add special tokens unless
``add_bos_token=True``. Pass ``add_bos_token=False`` to reproduce them exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.backend.encoding import encode_request
from lmeval.errors import UsageError
from lmeval.requires import require


class Encoder:
    """Strings to token ids and back, the lm-eval way, over a HF or tiktoken tokenizer."""

    def __init__(self, tokenizer: Any, kind: str, *, name: str,
                 add_bos_token: bool | None = None, prefix_token_id: int | None = None) -> None:
        self.tokenizer = tokenizer
        self.kind = kind
        self.name = name
        self.add_bos_token = add_bos_token
        if prefix_token_id is None:
            prefix_token_id = self._default_prefix()
        self.prefix_token_id = prefix_token_id
        self._bos_text = self.decode([prefix_token_id]) if kind == "huggingface" else ""

    def _default_prefix(self) -> int:
        if self.kind == "tiktoken":
            return int(self.tokenizer.eot_token)
        bos = self.tokenizer.bos_token_id
        return int(bos if bos is not None else self.tokenizer.eos_token_id)

    @property
    def eos_text(self) -> str | None:
        if self.kind == "tiktoken":
            return self.tokenizer.decode([self.tokenizer.eot_token])
        return self.tokenizer.eos_token

    def encode(self, text: str, add_special_tokens: bool | None = None) -> list[int]:
        if not text:
            return []
        if self.kind == "tiktoken":
            return list(self.tokenizer.encode(text, disallowed_special=()))
        kwargs: dict[str, Any] = {}
        if add_special_tokens is not None:
            kwargs["add_special_tokens"] = add_special_tokens
        elif self._bos_text and text.startswith(self._bos_text):
            kwargs["add_special_tokens"] = False
        elif self.add_bos_token is not None:
            kwargs["add_special_tokens"] = self.add_bos_token
        return list(self.tokenizer(text, return_attention_mask=False, **kwargs).input_ids)

    def decode(self, ids: Sequence[int]) -> str:
        return self.tokenizer.decode(list(ids))

    def encode_pair(self, context: str, continuation: str) -> tuple[list[int], list[int]]:
        """Token ids of ``context`` and of ``continuation`` as the model sees them together."""
        return encode_request(self.encode, self.prefix_token_id, context, continuation,
                              causal=True)

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        if self.kind != "huggingface":
            raise UsageError("--apply_chat_template with a completions API needs "
                             "tokenizer_backend=huggingface (the template comes from the tokenizer)")
        return self.tokenizer.apply_chat_template(
            [dict(m) for m in messages], tokenize=False,
            add_generation_prompt=add_generation_prompt,
            continue_final_message=not add_generation_prompt)

    @property
    def chat_template(self) -> str | None:
        if self.kind != "huggingface":
            return None
        return getattr(self.tokenizer, "chat_template", None)


def load_encoder(backend: str | None, name: str | None, *, model: str | None,
                 add_bos_token: bool | None = None, prefix_token_id: int | None = None,
                 trust_remote_code: bool = False, revision: str | None = None,
                 use_fast: bool = True) -> Encoder | None:
    """The tokenizer named by the model args, or None for ``tokenizer_backend=none``."""
    if backend in (None, "none", "None", ""):
        return None
    if backend == "huggingface":
        source = name or model
        if not source:
            raise UsageError("tokenizer_backend=huggingface needs tokenizer=<name or path> "
                             "(or model=...)")
        transformers = require("transformers", needed_by="tokenizer_backend=huggingface",
                               install="'lmeval-api[huggingface]'")
        kwargs: dict[str, Any] = {"trust_remote_code": trust_remote_code, "use_fast": use_fast}
        if revision:
            kwargs["revision"] = revision
        try:
            tok = transformers.AutoTokenizer.from_pretrained(source, **kwargs)
        except (OSError, ValueError) as exc:
            raise UsageError(f"cannot load the tokenizer {source!r}: {exc}; pass "
                             "tokenizer=<local path or hub name>, or tokenizer_backend=none "
                             "for generation only") from None
        return Encoder(tok, "huggingface", name=str(source), add_bos_token=add_bos_token,
                       prefix_token_id=prefix_token_id)
    if backend == "tiktoken":
        tiktoken = require("tiktoken", needed_by="tokenizer_backend=tiktoken",
                           install="'lmeval-api[tiktoken]'")
        try:
            enc = tiktoken.get_encoding(name) if name else tiktoken.encoding_for_model(model or "")
        except (KeyError, ValueError) as exc:
            raise UsageError(f"tiktoken has no encoding for {name or model!r} ({exc}); "
                             "pass tokenizer=<encoding name, e.g. cl100k_base>") from None
        return Encoder(enc, "tiktoken", name=enc.name, prefix_token_id=prefix_token_id)
    raise UsageError(f"tokenizer_backend={backend!r} is not supported; "
                     "use huggingface, tiktoken or none")

