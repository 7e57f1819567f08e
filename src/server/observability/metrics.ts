/**
 * Prometheus metrics of one BFF instance (prom-client), served at `GET /metrics`. Each app has its
 * own registry (tests build many apps in one process).
 */
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestSeries } from './request-series.ts';

export type UpstreamErrorKind = 'timeout' | 'unreachable' | 'exchange_failed' | 'status_5xx';

export interface MetricsSources {
  /** Open live-event streams on this instance. */
  openStreams: () => number;
  /** 1 when the shared state (Redis) is reachable. */
  sharedStateAvailable: () => boolean;
  /** Events waiting for the shared state to return. */
  queuedEvents: () => number;
}

export class BffMetrics {
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  private readonly requests: RequestSeries;
  private readonly upstreamErrors: Counter<'kind'>;
  private readonly webhookVerifications: Counter<'outcome'>;
  private readonly webhookEvents: Counter<'outcome'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'cutroom_' });
    this.requests = new RequestSeries({
      registry: this.registry,
      counter: {
        name: 'cutroom_http_requests_total',
        help: 'HTTP requests answered, by method, route (contract template for /api) and status.',
      },
      histogram: {
        name: 'cutroom_http_request_duration_seconds',
        help: 'Time from request to response, by method, route and status.',
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      },
    });
    this.upstreamErrors = new Counter({
      name: 'cutroom_upstream_errors_total',
      help: 'Calls to the service that failed (time-out, unreachable, cut short) or answered 5xx.',
      labelNames: ['kind'],
      registers,
    });
    this.webhookVerifications = new Counter({
      name: 'cutroom_webhook_verifications_total',
      help: 'Webhook signature checks, by outcome (valid, or the reason of refusal).',
      labelNames: ['outcome'],
      registers,
    });
    this.webhookEvents = new Counter({
      name: 'cutroom_webhook_events_total',
      help: 'Verified webhook events: published, duplicate, queued (shared state down) or ignored.',
      labelNames: ['outcome'],
      registers,
    });
    new Gauge({
      name: 'cutroom_sse_streams_open',
      help: 'Live-event streams open on this instance.',
      registers,
      collect() {
        this.set(sources.openStreams());
      },
    });
    new Gauge({
      name: 'cutroom_shared_state_available',
      help: '1 when the shared state (Redis, or memory) is reachable.',
      registers,
      collect() {
        this.set(sources.sharedStateAvailable() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'cutroom_event_outbox_size',
      help: 'Verified events waiting for the shared state to return.',
      registers,
      collect() {
        this.set(sources.queuedEvents());
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe(method, route, status, seconds);
  }

  upstreamError(kind: UpstreamErrorKind): void {
    this.upstreamErrors.inc({ kind });
  }

  webhookVerification(outcome: string): void {
    this.webhookVerifications.inc({ outcome });
  }

  webhookEvent(outcome: string): void {
    this.webhookEvents.inc({ outcome });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
