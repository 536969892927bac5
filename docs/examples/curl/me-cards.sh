#!/usr/bin/env bash
# The cardholder's own calls with curl only (docs/integrator-guide.md "Showing a card to its
# holder"): what the user's device sends with the walletToken registration gave (no signature, no
# agency secret). Set BASE_URL and USER_TOKEN, then:
#   ./me-cards.sh
# It prints the user's cards (masked numbers, balances), then a one-time card-details link for
# the first card, each as the JSON reply.
set -euo pipefail

: "${BASE_URL:?set BASE_URL, e.g. https://wallet.example.com}"
: "${USER_TOKEN:?set USER_TOKEN (user/registerAndKyc answers it; user/walletToken/rotate replaces it)}"

cards=$(curl -sS -H "Authorization: Bearer ${USER_TOKEN}" "${BASE_URL}/wallet/api/me/cards")
echo "me/cards ${cards}"
card_id=$(printf '%s' "$cards" | sed -n 's/^.*"data":\[{"cardId":\([0-9]*\).*$/\1/p')
if [ -n "$card_id" ]; then
  link=$(curl -sS -X POST -H "Authorization: Bearer ${USER_TOKEN}" \
    "${BASE_URL}/wallet/api/me/card/detailsLink?cardId=${card_id}")
  echo "me/card/detailsLink ${link}"
fi
