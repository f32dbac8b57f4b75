"""The model contract: chat models, token usage, and credentials kept out of what eai stores."""
