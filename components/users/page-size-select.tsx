'use client';
// "Rows per page" for the user directory: changing it loads the first page at the new size,
// keeping the rest of the query (the URL is the state, so back and forward work).
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { DEFAULT_PAGE_SIZE, pageSizeOptions } from '@/lib/backoffice/shared/paging';

export function PageSizeSelect({ size }: { size: number }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="page-size" className="whitespace-nowrap text-muted-foreground">
        Rows per page
      </Label>
      <NativeSelect
        id="page-size"
        value={size}
        containerClassName="w-20"
        onChange={(event) => {
          const next = new URLSearchParams(searchParams.toString());
          next.delete('page');
          if (Number(event.target.value) === DEFAULT_PAGE_SIZE) next.delete('size');
          else next.set('size', event.target.value);
          const query = next.toString();
          router.push(query ? `${pathname}?${query}` : pathname);
        }}
      >
        {pageSizeOptions(size).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
