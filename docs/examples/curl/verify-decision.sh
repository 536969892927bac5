#!/usr/bin/env bash
# Verifying a captured decision request with openssl (docs/integrator-guide.md "The agency's
# decision"): a receiver in bash is awkward, but checking the signature your own server got is not.
# Set DECISION_SECRET (decision/set shows it once), TIMESTAMP and SIGNATURE (the request's
# Wallet-Timestamp and Wallet-Signature headers) and BODY_FILE (its raw body, byte for byte):
#   bash verify-decision.sh
# It prints the answer to send ({"approved": true}, or a decline for a gambling merchant, MCC
# 7995), or says the signature does not match and exits 1.
set -euo pipefail

: "${DECISION_SECRET:?set DECISION_SECRET}" "${TIMESTAMP:?set TIMESTAMP}" "${SIGNATURE:?set SIGNATURE}"
: "${BODY_FILE:?set BODY_FILE}"

# HMAC-SHA256 of timestamp + "." + the raw body, lowercase hex.
expected=$( { printf '%s.' "$TIMESTAMP"; cat "$BODY_FILE"; } |
  openssl dgst -sha256 -hmac "$DECISION_SECRET" -hex | sed 's/^.*= //')

if [ "$expected" != "$SIGNATURE" ]; then
  echo "signature does not match" >&2
  exit 1
fi
now_ms=$(( $(date +%s) * 1000 ))
if [ $(( now_ms - TIMESTAMP )) -gt 300000 ] || [ $(( TIMESTAMP - now_ms )) -gt 300000 ]; then
  echo "timestamp too far from this clock" >&2
  exit 1
fi

# Your policy: here, no gambling.
if grep -q '"mcc":"7995"' "$BODY_FILE"; then
  echo '{"approved":false,"reason":"Gambling is not allowed on this card"}'
else
  echo '{"approved":true}'
fi
