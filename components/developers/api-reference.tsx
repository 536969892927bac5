'use client';
// The interactive API reference of /developers/api: Swagger UI (swagger-ui-react, SmartBear's),
// given the document the page fetched from the wallet service, so it needs no network of its own
// (offline, and nothing outside 'self' under the page's CSP). "Try it out" is off: every call
// must be signed with the app secret, which never reaches a browser. Loaded only on this page,
// after the server-rendered list it enhances.
import dynamic from 'next/dynamic';
import 'swagger-ui-react/swagger-ui.css';

const SwaggerUI = dynamic(() => import('swagger-ui-react'), {
  ssr: false,
  loading: () => <p className="text-sm text-muted-foreground">Loading the interactive reference…</p>,
});

export function ApiReference({ spec }: { spec: Record<string, unknown> }) {
  return (
    <div className="api-reference overflow-x-auto rounded-md border border-border bg-white text-black">
      <SwaggerUI spec={spec} supportedSubmitMethods={[]} docExpansion="list" defaultModelsExpandDepth={0} />
    </div>
  );
}
