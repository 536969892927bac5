'use client';
// An invitation's one-time link, with a button that copies it (after an invitation and after a
// fresh link for an account that has not joined yet).
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { formatDateTime } from '@/lib/backoffice/shared/format';

export function InviteLink({ path, expiresAt }: { path: string; expiresAt: string }) {
  const url = typeof window === 'undefined' ? path : `${window.location.origin}${path}`;
  return (
    <div className="grid gap-2">
      <label htmlFor="invite-link" className="text-sm font-medium">
        Invitation link (valid until {formatDateTime(expiresAt)})
      </label>
      <div className="flex gap-2">
        <Input id="invite-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            await navigator.clipboard.writeText(url);
            toast.success('Invitation link copied');
          }}
        >
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Send it to them privately. It works once, and is not shown again.
      </p>
    </div>
  );
}
