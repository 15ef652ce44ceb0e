"""The plugin guide cannot drift from the hooks (datasette style):

* every hook of lmeval.hookspecs has a section in docs/plugin-guide.md whose signature equals
  the real hookspec's, and the guide documents no hook that does not exist;
* every hook has a test named after it (``test_<hook>`` or ``test_<hook>_...``) in the repo's tests;
* each contribution hook's section and docstring show its ``register(...)`` call exactly as the
  typed Protocol the core checks calls against declares it (names, keywords, defaults);
* the code the guide quotes from tests/plugin_example is a verbatim copy of the real files.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest
from lmeval import hookspecs

ROOT = Path(__file__).resolve().parents[3]
GUIDE = ROOT / "docs" / "plugin-guide.md"

if not GUIDE.is_file():
    pytest.skip("docs/ is not beside this package (an installed copy, not the repository)",
                allow_module_level=True)

HOOKS = sorted(name for name, obj in vars(hookspecs).items()
               if callable(obj) and hasattr(obj, "lmeval_spec"))


class _Annotation(str):
    """An annotation rendered as written in the source (``Register``, not ``'Register'``)."""

    def __repr__(self) -> str:
        return str(self)


def signature_text(fn) -> str:
    """``def name(params) -> ret`` as the hookspec declares it."""
    sig = inspect.signature(fn)

    def shown(annotation):
        if annotation is inspect.Signature.empty:
            return annotation
        return _Annotation(annotation if isinstance(annotation, str) else inspect.formatannotation(annotation))

    sig = sig.replace(parameters=[p.replace(annotation=shown(p.annotation)) for p in sig.parameters.values()],
                      return_annotation=shown(sig.return_annotation))
    return f"def {fn.__name__}{sig}"


def _sections(text: str) -> dict[str, str]:
    """Hook name → the text of its ``### `lmeval_...` `` section."""
    parts = re.split(r"^### `(\w+)`[ \t]*$", text, flags=re.M)
    return {parts[i]: parts[i + 1].split("\n## ", 1)[0] for i in range(1, len(parts), 2)}


def _documented_signature(section: str, name: str) -> str | None:
    for block in re.findall(r"```python\n(.*?)```", section, flags=re.S):
        for line in block.splitlines():
            if line.startswith(f"def {name}("):
                return re.sub(r":( \.\.\.)?$", "", line.strip())
    return None


def test_hookspecs_found():
    assert "lmeval_register_models" in HOOKS and "lmeval_run_end" in HOOKS


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_documented_with_its_real_signature(hook):
    sections = _sections(GUIDE.read_text(encoding="utf-8"))
    assert hook in sections, f"docs/plugin-guide.md has no '### `{hook}`' section"
    documented = _documented_signature(sections[hook], hook)
    assert documented is not None, f"the {hook} section shows no `def {hook}(...)` signature"
    assert documented == signature_text(getattr(hookspecs, hook))


def test_guide_documents_no_hook_that_does_not_exist():
    documented = {name for name in _sections(GUIDE.read_text(encoding="utf-8")) if name.startswith("lmeval_")}
    assert documented - set(HOOKS) == set()


def _test_names() -> set[str]:
    names: set[str] = set()
    files = [*(ROOT / "tests").rglob("test_*.py"), *ROOT.glob("packages/*/tests/**/test_*.py")]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        names.update(node.name for node in ast.walk(tree)
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"))
    return names


def test_every_hook_has_a_test_named_after_it():
    names = _test_names()
    missing = [hook for hook in HOOKS
               if not any(n == f"test_{hook}" or n.startswith(f"test_{hook}_") for n in names)]
    assert not missing, f"hooks without a test named test_<hook>: {missing}"


def test_quoted_example_code_is_verbatim():
    """Blocks preceded by ``<!-- from: PATH -->`` appear exactly in PATH."""
    text = GUIDE.read_text(encoding="utf-8")
    quotes = re.findall(r"<!-- from: (\S+) -->\n```\w*\n(.*?)```", text, flags=re.S)
    assert len(quotes) >= 8
    for path, block in quotes:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert block in source, f"docs/plugin-guide.md quotes {path} but the file differs:\n{block}"


def _register_call(hook: str) -> str:
    """``register(...)`` as the hook's typed Protocol declares it: ``register(name, fn, *, aggregation="mean", ...)``."""
    annotation = getattr(hookspecs, hook).__annotations__["register"]
    signature = inspect.signature(getattr(hookspecs, str(annotation)).__call__)
    parts, star = [], False
    for param in list(signature.parameters.values())[1:]:
        if param.kind is param.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        default = "" if param.default is param.empty else "=" + repr(param.default).replace("'", '"')
        parts.append(param.name + default)
    return f"register({', '.join(parts)})"


CONTRIBUTION_HOOKS = [h for h in HOOKS if "register" in inspect.signature(getattr(hookspecs, h)).parameters]


@pytest.mark.parametrize("hook", CONTRIBUTION_HOOKS)
def test_register_keywords_are_documented_as_typed(hook):
    """The guide's section and the hookspec's docstring show the register call the core accepts."""
    call = _register_call(hook)
    section = " ".join(_sections(GUIDE.read_text(encoding="utf-8"))[hook].split())
    assert call in section, f"docs/plugin-guide.md's {hook} section does not show {call}"
    assert call in " ".join(getattr(hookspecs, hook).__doc__.split()), f"{hook}'s docstring does not show {call}"
