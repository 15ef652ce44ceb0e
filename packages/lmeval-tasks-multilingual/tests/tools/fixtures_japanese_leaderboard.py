"""Fixtures of the Japanese leaderboard sets, in their Hub schemas
(``python tests/tools/fixtures_japanese_leaderboard.py``; MGSM-ja is the MGSM fixture)."""

from __future__ import annotations

from fixture_rows import N, dump


def japanese_leaderboard() -> None:
    for split in ("train", "validation"):
        dump("kumapo/JAQKET", "v2.0", split, [{
            "qid": f"{split}-{i}", "question": f"日本の首都はどこ {i}？", "ctxs": {"title": ["東京"], "text": [f"東京は首都 {i}。", "二行目"]},
            "answers": {"text": [f"東京{i}"]}} for i in range(N)])
        dump("Rakuten/JGLUE", "JCommonsenseQA", split, [{
            "q_id": i, "question": f"鳥が住む場所 {split} {i}？", **{f"choice{k}": f"選択{k}-{i}" for k in range(5)},
            "label": i % 5} for i in range(N)])
        dump("Rakuten/JGLUE", "JNLI", split, [{
            "sentence_pair_id": str(i), "yjcaptions_id": "", "sentence1": f"男性が走っている {i}。",
            "sentence2": f"人が動いている {i}。", "label": i % 3} for i in range(N)])
        dump("Rakuten/JGLUE", "JSQuAD", split, [{
            "id": f"{split}-{i}", "title": "東京", "context": f"東京 [SEP]  東京は日本の首都である {i}。 ",
            "question": f"日本の首都は {i}？", "answers": {"text": [f"東京{i}"], "answer_start": [0]},
            "is_impossible": False} for i in range(N)])
        dump("Rakuten/JGLUE", "MARC-ja", split, [{"sentence": f"とても良い製品です {split} {i}。", "label": i % 2}
                                                 for i in range(N)])
    for split in ("train", "validation", "test"):
        dump("mkshing/xlsum_ja", None, split, [{
            "id": f"{split}-{i}", "url": "", "title": f"記事 {i}",
            "summary": f"東京で大雨が降った {split} {i}。😀", "text": f"東京で昨日大雨が降った。交通が乱れた {split} {i}。"}
            for i in range(N)])
    dump("polm-stability/xwinograd-ja", None, "test", [{
        "sentence1": f" 猫はネズミを追いかけた {i}。", "sentence2": f"ネズミは猫を追いかけた {i}。 ", "answer": str(i % 2 + 1),
        "option1": "猫", "option2": "ネズミ"} for i in range(N)])


FAMILIES = [japanese_leaderboard]

if __name__ == "__main__":
    japanese_leaderboard()
