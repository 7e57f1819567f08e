/**
 * Delivers signed webhook events to the endpoints an organization registered. Fire-and-forget:
 * each POST has a short timeout, failures are recorded in `deliveries` and never thrown.
 */
import { signWebhook } from './webhook-signer.ts';
import type { WebhookEvent, WebhookEventName } from '@/api/schema.gen.ts';

export interface WebhookTarget {
  url: string;
  events: readonly string[];
}

export interface DeliveryRecord {
  eventId: string;
  type: WebhookEventName;
  url: string;
  status: number | null;
  error: string | null;
  at: string;
}

/**
 * Sends one signed delivery: POST `body` to `url` with `headers`, resolving with the answer's
 * status (its body discarded) and rejecting on a network failure or after `timeoutMs`.
 */
export type WebhookPost = (
  url: string,
  delivery: { headers: Record<string, string>; body: string; timeoutMs: number },
) => Promise<number>;

export interface WebhookDispatcherOptions {
  secret: string;
  now: () => number;
  timeoutMs?: number;
  /** Injected for tests; defaults to global fetch. */
  fetch?: typeof fetch;
  /**
   * How deliveries are sent (the HTTP server passes node:http with a keep-alive agent, a third
   * of fetch's CPU per delivery); otherwise `fetch`.
   */
  post?: WebhookPost;
}

export class WebhookDispatcher {
  readonly deliveries: DeliveryRecord[] = [];
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: WebhookDispatcherOptions) {}

  /** Sends `event` to every target subscribed to its type; returns at once. */
  dispatch(event: WebhookEvent, targets: readonly WebhookTarget[]): void {
    for (const target of targets) {
      if (!target.events.includes(event.type)) continue;
      const delivery = this.deliver(event, target.url).finally(() => this.pending.delete(delivery));
      this.pending.add(delivery);
    }
  }

  /** Resolves when every delivery started so far has finished (used on close and in tests). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async deliver(event: WebhookEvent, url: string): Promise<void> {
    const record: DeliveryRecord = {
      eventId: event.id,
      type: event.type,
      url,
      status: null,
      error: null,
      at: new Date(this.options.now()).toISOString(),
    };
    this.deliveries.push(record);
    if (this.deliveries.length > 500) this.deliveries.shift();
    try {
      const rawBody = JSON.stringify(event);
      const timestamp = String(Math.floor(this.options.now() / 1000));
      const signature = await signWebhook(this.options.secret, timestamp, rawBody);
      const headers = {
        'content-type': 'application/json',
        'x-service-timestamp': timestamp,
        'x-service-signature': signature,
      };
      const timeoutMs = this.options.timeoutMs ?? 3000;
      if (this.options.post) {
        record.status = await this.options.post(url, { headers, body: rawBody, timeoutMs });
        return;
      }
      const doFetch = this.options.fetch ?? fetch;
      const response = await doFetch(url, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.timeout(timeoutMs),
      });
      record.status = response.status;
      await response.body?.cancel().catch(() => undefined);
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
  }
}
