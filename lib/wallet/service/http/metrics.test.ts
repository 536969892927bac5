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
});
