/**
 * The per-request series of /metrics: requests answered (a counter) and their duration (a
 * histogram), by method, route and status. Every request passes here, proxied ones included, so
 * recording is kept to three map look-ups and a few additions; the series are turned into
 * prom-client's metric objects only when /metrics is read. (prom-client's labelled `inc` and
 * `observe` validate and hash the label object on every call: about 2 µs per request for the
 * two.) The two collectors register in a prom-client Registry like its own metrics and print the
 * same lines.
 */
import type { Metric, Registry } from 'prom-client';

type Label = 'method' | 'route' | 'status';
type Labels = Record<Label, string>;

interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative): index i counts values in (bound[i-1], bound[i]]. */
  perBucket: number[];
}

/** One printed line: its value, labels and (for a histogram's parts) the name it prints under. */
interface Value {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/** What a prom-client Registry reads of a metric: its names, `get` and `reset`. */
interface Collector {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  readonly aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: Value[] }>;
  reset(): void;
}

export interface RequestSeriesOptions {
  registry: Registry;
  counter: { name: string; help: string };
  histogram: { name: string; help: string; buckets: readonly number[] };
}

export class RequestSeries {
  /** route → method → status → series. */
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();
  /** In creation order, as prom-client prints its series. */
  private readonly all: Series[] = [];
  private readonly bounds: readonly number[];

  constructor(options: RequestSeriesOptions) {
    this.bounds = [...options.histogram.buckets].sort((a, b) => a - b);
    const counter: Collector = {
      name: options.counter.name,
      help: options.counter.help,
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({
        name: options.counter.name,
        help: options.counter.help,
        type: 'counter',
        aggregator: 'sum',
        values: this.all.map((series) => ({ value: series.count, labels: { ...series.labels } })),
      }),
      reset: () => this.reset(),
    };
    const histogram: Collector = {
      name: options.histogram.name,
      help: options.histogram.help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({
        name: options.histogram.name,
        help: options.histogram.help,
        type: 'histogram',
        aggregator: 'sum',
        values: this.all.flatMap((series) => this.histogramValues(options.histogram.name, series)),
      }),
      reset: () => this.reset(),
    };
    // The registry reads only the fields above; prom-client's types name its own classes.
    options.registry.registerMetric(counter as unknown as Metric);
    options.registry.registerMetric(histogram as unknown as Metric);
  }

  /** Counts one answered request that took `seconds`. */
  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        perBucket: new Array<number>(this.bounds.length).fill(0),
      };
      byStatus.set(status, series);
      this.all.push(series);
    }
    series.count += 1;
    series.sum += seconds;
    const bounds = this.bounds;
    for (let index = 0; index < bounds.length; index += 1) {
      if (seconds <= (bounds[index] as number)) {
        (series.perBucket[index] as number) += 1;
        break;
      }
    }
  }

  private reset(): void {
    this.byRoute.clear();
    this.all.length = 0;
  }

  /** The lines of one series, as prom-client's Histogram gives them: buckets, +Inf, sum, count. */
  private histogramValues(name: string, series: Series): Value[] {
    const values: Value[] = [];
    let cumulative = 0;
    this.bounds.forEach((bound, index) => {
      cumulative += series.perBucket[index] as number;
      values.push({
        value: cumulative,
        labels: { le: bound, ...series.labels },
        metricName: `${name}_bucket`,
      });
    });
    values.push(
      {
        value: series.count,
        labels: { le: '+Inf', ...series.labels },
        metricName: `${name}_bucket`,
      },
      { value: series.sum, labels: { ...series.labels }, metricName: `${name}_sum` },
      { value: series.count, labels: { ...series.labels }, metricName: `${name}_count` },
    );
    return values;
  }
}
