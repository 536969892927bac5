'use client';
// The ten recovery codes, shown once when two-factor sign-in is turned on: listed, downloadable as
// a text file (a data: link, so it works before the page's scripts run, or without them) and, once
// they run, copied in one click. Kept somewhere safe, they are the way back in without the phone.
import { Copy, Download } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useMounted } from '@/components/ui/use-mounted';
import { recoveryCodesFile } from '@/lib/backoffice/auth/recovery-codes-file';

export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const mounted = useMounted();
  const file = recoveryCodesFile(codes);
  return (
    <>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file.text)}`}
          download={file.name}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Download className="size-4" aria-hidden="true" />
          Download the codes
        </a>
        {mounted ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={async () => {
              await navigator.clipboard.writeText(codes.join('\n'));
              toast.success('Recovery codes copied');
            }}
          >
            <Copy className="size-4" aria-hidden="true" />
            Copy the codes
          </Button>
        ) : null}
      </div>
    </>
  );
}
