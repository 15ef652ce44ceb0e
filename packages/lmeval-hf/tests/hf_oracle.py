"""Independent reference computations: one sequence, one full forward, no batching or cache."""

from __future__ import annotations

import torch


@torch.no_grad()
def causal_loglikelihood(model, ctx, cont, max_length):
    whole = (ctx + cont)[-(max_length + 1):]
    inp = torch.tensor([whole[:-1]])
    logprobs = torch.log_softmax(model(inp).logits[0].float(), dim=-1)
    scored = logprobs[-len(cont):]
    target = torch.tensor(cont)
    total = float(scored.gather(1, target[:, None]).sum())
    return total, bool((scored.argmax(-1) == target).all())


@torch.no_grad()
def seq2seq_loglikelihood(model, ctx, cont):
    out = model(input_ids=torch.tensor([ctx]), labels=torch.tensor([cont]))
    logprobs = torch.log_softmax(out.logits[0].float(), dim=-1)
    target = torch.tensor(cont)
    total = float(logprobs.gather(1, target[:, None]).sum())
    return total, bool((logprobs.argmax(-1) == target).all())


@torch.no_grad()
def greedy_tokens(model, prompt, n):
    ids = list(prompt)
    for _ in range(n):
        logits = model(torch.tensor([ids])).logits[0, -1]
        ids.append(int(logits.argmax()))
    return ids[len(prompt):]
