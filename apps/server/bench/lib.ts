import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

/**
 * One benchmark case: a named set of GET paths measured against the same running server as the
 * trivial baseline. Later issues add files to bench/cases/ (ledger, offers, trades) and list them in run.ts.
 */
export type BenchCase = {
  name: string;
  /** Prepares data the requests need (the server is built and seeded before this runs). */
  setup?(app: FastifyInstance): Promise<void>;
  requests: { title: string; path: string; headers?: Record<string, string> }[];
};

export type BenchOptions = { connections: number; durationSeconds: number; warmupSeconds: number };

export type BenchResult = {
  title: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  bytesPerRequest: number;
  non2xx: number;
  errors: number;
};

/** Load without measuring: lets the JIT and every cache reach their steady state first. */
export async function warmUp(
  url: string,
  path: string,
  options: BenchOptions,
  headers: Record<string, string> = {},
) {
  if (options.warmupSeconds > 0) {
    await autocannon({
      url: url + path,
      connections: options.connections,
      duration: options.warmupSeconds,
      headers,
    });
  }
}

/** Runs autocannon against `url` and keeps the figures we report. */
export async function measure(
  url: string,
  title: string,
  path: string,
  options: BenchOptions,
  headers: Record<string, string> = {},
  /** Requests per second for the whole run (an open load at that rate); unset: as fast as answered. */
  overallRate?: number,
): Promise<BenchResult> {
  const result = await autocannon({
    url: url + path,
    connections: options.connections,
    duration: options.durationSeconds,
    headers,
    ...(overallRate ? { overallRate } : {}),
  });
  const rps = result.requests.average;
  return {
    title,
    path,
    requestsPerSecond: rps,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    bytesPerRequest: rps > 0 ? result.throughput.average / rps : 0,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The mean of two baseline runs (one before the case, one after), so drift in between is shared. */
export function meanResult(a: BenchResult, b: BenchResult): BenchResult {
  const mean = (x: number, y: number) => (x + y) / 2;
  return {
    ...a,
    requestsPerSecond: mean(a.requestsPerSecond, b.requestsPerSecond),
    latencyP50Ms: mean(a.latencyP50Ms, b.latencyP50Ms),
    latencyP99Ms: mean(a.latencyP99Ms, b.latencyP99Ms),
    bytesPerRequest: mean(a.bytesPerRequest, b.bytesPerRequest),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
  };
}

/** A plain-text table: req/s and the ratio to the trivial route, which is the target's yardstick. */
export function formatTable(baseline: BenchResult, results: BenchResult[]): string {
  const rows = [baseline, ...results].map((r) => [
    r.title,
    r.path,
    r.requestsPerSecond.toFixed(0),
    (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
    r.latencyP50Ms.toFixed(0),
    r.latencyP99Ms.toFixed(0),
    (r.bytesPerRequest / 1024).toFixed(1),
    String(r.non2xx + r.errors),
  ]);
  const header = ['case', 'path', 'req/s', 'x trivial', 'p50 ms', 'p99 ms', 'KiB/resp', 'errors'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
