import { describe, expect, it, vi } from 'vitest';
import { csvDownload } from './csv-download';

async function* batches(list: number[][], failAt?: number): AsyncGenerator<number[], void, undefined> {
  for (const [index, batch] of list.entries()) {
    if (index === failAt) throw new Error('wallet unavailable');
    yield batch;
  }
}

const lines = (batch: number[]) => batch.map((n) => `${n}\r\n`).join('');

/** The download of these batches, the first read as a route reads it. */
async function download(list: number[][], failAt?: number) {
  const rest = batches(list, failAt);
  return csvDownload({
    filename: 'x-20260501.csv',
    preamble: 'h\r\n',
    first: await rest.next(),
    rest,
    lines,
    name: 'x-export',
    describeError: (e) => (e instanceof Error ? e.name : '?'),
  });
}

describe('csvDownload', () => {
  it('answers the preamble and the first batch, then every further batch, as a download', async () => {
    const rest = batches([[1, 2], [3], [4, 5]]);
    const first = await rest.next();
    const response = csvDownload({
      filename: 'x-20260501.csv',
      preamble: '\uFEFFn\r\n',
      first,
      rest,
      lines,
      name: 'x-export',
      describeError: () => 'failed',
    });
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="x-20260501.csv"');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    // Response.text() drops a byte-order mark: read the bytes as sent.
    const bytes = await response.arrayBuffer();
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFn\r\n1\r\n2\r\n3\r\n4\r\n5\r\n',
    );
  });

  it('is the preamble alone when there is nothing', async () => {
    expect(await (await download([])).text()).toBe('h\r\n');
  });

  it('fails the stream when a later batch fails, and logs what describeError says, not the data', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await download([[1], [2]], 1);
    await expect(response.text()).rejects.toThrow('wallet unavailable');
    expect(error).toHaveBeenCalledWith('[x-export] stopped: Error');
    error.mockRestore();
  });
});
