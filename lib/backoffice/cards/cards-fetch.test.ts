import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardsLoadError, fetchCardsPage } from './cards-fetch';
import { userEntry } from './cards-test-fixtures';
import { type CardsQuery } from './cards-view';
import { toCardsPage } from './cards-view-schemas';

const query: CardsQuery = { page: 2, size: 10, q: null, all: false };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchCardsPage', () => {
  it('asks the data route for the page and checks the answer against the contract', async () => {
    const page = toCardsPage({ dataTotal: 11, haveNext: false, list: [userEntry()] }, query);
    const fetchMock = answer(200, page);
    await expect(fetchCardsPage(query)).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledWith('/cards/data?page=2&size=10', expect.anything());
  });

  it("carries the route's words for staff, and whether trying again can help", async () => {
    answer(400, { error: { title: 'The filter is not valid', message: 'The app user ID is not valid.' } });
    const refused = await fetchCardsPage(query).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CardsLoadError);
    expect(refused).toMatchObject({
      title: 'The filter is not valid',
      message: 'The app user ID is not valid.',
    });
    expect((refused as CardsLoadError).retryable).toBe(false);

    answer(503, { error: { title: 'The cards could not be loaded', message: 'Nothing was changed.' } });
    expect(((await fetchCardsPage(query).catch((e: unknown) => e)) as CardsLoadError).retryable).toBe(true);

    answer(429, {
      error: { title: 'The cards could not be loaded', message: 'The wallet service is busy.' },
    });
    expect(((await fetchCardsPage(query).catch((e: unknown) => e)) as CardsLoadError).retryable).toBe(true);
  });

  it('refuses an answer off the contract, such as a card number in full', async () => {
    const page = toCardsPage(
      { dataTotal: 1, haveNext: false, list: [userEntry()] },
      { page: 1, size: 20, q: null, all: false },
    );
    answer(200, {
      ...page,
      users: [
        {
          ...page.users[0],
          cards: [
            {
              cardId: 1,
              maskedNumber: '4532015112830366',
              categoryName: 'x',
              network: 'VISA',
              type: 'VIRTUAL',
              status: 'ACTIVE',
              accountStatus: 'APPROVED',
              expiry: '01/2030',
              embossedName: 'X',
              activeTime: null,
            },
          ],
        },
      ],
    });
    const error = await fetchCardsPage(query).catch((e: unknown) => e);
    expect(error).toMatchObject({ title: 'The cards could not be loaded', status: 502 });
  });
});
