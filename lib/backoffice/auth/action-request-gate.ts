// The gate in front of Next's server-action handler (lib/app-server.ts runs it on every POST that
// Next would take for an action): Next answers 500 to an action posted from another origin, to a
// body it cannot decode and to one over its size limit, and no setting changes that. Such a
// request is a client's fault, so it is answered here with a 4xx and no detail, and logged as
// refused: 403 for an Origin that is missing, `null` or not this app's, 415 for a body Next does
// not send, 413 for one over ACTION_BODY_LIMIT_BYTES, 400 for one it could not parse or whose
// arguments React could not decode (a `$` reference to nothing: action-reply.ts). What passes
// reaches Next as it came (the body read here is handed on), and Next checks it again.
import { IncomingMessage } from 'node:http';
import { replyIsDecodable, type ReplyParts } from './action-reply';

/** Next's own limit for an action's body (serverActions.bodySizeLimit, unset in next.config.mjs). */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/** Next's header naming the action of a fetch (script-driven) action call. */
const ACTION_HEADER = 'next-action';

export type ActionRefusal = {
  status: 400 | 403 | 413 | 415;
  reason: 'origin' | 'content-type' | 'too-large' | 'malformed';
};

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * Whether Next would take this POST for a server action: a fetch action names itself in
 * `Next-Action`; a form posted without scripts is multipart/form-data to a page. Route handlers
 * (the sign-in's under /api/) are never actions.
 */
export function isActionRequest(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): boolean {
  if (req.method !== 'POST' || (req.url ?? '/').startsWith('/api/')) return false;
  const contentType = headerValue(req.headers['content-type']) ?? '';
  return req.headers[ACTION_HEADER] !== undefined || contentType.startsWith('multipart/form-data');
}

/**
 * Whether the Origin is this app's own: an http(s) origin whose host is the host the request was
 * sent to, as Next decides it (X-Forwarded-Host's first value, else Host). A page never sends
 * `null` or nothing for a POST; a sandboxed frame, a redirect chain or another site does.
 */
export function isOwnOrigin(headers: IncomingMessage['headers']): boolean {
  const origin = headerValue(headers.origin);
  if (!origin || origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const forwarded = headerValue(headers['x-forwarded-host'])?.split(',')[0]?.trim();
  const host = forwarded || headerValue(headers.host);
  return host !== undefined && url.host === host.toLowerCase();
}

/**
 * A multipart reply as React reads it from the stream: it decodes the root (field "0") as soon as
 * it arrives, so only the fields and files before it exist for its references (React's client
 * writes the root last); a reference to a later one fails.
 */
function partsBeforeRoot(form: FormData): ReplyParts {
  const texts = new Map<string, string>();
  const files = new Set<string>();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string' && !texts.has(name)) texts.set(name, value);
    if (name === '0') break;
    if (typeof value !== 'string') files.add(name);
  }
  return { text: (name) => texts.get(name), hasFile: (name) => files.has(name) };
}

/**
 * A form posted without scripts names its action by `$ACTION_ID_<id>` or, bound (a form of
 * useActionState), by `$ACTION_REF_<n>` with the action's id and arguments as a reply in the
 * fields `$ACTION_<n>:<chunk>`; React reads the whole form before decoding them.
 */
function boundActionsAreDecodable(form: FormData): boolean {
  for (const name of new Set(form.keys())) {
    if (!name.startsWith('$ACTION_REF_')) continue;
    const prefix = `$ACTION_${name.slice('$ACTION_REF_'.length)}:`;
    const parts: ReplyParts = {
      text: (chunk) => {
        const value = form.get(prefix + chunk);
        return typeof value === 'string' ? value : undefined;
      },
      hasFile: (chunk) => form.get(prefix + chunk) instanceof Blob,
    };
    if (!replyIsDecodable(parts, 'bound-action')) return false;
  }
  return true;
}

/**
 * The refusal a body deserves, or undefined when Next can decode it: text/plain is a fetch action's
 * arguments as one JSON text; multipart/form-data must parse as a form (and, from a fetch action,
 * carry its arguments as JSON in field "0"). Anything else is not what Next's client sends.
 */
export async function checkActionBody(
  contentType: string,
  fetchAction: boolean,
  body: Buffer,
): Promise<ActionRefusal | undefined> {
  const malformed = { status: 400, reason: 'malformed' } as const;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'text/plain' && fetchAction) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      return malformed;
    }
    const parts = { text: (name: string) => (name === '0' ? text : undefined), hasFile: () => false };
    return replyIsDecodable(parts) ? undefined : malformed;
  }
  if (mediaType === 'multipart/form-data') {
    let form: FormData;
    try {
      // The header as sent: the boundary is case-sensitive.
      form = await new Request('http://localhost/', {
        method: 'POST',
        headers: { 'Content-Type': contentType },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      return malformed;
    }
    if (!fetchAction) return boundActionsAreDecodable(form) ? undefined : malformed;
    return replyIsDecodable(partsBeforeRoot(form)) ? undefined : malformed;
  }
  return { status: 415, reason: 'content-type' };
}

/** Reads the body up to the limit; undefined when it is longer (the rest is read and dropped). */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        // Answered now; what is still coming is drained, so the client reads the answer.
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', reject);
    // A client gone before the end of its body may close the request without an error.
    req.once('close', () => {
      if (!req.complete) reject(new Error('the client went away'));
    });
  });
}

/** The request again, for Next, with the body already read from the socket. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  // Complete: ending and closing this copy is not the client going away.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

/**
 * Checks a request Next would take for an action. Returns the request to hand to Next (a copy
 * carrying the body it read), or the refusal it answered itself.
 */
export async function gateActionRequest(
  req: IncomingMessage,
): Promise<{ request: IncomingMessage } | { refused: ActionRefusal }> {
  if (!isOwnOrigin(req.headers)) return { refused: { status: 403, reason: 'origin' } };
  const contentType = headerValue(req.headers['content-type']) ?? '';
  const fetchAction = req.headers[ACTION_HEADER] !== undefined;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'multipart/form-data' && !(fetchAction && mediaType === 'text/plain'))
    return { refused: { status: 415, reason: 'content-type' } };
  const declared = Number(headerValue(req.headers['content-length']) ?? '0');
  if (declared > ACTION_BODY_LIMIT_BYTES) {
    req.resume();
    return { refused: { status: 413, reason: 'too-large' } };
  }
  const body = await readLimited(req, ACTION_BODY_LIMIT_BYTES);
  if (!body) return { refused: { status: 413, reason: 'too-large' } };
  const refusal = await checkActionBody(contentType, fetchAction, body);
  return refusal ? { refused: refusal } : { request: replay(req, body) };
}

const STATUS_TEXT: Record<ActionRefusal['status'], string> = {
  400: 'Bad request.',
  403: 'Forbidden.',
  413: 'Payload too large.',
  415: 'Unsupported media type.',
};

/** The answer to a refused action request: the status and its name, nothing about why. */
export function refusalBody(status: ActionRefusal['status']): string {
  return `${STATUS_TEXT[status]}\n`;
}
