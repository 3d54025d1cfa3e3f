/** once(): made on first use, then kept (shared/once.ts). */
import { describe, expect, it } from 'vitest';
import { once } from './once';

describe('once', () => {
  it('calls make only on the first use and answers the same value after', () => {
    let calls = 0;
    const get = once(() => ({ n: ++calls }));
    expect(calls).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(calls).toBe(1);
  });

  it('keeps a falsy value too', () => {
    let calls = 0;
    const get = once(() => (calls++, 0));
    expect([get(), get()]).toEqual([0, 0]);
    expect(calls).toBe(1);
  });
});
