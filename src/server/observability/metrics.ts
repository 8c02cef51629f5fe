/**
 * Prometheus metrics of one app instance (prom-client, a registry of its own so several apps in one
 * process never share counters): HTTP requests per route pattern, method and status (count and duration
 * in seconds), the PostgreSQL pools (primary and read replica: connections open, idle, queries waiting, and
 * connections handed out), background job runs and
 * failures, open event streams, and predictions saved; plus Node's process metrics. Route patterns
 * (/api/groups/:groupId), never addresses with ids or query strings, so nothing personal is exported.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import type { JobMonitor } from '../jobs/job-monitor';

/** What the metrics read when scraped. */
export interface MetricSources {
  /** The PostgreSQL pools' state (absent on the embedded database). */
  poolStats?: Database['poolStats'];
  /** How many event streams are open here. */
  openStreams: () => number;
  jobs: JobMonitor;
}

/** The metrics of one instance. */
export interface AppMetrics {
  registry: Registry;
  /** Records one answered request: route pattern (or 'unmatched'), method, status, duration in seconds. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** Counts predictions saved. */
  predictionsSaved(count: number): void;
}

/** Creates the registry and its metrics. */
export function createMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'palpite_http_requests_total', help: 'HTTP requests answered', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const durations = new Histogram({
    name: 'palpite_http_request_duration_seconds', help: 'Time to answer an HTTP request, in seconds', labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry],
  });
  const saved = new Counter({ name: 'palpite_predictions_saved_total', help: 'Predictions saved', registers: [registry] });
  new Gauge({
    name: 'palpite_db_pool_connections', help: 'PostgreSQL pools: connections open and idle, and queries waiting for one', labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const [pool, stats] of Object.entries(sources.poolStats?.() ?? {})) {
        if (!stats) continue;
        this.set({ pool, state: 'total' }, stats.total);
        this.set({ pool, state: 'idle' }, stats.idle);
        this.set({ pool, state: 'waiting' }, stats.waiting);
      }
    },
  });
  new Counter({
    name: 'palpite_db_pool_acquired_total', help: 'PostgreSQL pools: connections handed out to queries and transactions', labelNames: ['pool'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, stats] of Object.entries(sources.poolStats?.() ?? {})) {
        if (stats) this.inc({ pool }, stats.acquired);
      }
    },
  });
  new Gauge({
    name: 'palpite_event_streams_open', help: 'Live event streams open on this instance', registers: [registry],
    collect() { this.set(sources.openStreams()); },
  });
  new Gauge({
    name: 'palpite_job_runs', help: 'Background job runs since start, by job and outcome', labelNames: ['job', 'outcome'], registers: [registry],
    collect() {
      for (const [job, record] of Object.entries(sources.jobs.snapshot())) {
        this.set({ job, outcome: 'ok' }, record.runs - record.failures);
        this.set({ job, outcome: 'failed' }, record.failures);
      }
    },
  });
  return {
    registry,
    observeRequest(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    predictionsSaved: (count) => saved.inc(count),
  };
}
