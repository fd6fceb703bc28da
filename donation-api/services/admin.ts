// Administration behind `npm run admin`: users, passwords, branch links, CSV imports, reopening a month.
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import { EMAIL_PATTERN } from '@/lib/domain/branch';
import { LoginType, RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { isValidPassword, MIN_PASSWORD_LENGTH } from '@/lib/domain/password';
import { revokeAllTokens } from '../auth/tokens';
import { audit } from '../audit';
import type { Db, DbOrTx } from '../db/client';
import { banners, branches, branchStores, campaigns, monthSubmissions, retailers, stores, userBranches, users } from '../db/schema';
import { isUuid, normalizeProvince } from './branches';
import { generatePassword, hashPassword, normalizeUsername } from './users';

/** A refusal of an admin command; its message is meant for the operator. */
export class AdminError extends Error {}

const LOGIN_TYPES: Record<string, number> = { none: LoginType.None, admin: LoginType.Admin, aad: LoginType.AAD, aadb2c: LoginType.AADB2C };
const LOCALES = ['en', 'fr'];

export function parseLoginType(value: string | undefined): number {
  if (value === undefined || value === '') return LoginType.Admin;
  const v = value.trim().toLowerCase();
  if (v in LOGIN_TYPES) return LOGIN_TYPES[v];
  if (/^[0-3]$/.test(v)) return Number(v);
  throw new AdminError(`Unknown login type "${value}": use Admin, AAD, AADB2C or None (or 1, 2, 3, 0).`);
}

async function findUser(db: DbOrTx, username: string) {
  const [u] = await db.select().from(users).where(eq(users.username, normalizeUsername(username))).limit(1);
  if (!u) throw new AdminError(`No user "${normalizeUsername(username)}".`);
  return u;
}

/** A branch by id, or by its name (any case) when that name is unique. */
export async function resolveBranch(db: DbOrTx, ref: string) {
  const key = ref.trim();
  if (!key) throw new AdminError('A branch id or name is required.');
  const rows = isUuid(key)
    ? await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, key))
    : await db.select({ id: branches.id, name: branches.name }).from(branches).where(sql`lower(${branches.name}) = ${key.toLowerCase()}`);
  if (rows.length === 0) throw new AdminError(`No branch "${key}".`);
  if (rows.length > 1) throw new AdminError(`${rows.length} branches are named "${key}": use the branch id.`);
  return rows[0];
}

function checkPassword(password: string) {
  if (!isValidPassword(password)) {
    throw new AdminError(`The password needs at least ${MIN_PASSWORD_LENGTH} characters, an uppercase letter, a lowercase letter, a digit and no spaces.`);
  }
}

export type CreateUserInput = {
  username: string;
  email: string;
  password?: string;
  loginType?: number;
  locale?: string;
  workplace?: boolean;
};

/** A new user. An Admin login without a password gets a generated one, returned once to the operator. */
export async function createUser(db: Db, input: CreateUserInput, actor: string) {
  const username = normalizeUsername(input.username);
  if (!username || username.length > 200 || /\s/.test(username)) throw new AdminError('A username without spaces is required.');
  const email = input.email.trim();
  if (!EMAIL_PATTERN.test(email)) throw new AdminError(`"${email}" is not an e-mail address.`);
  const loginType = input.loginType ?? LoginType.Admin;
  const locale = (input.locale ?? 'en').trim().toLowerCase();
  if (!LOCALES.includes(locale)) throw new AdminError('The locale is en or fr.');
  let password = input.password;
  let generated: string | undefined;
  if (password !== undefined) checkPassword(password);
  else if (loginType === LoginType.Admin) password = generated = generatePassword();
  const passwordHash = password === undefined ? null : await hashPassword(password);

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (existing) throw new AdminError(`The username "${username}" is taken.`);
    const [user] = await tx
      .insert(users)
      .values({ username, email, passwordHash, loginType, locale, workplace: input.workplace ?? false })
      .returning();
    await audit(tx, {
      actor, action: 'create', entity: 'user', entityId: user.id,
      after: { username, email, loginType, locale, workplace: user.workplace, password: passwordHash ? 'set' : 'none' },
    });
    return { user, generatedPassword: generated };
  });
}

/** A new password (generated when none is given); every token of the user is revoked. */
export async function setPassword(db: Db, username: string, password: string | undefined, actor: string, now: Date) {
  if (password !== undefined) checkPassword(password);
  const generated = password === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(password ?? generated!);
  await db.transaction(async (tx) => {
    const user = await findUser(tx, username);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeAllTokens(tx, user.id, now);
    await audit(tx, { userId: user.id, actor, action: 'password', entity: 'user', entityId: user.id, after: { method: 'admin' } });
  });
  return { generatedPassword: generated };
}

/** Adds the branch to the user's branches, last in their order. */
export async function linkUser(db: Db, username: string, branchRef: string, actor: string) {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, username);
    const branch = await resolveBranch(tx, branchRef);
    const [{ last }] = await tx.select({ last: max(userBranches.position) }).from(userBranches).where(eq(userBranches.userId, user.id));
    const inserted = await tx
      .insert(userBranches)
      .values({ userId: user.id, branchId: branch.id, position: last === null ? 0 : Number(last) + 1 })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) {
      await audit(tx, { actor, action: 'create', entity: 'user_branch', entityId: user.id, branchId: branch.id, after: { username: user.username, branch: branch.name } });
    }
    return { user, branch, linked: inserted.length > 0 };
  });
}

export async function unlinkUser(db: Db, username: string, branchRef: string, actor: string) {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, username);
    const branch = await resolveBranch(tx, branchRef);
    const removed = await tx
      .delete(userBranches)
      .where(and(eq(userBranches.userId, user.id), eq(userBranches.branchId, branch.id)))
      .returning();
    if (removed.length) {
      await audit(tx, { actor, action: 'delete', entity: 'user_branch', entityId: user.id, branchId: branch.id, before: { username: user.username, branch: branch.name } });
    }
    return { user, branch, unlinked: removed.length > 0 };
  });
}

// ---- CSV imports -------------------------------------------------------------------------------------

/** 'Store #' → 'storenumber', 'Postal Code' → 'postalcode', 'phone_number' → 'phonenumber'. */
const headerKey = (h: string) => h.toLowerCase().replace(/#/g, 'number').replace(/[^a-z0-9]/g, '');

function readCsv(text: string, headerMap: Record<string, string>, what: string): { line: number; row: Record<string, string> }[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (err) {
    throw new AdminError(`The ${what} file is not valid CSV: ${(err as Error).message}`);
  }
  if (records.length === 0) throw new AdminError(`The ${what} file is empty.`);
  const [header, ...rows] = records;
  const columns = header.map((h) => {
    const field = headerMap[headerKey(h)];
    if (!field) throw new AdminError(`Unknown column "${h}" in the ${what} file. Known: ${[...new Set(Object.values(headerMap))].join(', ')}.`);
    return field;
  });
  return rows.map((cells, i) => {
    const row: Record<string, string> = {};
    columns.forEach((field, c) => {
      if (cells[c] !== undefined && cells[c] !== '') row[field] = cells[c];
    });
    return { line: i + 2, row };
  });
}

const BRANCH_HEADERS: Record<string, string> = {
  id: 'id', branchid: 'id',
  name: 'name', branch: 'name', branchname: 'name', foodbank: 'name',
  email: 'email', phonenumber: 'phoneNumber', phone: 'phoneNumber',
  province: 'province', city: 'city',
  address1: 'address1', address: 'address1', address2: 'address2',
  postalcode: 'postalCode', postcode: 'postalCode',
  lat: 'lat', latitude: 'lat', lng: 'lng', lon: 'lng', longitude: 'lng',
  website: 'website', operatinghours: 'operatingHours', hours: 'operatingHours',
  contactname: 'contactName', contacttitle: 'contactTitle', contactemail: 'contactEmail',
  contactphonenumber: 'contactPhoneNumber', contactphone: 'contactPhoneNumber',
  numstaff: 'numStaff', numvolunteers: 'numVolunteers', numservedinpreviousyear: 'numServedInPreviousYear',
  totalpoundsdistributedannually: 'totalPoundsDistributedAnnually',
};

const toNumber = (v: string | undefined) => {
  if (v === undefined) return undefined;
  const n = Number(v.replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : null; // statistics that are not numbers become null (section 3)
};

type BranchValues = Partial<typeof branches.$inferInsert>;

function branchValues(row: Record<string, string>, line: number, problems: string[]): BranchValues {
  const v: BranchValues = {};
  for (const f of ['name', 'email', 'phoneNumber', 'city', 'address1', 'address2', 'postalCode', 'website', 'operatingHours', 'contactName', 'contactTitle', 'contactEmail', 'contactPhoneNumber'] as const) {
    if (row[f] !== undefined) v[f] = row[f];
  }
  if (row.email !== undefined && !EMAIL_PATTERN.test(row.email)) problems.push(`line ${line}: "${row.email}" is not an e-mail address`);
  if (row.province !== undefined) {
    const p = normalizeProvince(row.province);
    if (p === undefined) problems.push(`line ${line}: unknown province "${row.province}"`);
    else v.province = p;
  }
  for (const f of ['numStaff', 'numVolunteers', 'numServedInPreviousYear'] as const) {
    const n = toNumber(row[f]);
    if (n !== undefined) v[f] = n === null || n < 0 || n > 2_147_483_647 ? null : Math.round(n);
  }
  for (const f of ['totalPoundsDistributedAnnually', 'lat', 'lng'] as const) {
    const n = toNumber(row[f]);
    if (n !== undefined) v[f] = n;
  }
  return v;
}

/**
 * Creates or updates branches from CSV (a header row; columns named like the branch fields, any case or
 * spacing). A row matches an existing branch by id, else by name; empty cells leave a field as it is.
 * All rows or none: any problem aborts the import and lists every bad line.
 */
export async function importBranches(db: Db, csvText: string, actor: string, now = new Date()) {
  const rows = readCsv(csvText, BRANCH_HEADERS, 'branches');
  const problems: string[] = [];
  const prepared = rows.map(({ line, row }) => {
    if (row.id !== undefined && !isUuid(row.id)) problems.push(`line ${line}: "${row.id}" is not a branch id`);
    if (row.id === undefined && !row.name) problems.push(`line ${line}: a name (or id) is required`);
    return { line, id: row.id?.toLowerCase(), values: branchValues(row, line, problems) };
  });
  if (problems.length) throw new AdminError(`Nothing imported:\n${problems.join('\n')}`);

  return db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    for (const { line, id, values } of prepared) {
      const matches = id
        ? await tx.select().from(branches).where(eq(branches.id, id))
        : await tx.select().from(branches).where(sql`lower(${branches.name}) = ${values.name!.toLowerCase()}`);
      if (matches.length > 1) throw new AdminError(`Nothing imported:\nline ${line}: ${matches.length} branches are named "${values.name}"; add an id column`);
      const before = matches[0];
      if (before) {
        const [after] = await tx.update(branches).set({ ...values, updatedAt: now }).where(eq(branches.id, before.id)).returning();
        await audit(tx, { actor, action: 'update', entity: 'branch', entityId: before.id, branchId: before.id, before, after });
        updated++;
      } else {
        if (!values.name) throw new AdminError(`Nothing imported:\nline ${line}: a new branch needs a name`);
        const [after] = await tx.insert(branches).values({ ...values, name: values.name, ...(id ? { id } : {}) }).returning();
        await audit(tx, { actor, action: 'create', entity: 'branch', entityId: after.id, branchId: after.id, after });
        created++;
      }
    }
    return { created, updated };
  });
}

const STORE_HEADERS: Record<string, string> = {
  retailer: 'retailer', retailername: 'retailer',
  banner: 'banner', bannername: 'banner',
  storename: 'name', name: 'name', store: 'name',
  number: 'number', storenumber: 'number', storeno: 'number', no: 'number',
  branch: 'branch', branchname: 'branch', branchid: 'branch', foodbank: 'branch',
  campaign: 'campaign', campaignid: 'campaign', program: 'campaign', programid: 'campaign',
};

async function findOrCreateRetailer(tx: DbOrTx, name: string) {
  const [r] = await tx.select().from(retailers).where(sql`lower(${retailers.name}) = ${name.toLowerCase()}`).limit(1);
  return r ?? (await tx.insert(retailers).values({ name }).returning())[0];
}

async function findOrCreateBanner(tx: DbOrTx, retailerId: string, name: string) {
  const [b] = await tx
    .select()
    .from(banners)
    .where(and(eq(banners.retailerId, retailerId), sql`lower(${banners.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return b ?? (await tx.insert(banners).values({ retailerId, name }).returning())[0];
}

async function resolveCampaign(tx: DbOrTx, ref: string | undefined) {
  if (!ref) return RFP_CAMPAIGN_ID;
  const rows = isUuid(ref)
    ? await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, ref))
    : await tx.select({ id: campaigns.id }).from(campaigns).where(sql`lower(${campaigns.name}) = ${ref.toLowerCase()}`);
  if (rows.length !== 1) throw new AdminError(`No single program "${ref}".`);
  return rows[0].id;
}

/**
 * Creates or updates stores from CSV: retailer, banner (optional), store name, number, branch (name or id)
 * and optionally a program (name or id; RFP when absent), and links each store to its branch. Retailers
 * and banners are found by name or created. A store is the same store when its retailer and number match
 * (or, without a number, its retailer, banner and name). All rows or none.
 */
export async function importStores(db: Db, csvText: string, actor: string) {
  const rows = readCsv(csvText, STORE_HEADERS, 'stores');
  const problems: string[] = [];
  for (const { line, row } of rows) {
    if (!row.retailer) problems.push(`line ${line}: a retailer is required`);
    if (!row.name) problems.push(`line ${line}: a store name is required`);
    if (!row.branch) problems.push(`line ${line}: a branch is required`);
  }
  if (problems.length) throw new AdminError(`Nothing imported:\n${problems.join('\n')}`);

  return db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    let linked = 0;
    for (const { line, row } of rows) {
      const at = async <T>(f: () => Promise<T>) => {
        try {
          return await f();
        } catch (err) {
          if (err instanceof AdminError) throw new AdminError(`Nothing imported:\nline ${line}: ${err.message}`);
          throw err;
        }
      };
      const branch = await at(() => resolveBranch(tx, row.branch));
      const campaignId = await at(() => resolveCampaign(tx, row.campaign));
      const retailer = await findOrCreateRetailer(tx, row.retailer);
      const banner = row.banner ? await findOrCreateBanner(tx, retailer.id, row.banner) : undefined;
      const [existing] = row.number
        ? await tx.select().from(stores).where(and(eq(stores.retailerId, retailer.id), eq(stores.number, row.number))).limit(1)
        : await tx
            .select()
            .from(stores)
            .where(and(
              eq(stores.retailerId, retailer.id),
              banner ? eq(stores.bannerId, banner.id) : isNull(stores.bannerId),
              sql`lower(${stores.name}) = ${row.name.toLowerCase()}`,
            ))
            .limit(1);
      let storeId: string;
      if (existing) {
        const [after] = await tx
          .update(stores)
          .set({ name: row.name, bannerId: banner?.id ?? null })
          .where(eq(stores.id, existing.id))
          .returning();
        if (after.name !== existing.name || after.bannerId !== existing.bannerId) {
          await audit(tx, { actor, action: 'update', entity: 'store', entityId: existing.id, before: existing, after });
          updated++;
        }
        storeId = existing.id;
      } else {
        const [after] = await tx
          .insert(stores)
          .values({ name: row.name, number: row.number ?? null, retailerId: retailer.id, bannerId: banner?.id ?? null })
          .returning();
        await audit(tx, { actor, action: 'create', entity: 'store', entityId: after.id, after: { ...after, retailer: retailer.name, banner: banner?.name ?? null } });
        created++;
        storeId = after.id;
      }
      const link = await tx.insert(branchStores).values({ branchId: branch.id, storeId, campaignId }).onConflictDoNothing().returning();
      if (link.length) {
        await audit(tx, { actor, action: 'create', entity: 'branch_store', entityId: storeId, branchId: branch.id, after: link[0] });
        linked++;
      }
    }
    return { created, updated, linked };
  });
}

// ---- Reopening a month ---------------------------------------------------------------------------------

/**
 * The only way back from a submitted month (section 4 has none in the interface): an administrator reopens
 * it with a reason. The row is locked like every donation write locks it, so it cannot race a submit.
 */
export async function reopenMonth(
  db: Db,
  input: { branchId: string; year: number; month: number; reason: string },
  actor: string,
  now = new Date(),
) {
  const reason = input.reason.trim();
  if (!reason) throw new AdminError('A reason is required (--reason "…").');
  if (reason.length > 1000) throw new AdminError('The reason is limited to 1000 characters.');
  if (!Number.isInteger(input.year) || input.year < 1900 || input.year > 9999) throw new AdminError(`"${input.year}" is not a year.`);
  if (!Number.isInteger(input.month) || input.month < 1 || input.month > 12) throw new AdminError(`"${input.month}" is not a month (1 to 12).`);
  return db.transaction(async (tx) => {
    const branch = await resolveBranch(tx, input.branchId);
    const where = and(eq(monthSubmissions.branchId, branch.id), eq(monthSubmissions.year, input.year), eq(monthSubmissions.month, input.month));
    const [before] = await tx.select().from(monthSubmissions).where(where).for('update');
    if (!before?.submitted) throw new AdminError(`${branch.name} ${input.year}-${String(input.month).padStart(2, '0')} is not submitted.`);
    const [after] = await tx
      .update(monthSubmissions)
      .set({ submitted: false, reopenedAt: now, reopenReason: reason })
      .where(where)
      .returning();
    await audit(tx, {
      actor, action: 'reopen', entity: 'month', entityId: `${branch.id}/${input.year}/${input.month}`, branchId: branch.id, before, after,
    });
    return { branch, month: after };
  });
}

// ---- The command line ----------------------------------------------------------------------------------

export const ADMIN_HELP = `Retail Food Program administration

Usage: npm run admin -- <command> [arguments] [options]
The database is DATABASE_URL when set, else the embedded one in DATA_DIR (./data).

Commands
  help                                        this text
  create-user <username> <email> [password] [login type] [locale]
              [--password P] [--login-type Admin|AAD|AADB2C|None] [--locale en|fr] [--workplace]
                                              an Admin user without a password gets a generated one, shown once
  set-password <username> [password] [--password P]
                                              without a password one is generated and shown once; signs the user out
  link-user <username> <branch id or name>    gives the user access to the branch
  unlink-user <username> <branch id or name>  takes it away
  import-branches <file.csv>                  creates or updates branches (header row: name, email, phoneNumber,
                                              province, city, address1, address2, postalCode, website, …; id optional)
  import-stores <file.csv>                    creates or updates stores and links them to branches (header row:
                                              retailer, banner, store name, number, branch; program optional)
  reopen-month <branch id> <year> <month> --reason "…"
                                              reopens a submitted month (1 to 12) so donations can change again

Passwords: at least ${MIN_PASSWORD_LENGTH} characters, an uppercase letter, a lowercase letter, a digit, no spaces.
Every change is recorded in the audit log under the actor name (ADMIN_ACTOR, else admin-cli:<system user>).
`;

export type AdminIo = { out: (line: string) => void; readFile: (path: string) => Promise<string> };

/** Runs one admin command; answers the process exit code. Refusals print their reason and answer 1. */
export async function runAdminCommand(db: Db, argv: string[], io: AdminIo, actor: string, now = new Date()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        password: { type: 'string' },
        'login-type': { type: 'string' },
        locale: { type: 'string' },
        workplace: { type: 'boolean' },
        reason: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    io.out(`${(err as Error).message}\nSee: npm run admin -- help`);
    return 2;
  }
  const { values: o, positionals } = parsed;
  const [command, ...args] = positionals;
  const need = (n: number, usage: string) => {
    if (args.length < n) throw new AdminError(`Usage: npm run admin -- ${usage}`);
  };
  try {
    switch (command) {
      case undefined:
      case 'help':
        io.out(ADMIN_HELP);
        return 0;
      case 'create-user': {
        need(2, 'create-user <username> <email> [password] [login type] [locale]');
        const { user, generatedPassword } = await createUser(
          db,
          {
            username: args[0],
            email: args[1],
            password: o.password ?? args[2],
            loginType: parseLoginType(o['login-type'] ?? args[3]),
            locale: o.locale ?? args[4],
            workplace: o.workplace,
          },
          actor,
        );
        io.out(`Created user ${user.username} (${user.id}).`);
        // Shown once, to the operator who asked for it; never logged.
        if (generatedPassword) io.out(`Generated password: ${generatedPassword}`);
        return 0;
      }
      case 'set-password': {
        need(1, 'set-password <username> [password]');
        const { generatedPassword } = await setPassword(db, args[0], o.password ?? args[1], actor, now);
        io.out(`Password of ${normalizeUsername(args[0])} changed; their sessions are signed out.`);
        if (generatedPassword) io.out(`Generated password: ${generatedPassword}`);
        return 0;
      }
      case 'link-user': {
        need(2, 'link-user <username> <branch id or name>');
        const r = await linkUser(db, args[0], args.slice(1).join(' '), actor);
        io.out(r.linked ? `${r.user.username} now belongs to ${r.branch.name}.` : `${r.user.username} already belongs to ${r.branch.name}.`);
        return 0;
      }
      case 'unlink-user': {
        need(2, 'unlink-user <username> <branch id or name>');
        const r = await unlinkUser(db, args[0], args.slice(1).join(' '), actor);
        io.out(r.unlinked ? `${r.user.username} no longer belongs to ${r.branch.name}.` : `${r.user.username} did not belong to ${r.branch.name}.`);
        return 0;
      }
      case 'import-branches': {
        need(1, 'import-branches <file.csv>');
        const r = await importBranches(db, await io.readFile(args[0]), actor, now);
        io.out(`Branches: ${r.created} created, ${r.updated} updated.`);
        return 0;
      }
      case 'import-stores': {
        need(1, 'import-stores <file.csv>');
        const r = await importStores(db, await io.readFile(args[0]), actor);
        io.out(`Stores: ${r.created} created, ${r.updated} updated, ${r.linked} new branch links.`);
        return 0;
      }
      case 'reopen-month': {
        need(3, 'reopen-month <branch id> <year> <month> --reason "…"');
        const r = await reopenMonth(db, { branchId: args[0], year: Number(args[1]), month: Number(args[2]), reason: o.reason ?? '' }, actor, now);
        io.out(`Reopened ${r.branch.name} ${r.month.year}-${String(r.month.month).padStart(2, '0')}.`);
        return 0;
      }
      default:
        io.out(`Unknown command "${command}".\n\n${ADMIN_HELP}`);
        return 2;
    }
  } catch (err) {
    if (err instanceof AdminError) {
      io.out(err.message);
      return 1;
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      io.out(`No such file: ${(err as NodeJS.ErrnoException).path ?? args[0]}`);
      return 1;
    }
    throw err;
  }
}
