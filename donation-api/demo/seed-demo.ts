import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { RFP_CAMPAIGN_ID, LoginType, Source, WeightUnit } from '@/lib/domain/enums';
import { todayCalendarDate } from '@/lib/domain/dates';
import { toPounds } from '@/lib/domain/weight';
import { ghgKgCo2e, newestGhgFactors } from '../donations/ghg';
import type { Db } from '../db/client';
import { ensureReferenceData } from '../db/reference-data';
import {
  appSettings,
  banners,
  branches,
  branchStores,
  campaigns,
  contacts,
  donationCategories,
  donations,
  monthSubmissions,
  partnerAccess,
  programRoles,
  reopenRequests,
  retailers,
  stores,
  userBranches,
  users,
} from '../db/schema';
import { BG_DATA_KEY, DEFAULT_BG_DATA } from '../sign-in/bg-data';
import { BRANCHES, FEEDBACK_TOPICS, RETAILERS } from './demo-data';
import { insertInBatches, mulberry32, randomSplit } from './demo-helpers';
import { BEHIND_STAFF, seedProgramBranches } from './demo-program-branches';
import { seedDemoManifests } from './demo-manifests';
import { seedDemoPickups } from './demo-pickups';
import { returnedRow } from '../db/sql-rows';

export const DEMO_PASSWORD = 'Demo-2026';

/** When the demo is seeded, and the app's time zone: the calendar date there is the demo's today (at 22:00 in Toronto,
 * UTC is already on the next day, and a UTC date gave branches donations dated tomorrow). */
export type DemoSeedOptions = { now: Date; timeZone: string; bananaBoxLbs: number };

/**
 * Demo data for a fresh database: users demo and demo2 (password Demo-2026), the single sign-on users
 * employee (work account) and partner (customer identity), the program administrator program and the Ontario
 * coordinator ontario (Demo-2026), three branches (Ontario,
 * Quebec, Nova Scotia) plus the program's 21 (demo-program-branches.ts), real Canadian retailers and banners, and two calendar years of donations up to
 * today, every month submitted except the current one and the one before, with pickup schedules for their stores
 * since last month (demo-pickups.ts). Does nothing (answers false) when any user exists.
 */
export async function seedDemo(db: Db, opts: DemoSeedOptions): Promise<boolean> {
  await ensureReferenceData(db);
  const passwordHash = await hash(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Two processes starting at once must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [{ n }] = (await tx.execute(sql`select count(*)::int as n from users`)).rows as [{ n: number }];
    if (Number(n) > 0) return false;
    const rand = mulberry32(20260101);
    const factors = await newestGhgFactors(tx);
    const today = todayCalendarDate(opts.now, opts.timeZone);

    await tx.insert(appSettings).values({ key: BG_DATA_KEY, value: DEFAULT_BG_DATA }).onConflictDoNothing();
    await tx.insert(contacts).values(
      FEEDBACK_TOPICS.map((name, i) => ({
        name,
        emailAddress: `${name
          .toLowerCase()
          .replace(/[^a-z]+/g, '-')
          .replace(/^-|-$/g, '')}@example.org`,
        displayOrder: i + 1,
      })),
    );

    // Retailers and banners, shared by every branch.
    const retailerIds = new Map<string, string>();
    const bannerIds = new Map<string, string>();
    for (const [name, bannerNames] of Object.entries(RETAILERS)) {
      const r = returnedRow(await tx.insert(retailers).values({ name }).returning({ id: retailers.id }));
      retailerIds.set(name, r.id);
      if (bannerNames.length) {
        const rows = await tx
          .insert(banners)
          .values(bannerNames.map((b) => ({ retailerId: r.id, name: b })))
          .returning({ id: banners.id, name: banners.name });
        for (const b of rows) bannerIds.set(b.name, b.id);
      }
    }

    const branchIds = new Map<string, string>();
    const storesOf = new Map<string, string[]>();
    for (const spec of BRANCHES) {
      // Joined the program when its two years of donations begin: a branch owes its reports from then (owesMonth).
      const joined = new Date(Date.UTC(today.year - 1, 0, 1, 12));
      const b = returnedRow(
        await tx
          .insert(branches)
          .values({ ...spec.branch, createdAt: joined })
          .returning({ id: branches.id }),
      );
      branchIds.set(spec.key, b.id);
      const rows = await tx
        .insert(stores)
        .values(
          spec.stores.map(([retailer, banner, name, number]) => ({
            name,
            number,
            retailerId: retailerIds.get(retailer)!,
            bannerId: banner ? bannerIds.get(banner)! : null,
          })),
        )
        .returning({ id: stores.id });
      storesOf.set(
        b.id,
        rows.map((r) => r.id),
      );
      await tx.insert(branchStores).values(rows.map((r) => ({ branchId: b.id, storeId: r.id, campaignId: RFP_CAMPAIGN_ID })));
    }

    // A second program with two stores in Toronto, so the program list and campaign donations have something to show.
    const holiday = returnedRow(await tx.insert(campaigns).values({ name: 'Holiday Food Drive' }).returning({ id: campaigns.id }));
    const torontoId = branchIds.get('toronto')!;
    const holidayStores = storesOf.get(torontoId)!.slice(0, 2);
    await tx.insert(branchStores).values(holidayStores.map((storeId) => ({ branchId: torontoId, storeId, campaignId: holiday.id })));

    const [demo, demo2] = await tx
      .insert(users)
      .values([
        { username: 'demo', email: 'demo@foodbank.example.org', passwordHash, loginType: LoginType.Admin, locale: 'en' },
        { username: 'demo2', email: 'demo2@foodbank.example.org', passwordHash, loginType: LoginType.Admin, locale: 'en' },
      ])
      .returning({ id: users.id, email: users.email });
    await tx.insert(userBranches).values([
      { userId: demo!.id, branchId: torontoId, position: 0 },
      { userId: demo!.id, branchId: branchIds.get('quebec')!, position: 1 },
      { userId: demo2!.id, branchId: branchIds.get('halifax')!, position: 0 },
    ]);
    // Single sign-on users (no password): the e-mails the local identity providers of the tests sign in
    // (tests/support/oidc.ts DEMO_SSO_ACCOUNTS); the first sign-in stores their object id.
    const [employee, partner] = await tx
      .insert(users)
      .values([
        { username: 'employee', email: 'employee@foodbanks.example.org', loginType: LoginType.AAD, locale: 'en' },
        { username: 'partner', email: 'partner@example.org', loginType: LoginType.AADB2C, locale: 'fr' },
      ])
      .returning({ id: users.id });
    await tx.insert(userBranches).values([
      { userId: employee!.id, branchId: torontoId, position: 0 },
      { userId: partner!.id, branchId: branchIds.get('halifax')!, position: 0 },
    ]);

    // Program staff: a program administrator and an Ontario coordinator, members of no branch.
    const [program, ontario] = await tx
      .insert(users)
      .values([
        { username: 'program', email: 'program@foodbanks.example.org', passwordHash, loginType: LoginType.Admin, locale: 'en' },
        { username: 'ontario', email: 'ontario@foodbanks.example.org', passwordHash, loginType: LoginType.Admin, locale: 'fr' },
      ])
      .returning({ id: users.id });
    await tx.insert(programRoles).values([
      { userId: program!.id, role: 'admin', grantedBy: 'demo data' },
      { userId: ontario!.id, role: 'coordinator', provinces: ['ON'], grantedBy: 'demo data' },
    ]);

    // A retail partner, the donors' side: every store of Sobeys Inc., in eight provinces (the README names them).
    const retail = returnedRow(
      await tx
        .insert(users)
        .values({ username: 'retail', email: 'retail@sobeys.example.com', passwordHash, loginType: LoginType.Admin, locale: 'en' })
        .returning({ id: users.id }),
    );
    await tx.insert(partnerAccess).values({ userId: retail.id, retailerId: retailerIds.get('Sobeys Inc.')!, grantedBy: 'demo data' });

    // Donations: two calendar years up to today.
    const donationRows: (typeof donations.$inferInsert)[] = [];
    const categoryRows: (typeof donationCategories.$inferInsert)[] = [];
    const submissionRows: (typeof monthSubmissions.$inferInsert)[] = [];
    const owner = (branchId: string) => (branchId === branchIds.get('halifax') ? demo2! : demo!);
    const monthIndex = (y: number, m: number) => y * 12 + (m - 1);
    const todayIndex = monthIndex(today.year, today.month);
    for (const [branchId, storeIds] of storesOf) {
      const size = branchId === torontoId ? 1.6 : branchId === branchIds.get('quebec') ? 1 : 0.6;
      for (let y = today.year - 1; y <= today.year; y++) {
        for (let m = 1; m <= 12; m++) {
          const idx = monthIndex(y, m);
          if (idx > todayIndex) break;
          const lastDay = idx === todayIndex ? today.day : new Date(Date.UTC(y, m, 0)).getUTCDate();
          const add = (storeId: string, campaignId: string, source: number) => {
            const day = 1 + Math.floor(rand() * lastDay);
            const date = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
            const none = rand() < 0.05;
            const unitRoll = rand();
            const unit = none
              ? WeightUnit.Pounds
              : unitRoll < 0.7
                ? WeightUnit.Pounds
                : unitRoll < 0.9
                  ? WeightUnit.Kilogram
                  : WeightUnit.BananaBox;
            const weight = none
              ? 0
              : unit === WeightUnit.BananaBox
                ? 1 + Math.floor(rand() * 30)
                : Math.round((unit === WeightUnit.Kilogram ? 10 + rand() * 290 : 20 + rand() * 780) * size * 10) / 10;
            const split = none ? [{ categoryId: 9, fraction: 1 }] : randomSplit(rand);
            const weightInPounds = toPounds(weight, unit, opts.bananaBoxLbs);
            const id = randomUUID();
            const who = owner(branchId);
            donationRows.push({
              id,
              branchId,
              campaignId,
              storeId,
              date,
              source,
              weight,
              weightUnit: unit,
              weightInPounds,
              ghgKgCo2e: factors ? ghgKgCo2e(weightInPounds, split, factors) : null,
              ghgFactorVersion: factors?.version ?? null,
              createdBy: who.email,
              createdByUserId: who.id,
              updatedBy: who.email,
              updatedByUserId: who.id,
            });
            for (const c of split) categoryRows.push({ donationId: id, ...c });
          };
          for (const storeId of storeIds) {
            const visits = Math.floor(rand() * 4); // 0 to 3 donations per store per month
            for (let v = 0; v < visits; v++) add(storeId, RFP_CAMPAIGN_ID, rand() < 0.7 ? Source.BackStore : Source.FrontStore);
          }
          if (branchId === torontoId && (m === 11 || m === 12)) {
            for (const storeId of holidayStores) add(storeId, holiday.id, Source.FrontStore);
          }
          // Every month but the current one and the one before is submitted, around the 10th of the next month.
          if (idx <= todayIndex - 2) {
            const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
            submissionRows.push({
              branchId,
              year: y,
              month: m,
              submitted: true,
              submittedAt: new Date(Date.UTC(next.y, next.m - 1, 8 + Math.floor(rand() * 6), 14, 30)),
              submittedBy: owner(branchId).email,
              submittedByUserId: owner(branchId).id,
              comments: rand() < 0.25 ? 'Two stores were closed for renovations part of the month.' : null,
            });
          }
        }
      }
    }
    await insertInBatches(donationRows, 500, (b) => tx.insert(donations).values(b));
    await insertInBatches(categoryRows, 1000, (b) => tx.insert(donationCategories).values(b));
    await insertInBatches(submissionRows, 500, (b) => tx.insert(monthSubmissions).values(b));

    // The program's demo: 21 more food banks across the provinces, submitted, late and behind.
    const programIds = await seedProgramBranches(tx, { today, bananaBoxLbs: opts.bananaBoxLbs, factors, retailerIds, bannerIds });
    // Staff of the branches months behind, so the program's "Send a reminder" has somebody to write to there.
    const behind = await tx
      .insert(users)
      .values(
        BEHIND_STAFF.map(([username, , locale]) => ({
          username,
          email: `${username}@foodbank.example.org`,
          passwordHash,
          loginType: LoginType.Admin,
          locale,
        })),
      )
      .returning({ id: users.id, username: users.username });
    const idOf = new Map(behind.map((u) => [u.username, u.id]));
    await tx
      .insert(userBranches)
      .values(BEHIND_STAFF.map(([username, branch]) => ({ userId: idOf.get(username)!, branchId: programIds.get(branch)!, position: 0 })));
    // Two months of the demo retailer's manifest, reconciled on the Store records screens.
    await seedDemoManifests(tx, { today, retailerId: retailerIds.get('Sobeys Inc.')!, uploadedBy: 'retail' });
    // The demo branches' pickup schedules since last month, with donations, missed, no-food and unrecorded pickups.
    const pickupBranches = [...storesOf].map(([id, storeIds]) => ({ id, storeIds, owner: owner(id) }));
    await seedDemoPickups(tx, { today, branches: pickupBranches, factors });
    // An open reopening request for /program: by `demo`, on a submitted month of Toronto seven months back
    // (every month up to the one before last is submitted; the browser tests use more recent ones).
    const back = monthIndex(today.year, today.month) - 7;
    await tx.insert(reopenRequests).values({
      branchId: torontoId,
      year: Math.floor(back / 12),
      month: (back % 12) + 1,
      reason: 'A late donation from the Queen St W store was found after we submitted: 320 lb of produce to add.',
      requestedBy: demo!.email,
      requestedByUserId: demo!.id,
      requestedAt: new Date(opts.now.getTime() - 2 * 86_400_000),
    });
    return true;
  });
}
