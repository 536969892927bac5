#!/usr/bin/env python3
"""The wallet API's Python client: one file, Python 3.8+, the standard library only
(docs/integrator-guide.md "The Python client"). Copy it into your project.

    from wallet_client import WalletClient, verify_webhook
    wallet = WalletClient("https://wallet.example.com", "AG001", "app-1", secret)
    reply = wallet.agencyAssetList()                    # or wallet.call("agencyAssetList")
    if reply["code"] == 0:
        print(reply["data"])

Every operation of the catalogue is a method named as in the reference (OPERATIONS below, written
from the catalogue by `npm run docs:reference`). Each call is signed with a fresh timestamp and
nonce and answers the reply's envelope {code, msg, data?} as a dict, whatever its HTTP status;
`wallet.last_headers` holds the reply's headers, read case-insensitively (`.get("Wallet-Mode")`,
Idempotent-Replayed, Retry-After).
A parameter given as "" counts as absent, except a clearable one (a limit or a list of
card/controls/set or kyt/rules/set), which is sent as `name=` and removes its setting.
The cardholder's operations (me/*) are sent with the user's walletToken as the bearer and no
signature: `wallet.meCards(wallet_token=token)`; on a device, `WalletClient(base_url)` alone.

    python3 wallet_client.py --self-test    signs the guide's test vectors and checks webhook
                                            verification; with BASE_URL, AGENCY_CODE, APP_ID and
                                            APP_SECRET set, also runs a card's journey against the
                                            service. Ends with the line "N passed, N failed".
    python3 wallet_client.py --operations   prints the operation table as JSON
"""
import email.message
import hashlib
import hmac
import json
import os
import secrets
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

# <catalogue:operations> written by `npm run docs:reference`; do not edit by hand
OPERATIONS = {
    "registerAndKyc": ("POST", "/wallet/api/user/registerAndKyc", ()),
    "cardListAllByUser": ("POST", "/wallet/api/cardList/allByUser", ()),
    "agencyApplyUserCard": ("POST", "/wallet/api/agency/applyUserCard", ()),
    "userApplyCard": ("POST", "/wallet/api/user/applyCard", ()),
    "agencyAssetList": ("POST", "/wallet/api/agency/assetList", ()),
    "userCardList": ("GET", "/wallet/api/user/cardList", ()),
    "addAddress": ("POST", "/wallet/api/address/add", ()),
    "categoryList": ("POST", "/wallet/api/card/categoryList", ()),
    "userAssetList": ("POST", "/wallet/api/user/assetList", ()),
    "addressList": ("POST", "/wallet/api/address/list", ()),
    "cardDetail": ("POST", "/wallet/api/card/detail", ()),
    "cardList": ("POST", "/wallet/api/card/list", ()),
    "cardActivate": ("POST", "/wallet/api/card/activate", ()),
    "cardLock": ("POST", "/wallet/api/card/lock", ()),
    "cardUnlock": ("POST", "/wallet/api/card/unlock", ()),
    "cardCancel": ("POST", "/wallet/api/card/cancel", ()),
    "cardReplace": ("POST", "/wallet/api/card/replace", ()),
    "assetTransfer": ("POST", "/wallet/api/asset/transfer", ()),
    "assetLedger": ("POST", "/wallet/api/asset/ledger", ()),
    "assetDaily": ("POST", "/wallet/api/asset/daily", ()),
    "addressUpdate": ("POST", "/wallet/api/address/update", ()),
    "addressDelete": ("POST", "/wallet/api/address/delete", ()),
    "userSearch": ("POST", "/wallet/api/user/search", ()),
    "userDetail": ("POST", "/wallet/api/user/detail", ()),
    "webhookAdd": ("POST", "/wallet/api/webhook/add", ()),
    "webhookList": ("POST", "/wallet/api/webhook/list", ()),
    "webhookDelete": ("POST", "/wallet/api/webhook/delete", ()),
    "webhookRotateSecret": ("POST", "/wallet/api/webhook/rotateSecret", ()),
    "eventList": ("POST", "/wallet/api/event/list", ()),
    "eventRedeliver": ("POST", "/wallet/api/event/redeliver", ()),
    "webhookTest": ("POST", "/wallet/api/webhook/test", ()),
    "simulateAuthorize": ("POST", "/wallet/api/simulate/authorize", ()),
    "simulateClear": ("POST", "/wallet/api/simulate/clear", ()),
    "simulateReverse": ("POST", "/wallet/api/simulate/reverse", ()),
    "simulateRefund": ("POST", "/wallet/api/simulate/refund", ()),
    "cardAuthorizations": ("POST", "/wallet/api/card/authorizations", ()),
    "authorizationList": ("POST", "/wallet/api/authorization/list", ()),
    "authorizationSummary": ("POST", "/wallet/api/authorization/summary", ()),
    "authorizationDetail": ("POST", "/wallet/api/authorization/detail", ()),
    "cardControls": ("POST", "/wallet/api/card/controls", ()),
    "cardControlsSet": ("POST", "/wallet/api/card/controls/set", ("perTransaction", "daily", "monthly", "allTime", "blockedMcc", "blockedCountries")),
    "decisionSet": ("POST", "/wallet/api/decision/set", ("url",)),
    "decisionGet": ("POST", "/wallet/api/decision/get", ()),
    "depositAddress": ("POST", "/wallet/api/deposit/address", ()),
    "simulateDeposit": ("POST", "/wallet/api/simulate/deposit", ()),
    "simulateConfirm": ("POST", "/wallet/api/simulate/confirm", ()),
    "depositList": ("POST", "/wallet/api/deposit/list", ()),
    "depositRelease": ("POST", "/wallet/api/deposit/release", ()),
    "kytRules": ("POST", "/wallet/api/kyt/rules", ()),
    "kytRulesSet": ("POST", "/wallet/api/kyt/rules/set", ("blockedAddresses", "reviewAddresses")),
    "disputeCreate": ("POST", "/wallet/api/dispute/create", ()),
    "disputeSubmit": ("POST", "/wallet/api/dispute/submit", ()),
    "disputeWithdraw": ("POST", "/wallet/api/dispute/withdraw", ()),
    "disputeDetail": ("POST", "/wallet/api/dispute/detail", ()),
    "disputeList": ("POST", "/wallet/api/dispute/list", ()),
    "simulateDisputeOutcome": ("POST", "/wallet/api/simulate/disputeOutcome", ()),
    "cardDetailsLink": ("POST", "/wallet/api/card/detailsLink", ()),
    "appCardViewOrigins": ("POST", "/wallet/api/app/cardViewOrigins", ()),
    "appCardViewOriginsSet": ("POST", "/wallet/api/app/cardViewOrigins/set", ("origins",)),
    "userWalletTokenRotate": ("POST", "/wallet/api/user/walletToken/rotate", ()),
    "meCards": ("GET", "/wallet/api/me/cards", ()),
    "meCardAuthorizations": ("GET", "/wallet/api/me/card/authorizations", ()),
    "meCardFreeze": ("POST", "/wallet/api/me/card/freeze", ()),
    "meCardUnfreeze": ("POST", "/wallet/api/me/card/unfreeze", ()),
    "meCardDetailsLink": ("POST", "/wallet/api/me/card/detailsLink", ()),
    "simulateExpireCard": ("POST", "/wallet/api/simulate/expireCard", ()),
    "disputeSummary": ("POST", "/wallet/api/dispute/summary", ()),
}
# </catalogue:operations>

SIGNING = ("agencyCode", "appId", "timestamp", "nonce", "sign")
CARDHOLDER_PATH = "/wallet/api/me/"


def encode(text):
    """RFC 3986: every byte but A-Z a-z 0-9 - . _ ~ as %XX, UTF-8."""
    return urllib.parse.quote(str(text), safe="-._~")


def _text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def canonical_query(params):
    """Every parameter but sign, empty values dropped, encoded, sorted by encoded name."""
    pairs = sorted(
        (encode(name), encode(_text(value)))
        for name, value in params.items()
        if name != "sign" and _text(value) != ""
    )
    return "&".join(f"{name}={value}" for name, value in pairs)


def string_to_sign(method, path, params):
    return f"{method.upper()}\n{path}\n{canonical_query(params)}"


def sign(secret, method, path, params):
    """The lowercase hex HMAC-SHA256 of the string to sign (docs/wallet-api.md "Signature")."""
    message = string_to_sign(method, path, params)
    return hmac.new(secret.encode(), message.encode(), hashlib.sha256).hexdigest()


def signed_query(secret, method, path, agency_code, app_id, params=None, timestamp=None, nonce=None, emptied=()):
    """The whole query string of a signed call: the signed pairs, `sign`, then `emptied` as `name=`."""
    pairs = {
        "agencyCode": agency_code,
        "appId": app_id,
        "timestamp": str(timestamp if timestamp is not None else int(time.time() * 1000)),
        "nonce": nonce or secrets.token_urlsafe(16),
    }
    for name, value in (params or {}).items():
        if _text(value) != "":
            pairs[name] = _text(value)
    query = canonical_query(pairs) + "&sign=" + sign(secret, method, path, pairs)
    return query + "".join(f"&{encode(name)}=" for name in emptied)


def _signature_matches(secret, timestamp, raw_body, signature):
    body = raw_body.decode() if isinstance(raw_body, (bytes, bytearray)) else raw_body
    expected = hmac.new(secret.encode(), f"{timestamp}.{body}".encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature.lower())


def verify_webhook(secret, raw_body, timestamp, signature, tolerance_ms=300_000, now_ms=None,
                   previous_signature=None):
    """Whether a delivery is genuine: Wallet-Signature over Wallet-Timestamp + "." + the raw body,
    with a timestamp within tolerance_ms of now (an old delivery replayed is refused). For 24 hours
    after a secret rotation the request also carries Wallet-Signature-Previous (pass it as
    previous_signature): either header verifying with the secret you hold is enough."""
    if not timestamp or not str(timestamp).isdigit() or len(str(timestamp)) > 15:
        return False
    now = now_ms if now_ms is not None else int(time.time() * 1000)
    if abs(now - int(timestamp)) > tolerance_ms:
        return False
    return any(
        candidate and _signature_matches(secret, timestamp, raw_body, candidate)
        for candidate in (signature, previous_signature)
    )


def verify_decision_request(secret, raw_body, timestamp, signature, tolerance_ms=300_000, now_ms=None,
                            previous_signature=None):
    """The agency's decision endpoint receives requests signed as webhook deliveries are, with the
    decision secret (docs/card-spending.md "The agency's decision"). Answer {"approved": true} to
    approve, {"approved": false, "reason": "..."} to decline (the reason, up to 200 characters, is
    kept as the authorization's agencyReason)."""
    return verify_webhook(secret, raw_body, timestamp, signature, tolerance_ms, now_ms, previous_signature)


class WalletClient:
    """Signs and sends every operation; `call(name, **params)` or `client.<name>(**params)`."""

    def __init__(self, base_url, agency_code="", app_id="", secret="", timeout=30):
        self.base_url = base_url.rstrip("/")
        self.agency_code = agency_code
        self.app_id = app_id
        self.secret = secret
        self.timeout = timeout
        self.last_headers = email.message.Message()

    def call(self, name, wallet_token=None, **params):
        if name not in OPERATIONS:
            raise ValueError(f"unknown wallet operation: {name}")
        method, path, clearable = OPERATIONS[name]
        headers = {"Accept": "application/json"}
        if path.startswith(CARDHOLDER_PATH):
            # The cardholder's operations: the walletToken is the bearer; nothing is signed.
            if not wallet_token:
                raise ValueError(f"{name} is the cardholder's: give wallet_token=<the user's walletToken>")
            headers["Authorization"] = f"Bearer {wallet_token}"
            query = "&".join(
                f"{encode(k)}={encode(_text(v))}" for k, v in params.items() if _text(v) != ""
            )
        else:
            emptied = [p for p in clearable if params.get(p) == ""]
            query = signed_query(self.secret, method, path, self.agency_code, self.app_id, params, emptied=emptied)
        request = urllib.request.Request(f"{self.base_url}{path}?{query}", method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                self.last_headers = response.headers
                return json.load(response)
        except urllib.error.HTTPError as error:  # 404, 405, 429, 500 and 503 carry the envelope too
            self.last_headers = error.headers
            return json.load(error)

    def __getattr__(self, name):
        if name in OPERATIONS:
            return lambda **params: self.call(name, **params)
        raise AttributeError(name)


# ------------------------------------------------------------------------------- self-test

VECTORS = [
    (
        "POST",
        "/wallet/api/agency/assetList",
        {"agencyCode": "AG001", "appId": "app-1", "nonce": "abcdefghijklmnop", "timestamp": "1767225600000"},
        "a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f",
    ),
    (
        "POST",
        "/wallet/api/user/registerAndKyc",
        {
            "agencyCode": "AG001",
            "appId": "app-1",
            "appUserId": "u-1",
            "embossedName": "JOHN DOE",
            "firstName": "O'Neil (Jr)*",
            "note": "",
            "photos": "https://x.test/a.png?s=1,https://x.test/b.png",
            "nonce": "abcdefghijklmnop",
            "timestamp": "1767225600000",
        },
        "f3a2694c3aa4592a61158d62fbacb0b0dd249d83d400f1cd2d14ff59c2ef4c9c",
    ),
]


class _Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, what, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok   {what}")
        else:
            self.failed += 1
            print(f"FAIL {what} {detail}")
        return ok


def _offline_checks(checks):
    for method, path, params, expected in VECTORS:
        checks.check(f"vector {path}", sign("test-secret", method, path, params) == expected)
    body = '{"id":"evt_x","type":"ping"}'
    now = int(time.time() * 1000)
    signature = hmac.new(b"whsec_test", f"{now}.{body}".encode(), hashlib.sha256).hexdigest()
    checks.check("a genuine delivery verifies", verify_webhook("whsec_test", body, str(now), signature))
    checks.check("a changed body does not", not verify_webhook("whsec_test", body + " ", str(now), signature))
    checks.check(
        "an old delivery does not", not verify_webhook("whsec_test", body, str(now - 600_000), signature)
    )
    checks.check(
        "a decision request verifies", verify_decision_request("whsec_test", body.encode(), str(now), signature)
    )


def _journey(checks, wallet):
    """A card's journey: a user, a card paid by the agency, a top-up, a purchase, a lock, a limit."""
    suffix = secrets.token_hex(4)
    user = f"py-{suffix}"
    ok = lambda reply: reply.get("code") == 0  # noqa: E731
    reply = wallet.agencyAssetList()
    if not checks.check("agencyAssetList", ok(reply), reply.get("msg", "")):
        return
    usd = [a for a in reply["data"] if a["currency"] == "USD"]
    if not checks.check("an agency asset in USD", len(usd) > 0):
        return
    asset = max(usd, key=lambda a: a["balance"])["assetId"]
    reply = wallet.registerAndKyc(
        appUserId=user,
        email=f"{user}@example.com",
        firstName="Ada",
        lastName="Lovelace",
        birthday="1990-04-12",
        mobile="1-4155550100",
        region="United States",
        documentType="PASSPORT",
        documentNo="X1234567",
        photos="https://files.example.com/doc-front.png",
    )
    checks.check("registerAndKyc", ok(reply), reply.get("msg", ""))
    token = reply.get("data", {}).get("walletToken", "")
    reply = wallet.agencyApplyUserCard(
        appUserId=user, paymentAssetId=asset, categoryId=1, embossedName="ADA LOVELACE", requestId=f"py-card-{suffix}"
    )
    if not checks.check("agencyApplyUserCard", ok(reply), reply.get("msg", "")):
        return
    card = reply["data"]["cardId"]
    detail = wallet.cardDetail(appUserId=user, cardId=card)
    checks.check("cardDetail", ok(detail), detail.get("msg", ""))
    if detail["data"]["status"] == "PENDING":
        checks.check("cardActivate", ok(wallet.cardActivate(appUserId=user, cardId=card)))
    reply = wallet.assetTransfer(
        fromAssetId=asset, toAssetId=detail["data"]["cardAssetId"], amount="20.00", requestId=f"py-top-{suffix}"
    )
    checks.check("assetTransfer (a top-up)", ok(reply), reply.get("msg", ""))
    again = wallet.assetTransfer(
        fromAssetId=asset, toAssetId=detail["data"]["cardAssetId"], amount="20.00", requestId=f"py-top-{suffix}"
    )
    checks.check(
        "the same requestId answers the same, replayed",
        again == reply and wallet.last_headers.get("Idempotent-Replayed") == "true",
    )
    purchase = wallet.simulateAuthorize(
        cardId=card, amount="12.50", merchantName="Corner Cafe", mcc="5812", merchantCountry="US"
    )
    approved = ok(purchase) and purchase["data"]["status"] == "PENDING"
    checks.check("simulateAuthorize approves", approved, purchase.get("msg", ""))
    if approved:
        cleared = wallet.simulateClear(authorizationId=purchase["data"]["authorizationId"])
        checks.check("simulateClear", ok(cleared) and cleared["data"]["status"] == "CLEARED")
    controls = wallet.cardControlsSet(appUserId=user, cardId=card, daily="50")
    checks.check("cardControlsSet sets a daily limit", ok(controls) and len(controls["data"]["limits"]) == 1)
    controls = wallet.cardControlsSet(appUserId=user, cardId=card, daily="")
    checks.check("a clearable parameter given empty removes it", ok(controls) and controls["data"]["limits"] == [])
    # The cardholder's own calls, as the user's device makes them: the walletToken and nothing else.
    device = WalletClient(wallet.base_url)
    mine = device.meCards(wallet_token=token)
    checks.check("meCards with the walletToken", ok(mine) and [c["cardId"] for c in mine["data"]] == [card])
    frozen = device.meCardFreeze(wallet_token=token, cardId=card)
    checks.check("meCardFreeze", ok(frozen) and frozen["data"]["statusReason"] == "CARDHOLDER_FROZEN")
    checks.check("meCardUnfreeze", ok(device.meCardUnfreeze(wallet_token=token, cardId=card)))
    checks.check("an unknown walletToken is 2005", device.meCards(wallet_token="wt_unknown").get("code") == 2005)
    checks.check("cardLock", ok(wallet.cardLock(appUserId=user, cardId=card, reason="LOST")))
    refused = wallet.cardListAllByUser(pageSize=101)
    checks.check(
        "a refusal names its field", refused.get("code") == 1002 and refused.get("data", {}).get("field") == "pageSize"
    )


def self_test():
    checks = _Checks()
    _offline_checks(checks)
    env = [os.environ.get(k) for k in ("BASE_URL", "AGENCY_CODE", "APP_ID", "APP_SECRET")]
    if all(env):
        _journey(checks, WalletClient(*env))
    else:
        print("(set BASE_URL, AGENCY_CODE, APP_ID and APP_SECRET to run the journey against a service)")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    if "--operations" in sys.argv:
        print(json.dumps({name: [m, p, list(c)] for name, (m, p, c) in OPERATIONS.items()}, sort_keys=True))
    elif "--self-test" in sys.argv:
        sys.exit(self_test())
    else:
        print(__doc__)
