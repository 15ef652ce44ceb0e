"""Putnam-AXIOM as lm-eval 0.4.13 scores it: the Minerva prompt (``Problem:`` ... ``Solution:``)
after four worked examples; the answer is the last ``\\boxed{...}`` of the generation (else the
text after "Final Answer: The final answer is"), normalised as Lewkowycz et al. (2022, appendix D,
with lm-eval's unit and root fixes), and right when sympy finds its LaTeX equal to the solution's
boxed answer (within 5 s). Needs sympy and antlr4-python3-runtime 4.11 (the ``math`` extra)."""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from lmeval.errors import UsageError
from lmeval.requires import require

EXTRA = "'lmeval-tasks-classic[math]'"
sympy = require("sympy", needed_by="putnam_axiom", install=EXTRA)
try:
    _ANTLR = version("antlr4-python3-runtime")
except PackageNotFoundError:
    _ANTLR = None
if _ANTLR is None or not _ANTLR.startswith("4.11"):
    raise UsageError("putnam_axiom needs antlr4-python3-runtime 4.11 for sympy's LaTeX parser, "
                     + ("which is not installed" if _ANTLR is None else f"but {_ANTLR} is installed")
                     + f": pip install {EXTRA}"
                     + (" (tarski, of the [acpbench] extra, pins 4.7.2: use separate environments)" if _ANTLR else ""))
parse_latex = require("sympy.parsing.latex", needed_by="putnam_axiom", library="sympy", install=EXTRA).parse_latex

FEWSHOT = [
    {
        "problem": 'Let $ABC$ be a triangle with angle $A < \\angle C < 90^\\circ < \\angle B$. Consider the bisectors of the external angles at $A$ and $B$, each measured from the vertex to the opposite side (extended). Suppose both of these line-segments are equal to $AB$. Compute the angle $A$.',
        "solution": "Let's think step by step. Suppose the bisector of the exterior angle at $A$ intersects line $BC$ at $X$ and the bisector of the exterior angle at $B$ meets the line $AC$ at $Y$. The assumption that $C$ is between $B$ and $X$ contradicts the fact that $\\angle B > \\angle C$, so we may assume that $B$ is between $X$ and $C$. Similarly, we conclude that $C$ is between $A$ and $Y$ because $\\angle A < \\angle C$.\n\nIf $Z$ is a point on line $AB$ with $B$ between $A$ and $Z$, we have from triangle $ABY$ that $\\angle ZBY = 2A$. Hence, $\\angle BXA = \\angle ABX = \\angle ZBC = 2 \\angle ZBY = 4A$, and the angle sum of triangle $ABX$ is $90^\\circ - \\frac{1}{2}A + 8A$. Thus, $A = \\boxed{12}^\\circ$.",
        "few_shot": '1',
    },
    {
        "problem": 'Given any positive integer $n$ find the value of \\n\\[ \\sum_{r=0}^{\\lfloor (n-1)/2 \\rfloor} \\left\\{\\frac{n - 2r}{n}\\binom{n}{r}\\right\\}^2, \\]\\n where $\\lfloor x \\rfloor$ means the greatest integer not exceeding $x$, and $\\binom{n}{r}$ is the binomial coefficient "$n$ choose $r$," with the convention $\\binom{0}{0} = 1$. Return your final answer in binomial coefficient form with all other multiplicants reduced to the lowest form.',
        "solution": "Let's think step by step. Substituting $s=n-r$ in the given summation reveals that twice this sum is equal to:\n\\[\n\\sum_{r=0}^n \\left(\\frac{n-2r}{n} \\binom{n}{r}\\right)^2 = \\sum \\left(1 - 2\\frac{r}{n}\\right)^2 \\binom{n}{r}^2 = \\sum \\binom{n}{r}^2 - 4\\sum \\frac{r}{n} \\binom{n}{r}^2 + 4\\sum \\left(\\frac{r}{n}\\right)^2 \\binom{n}{r}^2.\n\\]\n\\[\n= \\binom{2n}{n} - 4 \\sum_{r=1}^n \\binom{n-1}{r-1} \\binom{n}{r} + 4 \\sum_{r=1}^n \\binom{n-1}{r-1}^2.\n\\]\n\\[\n= \\binom{2n}{n} - 4\\binom{2n-1}{n-1} + 4\\binom{2n-2}{n-1}.\n\\]\n\\[\n= \\frac{2n(2n-1)}{n^2} - \\frac{4(n-1)}{n}\\binom{2n-2}{n-1} = \\boxed{\\frac{1}{n}\\binom{2n-2}{n-1}}.\\n\\]",
        "few_shot": '1',
    },
    {
        "problem": 'Find the sum of all sides of all the right-angled triangles whose sides are integers while the area is numerically equal to twice the perimeter.',
        "solution": "Let's think step by step. All Pythagorean triples can be obtained from $x = \\lambda(p^2 - q^2)$, $y = 2\\lambda pq$, $z = \\lambda(p^2 + q^2)$ where $0 < q < p$, $(p, q) = 1$ and $p \\not\\equiv q \\pmod{2}$, $\\lambda$ being any natural number.\n\nThe problem requires that $\\frac{1}{2}xy = 2(x+y+z)$. This condition can be written as $\\lambda^2(p^2-q^2)(pq) = 2\\lambda(p^2-q^2+2pq+p^2+q^2)$ or simply $\\lambda(p-q)q = 4$. Since $p-q$ is odd it follows that $p-q = 1$ and the only possibilities for $q$ are $1, 2, 4$.\n\n- If $q = 1$, $p = 2$, $\\lambda = 4$, $x = 12$, $y = 16$, $z = 20$.\n- If $q = 2$, $p = 3$, $\\lambda = 2$, $x = 10$, $y = 24$, $z = 26$.\n- If $q = 4$, $p = 5$, $\\lambda = 1$, $x = 9$, $y = 40$, $z = 41$. This gives us the final answer as $12+16+20+10+24+26+9+40+41 = \\boxed{198}$.",
        "few_shot": '1',
    },
    {
        "problem": 'Evaluate \n\\[\n\\lim_{n \\to \\infty} \\int_0^1 \\int_0^1 \\cdots \\int_0^1 \\cos^2 \\left(\\frac{\\pi}{2n}(x_1 + x_2 + \\cdots + x_n)\\right) dx_1 dx_2 \\cdots dx_n.\n\\]',
        "solution": "Let's think step by step. The change of variables $x_k \\to 1 - x_k$ yields\n\\[\n\\int_0^1 \\int_0^1 \\cdots \\int_0^1 \\cos^2 \\left(\\frac{\\pi}{2n}(x_1 + x_2 + \\cdots + x_n)\\right) dx_1 dx_2 \\cdots dx_n \\\\\n= \\int_0^1 \\int_0^1 \\cdots \\int_0^1 \\sin^2 \\left(\\frac{\\pi}{2n}(x_1 + x_2 + \\cdots + x_n)\\right) dx_1 dx_2 \\cdots dx_n.\n\\]\nEach of these expressions, being equal to half their sum, must equal $\\frac{1}{2}$. The limit is also $\\boxed{\\frac{1}{2}}$.",
        "few_shot": '1',
    },
]

INVALID = "[invalidanswer]"
SUBSTITUTIONS = [("an ", ""), ("a ", ""), (".$", "$"), ("\\$", ""), (r"\ ", ""), (" ", ""), ("mbox", "text"),
                 (",\\text{and}", ","), ("\\text{and}", ","), ("\\text{m}", "\\text{}")]
REMOVED = ["square", "ways", "integers", "dollars", "mph", "inches", "ft", "hours", "km", "units", "\\ldots", "sue",
           "points", "feet", "minutes", "digits", "cents", "degrees", "cm", "gm", "pounds", "meters", "meals", "edges",
           "students", "childrentickets", "multiples", "\\text{s}", "\\text{.}", "\\text{\ns}", "\\text{}^2",
           "\\text{}^3", "\\text{\n}", "\\text{}", r"\mathrm{th}", r"^\circ", r"^{\circ}", r"\;", r",\!", "{,}",
           '"', "\\dots"]


def doc_to_text(doc: dict) -> str:
    return "Problem:\n" + doc["problem"] + "\n\nSolution:"


def _with_answer(doc: dict) -> dict:
    return {"problem": doc["problem"], "solution": doc["solution"], "answer": boxed_answer(doc["solution"])}


def process_docs(dataset: Any) -> Any:
    return dataset.map(_with_answer)


def process_variations(dataset: Any) -> Any:
    """The variations whose ``variation`` index is 1 (all of them today)."""
    return process_docs(dataset.filter(lambda doc: int(doc["variation"]) == 1))


def list_fewshot_samples() -> list[dict]:
    return [dict(shot) for shot in FEWSHOT]


def process_results(doc: dict, results: list[str]) -> dict[str, int]:
    try:
        answer = boxed_answer(results[0])
    except Exception:  # no box, or one lm-eval's reader refuses: the "Final Answer" line
        answer = normalize(final_answer_line(results[0]))
    return {"exact_match": int(is_equiv(answer, doc["answer"]))}


def boxed_answer(text: str) -> str:
    return normalize(unbox(last_boxed(text)))


def last_boxed(text: str) -> str | None:
    """The last ``\\boxed{...}`` (balanced braces) or ``\\fbox{...}``; ``\\boxed x`` up to a ``$``."""
    if "\\boxed " in text:
        return "\\boxed " + text.split("\\boxed ")[-1].split("$")[0]
    start = text.rfind("\\boxed")
    if start < 0:
        start = text.rfind("\\fbox")
        if start < 0:
            return None
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    return None


def unbox(boxed: str) -> str:
    """The content of ``\\boxed x`` or ``\\boxed{x}``; anything else fails (as lm-eval's asserts do)."""
    if "\\boxed " in boxed:
        if not boxed.startswith("\\boxed "):
            raise ValueError(boxed)
        return boxed[len("\\boxed "):]
    if not (boxed.startswith("\\boxed{") and boxed.endswith("}")):
        raise ValueError(boxed)
    return boxed[len("\\boxed{"):-1]


def final_answer_line(text: str) -> str:
    found = re.search(r"(?:Final Answer: The final answer is|The answer is:)\s*(.*?)(?=I hope it is correct\.)",
                      text + "I hope it is correct.")
    return found.group(1).strip() if found else INVALID


def normalize(answer: str) -> str:
    """Lewkowycz et al.'s normalisation, with lm-eval 0.4.13's changes: unit words removed at word
    boundaries first and never inside a LaTeX command, indexed roots kept, only true thousands
    separators dropped."""
    answer = answer.split("=")[-1]
    for expr in REMOVED:
        if expr.isalpha():
            answer = re.sub(rf"(?<!\\)\b{expr}\b", "", answer)
    for before, after in SUBSTITUTIONS:
        answer = answer.replace(before, after)
    for expr in REMOVED:
        if expr.isalpha():
            parts = re.split(r"(\\[a-zA-Z]+)", answer)
            parts[::2] = [part.replace(expr, "") for part in parts[::2]]
            answer = "".join(parts)
        else:
            answer = answer.replace(expr, "")
    answer = re.sub(r"(.*?)(\$)(.*?)(\$)(.*)", "$\\3$", answer)
    answer = re.sub(r"(\\text\{)(.*?)(\})", "\\2", answer)
    answer = re.sub(r"(\\textbf\{)(.*?)(\})", "\\2", answer)
    answer = re.sub(r"(\\overline\{)(.*?)(\})", "\\2", answer)
    answer = re.sub(r"(\\boxed\{)(.*)(\})", "\\2", answer)
    answer = re.sub(r"(frac)([^{])(.)", "frac{\\2}{\\3}", answer)
    answer = re.sub(r"(sqrt)(\[[^\]]*\])(\w)", "\\1\\2{\\3}", answer)
    answer = re.sub(r"(sqrt)(?!\[)([^{])", "sqrt{\\2}", answer)
    answer = answer.replace("$", "")
    if re.fullmatch(r"-?\d{1,3}(,\d{3})+", answer):
        answer = answer.replace(",", "")
    return answer


@contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    """SIGALRM in the main thread, as lm-eval; elsewhere no limit (signals reach the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(*_: object) -> None:
        raise TimeoutError

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def is_equiv(x1: str, x2: str) -> bool:
    """Both parse as LaTeX and their difference simplifies to 0 within 5 s; any failure is False."""
    try:
        with _time_limit(5):
            return bool(sympy.simplify(parse_latex(x1) - parse_latex(x2)) == 0)
    except ImportError:
        raise
    except Exception:
        return False
