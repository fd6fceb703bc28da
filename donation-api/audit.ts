import type { DbOrTx } from './db/client';
import { auditLog } from './db/schema';

export type AuditEntry = {
  userId?: string | null;
  actor?: string | null;
  action: 'create' | 'update' | 'delete' | 'submit' | 'reopen' | 'login' | 'logout' | 'password' | string;
  entity: string;
  entityId?: string | null;
  branchId?: string | null;
  before?: unknown;
  after?: unknown;
};

const auditRow = (e: AuditEntry) => ({
  userId: e.userId ?? null,
  actor: e.actor ?? null,
  action: e.action,
  entity: e.entity,
  entityId: e.entityId ?? null,
  branchId: e.branchId ?? null,
  before: (e.before ?? null) as never,
  after: (e.after ?? null) as never,
});

/** Records a write in the audit log; call inside the write's transaction. */
export async function audit(db: DbOrTx, e: AuditEntry) {
  await db.insert(auditLog).values(auditRow(e));
}

/** Records many writes (a CSV import's) in a few multi-row statements; call inside the writes' transaction. */
export async function auditMany(db: DbOrTx, entries: AuditEntry[]) {
  for (let i = 0; i < entries.length; i += 500) await db.insert(auditLog).values(entries.slice(i, i + 500).map(auditRow));
}
