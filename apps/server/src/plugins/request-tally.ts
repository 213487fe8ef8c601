/**
 * Requests by route, counted in plain maps: answering a request costs one map lookup per figure, where prom-client's
 * labelled counters and histograms hash their label objects on every call
 * (bench/results/2026-11-26-issue20-compare.md). The figures are turned into prom-client's metric shape only when
 * /metrics is read, in the same names, labels and buckets as before.
 */
import type { Registry } from 'prom-client';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Counted {
  labels: Record<string, string>;
  count: number;
}
interface Timed {
  labels: Record<string, string>;
  /** Answers per bucket (not cumulative); the last slot is past the largest bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}
type Value = { labels: Record<string, string | number>; value: number; metricName?: string };

export class RequestTally {
  private readonly requests = new Map<string, Counted>();
  private readonly errors = new Map<string, Counted>();
  private readonly latency = new Map<string, Timed>();

  add(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    const byStatus = `${key} ${status}`;
    const r = this.requests.get(byStatus);
    if (r) r.count++;
    else this.requests.set(byStatus, { labels: { method, route, status_code: String(status) }, count: 1 });
    let t = this.latency.get(key);
    if (!t) {
      t = { labels: { method, route }, buckets: new Float64Array(LATENCY_BUCKETS.length + 1), sum: 0, count: 0 };
      this.latency.set(key, t);
    }
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    t.buckets[i]++;
    t.sum += seconds;
    t.count++;
    if (status >= 400) {
      const klass = status >= 500 ? 'server' : 'client';
      const e = this.errors.get(`${route} ${klass}`);
      if (e) e.count++;
      else this.errors.set(`${route} ${klass}`, { labels: { route, class: klass }, count: 1 });
    }
  }

  /** Registers the three request metrics (http_requests_total, http_request_duration_seconds, …_errors_total). */
  register(registry: Registry): void {
    const counter = (name: string, help: string, rows: Map<string, Counted>) => ({
      name,
      help,
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({
        name,
        help,
        type: 'counter',
        aggregator: 'sum',
        values: [...rows.values()].map((r) => ({ labels: r.labels, value: r.count })),
      }),
    });
    const name = 'http_request_duration_seconds';
    const help = 'HTTP request latency by method and route template';
    const histogram = {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: this.latencyValues(name) }),
    };
    const add = registry.registerMetric.bind(registry) as (metric: unknown) => void;
    add(
      counter(
        'http_requests_total',
        'HTTP requests answered, by method, route template and status code',
        this.requests,
      ),
    );
    add(histogram);
    add(
      counter(
        'http_request_errors_total',
        'HTTP answers with an error status, by route template and class (client 4xx, server 5xx)',
        this.errors,
      ),
    );
  }

  private latencyValues(name: string): Value[] {
    const values: Value[] = [];
    for (const t of this.latency.values()) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += t.buckets[i];
        values.push({ labels: { le, ...t.labels }, value: cumulative, metricName: `${name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...t.labels }, value: t.count, metricName: `${name}_bucket` });
      values.push({ labels: t.labels, value: t.sum, metricName: `${name}_sum` });
      values.push({ labels: t.labels, value: t.count, metricName: `${name}_count` });
    }
    return values;
  }
}
