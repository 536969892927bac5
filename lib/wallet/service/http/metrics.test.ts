import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

describe('createMetrics', () => {
  it("serves Node's process metrics under the wallet_ prefix, the event-loop lag among them", async () => {
    const text = await createMetrics().registry.metrics();
    expect(text).toMatch(/^wallet_process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^wallet_nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('gathers none of them when asked not to (metrics off: nobody could read them)', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.observe('categoryList', 'POST', 200, 0, 0.002);
    const text = await metrics.registry.metrics();
    expect(text).not.toMatch(/^wallet_(process|nodejs)_/m);
    expect(text).toMatch(
      /^wallet_requests_total\{operation="categoryList",method="POST",status="200",code="0"\} 1$/m,
    );
  });

  it('counts each label set across scrapes: what came between two reads is added once, none lost', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const count = async (labels: string) =>
      new RegExp(`^wallet_requests_total\\{${labels}\\} (\\d+)$`, 'm').exec(
        await metrics.registry.metrics(),
      )?.[1];
    const ok = 'operation="meCards",method="GET",status="200",code="0"';
    const refused = 'operation="meCards",method="GET",status="401",code="2005"';
    metrics.observe('meCards', 'GET', 200, 0, 0.002);
    metrics.observe('meCards', 'GET', 200, 0, 0.002);
    metrics.observe('meCards', 'GET', 401, 2005, 0.001);
    expect(await count(ok)).toBe('2');
    expect(await count(refused)).toBe('1');
    expect(await count(ok)).toBe('2');
    metrics.observe('meCards', 'GET', 200, 0, 0.002);
    expect(await count(ok)).toBe('3');
    expect(await count(refused)).toBe('1');
    expect(await metrics.registry.metrics()).toMatch(
      /^wallet_request_duration_seconds_count\{operation="meCards"\} 4$/m,
    );
  });
});
