import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestSeries } from './request-series.ts';

const counter = { name: 'test_requests_total', help: 'Requests.' };
const histogram = { name: 'test_request_seconds', help: 'Durations.', buckets: [0.001, 0.01, 1] };

/** The same observations through prom-client's own Counter and Histogram. */
function promClientText(observations: Array<[string, string, number, number]>): Promise<string> {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ ...counter, labelNames, registers: [registry] });
  const durations = new Histogram({ ...histogram, labelNames, registers: [registry] });
  for (const [method, route, status, seconds] of observations) {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    durations.observe(labels, seconds);
  }
  return registry.metrics();
}

describe('RequestSeries', () => {
  const observations: Array<[string, string, number, number]> = [
    ['GET', '/api/v1/projects', 200, 0.0004],
    ['GET', '/api/v1/projects', 200, 0.001],
    ['GET', '/api/v1/projects', 200, 0.002],
    ['POST', '/api/v1/projects', 201, 0.5],
    ['GET', '/api/v1/projects', 404, 3],
    ['GET', '/bff/session', 200, 0.02],
    ['GET', '/api/v1/projects', 200, 1],
  ];

  it("prints what prom-client's Counter and Histogram print for the same requests", async () => {
    const registry = new Registry();
    const series = new RequestSeries({ registry, counter, histogram });
    for (const [method, route, status, seconds] of observations) {
      series.observe(method, route, status, seconds);
    }
    const text = await registry.metrics();
    expect(text).toContain(
      'test_requests_total{method="GET",route="/api/v1/projects",status="200"} 4',
    );
    expect(text).toContain(
      'test_request_seconds_bucket{le="0.001",method="GET",route="/api/v1/projects",status="200"} 2',
    );
    expect(text).toBe(await promClientText(observations));
  });

  it('gives the same JSON as prom-client, and a reset empties it', async () => {
    const registry = new Registry();
    const series = new RequestSeries({ registry, counter, histogram });
    for (const [method, route, status, seconds] of observations) {
      series.observe(method, route, status, seconds);
    }
    const reference = new Registry();
    const labelNames = ['method', 'route', 'status'] as const;
    const durations = new Histogram({ ...histogram, labelNames, registers: [reference] });
    for (const [method, route, status, seconds] of observations) {
      durations.observe({ method, route, status: String(status) }, seconds);
    }
    const [, ours] = await registry.getMetricsAsJSON();
    const [theirs] = await reference.getMetricsAsJSON();
    // prom-client adds an empty `exemplar` to each value (exemplars are off): the rest is equal.
    const withoutExemplar = theirs?.values.map((value) => {
      const { exemplar: _, ...rest } = value as typeof value & { exemplar?: unknown };
      return rest;
    });
    expect(ours?.values).toEqual(withoutExemplar);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('test_requests_total{');
  });
});
