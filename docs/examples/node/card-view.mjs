// Showing a card to its holder with Node (18 or later) and no package (docs/integrator-guide.md
// "Showing a card to its holder"). The agency's server: for a signed-in user (here the query names
// them; in your app, your session does) it mints a one-time card-details link with card/detailsLink
// and answers a page that embeds it in an iframe. Your servers never see the card's number or CVV:
// the wallet service serves them, in the frame, to the holder's browser only. Set BASE_URL,
// AGENCY_CODE, APP_ID, APP_SECRET and PORT (default 8788), then:
//   node card-view.mjs
// and open http://localhost:8788/card?appUserId=<user>&cardId=<card>. Register this page's origin
// with app/cardViewOrigins/set (https:// only), or the wallet's page refuses to be framed.
// It prints where it listens.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

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

/** A signed call with a fresh timestamp and nonce; the reply's JSON envelope. */
async function call(method, path, params = {}) {
  const signed = {
    agencyCode: process.env.AGENCY_CODE,
    appId: process.env.APP_ID,
    timestamp: String(Date.now()),
    nonce: randomBytes(16).toString('base64url'),
    ...params,
  };
  const message = `${method}\n${path}\n${canonicalQuery(signed)}`;
  const sign = createHmac('sha256', process.env.APP_SECRET).update(message, 'utf8').digest('hex');
  const response = await fetch(`${process.env.BASE_URL}${path}?${canonicalQuery(signed)}&sign=${sign}`, {
    method,
  });
  return response.json();
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname !== '/card') return res.writeHead(404).end();
  const link = await call('POST', '/wallet/api/card/detailsLink', {
    appUserId: url.searchParams.get('appUserId') ?? '',
    cardId: url.searchParams.get('cardId') ?? '',
  });
  if (link.code !== 0) {
    res.writeHead(409, { 'Content-Type': 'text/plain; charset=utf-8' });
    return res.end(`The card cannot be shown: ${link.msg}`);
  }
  // The link opens once, within 60 seconds: mint it per page view, never cache this page.
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Your card</title>
<h1>Your card</h1>
<iframe src="${escape(link.data.url)}" title="Your card details" allow="clipboard-write"
  referrerpolicy="no-referrer" style="width:100%;max-width:440px;height:520px;border:0"></iframe>
</html>`);
});
server.listen(Number(process.env.PORT ?? 8788), '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}`);
});
