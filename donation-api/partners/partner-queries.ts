// Lines and queries: a partner reads the donation lines of a submitted month of their stores and may question one;
// the branch's staff or a program administrator answers it once. Every step is in the audit trail.
import { sql, type SQL } from 'drizzle-orm';
import type { PartnerLine, PartnerQuery } from '@/lib/domain/partner';
import { inProgramScope, type ProgramAccess } from '@/lib/domain/program-access';
import { partnerStoreWhere } from '../auth/partner-scope';
import { audit } from '../audit';
import type { AuthUser, PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { ApiError, notFound } from '../errors';
import { queryRows } from '../db/sql-rows';

type LineRow = {
  id: string;
  date: string;
  store_id: string;
  store_name: string;
  store_number: string | null;
  branch_name: string;
  lbs: number;
  query_status: 'open' | 'answered' | null;
};

const submittedMonth = sql`exists (select 1 from month_submissions ms where ms.branch_id = d.branch_id and ms.submitted
  and ms.year = extract(year from d.date)::int and ms.month = extract(month from d.date)::int)`;

/** The most lines one answer holds; a national retailer's month has tens of thousands: a store filter narrows it. */
export const LINES_MAX = 500;

/**
 * GET /api/partner/lines: a month's lines of the partner's stores, submitted months only, LINES_MAX at most. The
 * month's submitted branches are named first, so the donations are read through their (branch, date) index.
 */
export async function partnerLines(db: DbOrTx, grant: PartnerGrant, month: string, storeId?: string): Promise<PartnerLine[]> {
  const from = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number);
  const store = storeId ? sql`and s.id = ${storeId}::uuid` : sql``;
  const rows = await queryRows<LineRow>(
    db,
    sql`select d.id, to_char(d.date, 'YYYY-MM-DD') as date, s.id as store_id, s.name as store_name, s.number as store_number,
        b.name as branch_name, d.weight_in_pounds::float8 as lbs,
        (select q.status from partner_queries q where q.donation_id = d.id order by q.asked_at desc limit 1) as query_status
      from donations d join stores s on s.id = d.store_id join branches b on b.id = d.branch_id
      where d.date >= ${from}::date and d.date < (${from}::date + interval '1 month') and ${partnerStoreWhere(grant)} ${store}
        and d.branch_id in (select ms.branch_id from month_submissions ms where ms.submitted and ms.year = ${year} and ms.month = ${monthNumber})
      order by d.date, s.name, d.created_at, d.id
      limit ${LINES_MAX + 1}`,
  );
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    storeId: r.store_id,
    storeName: r.store_name,
    storeNumber: r.store_number,
    branchName: r.branch_name,
    pounds: Number(r.lbs),
    queryStatus: r.query_status,
  }));
}

type QueryRow = {
  id: string;
  donation_id: string | null;
  date: string;
  store_name: string;
  store_number: string | null;
  retailer_name: string;
  branch_id: string;
  branch_name: string;
  lbs: string | number;
  kind: PartnerQuery['kind'];
  reason: string;
  asked_at: string | Date;
  status: PartnerQuery['status'];
  answer: string | null;
  answered_at: string | Date | null;
};

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

async function selectQueries(db: DbOrTx, where: SQL): Promise<PartnerQuery[]> {
  const rows = await queryRows<QueryRow>(
    db,
    sql`select q.id, q.donation_id, to_char(q.date, 'YYYY-MM-DD') as date, s.name as store_name, s.number as store_number,
        r.name as retailer_name, q.branch_id, b.name as branch_name, q.pounds as lbs, q.kind, q.reason, q.asked_at, q.status,
        q.answer, q.answered_at
      from partner_queries q join stores s on s.id = q.store_id join retailers r on r.id = q.retailer_id
        join branches b on b.id = q.branch_id
      where ${where} order by q.status desc, q.asked_at desc limit 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    donationId: r.donation_id ?? '',
    date: r.date,
    storeName: r.store_name,
    storeNumber: r.store_number,
    retailerName: r.retailer_name,
    branchId: r.branch_id,
    branchName: r.branch_name,
    pounds: Number(r.lbs),
    kind: r.kind,
    reason: r.reason,
    askedAt: iso(r.asked_at)!,
    status: r.status,
    answer: r.answer,
    answeredAt: iso(r.answered_at),
  }));
}

/** The partner's queries: those on stores of their scope. */
export const queriesOfPartner = (db: DbOrTx, grant: PartnerGrant) => selectQueries(db, partnerStoreWhere(grant));

/** A branch's queries of one month (its staff, program staff in scope: checked by the route). */
export const queriesOfBranchMonth = (db: DbOrTx, branchId: string, year: number, month: number) =>
  selectQueries(
    db,
    sql`q.branch_id = ${branchId}::uuid and extract(year from q.date)::int = ${year} and extract(month from q.date)::int = ${month}`,
  );

/** The program's list: every branch for an administrator, the provinces of a coordinator. */
export function queriesOfProgram(db: DbOrTx, access: ProgramAccess, status: 'open' | 'answered') {
  const provinces = access.role === 'admin' ? sql`` : sql`and b.province = any(${`{${access.provinces.join(',')}}`}::text[])`;
  return selectQueries(db, sql`q.status = ${status} ${provinces}`);
}

/** POST /api/partner/queries: a line of the partner's stores, in a submitted month, without an open query. */
export async function askQuery(
  db: DbOrTx,
  user: AuthUser,
  grant: PartnerGrant,
  body: { donationId: string; kind: PartnerQuery['kind']; reason: string },
) {
  const id = await db.transaction(async (tx) => {
    const [line] = await queryRows<{ id: string; store_id: string; branch_id: string; date: string; lbs: number; retailer_id: string }>(
      tx,
      sql`select d.id, d.store_id, d.branch_id, to_char(d.date, 'YYYY-MM-DD') as date, d.weight_in_pounds::float8 as lbs, s.retailer_id
        from donations d join stores s on s.id = d.store_id
        where d.id = ${body.donationId}::uuid and ${partnerStoreWhere(grant)} and ${submittedMonth}`,
    );
    if (!line) throw notFound();
    // The partial unique index (one open query per line) makes two partners asking at once end with one query.
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into partner_queries (donation_id, retailer_id, store_id, branch_id, date, pounds, kind, reason, asked_by_user_id)
        values (${line.id}::uuid, ${line.retailer_id}::uuid, ${line.store_id}::uuid, ${line.branch_id}::uuid, ${line.date}::date,
          ${line.lbs}, ${body.kind}, ${body.reason}, ${user.id}::uuid)
        on conflict (donation_id) where status = 'open' do nothing returning id`,
    );
    if (!row) throw new ApiError(409, 'QUERY_OPEN');
    await audit(tx, {
      userId: user.id,
      actor: user.username,
      action: 'partner-query',
      entity: 'donation',
      entityId: line.id,
      branchId: line.branch_id,
      after: { queryId: row.id, kind: body.kind, reason: body.reason },
    });
    return row.id;
  });
  const [query] = await selectQueries(db, sql`q.id = ${id}::uuid`);
  return query;
}

/**
 * POST /api/partner-queries/{id}/answer: by the branch's staff or a program administrator. The update answers only
 * an open query, so two answers at once end with one and the other is told it was answered.
 */
export async function answerQuery(db: DbOrTx, user: AuthUser, queryId: string, answer: string) {
  const [q] = await queryRows<{ id: string; branch_id: string; status: string; donation_id: string | null; province: string | null }>(
    db,
    sql`select q.id, q.branch_id, q.status, q.donation_id, b.province from partner_queries q join branches b on b.id = q.branch_id
      where q.id = ${queryId}::uuid`,
  );
  const mayAnswer =
    q && (user.branchIds.includes(q.branch_id) || (user.program?.role === 'admin' && inProgramScope(user.program, q.province)));
  if (!q || !mayAnswer) throw notFound();
  await db.transaction(async (tx) => {
    const [done] = await queryRows<{ id: string }>(
      tx,
      sql`update partner_queries set status = 'answered', answer = ${answer}, answered_by_user_id = ${user.id}::uuid, answered_at = now()
        where id = ${queryId}::uuid and status = 'open' returning id`,
    );
    if (!done) throw new ApiError(409, 'QUERY_ANSWERED');
    await audit(tx, {
      userId: user.id,
      actor: user.username,
      action: 'partner-query-answer',
      entity: 'donation',
      entityId: q.donation_id,
      branchId: q.branch_id,
      after: { queryId, answer },
    });
  });
  const [query] = await selectQueries(db, sql`q.id = ${queryId}::uuid`);
  return query;
}
