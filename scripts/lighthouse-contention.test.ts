/** The contention diagnostic of scripts/lighthouse.ts: blocking by wall-clock and by CPU time. */
import { describe, expect, it } from 'vitest';
import { blockingByClock, type TraceEvent } from './lighthouse-contention';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
/** A task at `atMs` lasting `wallMs`, of which the thread ran `cpuMs` (all in ms). */
const task = (pid: number, tid: number, atMs: number, wallMs: number, cpuMs?: number) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts: atMs * 1000,
  dur: wallMs * 1000,
  ...(cpuMs !== undefined && { tdur: cpuMs * 1000 }),
});
const fcpAt = (pid: number, atMs: number): TraceEvent => ({
  name: 'firstContentfulPaint',
  ph: 'R',
  pid,
  tid: 1,
  ts: atMs * 1000,
});

describe('blocking by clock', () => {
  it('sums each task after the first paint beyond 50 ms at 4×, by wall and by CPU time', () => {
    const events = [
      thread(10, 1, 'CrRendererMain'),
      fcpAt(10, 100),
      task(10, 1, 50, 40, 40), // before the first paint: not counted
      task(10, 1, 120, 30, 5), // 120 ms at 4× by the clock (70 blocking); 20 by CPU (0)
      task(10, 1, 200, 52.5, 20), // 210 (160); 80 (30)
      task(10, 1, 300, 10, 10), // 40 at 4×: under 50, nothing
    ];
    expect(blockingByClock(events)).toEqual({ wall: 230, cpu: 30 });
  });

  it("takes the page's renderer: the main thread that ran the most tasks", () => {
    const events = [
      thread(20, 1, 'CrRendererMain'), // an SVG image's document: one task
      thread(10, 1, 'CrRendererMain'),
      thread(10, 2, 'Compositor'),
      fcpAt(10, 0),
      task(20, 1, 10, 100, 100),
      task(10, 1, 10, 20, 20),
      task(10, 1, 40, 20, 20),
      task(10, 2, 10, 100, 100), // another thread of the page: not the main thread
    ];
    expect(blockingByClock(events)).toEqual({ wall: 60, cpu: 60 });
  });

  it('counts the wall-clock time where the trace has no thread time, and needs a paint', () => {
    const events = [thread(10, 1, 'CrRendererMain'), fcpAt(10, 0), task(10, 1, 5, 25)];
    expect(blockingByClock(events)).toEqual({ wall: 50, cpu: 50 });
    expect(blockingByClock(events.filter((e) => e.name !== 'firstContentfulPaint'))).toBe(
      undefined,
    );
    expect(blockingByClock([])).toBe(undefined);
  });
});
