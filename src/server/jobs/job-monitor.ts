/**
 * What the background jobs of this instance have done: each run reported with its outcome, for
 * GET /api/ready (is each job still running on schedule?) and /metrics (runs and failures per job).
 */

/** One job's record. */
export interface JobRecord {
  /** How often the job is meant to run, in ms. */
  intervalMs: number;
  /** When the job was registered (ms since the epoch). */
  since: number;
  /** When its last run ended, ok or not (ms since the epoch), or null before the first. */
  lastRunAt: number | null;
  /** Whether the last run ended without an error. */
  lastOk: boolean | null;
  runs: number;
  failures: number;
}

/** The monitor of one app instance. */
export interface JobMonitor {
  /** Registers a job that runs every `intervalMs`. */
  register(name: string, intervalMs: number): void;
  /** Records a finished run of `name`. */
  record(name: string, ok: boolean): void;
  /** Every job's record, by name. */
  snapshot(): Record<string, JobRecord>;
  /**
   * The jobs that look stuck at `now`: no run ended within 3 intervals (at least 30 s) of the last one,
   * or of registering.
   */
  stalled(now?: number): string[];
}

/** A monitor; `now` is the clock in ms (tests pass their own). */
export function createJobMonitor(now: () => number = Date.now): JobMonitor {
  const jobs = new Map<string, JobRecord>();
  return {
    register(name, intervalMs) {
      jobs.set(name, { intervalMs, since: now(), lastRunAt: null, lastOk: null, runs: 0, failures: 0 });
    },
    record(name, ok) {
      const job = jobs.get(name);
      if (!job) return;
      job.lastRunAt = now();
      job.lastOk = ok;
      job.runs += 1;
      if (!ok) job.failures += 1;
    },
    snapshot: () => Object.fromEntries([...jobs].map(([name, job]) => [name, { ...job }])),
    stalled(at = now()) {
      return [...jobs].filter(([, job]) => at - (job.lastRunAt ?? job.since) > Math.max(3 * job.intervalMs, 30_000)).map(([name]) => name);
    },
  };
}
