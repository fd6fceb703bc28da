import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { RFP_CAMPAIGN_ID, LoginType, Source, WeightUnit } from '@/lib/domain/enums';
import { toPounds } from '@/lib/domain/weight';
import { ghgKgCo2e, newestGhgFactors } from '../services/ghg';
import type { Db, Tx } from './client';
import { ensureReferenceData } from './reference-data';
import { appSettings, banners, branches, branchStores, campaigns, contacts, donationCategories, donations, monthSubmissions, retailers, stores, userBranches, users } from './schema';
import { BG_DATA_KEY, DEFAULT_BG_DATA } from '../services/bg-data';

export const DEMO_PASSWORD = 'Demo-2026';

// The feedback topics of section 3 are the contacts a user writes to.
const FEEDBACK_TOPICS = [
  'Individual Donations', 'Partnerships', 'Corporate Food Donations', 'Testing', 'Grants', 'Development News', 'After The Bell Program',
  'Retail Food Program', 'Media', 'General Inquiry', 'Marketplace/Group Purchasing Program', 'Ignite/Workplace', 'Communication',
];

const RETAILERS: Record<string, string[]> = {
  'Loblaw Companies': ['No Frills', 'Loblaws', 'Zehrs', 'Provigo', 'Maxi'],
  'Sobeys Inc.': ['Sobeys', 'IGA', 'FreshCo', 'Foodland'],
  'Metro Inc.': ['Metro', 'Food Basics', 'Super C'],
  'Walmart Canada': [],
  'Costco Wholesale': [],
};

type StoreSpec = [retailer: string, banner: string | null, name: string, number: string];

const BRANCHES = [
  {
    key: 'toronto',
    branch: {
      name: 'Toronto Community Food Bank', email: 'info@torontofoodbank.example.org', phoneNumber: '416-555-0142', province: 'ON', city: 'Toronto',
      address1: '191 New Toronto St', postalCode: 'M8V 2E7', lat: 43.6006, lng: -79.5054, website: 'https://torontofoodbank.example.org',
      operatingHours: 'Mon–Fri 9:00–17:00\nSat 10:00–14:00\nSun closed', contactName: 'Priya Raman', contactTitle: 'Retail Program Coordinator',
      contactEmail: 'priya.raman@torontofoodbank.example.org', contactPhoneNumber: '416-555-0143', numStaff: 42, numVolunteers: 610,
      numServedInPreviousYear: 48000, totalPoundsDistributedAnnually: 3200000,
    },
    stores: [
      ['Loblaw Companies', 'No Frills', 'Queen St W', '3021'],
      ['Loblaw Companies', 'Loblaws', 'Maple Leaf Gardens', '1092'],
      ['Loblaw Companies', 'Zehrs', 'Etobicoke', '0571'],
      ['Sobeys Inc.', 'FreshCo', 'Parkdale', '9734'],
      ['Sobeys Inc.', 'Sobeys', 'Liberty Village', '4417'],
      ['Metro Inc.', 'Metro', 'Bloor St W', '0163'],
      ['Metro Inc.', 'Food Basics', 'Dufferin Mall', '0688'],
      ['Walmart Canada', null, 'Dufferin Mall', '3106'],
      ['Costco Wholesale', null, 'Etobicoke', '0524'],
    ] as StoreSpec[],
  },
  {
    key: 'quebec',
    branch: {
      name: 'Banque alimentaire de Québec', email: 'info@banquealimentaire-quebec.example.org', phoneNumber: '418-555-0175', province: 'QC', city: 'Québec',
      address1: '1500 rue Cyrille-Duquet', postalCode: 'G1N 2E5', lat: 46.8011, lng: -71.2871, website: 'https://banquealimentaire-quebec.example.org',
      operatingHours: 'Lun–ven 8 h 30 – 16 h 30\nSam 9 h – 12 h\nDim fermé', contactName: 'Mathieu Tremblay', contactTitle: 'Coordonnateur du programme de détail',
      contactEmail: 'mathieu.tremblay@banquealimentaire-quebec.example.org', contactPhoneNumber: '418-555-0176', numStaff: 18, numVolunteers: 240,
      numServedInPreviousYear: 21000, totalPoundsDistributedAnnually: 1400000,
    },
    stores: [
      ['Loblaw Companies', 'Provigo', 'Rue Saint-Jean', '8811'],
      ['Loblaw Companies', 'Maxi', 'Boulevard Hamel', '8702'],
      ['Sobeys Inc.', 'IGA', 'Sainte-Foy', '8154'],
      ['Metro Inc.', 'Metro', 'Limoilou', '0291'],
      ['Metro Inc.', 'Super C', 'Charlesbourg', '0937'],
      ['Walmart Canada', null, 'Lebourgneuf', '3185'],
      ['Costco Wholesale', null, 'Québec', '0308'],
    ] as StoreSpec[],
  },
  {
    key: 'halifax',
    branch: {
      name: 'Halifax Community Food Bank', email: 'info@halifaxfoodbank.example.org', phoneNumber: '902-555-0119', province: 'NS', city: 'Halifax',
      address1: '6040 Almon St', postalCode: 'B3K 1T8', lat: 44.6558, lng: -63.6009, website: 'https://halifaxfoodbank.example.org',
      operatingHours: 'Mon–Fri 9:00–16:00\nSat–Sun closed', contactName: 'Grace MacLeod', contactTitle: 'Operations Manager',
      contactEmail: 'grace.macleod@halifaxfoodbank.example.org', contactPhoneNumber: '902-555-0120', numStaff: 9, numVolunteers: 130,
      numServedInPreviousYear: 9500, totalPoundsDistributedAnnually: 650000,
    },
    stores: [
      ['Sobeys Inc.', 'Sobeys', 'Spring Garden Rd', '0712'],
      ['Sobeys Inc.', 'Foodland', 'Dartmouth', '0745'],
      ['Loblaw Companies', 'No Frills', 'Quinpool Rd', '3904'],
      ['Walmart Canada', null, 'Mumford Rd', '3091'],
      ['Costco Wholesale', null, 'Dartmouth Crossing', '0551'],
    ] as StoreSpec[],
  },
];

/** Small deterministic generator, so every demo database tells the same story. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole-percent shares over 1 to 4 food categories, totalling 100. */
function randomSplit(rand: () => number): { categoryId: number; fraction: number }[] {
  const food = [1, 2, 3, 4, 5, 6, 7, 8];
  const n = 1 + Math.floor(rand() * 4);
  const picked: number[] = [];
  while (picked.length < n) {
    const c = food[Math.floor(rand() * food.length)];
    if (!picked.includes(c)) picked.push(c);
  }
  const weights = picked.map(() => 1 + rand() * 4);
  const total = weights.reduce((a, b) => a + b, 0);
  const percents = weights.map((w) => Math.max(1, Math.floor((w / total) * 100)));
  percents[0] += 100 - percents.reduce((a, b) => a + b, 0);
  return picked.map((categoryId, i) => ({ categoryId, fraction: percents[i] / 100 })).sort((a, b) => a.categoryId - b.categoryId);
}

async function insertInBatches<T>(tx: Tx, rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Demo data for a fresh database: users demo and demo2 (password Demo-2026), the single sign-on users
 * employee (work account) and partner (customer identity), three branches (Ontario,
 * Quebec, Nova Scotia), real Canadian retailers and banners, and two calendar years of donations up to
 * today, every month submitted except the current one and the one before. Does nothing (answers false)
 * when any user exists.
 */
export async function seedDemo(db: Db, opts: { today: Date; bananaBoxLbs: number }): Promise<boolean> {
  await ensureReferenceData(db);
  const passwordHash = await hash(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Two processes starting at once must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [{ n }] = (await tx.execute(sql`select count(*)::int as n from users`)).rows as { n: number }[];
    if (Number(n) > 0) return false;
    const rand = mulberry32(20260101);
    const factors = await newestGhgFactors(tx);
    const today = { year: opts.today.getUTCFullYear(), month: opts.today.getUTCMonth() + 1, day: opts.today.getUTCDate() };

    await tx.insert(appSettings).values({ key: BG_DATA_KEY, value: DEFAULT_BG_DATA }).onConflictDoNothing();
    await tx.insert(contacts).values(
      FEEDBACK_TOPICS.map((name, i) => ({ name, emailAddress: `${name.toLowerCase().replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}@example.org`, displayOrder: i + 1 })),
    );

    // Retailers and banners, shared by every branch.
    const retailerIds = new Map<string, string>();
    const bannerIds = new Map<string, string>();
    for (const [name, bannerNames] of Object.entries(RETAILERS)) {
      const [r] = await tx.insert(retailers).values({ name }).returning({ id: retailers.id });
      retailerIds.set(name, r.id);
      if (bannerNames.length) {
        const rows = await tx.insert(banners).values(bannerNames.map((b) => ({ retailerId: r.id, name: b }))).returning({ id: banners.id, name: banners.name });
        for (const b of rows) bannerIds.set(b.name, b.id);
      }
    }

    const branchIds = new Map<string, string>();
    const storesOf = new Map<string, string[]>();
    for (const spec of BRANCHES) {
      const [b] = await tx.insert(branches).values(spec.branch).returning({ id: branches.id });
      branchIds.set(spec.key, b.id);
      const rows = await tx
        .insert(stores)
        .values(spec.stores.map(([retailer, banner, name, number]) => ({ name, number, retailerId: retailerIds.get(retailer)!, bannerId: banner ? bannerIds.get(banner)! : null })))
        .returning({ id: stores.id });
      storesOf.set(b.id, rows.map((r) => r.id));
      await tx.insert(branchStores).values(rows.map((r) => ({ branchId: b.id, storeId: r.id, campaignId: RFP_CAMPAIGN_ID })));
    }

    // A second program with two stores in Toronto, so the program list and campaign donations have something to show.
    const [holiday] = await tx.insert(campaigns).values({ name: 'Holiday Food Drive' }).returning({ id: campaigns.id });
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
      { userId: demo.id, branchId: torontoId, position: 0 },
      { userId: demo.id, branchId: branchIds.get('quebec')!, position: 1 },
      { userId: demo2.id, branchId: branchIds.get('halifax')!, position: 0 },
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
      { userId: employee.id, branchId: torontoId, position: 0 },
      { userId: partner.id, branchId: branchIds.get('halifax')!, position: 0 },
    ]);

    // Donations: two calendar years up to today.
    const donationRows: (typeof donations.$inferInsert)[] = [];
    const categoryRows: (typeof donationCategories.$inferInsert)[] = [];
    const submissionRows: (typeof monthSubmissions.$inferInsert)[] = [];
    const owner = (branchId: string) => (branchId === branchIds.get('halifax') ? demo2 : demo);
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
            const unit = none ? WeightUnit.Pounds : unitRoll < 0.7 ? WeightUnit.Pounds : unitRoll < 0.9 ? WeightUnit.Kilogram : WeightUnit.BananaBox;
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
              id, branchId, campaignId, storeId, date, source, weight, weightUnit: unit, weightInPounds,
              ghgKgCo2e: factors ? ghgKgCo2e(weightInPounds, split, factors) : null, ghgFactorVersion: factors?.version ?? null,
              createdBy: who.email, createdByUserId: who.id, updatedBy: who.email, updatedByUserId: who.id,
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
              branchId, year: y, month: m, submitted: true,
              submittedAt: new Date(Date.UTC(next.y, next.m - 1, 8 + Math.floor(rand() * 6), 14, 30)),
              submittedBy: owner(branchId).email, submittedByUserId: owner(branchId).id,
              comments: rand() < 0.25 ? 'Two stores were closed for renovations part of the month.' : null,
            });
          }
        }
      }
    }
    await insertInBatches(tx, donationRows, 500, (b) => tx.insert(donations).values(b));
    await insertInBatches(tx, categoryRows, 1000, (b) => tx.insert(donationCategories).values(b));
    await insertInBatches(tx, submissionRows, 500, (b) => tx.insert(monthSubmissions).values(b));
    return true;
  });
}
