"""Write the INCLUDE task configs (Romanou et al., 2024, arXiv:2411.19799), lm-eval 0.4.13's
``include`` folder: ``CohereForAI/include-base-44``, 44 languages, each split by ``domain`` into
the categories it has (one ``process_docs`` filter each), in three variants:

* ``include_base_44_<lang>_<category>``: the English zero-shot description ("The following is
  multiple-choice question about <Category>."), group ``include_base_44_<lang>`` (version 0.0);
* ``..._few_shot_en_<category>``: the English few-shot description ("The following are
  multiple-choice questions (with answers) about <Category>."), group ``..._few_shot_en`` (0.1);
* ``..._few_shot_og_<category>``: that description in the language itself, group
  ``..._few_shot_og`` (0.1).

Every task is 4-option multiple choice on ``test`` (no few-shot split: lm-eval draws shots, when
asked for, from ``test`` itself), scored by ``acc``; groups average ``acc`` weighted by size.
The prompt keeps lm-eval's stray space before ``D.``.
"""

from __future__ import annotations

from pathlib import Path

from _common import GENERATED, TASKS_ROOT, Function, group, reset_dir, write, write_yaml

SCRIPT = "include.py"

#: short name in the table below -> (task-name suffix, the dataset's ``domain`` value)
CATEGORIES = {
    "applied": ("applied_science", "Applied Science"),
    "arts": ("arts_humanities", "Arts & Humanities"),
    "business": ("business_commerce", "Business & Commerce"),
    "driving": ("driving_license", "Driving License"),
    "general": ("general_knowledge", "General knowledge"),
    "health": ("health_oriented_education", "Health oriented education"),
    "marine": ("marine_license", "Marine License"),
    "medical": ("medical_license", "Medical License"),
    "professional": ("professional_certification", "Professional certification"),
    "social": ("social_science", "Social Science"),
    "stem": ("stem", "STEM"),
}

#: language (the dataset config) -> (its categories in lm-eval's group order, the in-language
#: few-shot description with ``{}`` for the category)
LANGUAGES = {
    "Albanian": ("arts stem business social health",
                 "Më poshtë janë pyetjet me zgjedhje të shumëfishta (me përgjigje) rreth {}."),
    "Arabic": ("arts stem social driving general business", "فيما يلي أسئلة اختيارية متعددة (مع الإجابات) حول {}."),
    "Armenian": ("driving social arts stem",
                 "Ստորև բերված են բազմակի ընտրության հարցեր (պատասխաններով) {}-ի վերաբերյալ:"),
    "Azerbaijani": ("business applied arts social stem health",
                    "Aşağıdakılar {} haqqında çoxseçimli suallardır (cavabları ilə)."),
    "Basque": ("professional", "Honako hauek aukera anitzeko galderak dira (erantzunekin) {}-i buruz."),
    "Belarusian": ("arts social stem",
                   "Ніжэй прыведзены пытанні з некалькімі варыянтамі адказаў (з адказамі) пра {}."),
    "Bengali": ("arts stem general professional", "নিম্নলিখিতগুলি {} সম্পর্কে বহু-পছন্দের প্রশ্ন (উত্তর সহ)।"),
    "Bulgarian": ("stem arts social", "Следват въпроси с избираем отговор (с отговори) за {}."),
    "Chinese": ("applied health arts stem business professional driving social", "以下是关于 {} 的多项选择题（附答案）。"),
    "Croatian": ("stem arts social", "Slijede pitanja s višestrukim izborom (s odgovorima) o {}."),
    "Dutch": ("arts stem social health applied", "Hieronder staan \u200b\u200bmeerkeuzevragen (met antwoorden) over {}."),
    "Estonian": ("health social applied stem arts",
                 "Järgmised on valikvastustega küsimused (koos vastustega) teemal {}."),
    "Finnish": ("stem arts social health applied", "Seuraavat ovat monivalintakysymyksiä (vastauksineen) aiheesta {}."),
    "French": ("stem social health arts driving",
               "Les questions suivantes sont à choix multiples (avec réponses) sur {}."),
    "Georgian": ("arts", "ქვემოთ მოცემულია რამდენიმე არჩევანის კითხვები (პასუხებით) {}-ის შესახებ."),
    "German": ("stem social driving", "Nachfolgend finden Sie Multiple-Choice-Fragen (mit Antworten) zu {}."),
    "Greek": ("stem arts social business health professional medical",
              "Ακολουθούν ερωτήσεις πολλαπλής επιλογής (με απαντήσεις) σχετικά με το {}."),
    "Hebrew": ("arts driving", "להלן שאלות ברירות רבות (עם תשובות) על {}."),
    "Hindi": ("professional stem social driving applied arts general health",
              "निम्नलिखित {} के बारे में बहुविकल्पीय प्रश्न (उत्तर सहित) हैं।"),
    "Hungarian": ("stem applied social",
                  "Az alábbiak feleletválasztós kérdések (válaszokkal) a következővel kapcsolatban: {}."),
    "Indonesian": ("arts social stem applied professional",
                   "Berikut ini adalah pertanyaan pilihan ganda (dengan jawaban) tentang {}."),
    "Italian": ("stem arts social applied health professional",
                "Di seguito sono riportate domande a scelta multipla (con risposte) su {}."),
    "Japanese": ("driving medical professional", "以下は、{} に関する複数選択の質問（回答付き）です。"),
    "Kazakh": ("arts", "Төменде {} туралы бірнеше таңдаулы сұрақтар (жауаптары бар) берілген."),
    "Korean": ("professional social", "다음은 {}에 대한 객관식 질문(답변 포함)입니다."),
    "Lithuanian": ("arts stem social business professional",
                   "Toliau pateikiami klausimai su atsakymų variantais (su atsakymais) apie {}."),
    "Malay": ("social business arts", "Berikut ialah soalan aneka pilihan (dengan jawapan) tentang {}."),
    "Malayalam": ("stem marine health arts social general",
                  "ഇനിപ്പറയുന്നവ {} നെക്കുറിച്ചുള്ള മൾട്ടിപ്പിൾ ചോയ്\u200cസ് ചോദ്യങ്ങളാണ് (ഉത്തരങ്ങളോടെ)."),
    "Nepali": ("driving professional", "निम्न {} को बारेमा बहु-छनौट प्रश्नहरू (उत्तरहरू सहित) छन्।"),
    "North Macedonian": ("arts stem business social",
                         "Следниве се прашања со повеќекратен избор (со одговори) за {}."),
    "Persian": ("arts social professional stem driving", "در زیر سؤالات چند گزینه ای (همراه با پاسخ) در مورد {} آمده است."),
    "Polish": ("professional social stem",
               "Poniżej znajdują się pytania wielokrotnego wyboru (z odpowiedziami) na temat {}."),
    "Portuguese": ("stem social arts health business applied",
                   "A seguir estão perguntas de múltipla escolha (com respostas) sobre {}."),
    "Russian": ("stem health arts driving social business marine applied",
                "Ниже приведены вопросы с несколькими вариантами ответов (с ответами) по теме {}."),
    "Serbian": ("stem arts social", "Следе питања са вишеструким избором (са одговорима) о {}."),
    "Spanish": ("stem social arts health",
                "Las siguientes son preguntas de opción múltiple (con respuestas) sobre {}."),
    "Tagalog": ("arts driving",
                "Ang mga sumusunod ay maramihang pagpipiliang tanong (na may mga sagot) tungkol sa {}."),
    "Tamil": ("stem general", "பின்வருபவை {} பற்றிய பல தேர்வு கேள்விகள் (பதில்களுடன்) உள்ளன."),
    "Telugu": ("arts applied stem social", "{} గురించిన బహుళ-ఎంపిక ప్రశ్నలు (సమాధానాలతో) క్రిందివి."),
    "Turkish": ("business stem arts social",
                "Aşağıda {} ile ilgili çoktan seçmeli sorular (cevaplarıyla birlikte) bulunmaktadır."),
    "Ukrainian": ("arts social stem",
                  "Нижче наведено запитання з кількома варіантами відповідей (з відповідями) про {}."),
    "Urdu": ("stem health arts", "ذیل میں {} کے بارے میں متعدد انتخابی سوالات (جوابات کے ساتھ) ہیں۔"),
    "Uzbek": ("arts medical social stem", "Quyida {} boʻyicha koʻp tanlovli savollar (javoblari bilan) keltirilgan."),
    "Vietnamese": ("stem arts social", "Sau đây là các câu hỏi trắc nghiệm (có đáp án) về {}."),
}

#: the one category lm-eval names differently in a description (lower-case "license")
DESCRIBED_AS = {("Hebrew", "driving"): "Driving license"}

#: variant -> (task-name infix, English description with ``{}`` for the category or None for the
#: in-language one, group version)
VARIANTS = {
    "default": ("", "The following is multiple-choice question about {}.", 0.0),
    "few_shot_en": ("_few_shot_en", "The following are multiple-choice questions (with answers) about {}.", 0.1),
    "few_shot_og": ("_few_shot_og", None, 0.1),
}

TEMPLATE = """\
dataset_path: CohereForAI/include-base-44
test_split: test
output_type: multiple_choice
doc_to_text: "{{question.strip()}}\\nA. {{option_a}}\\nB. {{option_b}}\\nC. {{option_c}}\\n D. {{option_d}}\\nAnswer:"
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0.0
"""

UTILS = '''\
"""INCLUDE: one ``process_docs`` per category, keeping the documents of that ``domain``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _keep(domain: str) -> Callable[[Any], Any]:
    def process(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["domain"] == domain)

    return process


'''


def group_name(language: str, variant: str) -> str:
    return f"include_base_44_{language.lower().replace(' ', '_')}{VARIANTS[variant][0]}"


def task_names(language: str, variant: str) -> list[str]:
    prefix = group_name(language, variant)
    return [f"{prefix}_{CATEGORIES[short][0]}" for short in LANGUAGES[language][0].split()]


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "include")
    header = GENERATED.format(script=SCRIPT)
    write(out / "_include_template_yaml", header + TEMPLATE)
    write(out / "utils.py", header + UTILS + "".join(
        f"process_{suffix} = _keep(\"{domain}\")\n" for suffix, domain in CATEGORIES.values()))
    for language, (shorts, native) in LANGUAGES.items():
        for variant, (_, english, version) in VARIANTS.items():
            members = task_names(language, variant)
            for short, name in zip(shorts.split(), members, strict=True):
                suffix, domain = CATEGORIES[short]
                topic = DESCRIBED_AS.get((language, short), domain)
                write_yaml(out / f"{name}.yaml", {
                    "include": "_include_template_yaml", "task": name, "dataset_name": language,
                    "description": (english or native).format(topic),
                    "process_docs": Function(f"utils.process_{suffix}"),
                }, SCRIPT)
            write_yaml(out / f"_{group_name(language, variant)}.yaml",
                       group(group_name(language, variant), members, ["acc"], version=version), SCRIPT)


if __name__ == "__main__":
    main()
