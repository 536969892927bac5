// What the published OpenAPI document's `webhooks` section says a delivery of each event type is
// (lib/wallet/contract/openapi.ts), checked with an outside JSON Schema validator (ajv, 2020-12, as
// OpenAPI 3.1 reads it; formats checked by hand below for date-times), so a delivery that drifts
// from the document fails the webhook tests, as replies that drift fail behind Prism.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';

type Webhooks = Record<
  string,
  { post: { requestBody: { content: { 'application/json': { schema: object } } } } }
>;

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d\d-\d\dT/.test(s));
const validators = new Map<string, ValidateFunction>();

function validatorOf(type: string): ValidateFunction | undefined {
  if (!validators.has(type)) {
    const webhooks = buildOpenApiDocument().webhooks as Webhooks;
    const entry = Object.hasOwn(webhooks, type) ? webhooks[type] : undefined;
    if (!entry) return undefined;
    validators.set(type, ajv.compile(entry.post.requestBody.content['application/json'].schema));
  }
  return validators.get(type);
}

/**
 * Why a delivered body does not match the document's webhook of its type: [] when it does. A body
 * that is not JSON, or whose type the document does not describe, is a problem too.
 */
export function webhookSchemaProblems(rawBody: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return ['the body is not JSON'];
  }
  const type = (body as { type?: unknown } | null)?.type;
  const validate = typeof type === 'string' ? validatorOf(type) : undefined;
  if (!validate) return [`no webhook in the document for type ${String(type)}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${String(type)}${e.instancePath} ${e.message ?? ''}`);
}

/** Why a request the service sent to the agency's decision URL does not match the webhook `decision`. */
export function decisionRequestProblems(rawBody: string): string[] {
  const validate = validatorOf('decision')!;
  const body: unknown = JSON.parse(rawBody);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `decision${e.instancePath} ${e.message ?? ''}`);
}
