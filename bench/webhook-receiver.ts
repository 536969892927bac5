// The bench's webhook receiver process (bench/lib/receiver-process.ts starts it): the test
// receiver (tests/helpers/webhook-receiver.ts) answering 204 with Node's default keep-alive of 5 s;
// sends its URL once listening, and what arrived when asked ("arrivals").
import { startWebhookReceiver } from '../tests/helpers/webhook-receiver';

void startWebhookReceiver({ keepAliveTimeoutMs: 5_000 }).then((receiver) => {
  process.send?.({ url: receiver.url });
  process.on('message', (message) => {
    if (message !== 'arrivals') return;
    process.send?.({
      arrivals: receiver.received.map((r) => ({
        eventId: r.eventId,
        arrivedAt: r.arrivedAt,
        createdAt: (JSON.parse(r.rawBody) as { createdAt: string }).createdAt,
      })),
    });
  });
  const close = () => void receiver.close().finally(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('disconnect', close);
});
