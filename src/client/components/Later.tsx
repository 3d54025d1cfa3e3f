/**
 * Draws its children in a render and commit of their own, just after the page around them has
 * been committed, with `fallback` in their place until then (React 19's
 * `useDeferredValue(value, initialValue)`: the first render gets the initial value, and React
 * re-renders with the real one at once, in the background).
 *
 * For the part of a screen below its first view: the heading above it is then painted without
 * waiting for it, and one long task of rendering and committing the whole screen becomes two
 * shorter ones (issue 18 §5; on a phone at 4× CPU, every 12.5 ms of a task counts).
 */
import { useDeferredValue, type ReactNode } from 'react';

export function Later({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return <>{ready ? children : fallback}</>;
}
