// Branches (food banks): read and update the organisation details of a branch.
import { eq } from 'drizzle-orm';
import type { UpdateBranchBody } from '@/lib/domain/branch';
import { checkBranchRules } from '@/lib/domain/branch-rules';
import { PROVINCE_CODES, PROVINCE_NAMES, type ProvinceCode } from '@/lib/domain/enums';
import { audit } from '../audit';
import type { Db, DbOrTx } from '../db/client';
import { branches } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { returnedRow } from '../db/sql-rows';

const BRANCH_COLUMNS = {
  id: branches.id,
  name: branches.name,
  email: branches.email,
  phoneNumber: branches.phoneNumber,
  province: branches.province,
  city: branches.city,
  address1: branches.address1,
  address2: branches.address2,
  postalCode: branches.postalCode,
  lat: branches.lat,
  lng: branches.lng,
  website: branches.website,
  operatingHours: branches.operatingHours,
  contactName: branches.contactName,
  contactTitle: branches.contactTitle,
  contactEmail: branches.contactEmail,
  contactPhoneNumber: branches.contactPhoneNumber,
  numStaff: branches.numStaff,
  numVolunteers: branches.numVolunteers,
  numServedInPreviousYear: branches.numServedInPreviousYear,
  totalPoundsDistributedAnnually: branches.totalPoundsDistributedAnnually,
};

/** The branch (docs/product.md, Records and their fields), as the API answers it. */
export type Branch = { [K in keyof typeof BRANCH_COLUMNS]: (typeof branches.$inferSelect)[K] };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/gi, '')
    .toLowerCase();
const PROVINCE_LOOKUP = new Map<string, ProvinceCode>();
for (const code of PROVINCE_CODES) {
  PROVINCE_LOOKUP.set(fold(code), code);
  PROVINCE_LOOKUP.set(fold(PROVINCE_NAMES[code].en), code);
  PROVINCE_LOOKUP.set(fold(PROVINCE_NAMES[code].fr), code);
}

/**
 * A province is read from a two-letter code or a full name; the database keeps the code.
 * English or French names, any case or accents. Empty is null; anything else is undefined (invalid).
 */
export function normalizeProvince(value: string | null | undefined): ProvinceCode | null | undefined {
  if (value === null || value === undefined || !value.trim()) return null;
  return PROVINCE_LOOKUP.get(fold(value));
}

/** A branch by the id its route's access check admitted (auth/access.ts). */
export async function getBranch(db: DbOrTx, id: string): Promise<Branch> {
  const [row] = await db.select(BRANCH_COLUMNS).from(branches).where(eq(branches.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

const INT_MAX = 2_147_483_647;
const INTEGER_STATS = ['numStaff', 'numVolunteers', 'numServedInPreviousYear'] as const;
/** The branch's text fields (docs/product.md, Records and their fields), shared by the update and the CSV import. */
export const BRANCH_TEXT_FIELDS = [
  'name',
  'email',
  'phoneNumber',
  'city',
  'address1',
  'address2',
  'postalCode',
  'website',
  'operatingHours',
  'contactName',
  'contactTitle',
  'contactEmail',
  'contactPhoneNumber',
] as const;

/** The organisation details' checks and the changes of a branch body; a field left out is not in the answer. */
function branchChanges(body: UpdateBranchBody) {
  const [violation] = checkBranchRules(body);
  if (violation) throw new ApiError(400, violation.code, violation.field);

  const changes: { [K in keyof typeof branches.$inferInsert]?: (typeof branches.$inferInsert)[K] | null } = {};
  for (const field of BRANCH_TEXT_FIELDS) {
    const v = body[field];
    if (v === undefined) continue;
    const text = v === null ? '' : v.trim();
    changes[field] = text === '' ? null : text;
  }
  if (body.province !== undefined) {
    const province = normalizeProvince(body.province);
    if (province === undefined) throw new ApiError(400, 'ORG_PROVINCE_VALIDATE', 'province');
    changes.province = province;
  }
  for (const field of INTEGER_STATS) {
    const v = body[field];
    if (v === undefined) continue;
    if (v !== null && Math.round(v) > INT_MAX) throw new ApiError(400, 'BAD_REQUEST', field);
    changes[field] = v === null ? null : Math.round(v);
  }
  if (body.totalPoundsDistributedAnnually !== undefined) changes.totalPoundsDistributedAnnually = body.totalPoundsDistributedAnnually;
  return changes as Partial<typeof branches.$inferInsert>;
}

/**
 * PUT /api/branch/{branchId} (the caller's branch, or one in a program administrator's scope) and the program's
 * branch profile. The required fields and e-mail format of the organisation details, a known province, statistics (null
 * when not a number). A field left out keeps its value; null or '' clears it. The row is locked, changed and audited
 * (before and after) in one transaction.
 */
export async function writeBranch(db: Db, id: string, body: UpdateBranchBody, user: { id: string; username: string }, now: Date) {
  const changes = branchChanges(body);
  return db.transaction(async (tx) => {
    const [before] = await tx.select(BRANCH_COLUMNS).from(branches).where(eq(branches.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(branches)
      // name cannot be null here: checkBranchRules has required it.
      .set({ ...changes, updatedAt: now })
      .where(eq(branches.id, id))
      .returning(BRANCH_COLUMNS);
    await audit(tx, {
      userId: user.id,
      actor: user.username,
      action: 'update',
      entity: 'branch',
      entityId: id,
      branchId: id,
      before,
      after,
    });
    return after;
  });
}

/** A new branch, under the same rules as an update; audited with who and why. */
export async function createBranch(db: Db, body: UpdateBranchBody, user: { id: string; username: string }, reason: string, now: Date) {
  const changes = branchChanges(body);
  return db.transaction(async (tx) => {
    const after = returnedRow(
      await tx
        .insert(branches)
        .values({ ...changes, name: changes.name!, createdAt: now, updatedAt: now })
        .returning(BRANCH_COLUMNS),
    );
    await audit(tx, {
      userId: user.id,
      actor: user.username,
      action: 'create',
      entity: 'branch',
      entityId: after.id,
      branchId: after.id,
      after: { ...after, reason: reason || null },
    });
    return after;
  });
}
