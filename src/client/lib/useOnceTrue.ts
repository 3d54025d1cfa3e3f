/**
 * `true` from the first render in which `condition` is true, for the component's life: for
 * what is drawn once needed and then kept (a dialog mounted when first opened, so that its
 * closing transition still runs; the form's fields once their lists are in). Set during render,
 * React's pattern for state derived from props, so the render that first sees the condition
 * already returns `true`.
 */
import { useState } from 'react';

export function useOnceTrue(condition: boolean): boolean {
  const [seen, setSeen] = useState(false);
  if (condition && !seen) setSeen(true);
  return seen || condition;
}
