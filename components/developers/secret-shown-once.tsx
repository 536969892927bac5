'use client';
// A signing secret shown the one time the wallet answers with it (a webhook endpoint's, the
// decision endpoint's): as text in a monospace font with room below the line, so that the `_` of
// `whsec_` and `dsec_` shows (an input's box clipped it), selectable as a whole, with a Copy button.
import { CopyButton } from '@/components/developers/copy-button';

export function SecretShownOnce({ id, secret }: { id: string; secret: string }) {
  return (
    <div className="mt-3 grid gap-1">
      <p id={`${id}-label`} className="font-medium">
        Signing secret
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          id={id}
          aria-labelledby={`${id}-label`}
          className="min-w-0 select-all break-all rounded-md border border-border bg-background px-2 py-1.5 font-mono text-sm leading-relaxed"
        >
          {secret}
        </code>
        <CopyButton text={secret} what="the signing secret" />
      </div>
    </div>
  );
}
