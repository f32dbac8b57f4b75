from eai.plugin_api import hookimpl
from eai_langchain.catalog import CATALOG
from eai_langchain.providers import AnthropicProvider, CatalogProvider, OllamaProvider, OpenAIProvider


@hookimpl
def eai_register_models(register):
    for provider in (OpenAIProvider(), AnthropicProvider(), OllamaProvider(), *map(CatalogProvider, CATALOG)):
        register(provider)
