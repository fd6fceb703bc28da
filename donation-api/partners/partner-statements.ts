// Statements for retail partners: what each store gave to which food bank over a month or a quarter, for submitted
// months only. A statement is kept as issued (its figures in jsonb); asking again returns it while nothing changed,
// and issues a new number that names the one it replaces, with the lines that changed, once a figure moved.
import { sql, type SQL } from 'drizzle-orm';
import { todayCalendarDate } from '@/lib/domain/dates';
import { mealsOf } from '@/lib/domain/impact';
import type { Statement, StatementBody } from '@/lib/domain/partner';
import { partnerStoreWhere } from '../auth/partner-scope';
import { audit } from '../audit';
import type { ApiDeps, AuthUser, PartnerGrant } from '../context';
import type { DbOrTx } from '../db/client';
import { ApiError, notFound } from '../errors';
import { queryRows, returnedRow } from '../db/sql-rows';
import { todayFrom } from '@/lib/domain/pickups';
import { partnerPickups } from '../pickups/reliability';
import { categoriesOf, categoryEntries, categoryPounds, categorySums, submittedTotalsFrom } from './store-totals';

export type StatementLine = {
  storeId: string;
  storeName: string;
  storeNumber: string | null;
  banner: string | null;
  branchName: string;
  pounds: number;
  kgCo2e: number;
  meals: number;
  /** Pounds per category id. */
  categories: Record<string, number>;
};
export type StatementFigures = {
  lines: StatementLine[];
  categories: { id: number; name: string; nameFr: string }[];
  totals: { pounds: number; kgCo2e: number; meals: number };
  /**
   * The scheduled pickups of the statement's stores over its period (docs/rules.md, Pickup reliability): collected and
   * no food. Absent from statements issued before they were printed.
   */
  pickups?: { scheduled: number; collected: number; noFood: number };
};
export type StatementChange = { storeName: string; branchName: string; before: number; after: number };

export type KeptStatement = Statement & {
  retailerId: string;
  scopeKey: string;
  periodFrom: string;
  periodTo: string;
  figures: StatementFigures;
  changes: StatementChange[] | null;
};

/** Printed on the statement and in its file name. */
export const statementNumber = (n: number) => `RFP-S-${String(n).padStart(6, '0')}`;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The period of a statement: one month or one quarter that has ended (in APP_TIME_ZONE, by the injected clock);
 * anything else is refused. A numbered statement of a month still under way would print figures that go on moving.
 */
export function statementPeriod(body: StatementBody, now: Date, timeZone: string) {
  if ((body.month === undefined) === (body.quarter === undefined)) throw new ApiError(400, 'STATEMENT_PERIOD', 'month');
  const first = body.month ?? (body.quarter! - 1) * 3 + 1;
  const last = body.month ?? first + 2;
  const today = todayCalendarDate(now, timeZone);
  if (body.year * 100 + last >= today.year * 100 + today.month) throw new ApiError(400, 'STATEMENT_PERIOD', 'month');
  const pad = (m: number) => String(m).padStart(2, '0');
  const lastDay = new Date(Date.UTC(body.year, last, 0)).getUTCDate();
  return {
    period: body.month ? `${body.year}-${pad(first)}` : `${body.year}-Q${body.quarter}`,
    from: `${body.year}-${pad(first)}-01`,
    to: `${body.year}-${pad(last)}-${pad(lastDay)}`,
    fromKey: body.year * 100 + first,
    toKey: body.year * 100 + last,
  };
}

/** What a statement covers: one store of the scope, or the whole scope, with the name printed on it. */
async function statementScope(db: DbOrTx, grant: PartnerGrant, storeId?: string) {
  const [names] = await queryRows<{ retailer: string; banner: string | null }>(
    db,
    sql`select r.name as retailer, (select name from banners where id = ${grant.bannerId}::uuid) as banner from retailers r
      where r.id = ${grant.retailerId}::uuid`,
  );
  if (!names) throw notFound();
  if (storeId) {
    const [store] = await queryRows<{ name: string; number: string | null }>(
      db,
      sql`select s.name, s.number from stores s where s.id = ${storeId}::uuid and ${partnerStoreWhere(grant)}`,
    );
    if (!store) throw notFound();
    const label = store.number ? `${store.name} #${store.number}` : store.name;
    return { key: `store:${storeId}`, name: `${names.retailer} – ${label}`, where: sql`s.id = ${storeId}::uuid` };
  }
  const where = partnerStoreWhere(grant);
  if (grant.storeIds.length) {
    const ids = [...grant.storeIds].sort();
    return { key: `stores:${ids.join(',')}`, name: `${names.retailer} (${ids.length})`, where };
  }
  if (grant.bannerId) return { key: `banner:${grant.bannerId}`, name: `${names.retailer} – ${names.banner ?? ''}`, where };
  return { key: `retailer:${grant.retailerId}`, name: names.retailer, where };
}

/** The figures of a period: one line per store and food bank, submitted months only, from the running totals. */
async function statementFigures(db: DbOrTx, where: SQL, fromKey: number, toKey: number): Promise<StatementFigures> {
  const categories = await categoriesOf(db);
  const lines = await queryRows<
    {
      store_id: string;
      store_name: string;
      store_number: string | null;
      banner: string | null;
      branch_name: string;
      lbs: number;
      co2e: number;
    } & Record<string, unknown>
  >(
    db,
    sql`select t.store_id, s.name as store_name, s.number as store_number, (select name from banners where id = s.banner_id) as banner,
        b.name as branch_name, sum(t.pounds)::float8 as lbs, sum(t.ghg_kg_co2e)::float8 as co2e, ${categorySums(categories)}
      ${submittedTotalsFrom({ where, branches: true }, fromKey, toKey)}
      group by t.store_id, t.branch_id, s.name, s.number, s.banner_id, b.name
      having sum(t.donation_count) > 0 order by s.name, s.number, b.name`,
  );
  const out: StatementLine[] = lines.map((l) => {
    const cats = categoryPounds(l, categories);
    return {
      storeId: l.store_id,
      storeName: l.store_name,
      storeNumber: l.store_number,
      banner: l.banner,
      branchName: l.branch_name,
      pounds: round2(Number(l.lbs)),
      kgCo2e: round2(Number(l.co2e)),
      meals: mealsOf(categoryEntries(cats)),
      categories: Object.fromEntries(
        Object.entries(cats)
          .filter(([, v]) => v !== 0)
          .map(([k, v]) => [k, round2(v)]),
      ),
    };
  });
  const all = out.flatMap((l) => categoryEntries(l.categories));
  return {
    lines: out,
    categories,
    totals: {
      pounds: round2(out.reduce((n, l) => n + l.pounds, 0)),
      kgCo2e: round2(out.reduce((n, l) => n + l.kgCo2e, 0)),
      meals: mealsOf(all),
    },
  };
}

const lineKey = (l: StatementLine) => `${l.storeId}|${l.branchName}`;

/** The lines whose pounds differ between two issues (a line that appeared or left counts as 0 on the other side). */
function changesBetween(before: StatementFigures, after: StatementFigures): StatementChange[] {
  const old = new Map(before.lines.map((l) => [lineKey(l), l]));
  const now = new Map(after.lines.map((l) => [lineKey(l), l]));
  const out: StatementChange[] = [];
  for (const k of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(k);
    const b = now.get(k);
    if (a?.pounds === b?.pounds && JSON.stringify(a?.categories) === JSON.stringify(b?.categories)) continue;
    const l = (b ?? a)!;
    out.push({ storeName: l.storeName, branchName: l.branchName, before: a?.pounds ?? 0, after: b?.pounds ?? 0 });
  }
  return out;
}

type Row = {
  id: string;
  number: string | number;
  retailer_id: string;
  scope_key: string;
  scope_name: string;
  period: string;
  period_from: string;
  period_to: string;
  figures: StatementFigures | string;
  pounds: string | number;
  replaces: string | number | null;
  changes: StatementChange[] | string | null;
  issued_at: string | Date;
};
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function kept(r: Row): KeptStatement {
  return {
    id: r.id,
    number: statementNumber(Number(r.number)),
    period: r.period,
    scopeName: r.scope_name,
    issuedAt: new Date(r.issued_at).toISOString(),
    pounds: Number(r.pounds),
    replaces: r.replaces === null ? null : statementNumber(Number(r.replaces)),
    retailerId: r.retailer_id,
    scopeKey: r.scope_key,
    periodFrom: r.period_from,
    periodTo: r.period_to,
    figures: json(r.figures),
    changes: r.changes === null ? null : json(r.changes),
  };
}

const SELECT = sql`select p.id, p.number, p.retailer_id, p.scope_key, p.scope_name, p.period,
    to_char(p.period_from, 'YYYY-MM-DD') as period_from, to_char(p.period_to, 'YYYY-MM-DD') as period_to, p.figures, p.pounds,
    (select r.number from partner_statements r where r.id = p.replaces_id) as replaces, p.changes, p.issued_at
  from partner_statements p`;

/** The statement of this scope and period as it stands: the kept one while nothing changed, else a new issue. */
export async function issueStatement(deps: ApiDeps, user: AuthUser | null, grant: PartnerGrant, body: StatementBody) {
  const { db, config } = deps;
  const p = statementPeriod(body, deps.now(), config.timeZone);
  const scope = await statementScope(db, grant, body.storeId);
  return db.transaction(async (tx) => {
    // One issuer at a time per scope and period: two requests at once end with one number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`statement:${scope.key}:${p.period}`}))`);
    const figures = await statementFigures(tx, scope.where, p.fromKey, p.toKey);
    const pickups = await partnerPickups(tx, grant, p, todayFrom(deps.now(), config.timeZone), { storeId: body.storeId });
    figures.pickups = { scheduled: pickups.scheduled, collected: pickups.collected, noFood: pickups.noFood };
    const [latest] = await queryRows<Row>(
      tx,
      sql`${SELECT} where p.scope_key = ${scope.key} and p.period = ${p.period} order by p.number desc limit 1`,
    );
    const previous = latest ? kept(latest) : null;
    const changes = previous ? changesBetween(previous.figures, figures) : [];
    if (previous && changes.length === 0) return { statement: previous, created: false };
    const row = returnedRow(
      await queryRows<{ id: string }>(
        tx,
        sql`insert into partner_statements (retailer_id, scope_key, scope_name, period, period_from, period_to, figures, pounds,
          replaces_id, changes, issued_at, issued_by_user_id)
        values (${grant.retailerId}::uuid, ${scope.key}, ${scope.name}, ${p.period}, ${p.from}::date, ${p.to}::date,
          ${JSON.stringify(figures)}::jsonb, ${figures.totals.pounds}, ${previous?.id ?? null}::uuid,
          ${previous ? JSON.stringify(changes) : null}::jsonb, ${deps.now().toISOString()}::timestamptz, ${user?.id ?? null}::uuid)
        returning id`,
      ),
    );
    await audit(tx, {
      userId: user?.id ?? null,
      actor: user?.username ?? 'schedule',
      action: previous ? 'statement-reissue' : 'statement-issue',
      entity: 'partner-statement',
      entityId: row.id,
      after: { scope: scope.key, period: p.period, pounds: figures.totals.pounds, replaces: previous?.number ?? null },
    });
    const [fresh] = await queryRows<Row>(tx, sql`${SELECT} where p.id = ${row.id}::uuid`);
    return { statement: kept(fresh!), created: true };
  });
}

/** Whether a kept statement covers only stores the partner may see. */
function visible(s: { retailerId: string; scopeKey: string }, grant: PartnerGrant, storesInScope: Set<string>): boolean {
  if (s.retailerId !== grant.retailerId) return false;
  const [kind, rest] = [s.scopeKey.slice(0, s.scopeKey.indexOf(':')), s.scopeKey.slice(s.scopeKey.indexOf(':') + 1)];
  if (kind === 'retailer') return !grant.bannerId && !grant.storeIds.length;
  if (kind === 'banner') return !grant.storeIds.length && (!grant.bannerId || grant.bannerId === rest);
  if (kind === 'store') return storesInScope.has(rest);
  return rest.split(',').every((id) => storesInScope.has(id));
}

async function storesOf(db: DbOrTx, grant: PartnerGrant) {
  const rows = await queryRows<{ id: string }>(db, sql`select s.id from stores s where ${partnerStoreWhere(grant)}`);
  return new Set(rows.map((r) => r.id));
}

/** The partner's kept statements, newest first. */
export async function listStatements(db: DbOrTx, grant: PartnerGrant): Promise<Statement[]> {
  const [rows, stores] = await Promise.all([
    queryRows<Row>(db, sql`${SELECT} where p.retailer_id = ${grant.retailerId}::uuid order by p.number desc limit 500`),
    storesOf(db, grant),
  ]);
  return rows
    .map(kept)
    .filter((s) => visible(s, grant, stores))
    .map(({ id, number, period, scopeName, issuedAt, pounds, replaces }) => ({
      id,
      number,
      period,
      scopeName,
      issuedAt,
      pounds,
      replaces,
    }));
}

/** One kept statement the partner may see; any other id is the same 404. */
export async function keptStatement(db: DbOrTx, grant: PartnerGrant, id: string): Promise<KeptStatement> {
  const [row] = await queryRows<Row>(db, sql`${SELECT} where p.id = ${id}::uuid`);
  if (!row) throw notFound();
  const s = kept(row);
  if (!visible(s, grant, await storesOf(db, grant))) throw notFound();
  return s;
}
