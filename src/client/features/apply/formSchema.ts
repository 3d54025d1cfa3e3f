/**
 * The shared application schema the form checks its values with (shared/schemas/applications.ts,
 * the server's own), loaded when the form is first used rather than with its first view
 * (issue 18 §5). With zod it is ~29 KB gzip and one ~50 ms task of evaluation on this machine
 * (×4 on a slow phone) that the fields do not need to be drawn: the form starts the download on
 * the first focus, pointer or key in it (ApplicationForm), and every check waits for it.
 * docs/performance.md "The form's checks loaded when first used".
 */
import type {
  applicationCreateSchema,
  applicationUpdateSchema,
} from '../../../shared/schemas/applications.js';

/** The schemas `validate` (./formModel.ts) runs: the create and the update route's. */
export interface ApplicationSchemas {
  applicationCreateSchema: typeof applicationCreateSchema;
  applicationUpdateSchema: typeof applicationUpdateSchema;
}

let pending: Promise<ApplicationSchemas> | undefined;

/**
 * The schemas, downloaded once; rejects when the download failed (offline, the chunk not cached
 * yet), and the next call tries again.
 */
export function loadApplicationSchemas(): Promise<ApplicationSchemas> {
  return (pending ??= import('../../../shared/schemas/applications.js').catch((e: unknown) => {
    pending = undefined;
    throw e;
  }));
}
