// The browser's side of GET /cards/data: fetch one page of the card list, check it against the
// contract, and turn a refusal into an error carrying the route's words for staff. Used as the
// queryFn of the /cards list's queries and prefetches (keys: cards-query-keys).
import {
  cardsDataHref,
  type CardsError,
  type CardsPage,
  type CardsQuery,
} from '@/lib/backoffice/cards/cards-view';

export class CardsLoadError extends Error {
  override name = 'CardsLoadError';
  readonly title: string;
  readonly status: number;
  constructor(error: CardsError, status: number) {
    super(error.message);
    this.title = error.title;
    this.status = status;
  }
  /**
   * Only a server-side failure or a "too many requests" (429) may go away on its own; a refused
   * filter or session will not.
   */
  get retryable(): boolean {
    return this.status >= 500 || this.status === 429;
  }
}

const UNREADABLE: CardsError = {
  title: 'The cards could not be loaded',
  message: 'Nothing was changed. The back-office did not answer as expected; try again in a moment.',
};

export async function fetchCardsPage(query: CardsQuery, signal?: AbortSignal): Promise<CardsPage> {
  let response: Response;
  try {
    response = await fetch(cardsDataHref(query), {
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CardsLoadError(
      {
        title: 'The cards could not be loaded',
        message:
          'Nothing was changed. The back-office could not be reached; check the connection and try again.',
      },
      503,
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  // The schemas (and zod) load with the first answer, not with the page (cards-view-schemas.ts).
  const { cardsErrorSchema, cardsPageSchema } = await import('@/lib/backoffice/cards/cards-view-schemas');
  if (!response.ok) {
    const refusal = cardsErrorSchema.safeParse(body);
    throw new CardsLoadError(refusal.success ? refusal.data.error : UNREADABLE, response.status);
  }
  const page = cardsPageSchema.safeParse(body);
  if (!page.success) throw new CardsLoadError(UNREADABLE, 502);
  return page.data;
}
