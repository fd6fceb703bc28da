// The program's demo: 21 more food banks across the provinces, each with five stores, two years of
// donations and a realistic mix of reports: most submitted on time, some a month late, a few months behind.
// They use their own random sequence, so the branches of demo and demo2 stay exactly as they were.
import { randomUUID } from 'node:crypto';
import { RFP_CAMPAIGN_ID, Source, WeightUnit } from '@/lib/domain/enums';
import { toPounds } from '@/lib/domain/weight';
import { ghgKgCo2e, type newestGhgFactors } from '../donations/ghg';
import type { Tx } from '../db/client';
import { branches, branchStores, donationCategories, donations, monthSubmissions, stores } from '../db/schema';
import { insertInBatches, mulberry32, randomSplit } from './demo-helpers';
import { returnedRow } from '../db/sql-rows';

type Habit = 'onTime' | 'late' | 'behind';

// [name, province, city, retailer, banner, habit]
const PROGRAM_BRANCHES: [string, string, string, string, string | null, Habit][] = [
  ['Ottawa Food Bank', 'ON', 'Ottawa', 'Loblaw Companies', 'Loblaws', 'onTime'],
  ['Hamilton Food Share', 'ON', 'Hamilton', 'Sobeys Inc.', 'FreshCo', 'late'],
  ['London Food Bank', 'ON', 'London', 'Metro Inc.', 'Food Basics', 'onTime'],
  ['Sudbury Food Bank', 'ON', 'Sudbury', 'Loblaw Companies', 'No Frills', 'behind'],
  ['Regional Food Distribution Association', 'ON', 'Thunder Bay', 'Walmart Canada', null, 'onTime'],
  ['Moisson Montréal', 'QC', 'Montréal', 'Metro Inc.', 'Super C', 'onTime'],
  ['Moisson Laval', 'QC', 'Laval', 'Loblaw Companies', 'Maxi', 'late'],
  ['Moisson Estrie', 'QC', 'Sherbrooke', 'Sobeys Inc.', 'IGA', 'onTime'],
  ['Moisson Outaouais', 'QC', 'Gatineau', 'Loblaw Companies', 'Provigo', 'behind'],
  ['Cape Breton Food Bank', 'NS', 'Sydney', 'Sobeys Inc.', 'Sobeys', 'onTime'],
  ['Moncton Food Bank', 'NB', 'Moncton', 'Sobeys Inc.', 'Foodland', 'late'],
  ['Fredericton Community Kitchen', 'NB', 'Fredericton', 'Costco Wholesale', null, 'onTime'],
  ['Harvest Manitoba', 'MB', 'Winnipeg', 'Sobeys Inc.', 'FreshCo', 'onTime'],
  ['Regina Food Bank', 'SK', 'Regina', 'Loblaw Companies', 'No Frills', 'onTime'],
  ['Saskatoon Food Bank & Learning Centre', 'SK', 'Saskatoon', 'Walmart Canada', null, 'late'],
  ['Calgary Food Bank', 'AB', 'Calgary', 'Sobeys Inc.', 'Sobeys', 'onTime'],
  ["Edmonton's Food Bank", 'AB', 'Edmonton', 'Costco Wholesale', null, 'behind'],
  ['Greater Vancouver Food Bank', 'BC', 'Burnaby', 'Loblaw Companies', 'No Frills', 'onTime'],
  ['Mustard Seed Food Bank', 'BC', 'Victoria', 'Sobeys Inc.', 'Sobeys', 'late'],
  ['Upper Room Food Bank', 'PE', 'Charlottetown', 'Sobeys Inc.', 'Sobeys', 'onTime'],
  ['Community Food Sharing Association', 'NL', "St. John's", 'Loblaw Companies', 'No Frills', 'onTime'],
];

/**
 * [username, branch, locale]: staff of branches that owe overdue months (months behind, or last month late), each
 * with an e-mail address, so the program's reminders reach somebody. The program's other branches have no users.
 */
export const BEHIND_STAFF: [string, string, 'en' | 'fr'][] = [
  ['sudbury', 'Sudbury Food Bank', 'en'],
  ['outaouais', 'Moisson Outaouais', 'fr'],
  ['edmonton', "Edmonton's Food Bank", 'en'],
  ['hamilton', 'Hamilton Food Share', 'en'],
];

const COMMENTS = [
  'Two stores were closed for renovations part of the month.',
  'Our truck was in the garage for a week; fewer pickups.',
  'Nouveau bénévole responsable des cueillettes ce mois-ci.',
];

const STORE_AREAS = ['Centre', 'North', 'South', 'East', 'West'];

type Ctx = {
  today: { year: number; month: number; day: number };
  bananaBoxLbs: number;
  factors: Awaited<ReturnType<typeof newestGhgFactors>>;
  retailerIds: Map<string, string>;
  bannerIds: Map<string, string>;
};

/** Inserts the program's demo branches; answers their ids by name. */
export async function seedProgramBranches(tx: Tx, ctx: Ctx): Promise<Map<string, string>> {
  const rand = mulberry32(20261108);
  const { today } = ctx;
  const monthIndex = (y: number, m: number) => y * 12 + (m - 1);
  const todayIndex = monthIndex(today.year, today.month);
  const ids = new Map<string, string>();
  const donationRows: (typeof donations.$inferInsert)[] = [];
  const categoryRows: (typeof donationCategories.$inferInsert)[] = [];
  const submissionRows: (typeof monthSubmissions.$inferInsert)[] = [];

  for (const [i, [name, province, city, retailer, banner, habit]] of PROGRAM_BRANCHES.entries()) {
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
    const contactEmail = `retail@${slug}.example.org`;
    const b = returnedRow(
      await tx
        .insert(branches)
        .values({
          name,
          province,
          city,
          email: `info@${slug}.example.org`,
          phoneNumber: '1-800-555-0100',
          address1: `${100 + i} Main St`,
          contactEmail,
          // Joined when its donations begin (two calendar years back): it owes its reports from then (owesMonth).
          createdAt: new Date(Date.UTC(today.year - 1, 0, 1, 12)),
        })
        .returning({ id: branches.id }),
    );
    ids.set(name, b.id);
    const storeRows = await tx
      .insert(stores)
      .values(
        STORE_AREAS.map((area, k) => ({
          name: `${city} ${area}`,
          number: String(4000 + i * 10 + k),
          retailerId: ctx.retailerIds.get(retailer)!,
          bannerId: banner ? ctx.bannerIds.get(banner)! : null,
        })),
      )
      .returning({ id: stores.id });
    await tx.insert(branchStores).values(storeRows.map((s) => ({ branchId: b.id, storeId: s.id, campaignId: RFP_CAMPAIGN_ID })));

    for (let y = today.year - 1; y <= today.year; y++) {
      for (let m = 1; m <= 12; m++) {
        const idx = monthIndex(y, m);
        if (idx > todayIndex) break;
        const lastDay = idx === todayIndex ? today.day : new Date(Date.UTC(y, m, 0)).getUTCDate();
        for (const store of storeRows) {
          const visits = rand() < 0.55 ? 1 : 0; // about one a store every other month: enough to show, quick to seed
          for (let v = 0; v < visits; v++) {
            const day = 1 + Math.floor(rand() * lastDay);
            const weight = Math.round((20 + rand() * 500) * 10) / 10;
            const split = randomSplit(rand);
            const weightInPounds = toPounds(weight, WeightUnit.Pounds, ctx.bananaBoxLbs);
            const id = randomUUID();
            donationRows.push({
              id,
              branchId: b.id,
              campaignId: RFP_CAMPAIGN_ID,
              storeId: store.id,
              date: `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
              source: rand() < 0.7 ? Source.BackStore : Source.FrontStore,
              weight,
              weightUnit: WeightUnit.Pounds,
              weightInPounds,
              ghgKgCo2e: ctx.factors ? ghgKgCo2e(weightInPounds, split, ctx.factors) : null,
              ghgFactorVersion: ctx.factors?.version ?? null,
              createdBy: contactEmail,
              updatedBy: contactEmail,
            });
            for (const c of split) categoryRows.push({ donationId: id, ...c });
          }
        }
        // On time: every month up to last month. Late: last month still missing. Behind: the last three missing,
        // and one forgotten month early last year.
        const missing = habit === 'onTime' ? 0 : habit === 'late' ? 1 : 3;
        const forgotten = habit === 'behind' && y === today.year - 1 && m === 3;
        if (idx <= todayIndex - 1 - missing && !forgotten) {
          const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
          const isLastMonth = idx === todayIndex - 1;
          // Last month's report went in before today; older ones around the 10th of the following month.
          const day = isLastMonth ? Math.max(1, Math.min(today.day - 1, 3 + Math.floor(rand() * 8))) : 4 + Math.floor(rand() * 10);
          submissionRows.push({
            branchId: b.id,
            year: y,
            month: m,
            submitted: true,
            submittedAt: new Date(Date.UTC(next.y, next.m - 1, day, 15, 0)),
            submittedBy: contactEmail,
            comments: rand() < 0.2 ? COMMENTS[Math.floor(rand() * COMMENTS.length)] : null,
          });
        }
      }
    }
  }
  await insertInBatches(donationRows, 500, (batch) => tx.insert(donations).values(batch));
  await insertInBatches(categoryRows, 1000, (batch) => tx.insert(donationCategories).values(batch));
  await insertInBatches(submissionRows, 500, (batch) => tx.insert(monthSubmissions).values(batch));
  return ids;
}
