"""lmeval.backend.tokenizer_chat: the chat-template rules the onnx and openvino backends share."""

from __future__ import annotations

import logging

import jinja2
import pytest
from lmeval.backend.tokenizer_chat import TokenizerChat
from lmeval.errors import UsageError
from lmeval.protocol import LM

STRICT = ("{% for m in messages %}{% if m.role == 'system' %}{{ raise_exception('no system') }}"
          "{% endif %}<{{ m.role }}>{{ m.content }}{% endfor %}"
          "{% if add_generation_prompt %}<assistant>{% endif %}")


class JinjaTokenizer:
    """A tokenizer whose ``apply_chat_template`` renders its template with Jinja2, as
    transformers does (``raise_exception`` raises a ``TemplateError``)."""

    def __init__(self, chat_template, name_or_path="org/tiny"):
        self.chat_template = chat_template
        self.name_or_path = name_or_path
        self.calls = []

    def apply_chat_template(self, messages, *, tokenize, add_generation_prompt,
                            continue_final_message):
        self.calls.append((list(messages), add_generation_prompt, continue_final_message))
        assert tokenize is False

        def raise_exception(message):
            raise jinja2.exceptions.TemplateError(message)

        template = self.chat_template
        if isinstance(template, dict):
            template = template.get("default") or next(iter(template.values()))
        env = jinja2.Environment()
        env.globals["raise_exception"] = raise_exception
        return env.from_string(template).render(messages=messages,
                                                add_generation_prompt=add_generation_prompt)


class ChatLM(TokenizerChat, LM):
    chat_log = logging.getLogger("lmeval.test_chat")
    chat_log_prefix = "chat-test"

    def __init__(self, tokenizer, pretrained="/models/tiny"):
        super().__init__()
        self.tokenizer = tokenizer
        self.pretrained = pretrained


def test_the_template_and_names_come_from_the_tokenizer():
    lm = ChatLM(JinjaTokenizer("{{ messages[0].content }}"))
    assert lm.chat_template == "{{ messages[0].content }}"
    assert lm.tokenizer_name == "org__tiny"
    nameless = JinjaTokenizer("x")
    del nameless.name_or_path
    assert ChatLM(nameless, pretrained="/a/b").tokenizer_name == "__a__b"


@pytest.mark.parametrize("templates, expected", [
    ({"default": "D", "tool_use": "T"}, "D"),
    ({"tool_use": "T", "rag": "R"}, "T"),
    ({"rag": "R", "default": ""}, "R"),
    ({}, None),
])
def test_named_templates_give_default_else_the_first(templates, expected):
    assert ChatLM(JinjaTokenizer(templates)).chat_template == expected


def test_rendering_adds_the_generation_prompt_or_continues_the_last_message():
    tok = JinjaTokenizer(STRICT)
    lm = ChatLM(tok)
    messages = [{"role": "user", "content": "hi"}]
    assert lm.apply_chat_template(messages) == "<user>hi<assistant>"
    assert lm.apply_chat_template(messages, add_generation_prompt=False) == "<user>hi"
    assert [c[1:] for c in tok.calls] == [(True, False), (False, True)]


def test_a_template_that_fails_is_retried_without_system_messages(caplog):
    lm = ChatLM(JinjaTokenizer(STRICT))
    messages = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"},
                {"role": "assistant", "content": "hello"}, {"role": "system", "content": "again"}]
    with caplog.at_level(logging.WARNING, logger="lmeval.test_chat"):
        assert lm.apply_chat_template(messages) == "<user>hi<assistant>hello<assistant>"
    assert caplog.messages == ["chat-test: chat template failed; retrying without system messages"]


def test_a_template_that_fails_without_system_messages_too_raises():
    lm = ChatLM(JinjaTokenizer("{{ raise_exception('broken template') }}"))
    with pytest.raises(jinja2.exceptions.TemplateError, match="broken template"):
        lm.apply_chat_template([{"role": "user", "content": "hi"}])


@pytest.mark.parametrize("template", [None, "", {}])
def test_no_template_is_a_usage_error_naming_the_model(template):
    lm = ChatLM(JinjaTokenizer(template), pretrained="/models/base")
    with pytest.raises(UsageError, match=r"the tokenizer of /models/base has no chat template; "
                                         r"drop --apply_chat_template"):
        lm.apply_chat_template([{"role": "user", "content": "hi"}])


def test_a_context_is_text_as_it_is_or_rendered_messages():
    lm = ChatLM(JinjaTokenizer(STRICT))
    assert lm.context_text("Question: 2+2?\nAnswer:") == "Question: 2+2?\nAnswer:"
    assert lm.context_text(({"role": "user", "content": "2+2?"},)) == "<user>2+2?<assistant>"
    assert lm.context_text("") == ""
