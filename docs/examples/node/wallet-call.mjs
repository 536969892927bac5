// Signing and two calls of the wallet API with Node (18 or later) and no package
// (docs/integrator-guide.md "Signing"). Set BASE_URL, AGENCY_CODE, APP_ID and APP_SECRET, then:
//   node wallet-call.mjs
// It prints the signature of the first test vector, then each call's path and its JSON reply.
import { createHmac, randomBytes } from 'node:crypto';

/** RFC 3986: encodeURIComponent, plus ! ' ( ) * as %21 %27 %28 %29 %2A. */
const encode = (text) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Every parameter but sign, empty values dropped, encoded, sorted by encoded name (code units). */
function canonicalQuery(params) {
  return Object.entries(params)
    .filter(([name, value]) => name !== 'sign' && String(value) !== '')
    .map(([name, value]) => [encode(name), encode(String(value))])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function sign(secret, method, path, params) {
  const message = `${method.toUpperCase()}\n${path}\n${canonicalQuery(params)}`;
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** A signed call with a fresh timestamp and nonce; the reply's JSON envelope. */
async function call(method, path, params = {}) {
  const signed = {
    agencyCode: process.env.AGENCY_CODE,
    appId: process.env.APP_ID,
    timestamp: String(Date.now()),
    nonce: randomBytes(16).toString('base64url'),
    ...params,
  };
  const query = `${canonicalQuery(signed)}&sign=${sign(process.env.APP_SECRET, method, path, signed)}`;
  const response = await fetch(`${process.env.BASE_URL}${path}?${query}`, { method });
  return response.json(); // 405, 429 and 500 carry the envelope too
}

const vector = sign('test-secret', 'POST', '/wallet/api/agency/assetList', {
  agencyCode: 'AG001',
  appId: 'app-1',
  nonce: 'abcdefghijklmnop',
  timestamp: '1767225600000',
});
console.log('vector', vector); // a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f
for (const [path, params] of [
  ['/wallet/api/agency/assetList', {}],
  ['/wallet/api/user/search', { q: "Zoë O'Brien", pageSize: 5 }],
]) {
  console.log(path, JSON.stringify(await call('POST', path, params)));
}
