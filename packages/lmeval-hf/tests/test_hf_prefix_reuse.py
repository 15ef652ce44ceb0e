"""Shared-prefix scoring equals the plain path (float32, 1e-5) and feeds fewer tokens."""

from __future__ import annotations

import pytest
from lmeval.protocol import LoglikelihoodRequest as LL
from lmeval.protocol import RollingRequest
from lmeval_hf.models import HFLM
from lmeval_hf.prefix_plan import Row, common_prefix_len, plan_prefixes, trie_size
from lmeval_testkit.hf import generate_corpus

LINES = generate_corpus(seed=3, n_lines=80)


def five_shot_mc(n_questions=10):
    """A 5-shot multiple-choice task: one few-shot block, questions, four choices each."""
    shots = "".join(f"Question: {LINES[i]}\nAnswer: {LINES[i + 5].split()[0]}\n\n"
                    for i in range(5))
    reqs = []
    for q in range(n_questions):
        ctx = shots + f"Question: {LINES[10 + q]}\nAnswer:"
        words = LINES[40 + q].split()
        for choice in (" " + words[0], " " + " ".join(words[:3]), " yes", " no"):
            reqs.append(LL(ctx, choice))
    return reqs


def long_continuations():
    ctx = "Summary of the story:"
    return [LL(ctx, " " + " ".join(LINES[50 + k:53 + k])) for k in range(6)] + [
        LL(LINES[1], " " + LINES[2]), LL(LINES[1], " " + LINES[3])]


@pytest.fixture(scope="module")
def pair(llama_path):
    on = HFLM(pretrained=llama_path, batch_size=4, max_length=256, prefix_reuse=True)
    off = HFLM(pretrained=llama_path, batch_size=4, max_length=256, prefix_reuse=False)
    return on, off


def _assert_equal(a, b):
    assert len(a) == len(b)
    for (x, gx), (y, gy) in zip(a, b, strict=True):
        assert abs(x - y) <= 1e-5 * max(1.0, abs(y)), (x, y)
        assert gx == gy


def test_five_shot_multiple_choice_equals_plain_path(pair):
    on, off = pair
    reqs = five_shot_mc()
    before = on.prefix_stats.tokens_fed
    _assert_equal(on.loglikelihood(reqs), off.loglikelihood(reqs))
    fed = on.prefix_stats.tokens_fed - before
    plain = sum(len(r.tokens) for r in on.scorer._rows(
        [(i, on.encoder.pair(r.context, r.continuation)) for i, r in enumerate(reqs)]))
    assert fed < plain / 4  # the few-shot block is computed once, not 40 times
    assert on.prefix_stats.fed_per_trie_token >= 1.0
    assert on.scorer.packed_choices  # the choices ran packed in one row per question


def test_letter_choices_share_one_row_and_one_pass_per_batch(pair):
    """MMLU's " A".." D" after a shared block: every choice is the same input (the last
    choice token is never fed), so a question is one row and a batch one pass after the block."""
    on, off = pair
    shots = "".join(f"Question: {LINES[i]}\nAnswer: {'ABCD'[i % 4]}\n\n" for i in range(5))
    reqs = [LL(shots + f"Question: {LINES[10 + q]}\nAnswer:", " " + c)
            for q in range(10) for c in "ABCD"]
    rows = on.scorer._rows([(i, on.encoder.pair(r.context, r.continuation))
                            for i, r in enumerate(reqs)])
    assert len(rows) == 10 and all(len(r.members) == 4 for r in rows)
    before = on.prefix_stats.forward_calls
    _assert_equal(on.loglikelihood(reqs), off.loglikelihood(reqs))
    assert on.prefix_stats.forward_calls - before == 1 + 3  # the block, then 10 rows by 4


def test_one_row_per_choice_path_equals_plain_path(llama_path, pair):
    _, off = pair
    lm = HFLM(pretrained=llama_path, batch_size=3, max_length=256)
    reqs = five_shot_mc(3) + long_continuations()
    lm.loglikelihood(reqs[:1])  # first use verifies the model, then force the fallback
    lm.scorer.packed_choices = False
    _assert_equal(lm.loglikelihood(reqs), off.loglikelihood(reqs))


def test_long_continuations_equal_plain_path(pair):
    on, off = pair
    reqs = long_continuations()
    _assert_equal(on.loglikelihood(reqs), off.loglikelihood(reqs))


def test_gpt2_absolute_positions_and_batch_one(gpt2_path):
    on = HFLM(pretrained=gpt2_path, batch_size=1, max_length=256)
    off = HFLM(pretrained=gpt2_path, batch_size=1, max_length=256, prefix_reuse=False)
    reqs = five_shot_mc(2) + long_continuations()[:3]
    assert on.prefix_reuse and not off.prefix_reuse
    _assert_equal(on.loglikelihood(reqs), off.loglikelihood(reqs))
    assert on.scorer.packed_choices


def test_rolling_goes_through_the_same_scorer(pair):
    on, off = pair
    texts = [RollingRequest(" ".join(LINES[:12])), RollingRequest(" ".join(LINES[:12]) + " end")]
    for a, b in zip(on.loglikelihood_rolling(texts), off.loglikelihood_rolling(texts), strict=True):
        assert a == pytest.approx(b, rel=1e-5)


def test_seq2seq_has_no_prefix_reuse(t5):
    assert t5.prefix_reuse is False


# -- the plan itself (pure) -------------------------------------------------------------


def _row(tokens, start):
    return Row(tuple(tokens), start, [(0, list(tokens[start:]))])


def test_common_prefix_and_trie_size():
    assert common_prefix_len((1, 2, 3), (1, 2, 4)) == 2
    assert common_prefix_len((1, 2), (1, 2, 3)) == 2
    assert common_prefix_len((), (1,)) == 0
    assert trie_size([(1, 2, 3), (1, 2, 4), (1, 5)]) == 5
    assert trie_size([(1, 2), (1, 2)]) == 2


def test_plan_groups_choices_and_clusters_the_shared_block():
    block = list(range(100, 140))
    rows = []
    for q in range(3):
        head = block + [q, q]
        rows += [_row(head + [7, 8], len(head)), _row(head + [9], len(head))]
    rows.append(_row([1, 2, 3], 2))  # alone: plain
    plan = plan_prefixes(rows, min_block=16)
    assert [r.tokens for r in plan.plain] == [(1, 2, 3)]
    (cluster,) = plan.clusters
    assert list(cluster.block) == block and len(cluster.groups) == 3
    assert all(len(g.rows) == 2 for g in cluster.groups)


def test_plan_splits_where_blocks_are_much_longer_apart():
    a, b = [5] * 20, [6] * 20
    common = [1] * 16
    heads = [common + a + [i] for i in range(3)] + [common + b + [i] for i in range(3)]
    rows = [_row(h + [0], len(h)) for h in heads]
    plan = plan_prefixes(rows, min_block=16)
    assert sorted(len(c.block) for c in plan.clusters) == [36, 36]


def test_plan_leaves_blocks_that_save_few_tokens_to_the_plain_path():
    """winogrande's shape: two options share the ~20 tokens before the blank and nothing else;
    a cluster would cost three small forward passes to save 20 tokens."""
    rows = []
    for q in range(6):
        sentence = [50 + q] * 20
        rows += [_row(sentence + [1, 2] + [9] * 8, 22), _row(sentence + [3] + [9] * 8, 21)]
    plan = plan_prefixes(rows, min_block=16)
    assert not plan.clusters and len(plan.plain) == len(rows)
    # the same 20-token block shared by five heads saves 80 tokens: worth a cluster
    shared = [_row([7] * 20 + [q, q] + [9] * 8, 22) for q in range(5)]
    (cluster,) = plan_prefixes(shared, min_block=16).clusters
    assert len(cluster.block) == 20 and len(cluster.groups) == 5
    # and the threshold is the caller's
    assert plan_prefixes(rows, min_block=16, min_saved=16).clusters
    # one question's two choices on a 12-token head save 12 tokens: plain; 40 such questions
    # (480 tokens saved) share their heads in one batch of groups
    lone = [_row([8] * 12 + [c], 12) for c in (1, 2)]
    plan = plan_prefixes(lone, min_block=16)
    assert not plan.clusters and len(plan.plain) == 2
    many = [_row([q + 100] * 12 + [c], 12) for q in range(40) for c in (1, 2)]
    (cluster,) = plan_prefixes(many, min_block=16).clusters
    assert cluster.block == () and len(cluster.groups) == 40


def test_plan_shares_a_subject_line_that_covers_a_third_of_each_question():
    """MMLU-format 0-shot: one row per question (a one-token answer), the subject line ~40% of
    each head. It is computed once; a line of 20% is not worth the extra pass."""
    line = [3] * 40
    rows = [_row(line + [q + 100] * 59 + [7], 99) for q in range(30)]
    (cluster,) = plan_prefixes(rows, min_block=16).clusters
    assert list(cluster.block) == line and len(cluster.groups) == 30
    fed = len(cluster.block) + sum(len(r.tokens) - len(cluster.block) for r in rows)
    assert fed == trie_size([r.tokens for r in rows])
    short = [_row([3] * 20 + [q + 100] * 79 + [7], 99) for q in range(30)]
    plan = plan_prefixes(short, min_block=16)
    assert not plan.clusters and len(plan.plain) == 30
    assert plan_prefixes(short, min_block=16, min_share=0.2).clusters


def test_plan_without_sharing_is_all_plain():
    rows = [_row([i, i + 1, i + 2], 2) for i in range(0, 30, 3)]
    plan = plan_prefixes(rows)
    assert not plan.clusters and len(plan.plain) == len(rows)


def test_a_wrong_cache_is_caught_and_the_plain_path_answers(llama_path, monkeypatch, caplog):
    """The first-use check (tolerance 1e-2 in float32) still refuses a cache that is off: here the
    cached keys are those of positions shifted by a few tokens, a sliding-window-like mistake."""
    import logging

    from lmeval_hf import kv_cache

    real = kv_cache.build_cache

    def shifted(kv):
        return real([(k.roll(3, dims=-2), v) for k, v in kv])

    monkeypatch.setattr(kv_cache, "build_cache", shifted)
    broken = HFLM(pretrained=llama_path, batch_size=4, max_length=256, prefix_reuse=True)
    off = HFLM(pretrained=llama_path, batch_size=4, max_length=256, prefix_reuse=False)
    reqs = five_shot_mc(4)
    with caplog.at_level(logging.WARNING):
        got = broken.loglikelihood(reqs)
    assert broken.scorer._verified is False
    assert any("prefix_reuse disabled" in r.getMessage() for r in caplog.records)
    _assert_equal(got, off.loglikelihood(reqs))


def test_close_logs_the_tokens_fed_against_the_prefix_trie(pair, caplog):
    """benchmarks/parity/run.py reads this line (--verbosity INFO) for its trie-ratio column."""
    import logging
    import re

    on, _ = pair
    on.loglikelihood(five_shot_mc(2))
    with caplog.at_level(logging.INFO, logger="lmeval.hf"):
        on.close()
    (line,) = [r.getMessage() for r in caplog.records if "loglikelihood tokens" in r.getMessage()]
    s = on.prefix_stats
    m = re.search(r"fed (\d+) \(plain path (\d+), padded \d+\), prefix trie (\d+): "
                  r"fed/trie ([\d.]+)", line)
    assert m and (int(m[1]), int(m[2]), int(m[3])) == (s.tokens_fed, s.tokens_plain, s.trie_tokens)
    assert float(m[4]) == round(s.fed_per_trie_token, 3) >= 1.0


def test_grouped_heads_under_masks_are_bit_identical_and_scoped(pair, monkeypatch):
    """The shared-prefix passes let torch take grouped key/value heads with their masks
    (lmeval_hf.attention) instead of transformers copying them per query head: the same numbers
    bit for bit (the tiny Llama has 4 query heads over 2 key/value heads), and transformers'
    own rule is back after the call."""
    import contextlib

    import lmeval_hf.scoring as scoring
    from transformers.integrations import sdpa_attention

    on, _ = pair
    assert on.model.config.num_key_value_heads < on.model.config.num_attention_heads
    reqs = five_shot_mc(4)
    rule = sdpa_attention.use_gqa_in_sdpa
    seen = []
    real = sdpa_attention.use_gqa_in_sdpa

    def spy(mask, key, value):
        seen.append(mask is not None)
        return real(mask, key, value)

    monkeypatch.setattr(sdpa_attention, "use_gqa_in_sdpa", spy)
    grouped = on.loglikelihood(reqs)
    assert sdpa_attention.use_gqa_in_sdpa is spy  # restored after the passes
    assert seen == []  # replaced during the cached-prefix passes, which all carry masks
    monkeypatch.setattr(scoring, "grouped_heads_with_masks", contextlib.nullcontext)
    copied = on.loglikelihood(reqs)
    assert any(seen)  # transformers' own rule ran, with masks
    assert grouped == copied
    monkeypatch.setattr(sdpa_attention, "use_gqa_in_sdpa", rule)
