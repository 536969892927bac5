'use client';
// A Copy button for text the page shows (a signing secret, a payload sample): the text itself is
// always on the page, selectable, so a page without JavaScript loses only the button (it is not
// rendered until scripts run: without them it could do nothing).
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useMounted } from '@/components/ui/use-mounted';

export function CopyButton({ text, what }: { text: string; what: string }) {
  const mounted = useMounted();
  if (!mounted) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={`Copy ${what}`}
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        toast.success(`${what.charAt(0).toUpperCase()}${what.slice(1)} copied`);
      }}
    >
      <Copy aria-hidden="true" />
      Copy
    </Button>
  );
}
