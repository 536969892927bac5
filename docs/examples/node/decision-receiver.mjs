// The agency's decision endpoint with Node (18 or later) and no package
// (docs/integrator-guide.md "The agency's decision"). Set DECISION_SECRET (decision/set shows it
// once) and, for the 24 hours after a rotation, DECISION_SECRET_PREVIOUS; PORT (default 8787):
//   node decision-receiver.mjs
// then point decision/set's url at it. It verifies each request's signature on the raw body
// before reading it, and answers {"approved": true}, or {"approved": false, "reason": ...} for a
// gambling merchant (MCC 7995): the policy is yours to write. It prints where it listens, then one
// line per decision.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.DECISION_SECRET ?? '';
const previous = process.env.DECISION_SECRET_PREVIOUS ?? '';
const TOLERANCE_MS = 5 * 60_000;

/** Whether `signature` is HMAC-SHA256(key, timestamp + "." + raw body), as lowercase hex. */
function signedWith(key, timestamp, rawBody, signature) {
  if (!key || !signature) return false;
  const expected = createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A genuine request: a recent timestamp, signed with the secret (or, after a rotation, the old one). */
function genuine(headers, rawBody) {
  const timestamp = headers['wallet-timestamp'] ?? '';
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > TOLERANCE_MS) return false;
  return (
    signedWith(secret, timestamp, rawBody, headers['wallet-signature']) ||
    signedWith(previous, timestamp, rawBody, headers['wallet-signature-previous']) ||
    signedWith(previous, timestamp, rawBody, headers['wallet-signature'])
  );
}

/** Your policy: here, no gambling. */
function decide(request) {
  if (request.merchant.mcc === '7995')
    return { approved: false, reason: 'Gambling is not allowed on this card' };
  return { approved: true };
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const rawBody = Buffer.concat(chunks);
    if (req.method !== 'POST' || !genuine(req.headers, rawBody)) {
      // Not from the wallet: anything but a 2xx is "unavailable", and the fallback decides.
      res.writeHead(401).end();
      return;
    }
    const request = JSON.parse(rawBody.toString('utf8'));
    const answer = decide(request);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    console.log(`decided ${request.authorizationId} ${answer.approved ? 'approved' : 'declined'}`);
  });
});

server.listen(Number(process.env.PORT ?? 8787), '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}/decide`);
});
