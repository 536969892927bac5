#!/usr/bin/env python3
"""Signing and two calls of the wallet API with Python's standard library only
(docs/integrator-guide.md "Signing"). Set BASE_URL, AGENCY_CODE, APP_ID and APP_SECRET, then:
    python3 wallet_call.py
It prints the signature of the first test vector, then each call's path and its JSON reply."""
import hashlib
import hmac
import json
import os
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request


def encode(text: str) -> str:
    """RFC 3986: every byte but A-Z a-z 0-9 - . _ ~ as %XX, UTF-8."""
    return urllib.parse.quote(text, safe="-._~")


def canonical_query(params: dict) -> str:
    """Every parameter but sign, empty values dropped, encoded, sorted by encoded name."""
    pairs = sorted(
        (encode(name), encode(str(value)))
        for name, value in params.items()
        if name != "sign" and str(value) != ""
    )
    return "&".join(f"{name}={value}" for name, value in pairs)


def sign(secret: str, method: str, path: str, params: dict) -> str:
    message = f"{method.upper()}\n{path}\n{canonical_query(params)}"
    return hmac.new(secret.encode(), message.encode(), hashlib.sha256).hexdigest()


def call(method: str, path: str, params: dict) -> dict:
    """A signed call with a fresh timestamp and nonce; the reply's JSON envelope."""
    signed = {
        "agencyCode": os.environ["AGENCY_CODE"],
        "appId": os.environ["APP_ID"],
        "timestamp": str(int(time.time() * 1000)),
        "nonce": secrets.token_urlsafe(16),
        **params,
    }
    query = canonical_query(signed) + "&sign=" + sign(os.environ["APP_SECRET"], method, path, signed)
    request = urllib.request.Request(f"{os.environ['BASE_URL']}{path}?{query}", method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:  # 405, 429, 500 carry the envelope too
        return json.load(error)


if __name__ == "__main__":
    vector = sign(
        "test-secret",
        "POST",
        "/wallet/api/agency/assetList",
        {"agencyCode": "AG001", "appId": "app-1", "nonce": "abcdefghijklmnop", "timestamp": "1767225600000"},
    )
    print("vector", vector)  # a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f
    for path, params in [
        ("/wallet/api/agency/assetList", {}),
        ("/wallet/api/user/search", {"q": "Zoë O'Brien", "pageSize": 5}),
    ]:
        print(path, json.dumps(call("POST", path, params), separators=(",", ":")))
