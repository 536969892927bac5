// /developers/api (admins, docs/back-office.md "Roles"): the wallet API reference, rendered from the OpenAPI
// document the wallet service serves (/wallet/api/openapi.json). The server renders every
// operation (method, path, summary, whether it is an extension) and the event types it sends, so
// the page reads without JavaScript; Swagger UI then shows parameters and schemas in full.
import { Download } from 'lucide-react';
import type { Metadata } from 'next';
import { AccessDenied } from '@/components/access-denied';
import { ApiReference } from '@/components/developers/api-reference';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { RowsTable } from '@/components/ui/rows-table';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { can } from '@/lib/backoffice/auth/permissions';
import { fetchWalletOpenApi } from '@/lib/backoffice/wallet-client';

export const metadata: Metadata = { title: 'API reference' };

type Operation = { summary?: string; operationId?: string; 'x-extension'?: boolean };
type Paths = Record<string, Record<string, Operation>>;

export default async function ApiReferencePage() {
  const me = await requireStaff();
  if (!can(me.role, 'developers.read')) return <AccessDenied what="the API reference" />;
  const spec = await fetchWalletOpenApi();
  const operations = Object.entries((spec?.paths ?? {}) as Paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  const webhooks = Object.entries((spec?.webhooks ?? {}) as Paths).map(([type, methods]) => ({
    type,
    summary: methods.post?.summary ?? '',
  }));
  const info = (spec?.info ?? {}) as { title?: string; version?: string };

  return (
    <>
      <PageHeader
        title="API reference"
        description={
          spec
            ? `${info.title ?? 'Wallet API'} ${info.version ?? ''}: every operation is signed (see the description below).`
            : undefined
        }
        breadcrumbs={[{ label: 'Developers', href: '/developers' }, { label: 'API reference' }]}
        actions={
          <>
            <a href="/wallet/api/reference" className={buttonVariants({ variant: 'outline' })}>
              Public reference
            </a>
            <a
              href="/wallet/api/openapi.json"
              className={buttonVariants({ variant: 'outline' })}
              download="wallet-openapi.json"
            >
              <Download aria-hidden="true" />
              OpenAPI document
            </a>
          </>
        }
      />
      {!spec ? (
        <Alert variant="error" live>
          <AlertTitle>The reference could not be loaded</AlertTitle>
          <AlertDescription>
            The wallet service did not answer with its OpenAPI document. Try again in a moment.
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-6 [&>*]:min-w-0">
          <Card>
            <CardHeader>
              <CardTitle>Operations</CardTitle>
            </CardHeader>
            <CardContent>
              <RowsTable
                aria-label="Operations"
                head={
                  <>
                    <TableHead>Method and path</TableHead>
                    <TableHead>What it does</TableHead>
                  </>
                }
                rows={operations}
                row={({ path, method, op }) => (
                  <TableRow key={`${method} ${path}`}>
                    <TableCell className="font-mono text-xs">
                      <span className="font-semibold">{method}</span>{' '}
                      <span className="break-all">{path}</span>
                    </TableCell>
                    <TableCell className="text-sm">
                      {op.summary}
                      {op['x-extension'] ? <span className="text-muted-foreground"> (extension)</span> : null}
                    </TableCell>
                  </TableRow>
                )}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Events sent to webhooks</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-2 text-sm sm:grid-cols-[14rem_1fr]">
                {webhooks.map(({ type, summary }) => (
                  <div key={type} className="contents">
                    <dt className="font-mono">{type}</dt>
                    <dd className="text-muted-foreground">{summary}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          <section aria-labelledby="interactive-reference" className="grid gap-3 [&>*]:min-w-0">
            <h2 id="interactive-reference" className="text-lg font-semibold">
              Parameters and schemas
            </h2>
            <ApiReference spec={spec} />
          </section>
        </div>
      )}
    </>
  );
}
