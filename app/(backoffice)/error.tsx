'use client';
// A page that failed to render: say so in words, offer a retry, never show internals. The
// reference is one the server's log also holds (lib/backoffice/shared/page-errors.ts): Next's
// digest of a server error (instrumentation.ts logs it), or, for a page that failed in the
// browser, one made here and reported to the server.
import { RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { reportPageError } from '@/lib/backoffice/shared/page-error-actions';
import { errorClass, pageErrorReference } from '@/lib/backoffice/shared/page-errors';

export default function BackofficeError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const [reference] = useState(() => pageErrorReference(error.digest));
  useEffect(() => {
    if (error.digest) return;
    // Best effort: the page says the reference whether or not the report arrives.
    reportPageError({ reference, path: window.location.pathname, error: errorClass(error) }).catch(
      () => undefined,
    );
  }, [error, reference]);
  return (
    <div className="mx-auto max-w-xl space-y-4 py-12">
      <Alert variant="error" live>
        <AlertTitle>This page could not be shown</AlertTitle>
        <AlertDescription>
          Something went wrong while loading it. Nothing was changed. Try again; if it keeps happening, give
          an administrator this reference: <code data-testid="error-reference">{reference}</code>.
        </AlertDescription>
      </Alert>
      <Button onClick={reset}>
        <RotateCcw className="size-4" aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
