/** Audit trail writer (DESIGN.md §8): call inside the transaction of the change it records. */
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: number | null;
  data?: unknown;
  ip?: string | null;
}

export async function audit(db: Db | Tx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: e.userId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId ?? null,
    data: e.data ?? null,
    ip: e.ip ?? null,
  });
}
