/**
 * Counts a fuzzing run prints at its end (issue 8 §3: "print counts"): routes, requests, answers
 * by status class and by status, the slowest routes, restarts, upload cases, and duration.
 */

/** A route's seed from the run's base seed and the route's key (stable, 31-bit). */
export function routeSeed(base: number, key: string): number {
  let h = base | 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h & 0x7fffffff;
}

export class FuzzStats {
  routes = 0;
  requests = 0;
  /** database rebuilds after a fuzzed write disabled the admin account */
  restarts = 0;
  uploadCases = 0;
  readonly byClass: Record<string, number> = {};
  readonly byStatus: Record<string, number> = {};
  private readonly times: [string, number][] = [];
  private readonly started = performance.now();

  /** One answer. */
  count(status: number) {
    this.requests++;
    const cls = `${Math.floor(status / 100)}xx`;
    this.byClass[cls] = (this.byClass[cls] ?? 0) + 1;
    this.byStatus[status] = (this.byStatus[status] ?? 0) + 1;
  }

  /** One route done, in `ms`. */
  route(key: string, ms: number) {
    this.routes++;
    this.times.push([key, ms]);
  }

  /** The summary lines, e.g. `fuzz: 169 routes, 169000 requests …`. */
  report(label: string): string {
    const s = (performance.now() - this.started) / 1000;
    const slowest = [...this.times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
      .join(', ');
    return [
      `${label}: ${this.routes} routes, ${this.requests} requests, ${this.uploadCases} upload cases, ${s.toFixed(1)} s (${Math.round(this.requests / s)} req/s), ${this.restarts} database rebuilds`,
      `${label}: by status class ${JSON.stringify(this.byClass)}; by status ${JSON.stringify(this.byStatus)}`,
      ...(slowest ? [`${label}: slowest routes: ${slowest}`] : []),
    ].join('\n');
  }
}
