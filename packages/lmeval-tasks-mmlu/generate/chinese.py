"""Write the CMMLU (Li et al., 2023, arXiv:2306.09212), C-Eval (Huang et al., 2023,
arXiv:2305.08322) and ACLUE (Zhang & Li, 2023, arXiv:2310.09550: ancient Chinese) task configs.

Both: the stripped question, options ``A.``..``D.``, then ``答案：`` (full-width colon);
letter continuations; a Chinese description naming the subject. C-Eval is scored on its
``val`` split (the test answers are not public), hence the group name ``ceval-valid``.
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, group, reset_dir, write_template, write_yaml

SCRIPT = "chinese.py"

CMMLU_SUBJECTS = {
    "agronomy": "农学", "anatomy": "解剖学", "ancient_chinese": "古汉语", "arts": "艺术学",
    "astronomy": "天文学", "business_ethics": "商业伦理",
    "chinese_civil_service_exam": "中国公务员考试", "chinese_driving_rule": "中国驾驶规则",
    "chinese_food_culture": "中国饮食文化", "chinese_foreign_policy": "中国外交政策",
    "chinese_history": "中国历史", "chinese_literature": "中国文学",
    "chinese_teacher_qualification": "中国教师资格", "clinical_knowledge": "临床知识",
    "college_actuarial_science": "大学精算学", "college_education": "大学教育学",
    "college_engineering_hydrology": "大学工程水文学", "college_law": "大学法律",
    "college_mathematics": "大学数学", "college_medical_statistics": "大学医学统计",
    "college_medicine": "大学医学", "computer_science": "计算机科学",
    "computer_security": "计算机安全", "conceptual_physics": "概念物理学",
    "construction_project_management": "建设工程管理", "economics": "经济学",
    "education": "教育学", "electrical_engineering": "电气工程",
    "elementary_chinese": "小学语文", "elementary_commonsense": "小学常识",
    "elementary_information_and_technology": "小学信息技术",
    "elementary_mathematics": "初等数学", "ethnology": "民族学", "food_science": "食品科学",
    "genetics": "遗传学", "global_facts": "全球事实", "high_school_biology": "高中生物",
    "high_school_chemistry": "高中化学", "high_school_geography": "高中地理",
    "high_school_mathematics": "高中数学", "high_school_physics": "高中物理学",
    "high_school_politics": "高中政治", "human_sexuality": "人类性行为",
    "international_law": "国际法学", "journalism": "新闻学", "jurisprudence": "法理学",
    "legal_and_moral_basis": "法律与道德基础", "logical": "逻辑学",
    "machine_learning": "机器学习", "management": "管理学", "marketing": "市场营销",
    "marxist_theory": "马克思主义理论", "modern_chinese": "现代汉语", "nutrition": "营养学",
    "philosophy": "哲学", "professional_accounting": "专业会计",
    "professional_law": "专业法学", "professional_medicine": "专业医学",
    "professional_psychology": "专业心理学", "public_relations": "公共关系",
    "security_study": "安全研究", "sociology": "社会学", "sports_science": "体育学",
    "traditional_chinese_medicine": "中医中药", "virology": "病毒学",
    "world_history": "世界历史", "world_religions": "世界宗教",
}

# in the order of the C-Eval paper's subject table (STEM, social science, humanities, other)
CEVAL_SUBJECTS = {
    "computer_network": "计算机网络", "operating_system": "操作系统",
    "computer_architecture": "计算机组成", "college_programming": "大学编程",
    "college_physics": "大学物理", "college_chemistry": "大学化学",
    "advanced_mathematics": "高等数学", "probability_and_statistics": "概率统计",
    "discrete_mathematics": "离散数学", "electrical_engineer": "注册电气工程师",
    "metrology_engineer": "注册计量师", "high_school_mathematics": "高中数学",
    "high_school_physics": "高中物理", "high_school_chemistry": "高中化学",
    "high_school_biology": "高中生物", "middle_school_mathematics": "初中数学",
    "middle_school_biology": "初中生物", "middle_school_physics": "初中物理",
    "middle_school_chemistry": "初中化学", "veterinary_medicine": "兽医学",
    "college_economics": "大学经济学", "business_administration": "工商管理",
    "marxism": "马克思主义基本原理",
    "mao_zedong_thought": "毛泽东思想和中国特色社会主义理论体系概论",
    "education_science": "教育学", "teacher_qualification": "教师资格",
    "high_school_politics": "高中政治", "high_school_geography": "高中地理",
    "middle_school_politics": "初中政治", "middle_school_geography": "初中地理",
    "modern_chinese_history": "近代史纲要",
    "ideological_and_moral_cultivation": "思想道德修养与法律基础", "logic": "逻辑学",
    "law": "法学", "chinese_language_and_literature": "中国语言文学", "art_studies": "艺术学",
    "professional_tour_guide": "导游资格", "legal_professional": "法律职业资格",
    "high_school_chinese": "高中语文", "high_school_history": "高中历史",
    "middle_school_history": "初中历史", "civil_servant": "公务员", "sports_science": "体育学",
    "plant_protection": "植物保护", "basic_medicine": "基础医学",
    "clinical_medicine": "临床医学", "urban_and_rural_planner": "注册城乡规划师",
    "accountant": "注册会计师", "fire_engineer": "注册消防工程师",
    "environmental_impact_assessment_engineer": "环境影响评价工程师",
    "tax_accountant": "税务师", "physician": "医师资格",
}

CMMLU_TEMPLATE = """\
# CMMLU subject template (lm-eval 0.4.13 `cmmlu`). The colon after 答案 is U+FF1A.
dataset_path: haonan-li/cmmlu
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: "{{Question.strip()}}\\nA. {{A}}\\nB. {{B}}\\nC. {{C}}\\nD. {{D}}\\n答案："
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: "{{['A', 'B', 'C', 'D'].index(Answer)}}"
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
  - metric: acc_norm
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""

CEVAL_TEMPLATE = """\
# C-Eval subject template, validation split (lm-eval 0.4.13 `ceval-valid`).
dataset_path: ceval/ceval-exam
validation_split: val
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: "{{question.strip()}}\\nA. {{A}}\\nB. {{B}}\\nC. {{C}}\\nD. {{D}}\\n答案："
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: "{{['A', 'B', 'C', 'D'].index(answer)}}"
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
  - metric: acc_norm
    aggregation: mean
    higher_is_better: true
metadata:
  version: 2.0
"""


# ACLUE config -> the topic its description names
ACLUE_SUBJECTS = {
    "ancient_chinese_culture": "国学常识", "ancient_literature": "古代文学知识",
    "ancient_medical": "医古文", "ancient_phonetics": "古音学", "basic_ancient_chinese": "古汉语知识",
    "couplet_prediction": "对联", "homographic_character_resolution": "通假字",
    "named_entity_recognition": "古汉语命名体识别", "poetry_appreciate": "古诗词曲鉴赏",
    "poetry_context_prediction": "古诗词上下句预测", "poetry_quality_assessment": "古诗词质量评估",
    "poetry_sentiment_analysis": "诗词情感分类", "polysemy_resolution": "古文单字多义",
    "reading_comprehension": "古文阅读理解", "sentence_segmentation": "古文断句",
}

# ACLUE: CMMLU's prompt on tyouisen/aclue (lm-eval 0.4.13 `aclue`)
ACLUE_TEMPLATE = CMMLU_TEMPLATE.replace(
    "# CMMLU subject template (lm-eval 0.4.13 `cmmlu`).", "# ACLUE subject template (lm-eval 0.4.13 `aclue`).",
).replace("dataset_path: haonan-li/cmmlu", "dataset_path: tyouisen/aclue")


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "cmmlu")
    write_template(out / "_cmmlu_template_yaml", CMMLU_TEMPLATE, SCRIPT)
    for subject, name in CMMLU_SUBJECTS.items():
        write_yaml(out / f"cmmlu_{subject}.yaml", {
            "include": "_cmmlu_template_yaml",
            "task": f"cmmlu_{subject}",
            "dataset_name": subject,
            "description": f"以下是关于{name}的单项选择题，请直接给出正确答案的选项。\n\n",
        }, SCRIPT)
    write_yaml(out / "_cmmlu.yaml",
               group("cmmlu", [f"cmmlu_{s}" for s in CMMLU_SUBJECTS], ["acc", "acc_norm"],
                     version=1.0, aggregation=True), SCRIPT)

    out = reset_dir(root / "aclue")
    write_template(out / "_default_template_yaml", ACLUE_TEMPLATE, SCRIPT)
    for subject, name in ACLUE_SUBJECTS.items():
        write_yaml(out / f"aclue_{subject}.yaml", {
            "include": "_default_template_yaml",
            "task": f"aclue_{subject}",
            "dataset_name": subject,
            "description": f"以下是关于{name}的单项选择题，请直接给出正确答案的选项。\n\n",
        }, SCRIPT)
    write_yaml(out / "_aclue.yaml",
               group("aclue", [f"aclue_{s}" for s in ACLUE_SUBJECTS], ["acc", "acc_norm"],
                     version=1.0, aggregation=True), SCRIPT)

    out = reset_dir(root / "ceval")
    write_template(out / "_ceval_template_yaml", CEVAL_TEMPLATE, SCRIPT)
    for subject, name in CEVAL_SUBJECTS.items():
        write_yaml(out / f"ceval-valid_{subject}.yaml", {
            "include": "_ceval_template_yaml",
            "task": f"ceval-valid_{subject}",
            "dataset_name": subject,
            "description": f"以下是中国关于{name}的单项选择题，请选出其中的正确答案。\n\n",
        }, SCRIPT)
    write_yaml(out / "_ceval-valid.yaml",
               group("ceval-valid", [f"ceval-valid_{s}" for s in CEVAL_SUBJECTS],
                     ["acc", "acc_norm"], version=2.0, aggregation=True), SCRIPT)


if __name__ == "__main__":
    main()
