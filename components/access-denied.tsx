// What a page shows to a member of staff whose role does not include it.
import { ShieldOff } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

export function AccessDenied({ what }: { what: string }) {
  return (
    <EmptyState
      icon={<ShieldOff className="size-10" aria-hidden="true" />}
      title="You do not have access to this page"
      description={`Your role does not include ${what}. Ask an administrator if you need it.`}
    />
  );
}
