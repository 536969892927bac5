import { describe, expect, it } from 'vitest';
import { cardFiltersQuery, describeCardFilters, parseCardFilters } from './card-filters';

describe('the /cards filters', () => {
  it('reads every filter from the URL, and says what the list shows', () => {
    const parsed = parseCardFilters(
      new URLSearchParams('status=LOCKED&type=VIRTUAL&last4=3771&from=2026-11-01&to=2026-11-30&sort=oldest'),
    );
    expect(parsed).toEqual({
      filters: {
        holder: null,
        status: 'LOCKED',
        type: 'VIRTUAL',
        last4: '3771',
        from: '2026-11-01',
        to: '2026-11-30',
        sort: 'oldest',
        size: 25,
      },
      cursor: null,
      active: true,
      problems: {},
    });
    expect(describeCardFilters(parsed.filters)).toBe(
      'Locked virtual cards ending 3771, issued 2026-11-01 to 2026-11-30, oldest issued first',
    );
    expect(cardFiltersQuery(parsed.filters, 'abc')).toBe(
      'status=LOCKED&type=VIRTUAL&last4=3771&from=2026-11-01&to=2026-11-30&sort=oldest&cursor=abc',
    );
  });

  it('names what it cannot use and leaves it out; no filter is the grouped list', () => {
    const parsed = parseCardFilters(
      new URLSearchParams('status=lost&last4=37&from=2026-13-01&to=2026-01-01'),
    );
    expect(parsed.filters).toEqual({
      holder: null,
      status: null,
      type: null,
      last4: null,
      from: null,
      to: '2026-01-01',
      sort: 'newest',
      size: 25,
    });
    expect(parsed.problems).toEqual({
      status: 'Choose a status from the list.',
      last4: 'Enter the last four digits of the card number, e.g. 3771.',
      from: 'Enter a date, e.g. 2026-11-01.',
    });
    expect(parseCardFilters(new URLSearchParams('page=2&q=ada')).active).toBe(false);
    expect(parseCardFilters(new URLSearchParams('cursor=%27drop')).cursor).toBeNull();
  });

  it('is one form: its search box names the holder, and its order left as it is lists no cards', () => {
    // The form as posted from the grouped list with nothing of the cards chosen.
    const grouped = parseCardFilters(
      new URLSearchParams(
        'q=ada%40example.com&size=20&cards=with&cards=all&status=&type=&last4=&from=&to=&sort=',
      ),
    );
    expect(grouped.active).toBe(false);
    expect(grouped.filters.sort).toBe('newest');
    // The same form with a status: the cards themselves, of that holder.
    const cards = parseCardFilters(
      new URLSearchParams(
        'q=ada%40example.com&size=20&cards=with&cards=all&status=LOCKED&type=&last4=&from=&to=&sort=',
      ),
    );
    expect(cards.active).toBe(true);
    expect(cards.filters).toMatchObject({
      holder: 'ada@example.com',
      status: 'LOCKED',
      sort: 'newest',
      size: 20,
    });
    expect(describeCardFilters(cards.filters)).toBe('Locked cards of ada@example.com, newest issued first');
    expect(cardFiltersQuery(cards.filters)).toBe('q=ada%40example.com&status=LOCKED&sort=newest&size=20');
  });
});
