"""``eai view``: run folders read into one JSON model and shown as static HTML pages."""
