"""Credentials in a server's URL: kept out of everything eai stores or shows.

A base URL may carry secrets in two places: a user and password
(``https://user:pw@host/v1``) and query parameters
(``https://host/v1?api_key=...``). Wherever a URL is written (run.json, the
cache key, reports, the viewer, messages) it goes through
:func:`without_credentials`; the secrets themselves (:func:`url_secrets`) are
scrubbed from any text a server sends back.

A query parameter is a credential when its name, lower-cased and without
``-``, ``_`` and ``.``, ends with one of ``CREDENTIAL_ENDINGS``: ``key``,
``api_key``, ``apikey``, ``x-api-key``, ``token``, ``access_token``,
``secret``, ``client_secret``, ``password``, ``passwd``, ``pwd``, ``sig``,
``signature``, ``X-Amz-Signature``, ``X-Amz-Credential``, ``auth``,
``oauth``... A credential's value becomes ``[redacted]``; the other parameters
stay as written (``api-version``).
"""

from __future__ import annotations

import base64
import re
from urllib.parse import unquote, unquote_plus, urlsplit

CREDENTIAL_ENDINGS = ("key", "token", "secret", "password", "passwd", "pwd", "sig", "signature", "credential",
                      "credentials", "auth")
REDACTED = "[redacted]"
_FOLDED = re.compile(r"[-_.]")


def is_credential(name: str) -> bool:
    """Whether a query parameter called ``name`` (as written, percent-encoded or not) holds a secret."""
    return _FOLDED.sub("", unquote_plus(name).lower()).endswith(CREDENTIAL_ENDINGS)


def _pairs(query: str) -> list[tuple[str, str, str]]:
    """(name, separator, value) of each ``&``-separated part of ``query``, as written."""
    return [part.partition("=") for part in query.split("&")] if query else []


def _redacted(query: str) -> str:
    return "&".join(f"{name}={REDACTED}" if is_credential(name) and sep else f"{name}{sep}{value}"
                    for name, sep, value in _pairs(query))


def without_credentials(url: str) -> str:
    """``url`` naming its server without any secret: ``https://user:pw@host/v1?api_key=s&v=1``
    -> ``https://host/v1?api_key=[redacted]&v=1``."""
    parts = urlsplit(url)
    return parts._replace(netloc=parts.netloc.rpartition("@")[2], query=_redacted(parts.query),
                          fragment=_redacted(parts.fragment)).geturl()


def url_secrets(url: str | None) -> tuple[str, ...]:
    """What the credentials in ``url`` look like once sent: the password, ``user:password``
    and its Basic-auth base64, and each credential parameter's value, as written and
    decoded; () when the URL holds none."""
    parts = urlsplit(url or "")
    found: list[str] = []
    if parts.password is not None:
        pair = f"{unquote(parts.username or '')}:{unquote(parts.password)}"
        found += [parts.password, unquote(parts.password), pair, base64.b64encode(pair.encode()).decode()]
    for query in (parts.query, parts.fragment):
        found += [text for name, sep, value in _pairs(query) if sep and is_credential(name)
                  for text in (value, unquote_plus(value)) if text]
    return tuple(dict.fromkeys(found))
