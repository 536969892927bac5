// The cursor pager of a list of purchases, newest first (a card's purchases, /transactions): back
// to the newest page, on to older ones; plain links, so it pages without JavaScript. Nothing
// when there is one page.
import Link from 'next/link';

export function PurchasePager({
  label,
  newestHref,
  olderHref,
}: {
  /** The navigation's name for assistive technology. */
  label: string;
  /** Set when this is not the first page. */
  newestHref: string | null;
  /** Set when there are older purchases. */
  olderHref: string | null;
}) {
  if (!newestHref && !olderHref) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap gap-4 text-sm">
      {newestHref ? (
        <Link href={newestHref} className="text-link underline underline-offset-4">
          Newest purchases
        </Link>
      ) : null}
      {olderHref ? (
        <Link href={olderHref} className="text-link underline underline-offset-4" rel="next">
          Older purchases
        </Link>
      ) : null}
    </nav>
  );
}
