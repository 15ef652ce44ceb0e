"""A small byte-level BPE tokenizer for RULER's tests, trained on RULER's own templates and the
fixture texts so that its documents fit small lengths (lmeval-testkit's general one spends ~100
tokens on a noise sentence, and variable tracking's 500-token example cannot be built with it:
lm-eval then retries forever). ``build(directory) -> directory``; deterministic, offline."""

from __future__ import annotations

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "datasets"
NOISE = "The grass is green. The sky is blue. The sun is yellow. Here we go. There and back again.\n"
TEMPLATES = (
    "Some special magic numbers are hidden within the following text. Make sure to memorize it. I will quiz you "
    "about the numbers afterwards. What are all the special magic numbers for mentioned in the provided text? "
    "A special magic number uuids words is One of the special magic numbers for is: ",
    "Memorize and track the chain(s) of variable assignment hidden in the following text. Question: Find all "
    "variables that are assigned the value in the text above. Answer: According to the chain(s) of variable "
    "assignment in the text above, 5 variables are assgined the value, they are: VAR = VAR ",
    "Below is a numbered list of words. In these words, some appear more often than others. Memorize the ones "
    "that appear most often. Question: What are the 10 most common words in the above list? Answer: The top 10 "
    "words that appear most often in the list are: 1. 2. 3. 4. 5. 6. 7. 8. 9. 10.",
    "Read the following coded text and track the frequency of each coded word. Find the three most frequently "
    "appeared coded words. Question: Do not provide any explanation. Please ignore the dots '....'. What are the "
    "three most frequently appeared words in the above coded text? Answer: According to the coded text above, "
    "the three most frequently appeared words are:",
    "Answer the question based on the given documents. Only give me the answer and do not output any other "
    "words. The following are given documents. Document 1: Question:",
)


def corpus() -> list[str]:
    lines = [NOISE * 3, *TEMPLATES, " ".join(str(i) for i in range(1000))]
    for path in sorted(FIXTURES.glob("baber/**/*.jsonl")):
        lines += [json.loads(x)["text"] for x in path.read_text(encoding="utf-8").splitlines() if x]
    for path in sorted(FIXTURES.glob("*/*/*.json")):
        lines.append(path.read_text(encoding="utf-8")[:200_000])
    return lines


def build(directory: str | Path, vocab_size: int = 3000) -> Path:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    out = Path(directory)
    if (out / "tokenizer.json").is_file():
        return out
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=["<s>", "</s>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(corpus(), trainer=trainer)
    PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>").save_pretrained(str(out))
    return out


if __name__ == "__main__":
    import sys

    print(build(sys.argv[1]))
