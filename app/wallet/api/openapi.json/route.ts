// The OpenAPI 3.1 description of the wallet API: public documentation, unsigned, generated from
// the same zod contracts the service validates with. Rendered once at build time.
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';

export const dynamic = 'force-static';

export function GET(): Response {
  return new Response(JSON.stringify(buildOpenApiDocument()), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}
