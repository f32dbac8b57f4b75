"""Model backends through langchain chat models: ``openai:``, ``anthropic:``, ``ollama:``.

See docs/models.md for the model strings, the extras to install and how keys,
retries, timeouts and the response cache work.
"""
