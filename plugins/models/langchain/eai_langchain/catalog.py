"""The providers of langchain's ``init_chat_model`` that eai offers by string
(``google_genai:gemini-2.5-flash``, ``groq:llama-3.3-70b-versatile``), beyond
the three it has its own code for (openai, anthropic, ollama).

Each is named as ``init_chat_model`` names it, made by its integration
package, and installed with an extra of eai (``pip install -e ".[groq]"``:
the integration and ``langchain``, which holds ``init_chat_model``).
tests/models/test_catalog.py checks each against langchain's own table and
eai's pyproject.toml. ``keys``: the environment variables the integration
reads its credentials from, kept out of error messages and answers.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Listed:
    provider: str  # init_chat_model's name, the part before ":" of a model string
    package: str  # the integration's import package
    extra: str  # eai's extra that installs it
    keys: tuple[str, ...] = ()


CATALOG = (
    Listed("azure_openai", "langchain_openai", "azure", ("AZURE_OPENAI_API_KEY",)),
    Listed("bedrock", "langchain_aws", "bedrock", ("AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN")),
    Listed("bedrock_converse", "langchain_aws", "bedrock", ("AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN")),
    Listed("anthropic_bedrock", "langchain_aws", "bedrock", ("AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN")),
    Listed("cohere", "langchain_cohere", "cohere", ("COHERE_API_KEY",)),
    Listed("deepseek", "langchain_deepseek", "deepseek", ("DEEPSEEK_API_KEY",)),
    Listed("fireworks", "langchain_fireworks", "fireworks", ("FIREWORKS_API_KEY",)),
    Listed("google_genai", "langchain_google_genai", "google-genai", ("GOOGLE_API_KEY", "GEMINI_API_KEY")),
    Listed("google_vertexai", "langchain_google_vertexai", "google-vertexai"),
    Listed("groq", "langchain_groq", "groq", ("GROQ_API_KEY",)),
    Listed("huggingface", "langchain_huggingface", "huggingface", ("HUGGINGFACEHUB_API_TOKEN", "HF_TOKEN")),
    Listed("ibm", "langchain_ibm", "ibm", ("WATSONX_APIKEY",)),
    Listed("mistralai", "langchain_mistralai", "mistral", ("MISTRAL_API_KEY",)),
    Listed("nvidia", "langchain_nvidia_ai_endpoints", "nvidia", ("NVIDIA_API_KEY",)),
    Listed("perplexity", "langchain_perplexity", "perplexity", ("PPLX_API_KEY", "PERPLEXITY_API_KEY")),
    Listed("together", "langchain_together", "together", ("TOGETHER_API_KEY",)),
    Listed("xai", "langchain_xai", "xai", ("XAI_API_KEY",)),
)
