'use client';
// A page that failed to render: say so in words, offer a retry, never show internals.
import { RotateCcw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export default function BackofficeError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="mx-auto max-w-xl space-y-4 py-12">
      <Alert variant="error" live>
        <AlertTitle>This page could not be shown</AlertTitle>
        <AlertDescription>
          Something went wrong while loading it. Nothing was changed. Try again; if it keeps happening, give
          an administrator this reference: <code>{error.digest ?? 'none'}</code>.
        </AlertDescription>
      </Alert>
      <Button onClick={reset}>
        <RotateCcw className="size-4" aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
