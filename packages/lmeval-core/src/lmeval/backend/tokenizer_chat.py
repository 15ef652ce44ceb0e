"""Chat templates of a Hugging Face-style tokenizer, for backends that tokenize themselves.

:class:`TokenizerChat` gives an :class:`lmeval.protocol.LM` whose ``tokenizer`` is a
``transformers`` tokenizer lm-eval's HFLM rules for ``--apply_chat_template``: the template is the
tokenizer's (of a dict of named templates, ``default``, else the first); a template that fails to
render is retried without system messages; a request context that is a list of messages becomes
the rendered prompt with the generation prompt added. Pure Python (Jinja2 is the core's own
dependency, imported when a template is rendered).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from lmeval.errors import UsageError


class TokenizerChat:
    """``chat_template``, ``apply_chat_template`` and ``tokenizer_name`` from ``self.tokenizer``.

    List it before :class:`lmeval.protocol.LM` in the bases. Needs ``self.tokenizer`` and
    ``self.pretrained`` (named in errors, and the tokenizer name when the tokenizer has none).
    """

    tokenizer: Any
    pretrained: str
    #: Where the retry without system messages is logged, and the prefix of that line.
    chat_log: ClassVar[logging.Logger] = logging.getLogger("lmeval")
    chat_log_prefix: ClassVar[str] = "lmeval"

    @property
    def tokenizer_name(self) -> str:
        return str(getattr(self.tokenizer, "name_or_path", self.pretrained)).replace("/", "__")

    @property
    def chat_template(self) -> str | None:
        template = getattr(self.tokenizer, "chat_template", None)
        if isinstance(template, dict):
            template = template.get("default") or next(iter(template.values()), None)
        return template

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        if not self.chat_template:
            raise UsageError(f"the tokenizer of {self.pretrained} has no chat template; drop "
                             "--apply_chat_template")
        import jinja2

        kwargs = dict(tokenize=False, add_generation_prompt=add_generation_prompt,
                      continue_final_message=not add_generation_prompt)
        try:
            return self.tokenizer.apply_chat_template(list(messages), **kwargs)
        except jinja2.exceptions.TemplateError:
            self.chat_log.warning("%s: chat template failed; retrying without system messages",
                                  self.chat_log_prefix)
            kept = [m for m in messages if m.get("role") != "system"]
            return self.tokenizer.apply_chat_template(kept, **kwargs)

    def context_text(self, context: Any) -> str:
        """A request's context as prompt text: a string as it is, chat messages rendered."""
        if isinstance(context, str):
            return context
        return self.apply_chat_template(list(context), add_generation_prompt=True)
