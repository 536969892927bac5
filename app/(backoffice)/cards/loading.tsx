// What /cards shows while the server asks the wallet for the page: the header, the filter bar
// and the table as placeholders, marked busy for assistive technology.
import { Skeleton } from '@/components/ui/skeleton';

export default function CardsLoading() {
  return (
    <div aria-busy="true" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading the cards…</span>
      <div className="space-y-2">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-full max-w-2xl" />
      </div>
      <Skeleton className="h-24 rounded-lg" />
      <div className="space-y-2 rounded-lg border p-4">
        <Skeleton className="h-6 w-full" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    </div>
  );
}
