/** Renders children only if the user holds any of `perms` (SPEC §6); otherwise a 403 notice. */
import type { ReactNode } from 'react';
import { useCan } from '../lib/auth';
import { Forbidden } from './Forbidden';

export function RequirePermission({ perms, children }: { perms: string[]; children: ReactNode }) {
  return useCan(...perms) ? <>{children}</> : <Forbidden />;
}
