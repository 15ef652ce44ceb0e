"""Registers the API model types; imports nothing heavy (not even aiohttp)."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("local-completions", "lmeval_api.completions:LocalCompletionsLM")
    register("openai-completions", "lmeval_api.completions:OpenAICompletionsLM")
    register("local-chat-completions", "lmeval_api.chat:LocalChatCompletionsLM")
    register("openai-chat-completions", "lmeval_api.chat:OpenAIChatCompletionsLM")
    register("anthropic-chat-completions", "lmeval_api.chat:AnthropicChatLM",
             aliases=("anthropic-chat",))
    register("textsynth", "lmeval_api.textsynth:TextSynthLM")
