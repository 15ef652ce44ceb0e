"""A stand-in for ``sglang.Engine`` (which needs CUDA): the same ``generate`` contract,
answered by a real transformers model on the CPU.

Only the engine boundary is replaced: token ids in, SGLang-shaped dicts out
(``text``, ``output_ids``, ``meta_info.input_token_logprobs`` as ``(logprob, id, None)`` with
``None`` for the first prompt token, ``meta_info.input_top_logprobs``). Like SGLang it refuses
prompts longer than its context length and trims a matched stop string from the text.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import torch
import transformers


class FakeSGLangEngine:
    def __init__(self, model_path: str, context_length: int | None = None, **kwargs: Any) -> None:
        self.args = {"model_path": model_path, "context_length": context_length, **kwargs}
        self.model = transformers.AutoModelForCausalLM.from_pretrained(model_path).eval()
        tok = transformers.AutoTokenizer.from_pretrained(model_path)
        ctx = context_length or self.model.config.max_position_embeddings
        self.tokenizer_manager = SimpleNamespace(tokenizer=tok, context_len=ctx)
        self.calls: list[dict[str, Any]] = []
        self.shut = False

    def generate(self, prompt: Any = None, sampling_params: Any = None, input_ids: Any = None,
                 return_logprob: bool = False, logprob_start_len: int | None = None,
                 top_logprobs_num: int | None = None, **kwargs: Any) -> Any:
        assert prompt is None and input_ids is not None, "the backend sends token ids"
        single = not isinstance(input_ids[0], list)
        batch = [input_ids] if single else input_ids
        params = sampling_params if isinstance(sampling_params, list) else \
            [sampling_params or {}] * len(batch)
        self.calls.append({"n": len(batch), "return_logprob": return_logprob,
                           "logprob_start_len": logprob_start_len,
                           "top_logprobs_num": top_logprobs_num, "params": params,
                           "lengths": [len(b) for b in batch]})
        outs = []
        for ids, p in zip(batch, params, strict=True):
            if len(ids) > self.tokenizer_manager.context_len:
                raise ValueError(f"input of {len(ids)} tokens exceeds context length")
            out_ids = self._generate(ids, p)
            out = {"text": self._text(out_ids, p), "output_ids": out_ids, "meta_info": {}}
            if return_logprob:
                assert logprob_start_len == 0
                out["meta_info"].update(self._prompt_logprobs(ids, top_logprobs_num or 0))
            outs.append(out)
        return outs[0] if single else outs

    @torch.no_grad()
    def _prompt_logprobs(self, ids: list[int], k: int) -> dict[str, Any]:
        logits = self.model(torch.tensor([ids])).logits[0].float()
        lp = torch.log_softmax(logits, dim=-1)
        token = [(None, ids[0], None)] + [(float(lp[i - 1, ids[i]]), ids[i], None)
                                          for i in range(1, len(ids))]
        top = [None]
        for i in range(1, len(ids)):
            vals, idx = torch.topk(lp[i - 1], max(k, 1))
            top.append([(float(v), int(j), None) for v, j in zip(vals, idx, strict=True)][:k] if k else None)
        return {"input_token_logprobs": token, "input_top_logprobs": top}

    @torch.no_grad()
    def _generate(self, ids: list[int], p: dict[str, Any]) -> list[int]:
        tok = self.tokenizer_manager.tokenizer
        seq = list(ids)
        new: list[int] = []
        for _ in range(int(p.get("max_new_tokens", 16))):
            logits = self.model(torch.tensor([seq])).logits[0, -1].float()
            if p.get("temperature", 1.0) > 0:
                nxt = int(torch.multinomial(torch.softmax(logits / p["temperature"], -1), 1))
            else:
                nxt = int(logits.argmax())
            seq.append(nxt)
            new.append(nxt)
            if nxt == tok.eos_token_id and not p.get("ignore_eos"):
                break
            if any(s and s in tok.decode(new) for s in p.get("stop") or []):
                break
        return new

    def _text(self, out_ids: list[int], p: dict[str, Any]) -> str:
        tok = self.tokenizer_manager.tokenizer
        text = tok.decode(out_ids, skip_special_tokens=p.get("skip_special_tokens", True))
        for s in p.get("stop") or []:
            if s and s in text:
                text = text[:text.index(s)]
        return text

    def shutdown(self) -> None:
        self.shut = True
