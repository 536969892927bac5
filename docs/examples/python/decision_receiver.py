"""The agency's decision endpoint with Python 3 and its standard library only
(docs/integrator-guide.md "The agency's decision"). Set DECISION_SECRET (decision/set shows it
once) and, for the 24 hours after a rotation, DECISION_SECRET_PREVIOUS; PORT (default 8787):

    python3 decision_receiver.py

then point decision/set's url at it. It verifies each request's signature on the raw body before
reading it, and answers {"approved": true}, or {"approved": false, "reason": ...} for a gambling
merchant (MCC 7995): the policy is yours to write. It prints where it listens, then one line per
decision.
"""

import hashlib
import hmac
import json
import os
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ.get("DECISION_SECRET", "")
PREVIOUS = os.environ.get("DECISION_SECRET_PREVIOUS", "")
TOLERANCE_MS = 5 * 60_000


def signed_with(key, timestamp, raw_body, signature):
    """Whether signature is HMAC-SHA256(key, timestamp + "." + raw body), as lowercase hex."""
    if not key or not signature:
        return False
    expected = hmac.new(key.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)


def genuine(headers, raw_body):
    """A recent timestamp, signed with the secret (or, after a rotation, the old one)."""
    timestamp = headers.get("Wallet-Timestamp", "")
    if not re.fullmatch(r"\d{1,15}", timestamp) or abs(time.time() * 1000 - int(timestamp)) > TOLERANCE_MS:
        return False
    return (
        signed_with(SECRET, timestamp, raw_body, headers.get("Wallet-Signature"))
        or signed_with(PREVIOUS, timestamp, raw_body, headers.get("Wallet-Signature-Previous"))
        or signed_with(PREVIOUS, timestamp, raw_body, headers.get("Wallet-Signature"))
    )


def decide(request):
    """Your policy: here, no gambling."""
    if request["merchant"]["mcc"] == "7995":
        return {"approved": False, "reason": "Gambling is not allowed on this card"}
    return {"approved": True}


class DecisionHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        raw_body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if not genuine(self.headers, raw_body):
            # Not from the wallet: anything but a 2xx is "unavailable", and the fallback decides.
            self.send_response(401)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        request = json.loads(raw_body)
        answer = json.dumps(decide(request)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)
        verdict = "approved" if json.loads(answer)["approved"] else "declined"
        print(f"decided {request['authorizationId']} {verdict}", flush=True)

    def log_message(self, format, *args):
        pass  # one line per decision is printed above


if __name__ == "__main__":
    server = HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8787"))), DecisionHandler)
    print(f"listening http://127.0.0.1:{server.server_address[1]}/decide", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        sys.exit(0)
