/**
 * `useId` of @mantine/hooks, built on React's own: the build resolves Mantine's `use-id` module to
 * this one (scripts/mantine-use-id.mjs). Returns `staticId` when given, else an id stable for the
 * component's life and unique in the page (React's `useId`, e.g. `«r5»` → `mantine-r5`).
 *
 * Why: Mantine's own draws a React id first and then, in a layout effect, replaces it with a
 * random one. A state update in a layout effect is rendered synchronously in the commit's task, and
 * React first runs every passive effect of that commit there (react-query's subscriptions and
 * their requests): on the staff list that made the first commit one task of ~120 ms observed
 * (×4 in Lighthouse's mobile simulation) instead of a commit and a separate effects task
 * (docs/performance.md "Nothing rendered again in the first commit", issue 18 §5). The random id
 * exists for several React roots on one page sharing ids; Darta has one root. The ids are kept to
 * characters that need no escaping in a CSS selector, as Mantine's were.
 */
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
