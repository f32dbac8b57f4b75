from eai.plugin_api import hookimpl
from eai_langchain.providers import AnthropicProvider, OllamaProvider, OpenAIProvider


@hookimpl
def eai_register_models(register):
    for provider in (OpenAIProvider(), AnthropicProvider(), OllamaProvider()):
        register(provider)
