"""Train the quickstart's embedded model, deterministically, on CPU, in a few minutes.

    python examples/quickstart/train.py            # writes model/ and tasks/*.jsonl beside this file

Everything comes from one seed: the data is generated here (two-digit addition in three
formats, copying random numbers, comparing numbers, tiny arithmetic stories), a byte-level BPE
tokenizer is trained on it with the ``tokenizers`` library, and a ~1M-parameter
``LlamaForCausalLM`` is trained on it with plain torch. The bundled tasks are drawn *first*
from the same generator and every training item that would repeat a task item is dropped
(same number pair, same phrase, same story), so the model is evaluated on problems it has
not seen.

Determinism: a fixed seed, ``torch.use_deterministic_algorithms(True)`` and a fixed thread
count (``--threads``, default 2): the same command on the same CPU type writes the same bytes.
Needs torch, transformers, tokenizers and safetensors (``pip install -e packages/lmeval-hf``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
EOS = "<|endoftext|>"
SPECIAL = [EOS, "<pad>"]
NAMES = ("Ann", "Ben", "Cara", "Dan", "Eva", "Finn", "Gus", "Hana", "Ivy", "Jon", "Kim", "Leo",
         "Mia", "Ned", "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Vic", "Wes", "Zoe")
THINGS = ("apples", "books", "coins", "pens", "cards", "eggs", "shells", "stamps", "marbles",
          "cookies", "stones", "keys")
MAX_OPERAND = 49
N_TASK_DOCS = 100


# ------------------------------------------------------------------------------------- data


def _phrase(rng: random.Random) -> str:
    """Two or three random numbers of two to four digits: what the copying items repeat."""
    return " ".join(str(rng.randint(10, 9999)) for _ in range(rng.randint(2, 3)))


def _pair(rng: random.Random) -> tuple[int, int]:
    return rng.randint(0, MAX_OPERAND), rng.randint(0, MAX_OPERAND)


def _distractors(rng: random.Random, answer: int) -> list[int]:
    """Three wrong sums that look right: off by one, by ten, by a swapped digit."""
    pool = {answer + d for d in (-11, -10, -9, -2, -1, 1, 2, 9, 10, 11)} - {answer}
    pool = {c for c in pool if c >= 0}
    return rng.sample(sorted(pool), 3)


def _story(rng: random.Random) -> str:
    a, b = rng.sample(NAMES, 2)
    thing = rng.choice(THINGS)
    n, m = rng.randint(1, 9), rng.randint(1, 9)
    if rng.random() < 0.5:
        return (f"{a} has {n} {thing}. {b} gives {a} {m} more {thing}. "
                f"Now {a} has {n + m} {thing}.")
    n += m
    return (f"{a} has {n} {thing}. {a} gives {m} {thing} to {b}. "
            f"Now {a} has {n - m} {thing} and {b} has {m}.")


def make_task_docs(seed: int) -> dict[str, list[dict]]:
    """The held-out documents of the four bundled tasks."""
    rng = random.Random(seed)
    pairs: set[tuple[int, int]] = set()
    while len(pairs) < 2 * N_TASK_DOCS:
        pairs.add(_pair(rng))
    ordered = sorted(pairs)
    rng.shuffle(ordered)
    mc, gen = [], []
    for a, b in ordered[:N_TASK_DOCS]:
        choices = [a + b, *_distractors(rng, a + b)]
        rng.shuffle(choices)
        mc.append({"question": f"What is {a} plus {b}?", "choices": [str(c) for c in choices],
                   "answer": choices.index(a + b)})
    for a, b in ordered[N_TASK_DOCS:]:
        gen.append({"question": f"What is {a} plus {b}?", "answer": str(a + b)})
    copy = [{"text": p} for p in (_phrase(rng) for _ in range(N_TASK_DOCS))]
    stories: list[str] = []
    while len(stories) < N_TASK_DOCS:
        story = _story(rng)
        if story not in stories:
            stories.append(story)
    return {"qs_arith_mc": mc, "qs_arith_gen": gen, "qs_copy": copy,
            "qs_stories": [{"text": s} for s in stories]}


def make_corpus(seed: int, n_docs: int, held_out: dict[str, list[dict]]) -> list[str]:
    """Training documents: one to four items of one kind, separated by blank lines."""
    rng = random.Random(seed + 1)
    banned_pairs = set()
    for doc in held_out["qs_arith_mc"] + held_out["qs_arith_gen"]:
        a, b = (int(x) for x in doc["question"][8:-1].split(" plus "))
        banned_pairs.add((a, b))
    banned_phrases = {doc["text"] for doc in held_out["qs_copy"]}
    banned_stories = {doc["text"] for doc in held_out["qs_stories"]}

    def pair() -> tuple[int, int]:
        while True:
            a, b = _pair(rng)
            if (a, b) not in banned_pairs:
                return a, b

    def phrase() -> str:
        while True:
            p = _phrase(rng)
            if p not in banned_phrases:
                return p

    def item(kind: str) -> str:
        if kind == "mc":
            a, b = pair()
            return f"Question: What is {a} plus {b}?\nAnswer: {a + b}"
        if kind == "gen":
            a, b = pair()
            return f"Q: What is {a} plus {b}?\nA: The answer is {a + b}."
        if kind == "fact":
            a, b = pair()
            return f"{a} plus {b} is {a + b}."
        if kind == "copy":
            p = phrase()
            return f"Repeat after me: {p}\nYou said: {p}"
        if kind == "compare":
            a, b = rng.sample(range(100), 2)
            return f"Question: Which number is larger, {a} or {b}?\nAnswer: {max(a, b)}"
        while True:
            s = _story(rng)
            if s not in banned_stories:
                return s

    kinds = ["mc", "gen", "fact", "copy", "compare", "story"]
    weights = [0.22, 0.2, 0.1, 0.22, 0.08, 0.18]
    docs = []
    for _ in range(n_docs):
        kind = rng.choices(kinds, weights)[0]
        sep = " " if kind in ("fact", "story") else "\n\n"
        docs.append(sep.join(item(kind) for _ in range(rng.randint(1, 4))))
    return docs


# -------------------------------------------------------------------------------- tokenizer


def train_tokenizer(corpus: list[str], vocab_size: int, out: Path):
    """Byte-level BPE whose digits are always tokens of their own (a number is spelled the same
    wherever it stands, which makes adding and copying easy to learn).
    Saved as a ``PreTrainedTokenizerFast``."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from tokenizers.trainers import BpeTrainer
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Digits(individual_digits=True),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True),
    ])
    tok.decoder = decoders.ByteLevel()
    trainer = BpeTrainer(vocab_size=vocab_size, min_frequency=2, special_tokens=SPECIAL,
                         initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(corpus, trainer=trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token=EOS, eos_token=EOS,
                                   unk_token=EOS, pad_token="<pad>",
                                   clean_up_tokenization_spaces=False)
    fast.model_max_length = 512
    fast.save_pretrained(out)
    return fast


# ------------------------------------------------------------------------------------ model


def train(args: argparse.Namespace) -> None:
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    torch.use_deterministic_algorithms(True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    start = time.time()

    held_out = make_task_docs(args.seed)
    task_dir = Path(args.tasks)
    task_dir.mkdir(parents=True, exist_ok=True)
    for name, docs in held_out.items():
        with (task_dir / f"{name}.jsonl").open("w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(d) + "\n" for d in docs)

    tokens_needed = args.steps * args.batch * args.seq_len
    corpus = make_corpus(args.seed, n_docs=tokens_needed // 15 + 1000, held_out=held_out)
    tok = train_tokenizer(corpus[:20000], args.vocab, out)
    eos = tok.convert_tokens_to_ids(EOS)
    stream: list[int] = []
    used = 0
    for first in range(0, len(corpus), 5000):
        for ids in tok(corpus[first:first + 5000], add_special_tokens=False)["input_ids"]:
            if len(stream) >= tokens_needed:
                break
            stream.append(eos)
            stream.extend(ids)
            used += 1
        if len(stream) >= tokens_needed:
            break
    if args.corpus_out:  # the documents the model sees (the last one possibly cut short)
        with open(args.corpus_out, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps({"text": doc}) + "\n" for doc in corpus[:used])
    if len(stream) < tokens_needed:
        raise SystemExit(f"corpus too small: {len(stream)} < {tokens_needed} tokens")
    data = torch.tensor(stream[:tokens_needed]).view(args.steps, args.batch, args.seq_len)
    print(f"data: {used} documents, {tokens_needed} training tokens, "
          f"vocab {len(tok)} ({time.time() - start:.1f}s)", flush=True)

    config = LlamaConfig(
        vocab_size=len(tok), hidden_size=args.hidden, intermediate_size=args.hidden * 3,
        num_hidden_layers=args.layers, num_attention_heads=args.heads,
        num_key_value_heads=args.heads, max_position_embeddings=512, tie_word_embeddings=True,
        bos_token_id=eos, eos_token_id=eos, pad_token_id=tok.pad_token_id,
        rms_norm_eps=1e-5, rope_theta=10000.0,
    )
    model = LlamaForCausalLM(config)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"model: {n_params / 1e6:.2f}M parameters", flush=True)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01},
                             {"params": no_decay, "weight_decay": 0.0}],
                            lr=args.lr, betas=(0.9, 0.98), eps=1e-8)
    warmup = max(1, args.steps // 20)

    def lr_at(step: int) -> float:
        if step < warmup:
            return args.lr * (step + 1) / warmup
        progress = (step - warmup) / max(1, args.steps - warmup)
        return args.lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * progress)))

    model.train()
    for step in range(args.steps):
        for group in opt.param_groups:
            group["lr"] = lr_at(step)
        batch = data[step]
        loss = model(input_ids=batch, labels=batch).loss
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if step % 50 == 0 or step == args.steps - 1:
            print(f"step {step:5d}  loss {loss.item():.4f}  ({time.time() - start:.0f}s)", flush=True)

    model.eval()
    model.generation_config.pad_token_id = tok.pad_token_id
    model.save_pretrained(out, safe_serialization=True)
    digest = hashlib.sha256((out / "model.safetensors").read_bytes()).hexdigest()[:16]
    print(f"saved {out} (model.safetensors sha256 {digest}) in {time.time() - start:.0f}s")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=str(HERE / "model"), help="model directory to write")
    p.add_argument("--tasks", default=str(HERE / "tasks"), help="where the task jsonl files go")
    p.add_argument("--corpus_out", default=None, help="also write the training documents here (jsonl)")
    p.add_argument("--seed", type=int, default=1234)
    p.add_argument("--steps", type=int, default=1500)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--seq_len", type=int, default=96)
    p.add_argument("--hidden", type=int, default=96)
    p.add_argument("--layers", type=int, default=3)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--vocab", type=int, default=384)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--threads", type=int, default=2, help="torch threads (fixed for determinism)")
    train(p.parse_args())


if __name__ == "__main__":
    main()
