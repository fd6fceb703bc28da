// The demo retailer's manifest (docs/product.md, Manifests): two submitted months of Sobeys Inc.'s pickups at the
// demo food banks, as the retailer's own system would record them: most lines agree with what the branches typed,
// a few weigh differently, and one pickup at Parkdale (Toronto) has no donation on the branch side.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RFP_CAMPAIGN_ID, WeightUnit } from '@/lib/domain/enums';
import type { DbOrTx } from '../db/client';
import { manifestLines, manifests } from '../db/schema';
import { queryRows, returnedRow } from '../db/sql-rows';
import { BRANCHES } from './demo-data';
import { insertInBatches } from './demo-helpers';

export async function seedDemoManifests(
  tx: DbOrTx,
  opts: { today: { year: number; month: number }; retailerId: string; uploadedBy: string },
) {
  // The two months before the one before last: submitted, and left alone by the browser tests.
  const at = (back: number) => {
    const i = opts.today.year * 12 + opts.today.month - 1 - back;
    return { year: Math.floor(i / 12), month: (i % 12) + 1 };
  };
  const first = at(3);
  const last = at(2);
  const from = `${first.year}-${String(first.month).padStart(2, '0')}-01`;
  const to = new Date(Date.UTC(last.year, last.month, 0)).toISOString().slice(0, 10);
  const rows = await queryRows<{ storeId: string; number: string; date: string; pounds: number }>(
    tx,
    sql`select d.store_id as "storeId", s.number, to_char(d.date, 'YYYY-MM-DD') as date, d.weight_in_pounds::float8 as pounds
        from donations d join stores s on s.id = d.store_id join branches b on b.id = d.branch_id
        where s.retailer_id = ${opts.retailerId}::uuid and d.campaign_id = ${RFP_CAMPAIGN_ID}::uuid and d.weight_in_pounds > 0
          and d.date between ${from}::date and ${to}::date and b.name = any(${`{${BRANCHES.map((b) => `"${b.branch.name}"`).join(',')}}`}::text[])
        order by d.date, s.number, d.weight_in_pounds`,
  );
  // The second pickup of each store weighs 40 % more on the store's side: a difference at every demo store.
  const perStore = new Map<string, number>();
  const lines = rows.map((r) => {
    const n = (perStore.get(r.storeId) ?? 0) + 1;
    perStore.set(r.storeId, n);
    return { ...r, pounds: Math.round(r.pounds * (n === 2 ? 1.4 : 1) * 10) / 10 };
  });
  // One pickup the branch never typed: Parkdale on a day with no donation of that store a day either side.
  const parkdale = await queryRows<{ id: string }>(
    tx,
    sql`select id from stores where retailer_id = ${opts.retailerId}::uuid and number = '9734'`,
  );
  if (parkdale[0]) {
    const taken = new Set(rows.filter((r) => r.number === '9734').map((r) => r.date));
    const day = [...Array(26).keys()]
      .map((d) => `${from.slice(0, 8)}${String(d + 2).padStart(2, '0')}`)
      .find((d) => {
        const n = Number(d.slice(8));
        return [n - 1, n, n + 1].every((x) => !taken.has(`${from.slice(0, 8)}${String(x).padStart(2, '0')}`));
      });
    if (day) lines.push({ storeId: parkdale[0].id, number: '9734', date: day, pounds: 275 });
  }
  if (!lines.length) return;
  const seen = new Set<string>();
  const values = lines.flatMap((l) => {
    const key = `${l.number.toLowerCase()}|${l.date}|${l.pounds.toFixed(2)}|`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ storeId: l.storeId, storeNumber: l.number, date: l.date, weight: l.pounds, weightInPounds: l.pounds, lineKey: key }];
  });
  const manifest = returnedRow(
    await tx
      .insert(manifests)
      .values({
        retailerId: opts.retailerId,
        source: 'file',
        fileName: `sobeys-manifest-${from.slice(0, 7)}-${to.slice(0, 7)}.csv`,
        fileHash: createHash('sha256').update(`demo:${from}:${to}`).digest('hex'),
        lineCount: values.length,
        newLineCount: values.length,
        uploadedBy: opts.uploadedBy,
      })
      .returning({ id: manifests.id }),
  );
  await insertInBatches(
    values.map((v) => ({ ...v, manifestId: manifest.id, retailerId: opts.retailerId, weightUnit: WeightUnit.Pounds })),
    500,
    (b) => tx.insert(manifestLines).values(b),
  );
}
