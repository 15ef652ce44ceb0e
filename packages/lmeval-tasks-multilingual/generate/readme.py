"""The pack's README, written from the family table below and the generated tree."""

from __future__ import annotations

from pathlib import Path

import yaml
from catalan import CATALAN_INCLUDED, CATALAN_LEFT_OUT
from spanish import SPANISH_LEFT_OUT

# ======================================================================================= README
TABLE = [  # one README row per family: folder(s), title, datasets, metrics, paper
    (["belebele"], "Belebele", "`facebook/belebele` (122 configs, split test)", "acc, acc_norm",
     "Bandarkar et al. 2023, arXiv:2308.16884"),
    (["xnli"], "XNLI", "`facebook/xnli` (validation)", "acc", "Conneau et al. 2018, arXiv:1809.05053"),
    (["xcopa"], "XCOPA", "`cambridgeltl/xcopa` (test)", "acc", "Ponti et al. 2020, arXiv:2005.00333"),
    (["xstorycloze"], "XStoryCloze", "`juletxara/xstory_cloze` (eval)", "acc",
     "Lin et al. 2021 (XGLM), arXiv:2112.10668"),
    (["paws_x"], "PAWS-X", "`google-research-datasets/paws-x` (test)", "acc", "Yang et al. 2019, arXiv:1908.11828"),
    (["mgsm"], "MGSM (direct, native CoT, English CoT)", "`juletxara/mgsm` (test; train for few-shot)",
     "exact_match (remove_whitespace / flexible-extract; strict-match / flexible-extract for CoT)",
     "Shi et al. 2022, arXiv:2210.03057"),
    (["afrixnli"], "AfriXNLI (IrokoBench)", "`masakhane/afrixnli` (test), `masakhane/afrixnli-translate-test`",
     "acc, f1 (weighted)", "Adelani et al. 2024, arXiv:2406.03368"),
    (["afrimgsm"], "AfriMGSM (IrokoBench)", "`masakhane/afrimgsm` (test), `masakhane/afrimgsm-translate-test`",
     "exact_match", "Adelani et al. 2024, arXiv:2406.03368"),
    (["arc_mt"], "ARC-Challenge MT", "`LumiOpen/arc_challenge_mt` (11 configs), `mideind/icelandic-arc-challenge` "
     "(test; train for few-shot)", "acc, acc_norm", "Clark et al. 2018, arXiv:1803.05457 (machine-translated)"),
    (["copal_id"], "COPAL-ID", "`haryoaw/COPAL` (`id`; test, test_colloquial)", "acc",
     "Wibowo et al. 2024, arXiv:2311.01012"),
    (["noreval"], "NorEval (Norwegian Bokmål and Nynorsk)", "`ltg/{ask-gec, norcommonsenseqa, noropenbookqa, "
     "norec_document, norec_sentence, norquad, norrewrite-instruct, norsummarize-instruct, nortruthfulqa_gen, "
     "nortruthfulqa_mc, nrk_quiz_qa}`, `hcfa/ncb`, `facebook/belebele` (nob_Latn), `Sprakbanken/Norwegian_idioms`, "
     "`SamiaT/NorSumm`, `Helsinki-NLP/tatoeba_mt`", "acc / acc_norm, macro f1 (NoReC), em + fscore (NorIdiom), "
     "exact_match + f1 (NorQuAD), bleu + chrf (translation, instructions), bleu/rouge max/acc/diff (NorTruthfulQA; "
     "extra `[rouge]`), bleu/rougeL/BERTScore max and avg (NorSumm; extras `[rouge]`, `[bertscore]`), exact_match "
     "(ASK-GEC)", "Mikhailov et al. 2025, arXiv:2504.07749"),
    (["evalita_llm"], "Evalita-LLM (Italian)", "`evalitahf/{textual_entailment, sentiment_analysis, word_in_context, "
     "hatespeech_detection, admission_test, faq, lexical_substitution, entity_recognition, relation_extraction, "
     "summarization-fp}`, `ARTeLab/fanpage`", "acc / acc_norm, f1 (binary, polarity, lexical substitution, NER, "
     "relations), rouge1 (summarization; extra `[rouge]`)", "Magnini et al. 2025, arXiv:2502.02289"),
    (["kbl"], "KBL (Korean legal)", "`lbox/kbl` (bar exam by subject and year, knowledge, reasoning; test)",
     "exact_match of the first letter", "Kim et al. 2024, arXiv:2410.08731"),
    (["french_bench"], "FrenchBench", "`manu/*` (ARC-Challenge, BoolQ, FQuAD v2, MultiFQuAD, grammar/vocabulary/"
     "reading, HellaSwag, topic NLI, trivia, OPUS), `orange_sum`, `asi/wikitext_fr`, `facebook/xnli` (fr)",
     "acc / acc_norm; exact, f1, rouge1 (extra `[rouge]`), is_included; word/byte perplexity, bits_per_byte",
     "Faysse et al. 2024 (CroissantLLM), arXiv:2402.00786"),
    (["kobest", "haerae", "csatqa"], "KoBEST, HAE-RAE Bench, CSAT-QA (Korean)", "`skt/kobest_v1`, "
     "`HAERAE-HUB/HAE_RAE_BENCH`, `HAERAE-HUB/csatqa` (test)", "acc, acc_norm, macro f1 (KoBEST)",
     "Kim et al. 2022, arXiv:2204.04541; Son et al. 2023, arXiv:2309.02706"),
    (["hrm8k"], "HRM8K (Korean math)", "`HAERAE-HUB/HRM8K` (GSM8K, KSM, MATH, MMMLU, OMNI_MATH; test)",
     "exact_match of the boxed answer (MATH normalization)", "Ko et al. 2025, arXiv:2501.02448"),
    (["japanese_leaderboard"], "Japanese LLM leaderboard", "`kumapo/JAQKET` (v2.0), `Rakuten/JGLUE` (JCommonsenseQA, "
     "JNLI, JSQuAD, MARC-ja), `juletxara/mgsm` (ja), `mkshing/xlsum_ja`, `polm-stability/xwinograd-ja`",
     "acc, exact_match, ROUGE-2 over MeCab tokens (extra `[japanese]`)", "lm-eval's japanese_leaderboard (Swallow, llm-jp)"),
    (["egyhellaswag", "darijahellaswag"], "Egyptian and Darija HellaSwag",
     "`UBC-NLP/EgyHellaSwag`, `MBZUAI-Paris/DarijaHellaSwag` (validation)", "acc, acc_norm",
     "Zellers et al. 2019 (HellaSwag), arXiv:1905.07830, translated"),
    (["basque_bench", "xnli_eu", "eus_exams", "eus_proficiency", "eus_reading", "eus_trivia"],
     "BasqueBench", "`HiTZ/ARC-eu`, `HiTZ/MGSM-eu`, `HiTZ/PAWS-eu`, `HiTZ/PIQA-eu`, `HiTZ/wnli-eu`, "
     "`HiTZ/XCOPA-eu`, `HiTZ/xnli-eu`, `HiTZ/EusExams`, `HiTZ/EusProficiency`, `HiTZ/EusReading`, "
     "`HiTZ/EusTrivia`, `facebook/flores` (all); plus `belebele_eus_Latn`, `xstorycloze_eu` above and `qnlieu` "
     "below", "acc / acc_norm; exact_match (MGSM); bleu, ter, chrf (FLORES)",
     "Baucells et al. 2025 (IberoBench), arXiv:2504.16921; Etxaniz et al. 2024 (Latxa), arXiv:2403.20266"),
    (["basqueglue"], "BasqueGLUE", "`orai-nlp/basqueGLUE` (bec, bhtc, coref, qnli, vaxx, wic; test)",
     "acc; f1 (micro: bec2016eu, bhtc_v2; mean of against/for: vaxx_stance)", "Urbizu et al. 2022 (LREC)"),
    (["catalan_bench"], "CatalanBench", "`projecte-aina/{arc_ca, COPA-ca, openbookqa_ca, Parafraseja, PAWS-ca, "
     "piqa_ca, siqa_ca, teca, wnli-ca, xnli-ca, xstorycloze_ca, xquad-ca, catalanqa, CoQCat, mgsm_ca, caBreu}`, "
     "`nbel/CatCoLA`, `gplsi/{xnli_va, CA-VA_alignment_test, cocoteros_va, TerretaQA}`, `facebook/flores` (all); "
     "plus `belebele_cat_Latn` above", "acc / acc_norm, mcc (CatCoLA), exact_match + f1 (QA), em + f1 (CoQCat), "
     "bleu, ter, chrf (translation), bleu + rouge1 (caBreu, cocoteros_va, TerretaQA; extra `[rouge]`)",
     "Baucells et al. 2025 (IberoBench), arXiv:2504.16921"),
    (["arab_culture", "arab_culture_completion"], "ArabCulture (MCQ and completion)",
     "`MBZUAI/ArabCulture`, `boda/arabic_cluture` (13 country configs, test)", "acc, acc_norm",
     "Sadallah et al. 2025, arXiv:2502.12788"),
    (["aexams"], "AExams", "`Hennara/aexams` (test; dev for few-shot)", "acc, acc_norm",
     "Hardalov et al. 2020 (EXAMS), arXiv:2011.03080"),
    (["arabic_leaderboard_complete"], "Open Arabic LLM Leaderboard (complete)",
     "`OALL/AlGhafa-Arabic-LLM-Benchmark-Native`, `OALL/AlGhafa-Arabic-LLM-Benchmark-Translated`, "
     "`OALL/Arabic_EXAMS`, `OALL/Arabic_MMLU`, `OALL/ACVA`", "acc, acc_norm", "OALL, Elfilali et al. 2024"),
    (["arabic_leaderboard_light"], "Open Arabic LLM Leaderboard (light)",
     "`arcee-globe/*-10percent` samples of the same sets", "acc, acc_norm", "OALL, Elfilali et al. 2024"),
    (["darija_bench"], "DarijaBench", "`MBZUAI-Paris/DarijaBench` (splits electro_maroc, mac, msac, msda, myc; "
     "doda, flores_plus, madar, seed; transliteration; marsum)", "acc (sentiment); bleu, chrf, ter and BERTScore F1 "
     "(translation, transliteration; extra `[bertscore]`); ROUGE-1/2/L/Lsum, BERTScore F1, chrf (summarization; "
     "extras `[rouge]`, `[bertscore]`)", "Shang et al. 2024, arXiv:2409.17912"),
    (["bangla"], "Bangla (TituLLMs)", "`hishab/{boolq_bn, commonsenseqa-bn, titulm-bangla-mmlu, openbookqa-bn, "
     "piqa-bn}`", "acc, acc_norm", "Nahin et al. 2025, arXiv:2502.11187"),
    (["afrobench"], "AfroBench (so far NaijaRC, OpenAI MMMLU, SIB-200, MasakhaNEWS, AfriSenti, NollySenti, Belebele, "
     "InjongoIntent, Uhura ARC-Easy, FLORES, NTREX, SALT, MAFAND, AfriQA, XL-Sum, MasakhaNER, MasakhaPOS, ADR)", "`Davlan/NaijaRC` "
     "(hau, ibo, yor; test), `openai/MMMLU` (AR_XY, SW_KE, YO_NG; test), `Davlan/sib200` (56 FLORES configs), "
     "`masakhane/masakhanews` (16 languages; test, validation for few-shot), `masakhane/afrisenti` (14 "
     "languages; test, train for few-shot), `Davlan/nollysenti` (en, ha, ig, pcm, yo), "
     "`facebook/belebele` (31 configs), `masakhane/InjongoIntent` (17 languages), "
     "`masakhane/uhura-arc-easy` (7 configs), `masakhane/afriqa-gold-passages` (9 languages; test, train for "
     "few-shot), `csebuetnlp/xlsum` (12 languages; test, validation for few-shot), `facebook/flores` (124 pair configs; devtest, dev for "
     "few-shot), `masakhane/ntrex_african` (32 configs; test), `Sunbird/salt` (text-all; test, dev for few-shot), "
     "`masakhane/mafand` (21 configs; test, validation for few-shot), "
     "`masakhane/masakhaner-x` (20 languages; test, train for few-shot), "
     "`masakhane/masakhapos` (20 languages; test, train for few-shot), "
     "`masakhane/diacritics-restoration` (5 languages; test, dev for few-shot)", "acc, acc_norm; acc + weighted f1 (SIB, MasakhaNEWS, AfriSenti, "
     "NollySenti, InjongoIntent, Uhura); bleu, chrf (FLORES, NTREX, SALT, MAFAND); exact_match, f1 (AfriQA); rougeL (XL-Sum, extra `[rouge]`); "
     "span f1 (MasakhaNER); "
     "per-sentence tag acc (MasakhaPOS); "
     "bleu, chrf (ADR)",
     "Ojo et al. 2025 (AfroBench), arXiv:2311.07978; Aremu et al. 2023, arXiv:2308.09768; Adelani et al. "
     "2024 (SIB-200), arXiv:2309.07445; Adelani et al. 2023 (MasakhaNEWS), arXiv:2304.09972; Muhammad et "
     "al. 2023 (AfriSenti), arXiv:2302.08956; Shode et al. 2023 (NollySenti), arXiv:2305.16988; "
     "NLLB Team 2022 (FLORES-200), arXiv:2207.04672; Federmann et al. 2022 (NTREX-128, SUMEval); Akera et al. "
     "2022 (SALT, AfricaNLP); Adelani et al. 2022 (MAFAND-MT), arXiv:2205.02022"
     "; Ogundepo et al. 2023 (AfriQA), arXiv:2305.06897; Hasan et al. 2021 (XL-Sum), arXiv:2106.13822; "
     "Adelani et al. 2022 (MasakhaNER 2.0), EMNLP 2022.emnlp-main.298; "
     "Dione et al. 2023 (MasakhaPOS), ACL 2023.acl-long.609; "
     "AfroBench's ADR from MAFAND-MT"),
    (["bertaqa"], "BertaQA", "`HiTZ/BertaQA` (16 configs: eu, en, en_mt_*; test)", "acc",
     "Etxaniz et al. 2024, arXiv:2406.07302"),
    (["aradice"], "AraDiCE", "`QCRI/AraDICE-ArabicMMLU-{egy,lev}`, `QCRI/AraDiCE-{BoolQ, Culture, OpenBookQA, PIQA, "
     "TruthfulQA, WinoGrande}` (test)", "acc, acc_norm, f1 (micro)", "Mousi et al. 2024, arXiv:2409.11404"),
    (["global_piqa"], "Global PIQA", "`mrlbenchmarks/global-piqa-parallel` (131 configs), "
     "`mrlbenchmarks/global-piqa-nonparallel` (136 configs; test)", "acc, acc_norm, acc_bytes (cloze); exact_match "
     "of the strict_match answer letter (generation, sampled)", "Chang et al. 2025, arXiv:2510.24081"),
    (["toksuite"], "TokSuite", "`toksuite/toksuite_{english, turkish, italian, farsi, chinese, math, stem}` (one "
     "config per perturbation; test)", "acc, acc_norm", "Altıntaş et al. 2025, arXiv:2512.20757"),
    (["xquad", "mlqa", "tydiqa"], "XQuAD, MLQA, TyDiQA-GoldP", "`google/xquad` (12 configs; validation), "
     "`facebook/mlqa` (49 context/question language pairs; test), `google-research-datasets/tydiqa` "
     "(secondary_task; validation, train for few-shot)", "exact_match, f1 (SQuAD normalization for XQuAD; MLQA's "
     "per-language normalization for MLQA and TyDiQA)", "Artetxe et al. 2020, ACL 2020.acl-main.421; Lewis et al. "
     "2020, arXiv:1910.07475; Clark et al. 2020 (TyDi QA), TACL"),
    (["xwinograd", "icelandic_winogrande"], "XWinograd, Icelandic WinoGrande", "`Muennighoff/xwinograd` (6 "
     "configs; test), `mideind/icelandic-winogrande` (train)", "acc (partial scoring)",
     "Tikhonov and Ryabinin 2021, arXiv:2106.12066; Snæbjarnarson et al. 2022, LREC 2022.lrec-1.464"),
    (["lambada_multilingual_stablelm", "alghafa", "indicxnli"], "LAMBADA (StableLM translations), AlGhafa "
     "COPA/PIQA, IndicXNLI-gu", "`EleutherAI/lambada_multilingual_stablelm` (7 languages; test), `Hennara/copa_ar`, "
     "`Hennara/pica_ar` (test), `Divyanshu/indicxnli` (gu parquet; test)", "perplexity, acc; acc, acc_norm; acc",
     "Paperno et al. 2016, arXiv:1606.06031; Almazrouei et al. 2023 (AlGhafa), ArabicNLP 2023; Aggarwal et al. "
     "2022, arXiv:2204.08776"),
    (["mela"], "MELA", "`Geralt-Targaryen/MELA` (10 languages; test, dev for few-shot)", "mcc",
     "Zhang et al. 2024, arXiv:2311.09033"),
    (["indicparam"], "IndicParam", "`bharatgenai/IndicParam` (12 subjects; test)", "acc",
     "BharatGen 2025, arXiv:2512.00333"),
    (["ulqa"], "ULQA (Uyghur)", "`keramjan/{ulut, lambada_uyghur, ulqa, uleval, CELEP1, CELEP2}` (train)",
     "acc, acc_norm; exact_match (ULQA, CELEP2); perplexity, acc (LAMBADA)", "keramjan (Hub datasets)"),
    (["truthfulqa-multi"], "TruthfulQA-multi", "`HiTZ/truthfulqa-multi` (en, es, ca, eu, gl; validation, train for "
     "few-shot)", "acc (MC1, MC2); bleu_max, bleu_acc, bleu_diff (generation; extra `[rouge]`)",
     "Calvo Figueras et al. 2025, arXiv:2502.09387"),
    (["nerel-bench"], "NEREL-bench", "`bond005/NEREL_bench` (4 configs; test; lm-eval's three fixed few-shot examples "
     "per task)", "f1 of the answer's lines (extraction), chrf / 100 (definitions); extra `[nerel]` (nltk)",
     "Bondarenko 2026 (Hub dataset); Loukachevitch et al. 2021 (NEREL), RANLP"),
    (["galician_bench"], "GalicianBench", "`proxectonos/{belebele_gl, galcola, mgsm_gl, openbookqa_gl, "
     "parafrases_gl, PAWS-gl, summarization_gl, truthfulqa_gl, xnli_gl, xstorycloze_gl}`, `facebook/flores` (all)",
     "acc / acc_norm, mcc (GalCoLA), exact_match (MGSM), bleu + rouge1 (summarization; extra `[rouge]`), "
     "TruthfulQA mc1/mc2 acc and bleu/rouge max/acc/diff (extra `[rouge]`), bleu, ter, chrf (FLORES)",
     "Baucells et al. 2025 (IberoBench), arXiv:2504.16921"),
    (["spanish_bench"], "SpanishBench", "`BSC-LT/{COPA-es, openbookqa-es}`, `nbel/EsCoLA`, `paws-x` (es), `xnli` "
     "(es), `PlanTL-GOB-ES/wnli-es` (csv), `csebuetnlp/xlsum` (spanish), `gplsi/{cocoteros, ES-VA_translation_test}`, "
     "`juletxara/mgsm` (es), `facebook/flores` (all); plus `belebele_spa_Latn`, `xstorycloze_es` above",
     "acc / acc_norm, mcc (EsCoLA), exact_match (MGSM), bleu + rouge1 (XL-Sum, cocoteros_es; extra `[rouge]`), "
     "bleu, ter, chrf (translation)", "Baucells et al. 2025 (IberoBench), arXiv:2504.16921"),
    (["portuguese_bench"], "PortugueseBench", "`nilc-nlp/assin`, `nilc-nlp/assin2`, `facebook/flores` (all); plus "
     "`belebele_por_Latn` above", "acc (ASSIN), macro f1 (ASSIN 2 RTE), pearsonr (ASSIN 2 STS), bleu, ter, chrf "
     "(FLORES)", "Baucells et al. 2025 (IberoBench), arXiv:2504.16921; Real et al. 2020 (ASSIN 2)"),
    (["polemo2"], "PolEmo 2.0 (Polish sentiment, KLEJ)", "`allegro/klej-polemo2-in`, `allegro/klej-polemo2-out` "
     "(test; train for few-shot)", "f1 (micro), accuracy: HF evaluate's modules (`pip install evaluate`, Hub access)",
     "Kocoń et al. 2019 (CoNLL); Rybak et al. 2020 (KLEJ), arXiv:2005.00630"),
    (["histoires_morales"], "Histoires Morales (French)", "`LabHC/histoires_morales` (train)", "acc, acc_norm",
     "Leteno et al. 2025, arXiv:2501.17117"),
    (["noticia"], "NoticIA (Spanish clickbait)", "`Iker/NoticIA` (test)",
     "rouge1 of the cleaned texts, answer length (extra `[rouge]`)", "García-Ferrero and Altuna 2024, arXiv:2404.07611"),
    (["pisa"], "PISA-Bench (images; de, fr, it, en, es, ch)", "`PisaBench/pisa-bench` (one split per language)",
     "acc (answer letter parsed; `_llm_judged`: graded by an OpenAI model, `OPENAI_API_KEY`, extra `[pisa-judge]`)",
     "Haller et al. 2025, arXiv:2510.24792"),
]


class _IgnoreTags(yaml.SafeLoader):
    pass


_IgnoreTags.add_multi_constructor("!", lambda loader, suffix, node: None)


def inventory(root: Path, folders: list[str]) -> tuple[list[str], list[str], list[str]]:
    tasks, groups, tags = set(), set(), set()
    for folder in folders:
        for path in (root / folder).rglob("*"):
            if not path.is_file() or path.suffix == ".py":
                continue
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_IgnoreTags) or {}
            if data.get("group"):
                groups.add(data["group"])
            if data.get("task") and not data.get("group"):
                tasks.add(data["task"])
            tag = data.get("tag")
            tags.update([tag] if isinstance(tag, str) else tag or [])
    return sorted(tasks), sorted(groups), sorted(tags)


def render(root: Path) -> str:
    """The README of the tree generated under ``root``."""
    lines = [
        "# lmeval-tasks-multilingual", "",
        "Multilingual benchmarks for [lmeval](../../README.md), in lm-eval's task YAML: prompts, splits, "
        "filters and metrics as lm-eval 0.4.13 runs them, so scores are comparable.", "",
        "    pip install lmeval-core lmeval-tasks-multilingual",
        "    lmeval run --model hf --model_args pretrained=... --tasks belebele,xnli,mgsm_direct", "",
        "Depends on `sacrebleu` for the BLEU/TER/chrF of the translation tasks; the ROUGE of `cabreu_*`, "
        "`cocoteros_va`, `terretaqa` and `truthfulqa_va` needs the `[rouge]` extra (`rouge-score`), the BERTScore of "
        "DarijaBench's translation, transliteration and summarization the `[bertscore]` extra (`bert-score`; "
        "see [DarijaBench](#darijabench-bertscore) for the figures that cannot be compared here). No dataset "
        "revision is pinned "
        "(lm-eval pins none for these tasks). The YAML is generated by `generate/regenerate.py` (one module per "
        "family, the layout of [the plugin guide](../../docs/plugin-guide.md#generating-a-packs-configs)); the test "
        "fixtures (a few rows per config, hub schemas) by `tests/tools/make_fixtures.py`. Prompt formats and "
        "verification: [docs/tasks/multilingual.md](../../docs/tasks/multilingual.md).", "",
        "## Families", "",
        "| family | datasets (hub id) | metrics | paper | groups | tags |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    details = []
    total = 0
    for folders, title, data, metrics, paper in TABLE:
        tasks, groups, tags = inventory(root, folders)
        total += len(tasks)
        lines.append(f"| {title} ({len(tasks)} tasks) | {data} | {metrics} | {paper} | "
                     f"{', '.join(f'`{x}`' for x in groups) or '-'} | {', '.join(f'`{x}`' for x in tags) or '-'} |")
        details += [f"### {title}", "", ", ".join(f"`{t}`" for t in tasks), ""]
    lines += ["", f"## Every task ({total})", "", *details]
    lines += [
        "## Scope of the Basque and Catalan suites", "",
        "BasqueBench: every task of lm-eval's `basque_bench` group is here (ARC-eu, Belebele, XStoryCloze, "
        "FLORES eu↔{es,en,pt,it,fr,ca,gl,de}, EusReading, EusProficiency, EusTrivia, EusExams eu (and es), "
        "QNLIeu, XNLI-eu (+ native, mt), WNLI-eu, XCOPA-eu, MGSM-eu direct and CoT, PAWS-eu, PIQA-eu). All six "
        "BasqueGLUE tasks are here too (tag `basque-glue`).", "",
        "SpanishBench: every task of lm-eval's `spanish_bench` group is listed; the group needs lmeval-tasks-classic "
        "for `eqbench_es`." + (" Left out of the group for now: " + "; ".join(f"`{k}` ({v})" for k, v in
                                SPANISH_LEFT_OUT.items()) + "." if SPANISH_LEFT_OUT else ""), "",
        "CatalanBench: " + ", ".join(f"`{t}`" for t in CATALAN_INCLUDED) + " are here; the `catalan_bench` "
        "group runs them (its `eqbench_ca` is lmeval-tasks-classic's, which the group therefore needs "
        "installed)." + (" Left out: " + "; ".join(f"`{k}` ({v})" for k, v in CATALAN_LEFT_OUT.items()) + "."
                         if CATALAN_LEFT_OUT else " Every member of lm-eval's group is here."), "",
        "## Known quirks kept for score parity with lm-eval 0.4.13", "",
        "* AfroBench's `masakhaner` group averages `acc`, which its members do not report (span F1), "
        "so it prints no group score, as in lm-eval. MasakhaNER's span F1 keeps lm-eval's "
        "normalisation: punctuation runs become spaces without a final strip (`U.S.` is `u s `), "
        "capitalised articles stay, runs of three or more blanks are deleted; a target without "
        "entities adds nothing to the F1, and in a few-shot block an empty target leaves no delimiter "
        "after its example.",
        "* MasakhaPOS prompts print the tag set with `'CCONJ` unclosed; its decontamination query "
        "names a field `token` the dataset does not have (lm-eval never renders it; only `lmeval "
        "decontaminate` would).",
        "* AfroBench's `adr` group averages `acc`, which its members do not report (BLEU, chrF): no "
        "group score, as in lm-eval. ADR's prompts call Ghomala \"Gbomala\" and prompt 5 has two spaces "
        "after \"sentences\".",
        "* AfriXNLI prompt 5 maps label 1 (neutral) to \"false\" and 2 (contradiction) to \"inconclusive\".",
        "* AfroBench's translation groups (`african_flores`, `african_ntrex`, `salt`, `mafand`) average `acc`, which "
        "no translation task reports, so they print no group score (the tasks' BLEU and chrF are the result); "
        "MAFAND's prompt 3 into English/French is its prompt 2 text, as lm-eval's YAML wires it.",
        "* AfriQA: lm-eval ships no Wolof tasks (nine languages); prompt 1 says \"qestion\" and no prompt has a space after its first sentence; Swahili draws its few-shot examples from test (the first ones). The "
        "`afriqa` group averages `acc`, which no AfriQA task reports, so it prints no group score.",
        "* XL-Sum: the prompts hold `{{'text'}}`, a Jinja string literal, so the model sees the word "
        "\"text\" where the article should be, and a literal backslash-n before `Summary:`; the group is named "
        "`xlum` and averages `acc`, which no XL-Sum task reports (no group score). ROUGE-L uses rouge-score's "
        "default tokenizer, which keeps only ASCII letters and digits: Amharic, Arabic, Telugu and Tigrinya "
        "summaries score 0 whatever the model writes, and diacritics split Yoruba and Igbo words.",
        "* AfroBench's top-level groups are lm-eval's: `afrobench` has one member, the translation tag "
        "`afrobench_MT_tasks` (lm-eval's file lists the other families commented out), and averages `acc`, "
        "which no translation task reports (no group score); `afrobench_lite` averages `acc` over seven tags, "
        "among them lmeval-tasks-mmlu's `afrimmlu_tasks` (install that pack to run it). The tag "
        "`afrobench_mmlu_tasks` gathers AfriMMLU (lmeval-tasks-mmlu) and OpenAI MMMLU (this pack).",
        "* AfriMGSM CoT prompts 2 and 3 contain a literal backslash-n (and prompt 2 a literal `\\Step`), from a "
        "single-quoted YAML string upstream.",
        "* The XNLI Arabic contradiction word is `رقم` (\"number\").",
        "* `mgsm_en_cot_*` strips the *native* answer prefix length from the few-shot answers.",
        "* lm-eval tags both CoT MGSM families `mgsm_cot_native`; the extra tags `mgsm_native_cot` and "
        "`mgsm_en_cot` select one.",
        "* ArabCulture reads the environment variables `COUNTRY`, `REGION`, `ARABIC` (each on only when set to the "
        "exact string `True`) and `MODEL_NAME` (a name with `jais` and `chat` wraps the prompt in Jais' chat "
        "template), as lm-eval does; unset, the prompt is the English one without location and the choices are "
        "the English keys A/B/C.",
        "* AExams' answer cue `الجواب：` ends with a full-width colon; the light leaderboard's ACVA `Yemen` task reads "
        "the full `OALL/ACVA` set (its 57 siblings the 10% sample).",
        "* The leaderboards' `arabic_leaderboard_complete`/`_light` groups leave Arabic MMLU out (it has its own "
        "group, `arabic_leaderboard_arabic_mmlu`).", "",
        "## DarijaBench: BERTScore", "",
        "A translation or transliteration task run alone reports only `bert`: the mean BERTScore F1 (layer 12, HF "
        "evaluate's bertscore defaults) under the model of its target language (`google-bert/bert-base-uncased` "
        "into English, `almanach/camembert-base` into French, `aubmindlab/bert-base-arabert` into MSA, "
        "`SI2M-Lab/DarijaBERT` into Darija, `SI2M-Lab/DarijaBERT-arabizi` into Arabizi, "
        "`google-bert/bert-base-multilingual-cased` for the `*_all*` tasks). Run through a group "
        "(`darija_translation`, `darija_translation_<corpus>`, `darija_transliteration`), the group's "
        "`metric_list` replaces the task's, as lm-eval 0.4.13 passes it down: bleu, chrf, ter and multilingual "
        "BERT's BERTScore for every member; the groups print no average (no `aggregate_metric_list`), as "
        "lm-eval. The summary task scores ROUGE-1/2/L/Lsum (HF evaluate's rouge), DarijaBERT's BERTScore and chrf; "
        "that ROUGE tokenizes with rouge-score's default tokenizer, which keeps only ASCII letters and digits, so "
        "on Arabic-script summaries it counts the digits and Latin words alone (as in lm-eval).", "",
        "Not comparable here: the BERTScore figures. Their six models come from the Hugging Face Hub, which "
        "this project's machines cannot reach, so no real BERTScore was computed. The tests and "
        "`benchmarks/task_parity.py` serve tiny random BERTs under the same Hub ids from a local Hub cache "
        "(`lmeval_testkit.encoders`); both tools load them through their own code, so the calls, arguments, "
        "pairing and averaging are compared exactly, but not the real models' scores. With the models in the "
        "Hub cache (or online) the same code computes lm-eval's figures.", "",
        "## Deliberate differences", "",
        "* Not compared by task_parity, checked against lm-eval's own code instead: PolEmo 2.0's f1 and accuracy "
        "are HF evaluate's Hub modules, which neither tool loads offline (requests: `tests/test_ml_small_sets.py`); "
        "lm-eval runs PISA-Bench only on a multimodal model (prompts, images and scores of lm-eval's helpers: "
        "`tests/test_ml_pisa.py`), and its `_llm_judged` tasks need OpenAI's API. Run with both scripted models "
        "taking images, PISA-Bench's requests and answers are lm-eval's; an answer without a readable letter scores "
        "a letter drawn from Python's seeded global generator, which lm-eval 0.4.13 also draws from on every read "
        "of a task's name (`getattr(self.config, \"task\", random_task_id())` evaluates its default), so those "
        "draws differ from lm-eval's; with the draw pinned both agree.",
        "* MasakhaPOS (`masakhapos_*`, 100 tasks, and the `masakhapos` group): lm-eval 0.4.13 scores "
        "it with the registry's pass-through `acc` and a custom `acc_score` aggregation. As the target "
        "is a list of tags, lm-eval treats the task as multiple-target: every sentence gets acc 1.0 "
        "whatever the answer (a pass-through result is truthy), and `acc_score` then fails on those "
        "numbers (TypeError: 'float' object is not iterable), so lm-eval reports no score. Here "
        "`process_results` gives each sentence the accuracy `acc_score` computes from a (gold tags, "
        "answer) pair, the answer's tags as `regex_pos` reads them compared position by position over "
        "the shorter sequence, and the task averages the sentences (the group weights tasks by size). "
        "Requests are lm-eval's. EleutherAI/lm-evaluation-harness#3260 (open) reports MasakhaPOS runs "
        "failing; its fix PRs #3263 and #3264 were closed without merging. task_parity lists them as "
        "deliberately different: lm-eval cannot score them.",
        "* lm-eval's AfriMGSM groups aggregate `acc`, which these generative tasks do not report (so its group rows "
        "are empty); ours aggregate `exact_match` per filter, weighted by size.",
        "* MAFAND-MT (`mafand_*_prompt_2`, and `mafand_<lang>-en_prompt_3` / `-fr_prompt_3`: 63 tasks, so the "
        "`mafand` group, and `afrobench`, which holds them through the tag `afrobench_MT_tasks`): lm-eval "
        "0.4.13's prompt helpers there return a one-element tuple (a trailing comma) and lm-eval stops with "
        "\"Context is not a string\"; here the prompt is the string inside it (the golden requests come from "
        "lm-eval with that tuple unwrapped, `tests/tools/reference_requests.py --unwrap-tuple-text`). No lm-eval issue "
        "about it was found; task_parity lists them as deliberately different: lm-eval cannot run them.",
        "* `darija_summarization_task` alone: lm-eval 0.4.13 cannot build it (its file gives the ROUGE and "
        "BERTScore metrics no aggregation and none is registered under those names: KeyError: None); only its "
        "group `darija_summarization`, whose `metric_list` supplies the aggregations, runs it. Here the task "
        "carries the group's list, so alone it scores what it scores in the group (requests and group scores "
        "are lm-eval's). No lm-eval issue tracks it.",
        "* `toksuite_abridged`: lm-eval 0.4.13 cannot build it: its task list defines twelve inline subgroups "
        "(`{group: ..., task: [...]}`), which lm-eval's group factory adds as tasks named by a list (TypeError: "
        "unhashable type: 'list'), so the group runs nothing there. Here it runs: its acc and acc_norm over its "
        "members, weighted by size; the inline subgroups have no aggregate list, so (as lm-eval would print them) "
        "no score of their own. The member tasks and the other TokSuite groups are lm-eval's. Inline subgroups are "
        "discussed in EleutherAI/lm-evaluation-harness#3502; task_parity lists the group as deliberately different.",
        "* An empty (or blank) DarijaBench generation scores BERTScore 0, bert-score's own rule (a sentence of "
        "special tokens alone); with transformers 5, lm-eval 0.4.13 stops the aggregation there instead "
        "(bert-score 0.3.13 calls `build_inputs_with_special_tokens`, which transformers 5 tokenizers no longer "
        "have; lmeval gives the tokenizer that encoding). The scripted parity answers are never empty.",
        "* `arabic_mt_sciq` and `arabic_mt_sciq_light`: lm-eval shuffles the four options with Python's global "
        "generator inside `process_docs`, which it runs again each time it reads the documents (building requests, "
        "then scoring them), so the gold it scores is taken from another order than the requests it sent and "
        "the accuracy is noise. Here the order is a shuffle seeded by a hash of the document (question and correct "
        "answer): the same on every read and run, the gold following it. No lm-eval issue tracks it; "
        "`benchmarks/task_parity.py` lists both tasks as deliberately different.",
        "* BasqueGLUE's `bec2016eu`, `bhtc_v2`, `epec_koref_bin`, `vaxx_stance` and `wiceu` do not load in lm-eval "
        "0.4.13 with datasets 3 or later: the folder's `utils.py` imports `datasets.load_metric`, which datasets "
        "removed (so the `basque-glue` tag fails there too; fixed upstream after 0.4.13 by "
        "EleutherAI/lm-evaluation-harness#4076, which loads the metric with `evaluate`). Here they run, with the F1 scores of the benchmark's "
        "evaluation script (scikit-learn's micro F1; the mean of the against and for classes' F1 for "
        "vaxx_stance) computed without that dependency; prompts and choices are lm-eval's (the golden requests "
        "come from lm-eval with `load_metric` stubbed, `tests/tools/reference_requests.py`). task_parity lists them as "
        "deliberately different: lm-eval cannot run them.", "",
        "## Verified", "",
        "On the fixtures, every task's requests (contexts, continuations, generation arguments), zero-shot and "
        "2-shot, equal those lm-eval 0.4.13 builds from its own YAML (`tests/tools/reference_requests.py`, "
        "`tests/tools/compare_with_reference.py`), the two SciQ-ar tasks excepted (above); the golden file "
        "`tests/golden/requests.json` holds the first document of each (new families are merged into it with "
        "`tests/tools/make_golden.py --merge`) and the tests compare against it. `benchmarks/task_parity.py --packs "
        "multilingual` compares scores too. No real model was run.", "",
    ]
    return "\n".join(lines)
