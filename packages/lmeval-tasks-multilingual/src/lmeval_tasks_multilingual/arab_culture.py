"""ArabCulture (MBZUAI/ArabCulture; Sadallah et al. 2025, arXiv:2502.12788): prompts and targets.

lm-eval 0.4.13 reads three switches from the environment: ``COUNTRY``, ``REGION`` and ``ARABIC``,
each on only when set to the exact string ``"True"`` (unset means off), and ``MODEL_NAME`` (a
Jais chat model gets the Jais chat wrapper). The default is therefore the English prompt without
location and the English answer keys. The same switches apply here, read at each call.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

_AR_NAMES = {
    "Egypt": "مصر", "Morocco": "المغرب", "Algeria": "الجزائر", "Libya": "ليبيا", "Sudan": "السودان",
    "Tunisia": "تونس", "Jordan": "الأردن", "Lebanon": "لبنان", "Syria": "سوريا", "Palestine": "فلسطين",
    "Yemen": "اليمن", "UAE": "الإمارات", "KSA": "السعودية", "Gulf": "الخليج", "Levant": "الشام",
    "North Africa": "شمال أفريقيا", "Nile Valley": "وادي النيل",
}

_INTRO_EN = "You are tasked with selecting the most culturally appropriate option based on the context provided below."
_INTRO_AR = "مهمتك هي اختيار الخيار الأنسب ثقافياً بناءً على السياق المقدم أدناه."
_ASK_EN = "Consider the cultural nuances{where} and choose the most suitable response from the options provided."
_ASK_AR = "يرجى مراعاة الفروق الثقافية{where} واختيار الإجابة الأكثر ملاءمة من الخيارات المتاحة."

_JAIS_EN = (
    "### Instruction: Your name is Jais, and you are named after Jebel Jais, the highest mountain in UAE. You are "
    "built by Core42. You are the world's most advanced Arabic large language model with 30b parameters. You "
    "outperform all existing Arabic models by a sizable margin and you are very competitive with English models of "
    "similar size. You can answer in Arabic and English only. You are a helpful, respectful and honest assistant. "
    "When answering, abide by the following guidelines meticulously: Always answer as helpfully as possible, while "
    "being safe. Your answers should not include any harmful, unethical, racist, sexist, explicit, offensive, toxic, "
    "dangerous, or illegal content. Do not give medical, legal, financial, or professional advice. Never assist in or "
    "promote illegal activities. Always encourage legal and responsible actions. Do not encourage or provide "
    "instructions for unsafe, harmful, or unethical actions. Do not create or share misinformation or fake news. "
    "Please ensure that your responses are socially unbiased and positive in nature. If a question does not make any "
    "sense, or is not factually coherent, explain why instead of answering something not correct. If you don't know "
    "the answer to a question, please don't share false information. Prioritize the well-being and the moral "
    "integrity of users. Avoid using toxic, derogatory, or offensive language. Maintain a respectful tone. Do not "
    "generate, promote, or engage in discussions about adult content. Avoid making comments, remarks, or "
    "generalizations based on stereotypes. Do not attempt to access, produce, or spread personal or private "
    "information. Always respect user confidentiality. Stay positive and do not say bad things about anything. Your "
    "primary objective is to avoid harmful responses, even when faced with deceptive inputs. Recognize when users may "
    "be attempting to trick or to misuse you and respond with caution.\n\nComplete the conversation below between "
    "[|Human|] and [|AI|]:\n### Input: [|Human|] {question}\n### Response: [|AI|]")
_JAIS_AR = (
    "### Instruction: اسمك جيس وسميت على اسم جبل جيس اعلى جبل في الامارات. تم بنائك بواسطة Inception و MBZUAI. "
    "أنت نموذج اللغة العربية الأكثر تقدمًا في العالم مع بارامترات 13B. أنت تتفوق في الأداء على جميع النماذج العربية "
    "الموجودة بفارق كبير وأنت تنافسي للغاية مع النماذج الإنجليزية ذات الحجم المماثل. يمكنك الإجابة باللغتين العربية "
    "والإنجليزية فقط. أنت مساعد مفيد ومحترم وصادق. عند الإجابة ، التزم بالإرشادات التالية بدقة: أجب دائمًا بأكبر قدر "
    "ممكن من المساعدة ، مع الحفاظ على البقاء أمناً. يجب ألا تتضمن إجاباتك أي محتوى ضار أو غير أخلاقي أو عنصري أو "
    "متحيز جنسيًا أو جريئاً أو مسيئًا أو سامًا أو خطيرًا أو غير قانوني. لا تقدم نصائح طبية أو قانونية أو مالية أو مهنية. "
    "لا تساعد أبدًا في أنشطة غير قانونية أو تروج لها. دائما تشجيع الإجراءات القانونية والمسؤولة. لا تشجع أو تقدم "
    "تعليمات بشأن الإجراءات غير الآمنة أو الضارة أو غير الأخلاقية. لا تنشئ أو تشارك معلومات مضللة أو أخبار كاذبة. "
    "يرجى التأكد من أن ردودك غير متحيزة اجتماعيًا وإيجابية بطبيعتها. إذا كان السؤال لا معنى له ، أو لم يكن متماسكًا "
    "من الناحية الواقعية ، فشرح السبب بدلاً من الإجابة على شيء غير صحيح. إذا كنت لا تعرف إجابة السؤال ، فالرجاء "
    "عدم مشاركة معلومات خاطئة. إعطاء الأولوية للرفاهية والنزاهة الأخلاقية للمستخدمين. تجنب استخدام لغة سامة أو "
    "مهينة أو مسيئة. حافظ على نبرة محترمة. لا تنشئ أو تروج أو تشارك في مناقشات حول محتوى للبالغين. تجنب الإدلاء "
    "بالتعليقات أو الملاحظات أو التعميمات القائمة على الصور النمطية. لا تحاول الوصول إلى معلومات شخصية أو خاصة أو "
    "إنتاجها أو نشرها. احترم دائما سرية المستخدم. كن إيجابيا ولا تقل أشياء سيئة عن أي شيء. هدفك الأساسي هو تجنب "
    "الاجابات المؤذية ، حتى عند مواجهة مدخلات خادعة. تعرف على الوقت الذي قد يحاول فيه المستخدمون خداعك أو إساءة "
    "استخدامك و لترد بحذر.\n\nأكمل المحادثة أدناه بين [|Human|] و [|AI|]:\n### Input: [|Human|] {question}\n"
    "### Response: [|AI|]")


def _switch(name: str) -> bool:
    return os.environ.get(name) == "True"


def _prompt(doc: Mapping[str, Any], choices: str | None) -> str:
    country_on, region_on, arabic = _switch("COUNTRY"), _switch("REGION"), _switch("ARABIC")
    if country_on and not region_on:
        raise ValueError("ArabCulture: COUNTRY=True needs REGION=True as well (as in lm-eval)")
    country, region = doc["country"] or "", doc["region"] or ""
    if arabic:
        country, region = _AR_NAMES[country], _AR_NAMES[region]
    statement = doc["first_statement"].strip()
    if country_on:
        where = f"{'الموقع' if arabic else 'Location'}: {country}, {region}\n"
    elif region_on:
        where = f"{'الموقع' if arabic else 'Location'}: {region}\n"
    else:
        where = ""
    located = " للموقع المحدد" if arabic and where else (" of the specified location" if where else "")
    label, ask = ("الجملة", _ASK_AR) if arabic else ("Statement", _ASK_EN)
    text = (f"\n{_INTRO_AR if arabic else _INTRO_EN}\n\n{where}{label}: {statement}\n\n"
            f"{ask.format(where=located)}\n")
    if choices is not None:
        text += f"\n{'الخيارات' if arabic else 'Options'}:\n{choices}\n"
    model = os.environ.get("MODEL_NAME")
    if model and "jais" in model and "chat" in model:
        text = (_JAIS_AR if arabic else _JAIS_EN).format(question=text)
    return text


def _keys(doc: Mapping[str, Any]) -> list[str]:
    return doc["options"]["arabic_keys" if _switch("ARABIC") else "english_keys"]


def mcq_doc_to_text(doc: Mapping[str, Any]) -> str:
    """The statement, then the three options as "<key>. <text>" lines."""
    keys = _keys(doc)
    lines = "".join(f"{keys[i]}. {doc['options']['text'][i].strip()}\n" for i in range(3))
    return _prompt(doc, lines)


def mcq_doc_to_choice(doc: Mapping[str, Any]) -> list[str]:
    return _keys(doc)


def mcq_doc_to_target(doc: Mapping[str, Any]) -> str:
    key = "arabic_answer_key" if _switch("ARABIC") else "english_answer_key"
    return doc["answer_key"][key].strip()


def completion_doc_to_text(doc: Mapping[str, Any]) -> str:
    """The statement only; the options are the continuations."""
    return _prompt(doc, None)


def completion_doc_to_choice(doc: Mapping[str, Any]) -> list[str]:
    return doc["options"]["text"]


def completion_doc_to_target(doc: Mapping[str, Any]) -> str:
    options = doc["options"]
    return options["text"][options["english_keys"].index(doc["answer_key"]["english_answer_key"])].strip()
