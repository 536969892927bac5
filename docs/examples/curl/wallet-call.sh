#!/usr/bin/env bash
# Signing and two calls of the wallet API with curl and openssl only
# (docs/integrator-guide.md "Signing"). Set BASE_URL, AGENCY_CODE, APP_ID and APP_SECRET, then:
#   ./wallet-call.sh
# It prints the signature of the first test vector, then each call's path and its JSON reply.
set -euo pipefail

: "${BASE_URL:?set BASE_URL, e.g. https://wallet.example.com}"
: "${AGENCY_CODE:?set AGENCY_CODE}"
: "${APP_ID:?set APP_ID}"
: "${APP_SECRET:?set APP_SECRET}"

# RFC 3986: every byte but A-Z a-z 0-9 - . _ ~ as %XX (upper-case hex), UTF-8 byte by byte.
encode() {
  local LC_ALL=C s="$1" out='' c i
  for ((i = 0; i < ${#s}; i++)); do
    c="${s:i:1}"
    case "$c" in
      [A-Za-z0-9._~-]) out+="$c" ;;
      *) out+=$(printf '%%%02X' "'$c") ;;
    esac
  done
  printf '%s' "$out"
}

# sign METHOD PATH name=value...: prints the canonical query with its sign appended.
# Empty values are dropped; pairs are sorted by encoded name in byte order.
sign() {
  local method="$1" path="$2" pair name value canonical signature
  shift 2
  local -a encoded=()
  for pair in "$@"; do
    name="${pair%%=*}"
    value="${pair#*=}"
    [[ -z "$value" ]] && continue
    encoded+=("$(encode "$name")=$(encode "$value")")
  done
  canonical=$(printf '%s\n' "${encoded[@]}" | LC_ALL=C sort -t '=' -k1,1 | paste -sd '&' -)
  signature=$(printf '%s\n%s\n%s' "$method" "$path" "$canonical" |
    openssl dgst -sha256 -hmac "$APP_SECRET" -hex | sed 's/^.*= //')
  printf '%s&sign=%s' "$canonical" "$signature"
}

# call METHOD PATH name=value...: a signed call, with a fresh timestamp and nonce.
call() {
  local method="$1" path="$2" query
  shift 2
  query=$(sign "$method" "$path" "agencyCode=$AGENCY_CODE" "appId=$APP_ID" \
    "timestamp=$(date +%s)000" "nonce=$(openssl rand -hex 16)" "$@")
  printf '%s ' "$path"
  curl -sS -X "$method" "$BASE_URL$path?$query"
  printf '\n'
}

# The first test vector (secret test-secret): a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f
vector=$(APP_SECRET=test-secret sign POST /wallet/api/agency/assetList \
  agencyCode=AG001 appId=app-1 nonce=abcdefghijklmnop timestamp=1767225600000)
echo "vector ${vector##*sign=}"

call POST /wallet/api/agency/assetList
call POST /wallet/api/user/search "q=Zoë O'Brien" pageSize=5
