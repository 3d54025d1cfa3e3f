/**
 * How much of a page load's blocking the renderer's main thread actually ran (issue 18 §5), for
 * scripts/lighthouse.ts. Lighthouse scores a task by its wall-clock duration, and on a machine
 * with two cores the main thread shares them with Chromium's other processes, Lighthouse itself
 * and the app's server: in one traced load of the detail, the long tasks after the first paint
 * came to 608 ms of blocking by their wall-clock time and 61 ms by their thread's CPU time
 * (docs/performance.md "Smaller tasks during the load"). Printing both beside Lighthouse's TBT
 * tells a slow page from a busy machine.
 *
 * The sum is Lighthouse's definition of blocking applied to the observed tasks — each task's
 * time beyond 50 ms after the 4× CPU slowdown of its mobile preset, from the first contentful
 * paint on (Lighthouse docs, "Total Blocking Time") — without its network simulation or its
 * stop at Time to Interactive. It is a diagnostic, not the score.
 */

/** The Chrome trace event fields used here (microseconds, as in the trace). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall-clock duration, µs. */
  dur?: number;
  /** The thread's CPU time over the event, µs (when the trace has it). */
  tdur?: number;
  args?: { name?: string };
}

/** Lighthouse's mobile preset slows the CPU 4× (its `cpuSlowdownMultiplier`). */
export const CPU_SLOWDOWN = 4;
/** A task blocks for its time beyond 50 ms (the long-task threshold). */
export const LONG_TASK_MS = 50;

/**
 * Blocking time of the observed main-thread tasks after the first contentful paint, in ms, by
 * wall-clock duration and by the thread's CPU time.
 * @returns undefined when the trace has no renderer main thread or no first contentful paint
 */
export function blockingByClock(events: TraceEvent[]): { wall: number; cpu: number } | undefined {
  // The page's renderer: of the renderer main threads (an SVG image or a worker's page has
  // its own), the one that ran the most tasks.
  const tasksOf = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X') continue;
    const key = `${e.pid}:${e.tid}`;
    const own = tasksOf.get(key);
    if (own) own.push(e);
    else tasksOf.set(key, [e]);
  }
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let tasks: TraceEvent[] = [];
  let pid: number | undefined;
  for (const m of mains) {
    const own = tasksOf.get(`${m.pid}:${m.tid}`) ?? [];
    if (own.length > tasks.length) [tasks, pid] = [own, m.pid];
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  if (pid === undefined || !fcp) return undefined;
  const blocking = (us: number) => Math.max(0, (CPU_SLOWDOWN * us) / 1000 - LONG_TASK_MS);
  let wall = 0;
  let cpu = 0;
  for (const t of tasks) {
    if (t.ts < fcp.ts) continue;
    wall += blocking(t.dur ?? 0);
    cpu += blocking(t.tdur ?? t.dur ?? 0);
  }
  return { wall: Math.round(wall), cpu: Math.round(cpu) };
}
