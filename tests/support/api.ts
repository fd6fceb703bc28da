// Test harness: a real donation API on a fresh PGlite (in memory) or a fresh PostgreSQL database.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { hash } from '@node-rs/argon2';
import { createDonationApi } from '@/donation-api/app';
import { configFromEnv, type ApiConfig } from '@/donation-api/config';
import { openDb, type DbHandle } from '@/donation-api/db/client';
import * as s from '@/donation-api/db/schema';
import { createMailer, type Mailer } from '@/donation-api/mail/mailer';
import { errorAnswerSchema } from '@/lib/domain/answers';
import { LoginType, RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { z } from 'zod';
import { freshPgliteFolder, freshPostgresDatabase } from './template-db';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function dbKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

export async function createTestApi(kind: DbKind, opts: { config?: Partial<ApiConfig>; mailer?: Mailer; poolSize?: number } = {}) {
  let handle: DbHandle;
  let drop = async () => {};
  // Copies of a template that holds the migrations and the reference data (categories, campaign, GHG factors).
  if (kind === 'postgres') {
    const pg = await freshPostgresDatabase();
    drop = pg.drop;
    handle = await openDb({ databaseUrl: pg.url, poolSize: opts.poolSize, migrate: false });
  } else {
    const folder = await freshPgliteFolder();
    drop = async () => folder.remove();
    handle = await openDb({ dataDir: folder.dataDir, migrate: false });
  }
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const config: ApiConfig = { ...configFromEnv({}), smtpUrl: undefined, ...opts.config };
  const clock = { now: new Date() };
  const mailer = opts.mailer ?? createMailer({ db: handle.db, log, smtpUrl: config.smtpUrl, from: config.mailFrom, now: () => clock.now });
  const app = createDonationApi({ db: handle.db, config, mailer, log, now: () => clock.now });
  const routes = documentedRoutes(app);

  async function request(
    method: string,
    path: string,
    init: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) body = JSON.stringify(init.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const answer = { status: res.status, json, text, headers: res.headers };
    checkAnswer(routes, method, path, answer);
    return answer;
  }

  return {
    kind,
    db: handle.db,
    app,
    config,
    clock,
    request,
    async login(username: string, password: string) {
      const res = await request('POST', '/api/user/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
      return res.json.token as string;
    },
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

type ResponseDoc = { content?: Record<string, { schema?: unknown }> };
type DocumentedRoute = { method: string; path: string; pattern: RegExp; responses: Record<string, ResponseDoc> };

/** The routes of the app's OpenAPI registry, in registration order (the order Hono tries them in). */
export function documentedRoutes(app: ReturnType<typeof createDonationApi>): DocumentedRoute[] {
  return app.openAPIRegistry.definitions.flatMap((d) => {
    if (d.type !== 'route') return [];
    const { method, path, responses } = d.route;
    const source = path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    return [
      { method: method.toUpperCase(), path, pattern: new RegExp(`^/api${source}/?$`), responses: responses as Record<string, ResponseDoc> },
    ];
  });
}

/**
 * The contract check of every call the tests make: the answer must be one the route's OpenAPI definition declares
 * for its status, and a JSON answer must parse with that status's zod schema. A refusal the route does not list
 * must still be the API's error shape (errorAnswerSchema). Calls outside the registry (the document itself, unknown paths) are not checked.
 */
export function checkAnswer(
  routes: DocumentedRoute[],
  method: string,
  url: string,
  answer: { status: number; json: unknown; text: string; headers: Headers },
) {
  const path = url.split('?')[0];
  const route = routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path!));
  if (!route) return;
  const where = `${route.method} /api${route.path} answered ${answer.status}`;
  const declared = route.responses[answer.status] ?? route.responses[String(answer.status)];
  const fail = (why: string) => {
    throw new Error(`Contract: ${where}: ${why}\n${answer.text.slice(0, 500)}`);
  };
  const parse = (schema: z.ZodType) => {
    if (answer.json === undefined) fail('the answer is not JSON');
    const result = schema.safeParse(answer.json);
    if (!result.success) fail(`the answer does not match its schema:\n${z.prettifyError(result.error)}`);
  };
  if (!declared) {
    if (answer.status < 400) fail('this status is not declared in the route definition');
    return parse(errorAnswerSchema);
  }
  const content = declared.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0) {
    if (answer.text !== '') fail('the route declares no body for this status');
    return;
  }
  const type = answer.headers.get('content-type')?.split(';')[0]!.trim() ?? '';
  if (!types.includes(type)) fail(`content type ${type || '(none)'} is not one of ${types.join(', ')}`);
  const schema = content[type]?.schema;
  if (type === 'application/json' && schema instanceof z.ZodType) parse(schema);
}

export const TEST_PASSWORD = 'Test-2026';
let passwordHash: string | undefined;

/** Inserts rows the tests build on; returns their ids. */
export const fixtures = {
  async branch(api: TestApi, over: Partial<typeof s.branches.$inferInsert> = {}) {
    const [b] = await api.db
      .insert(s.branches)
      .values({
        name: 'Test Food Bank',
        email: 'bank@example.org',
        phoneNumber: '416-555-0100',
        province: 'ON',
        city: 'Toronto',
        address1: '1 Main St',
        postalCode: 'M5V 1A1',
        ...over,
      })
      .returning();
    return b!;
  },
  async user(api: TestApi, over: Partial<typeof s.users.$inferInsert> & { branchIds?: string[]; password?: string } = {}) {
    const { branchIds = [], password, ...rest } = over;
    passwordHash ??= await hash(TEST_PASSWORD);
    const username = rest.username ?? `user${randomBytes(4).toString('hex')}`;
    const [u] = await api.db
      .insert(s.users)
      .values({
        username,
        email: `${username}@example.org`,
        loginType: LoginType.Admin,
        passwordHash: password ? await hash(password) : passwordHash,
        ...rest,
      })
      .returning();
    if (branchIds.length)
      await api.db.insert(s.userBranches).values(branchIds.map((branchId, position) => ({ userId: u!.id, branchId, position })));
    return u!;
  },
  async store(
    api: TestApi,
    branchId: string,
    over: { name?: string; number?: string; retailer?: string; banner?: string | null; campaignId?: string } = {},
  ) {
    const [r] = await api.db
      .insert(s.retailers)
      .values({ name: over.retailer ?? 'Loblaw Companies' })
      .returning();
    const [bn] =
      over.banner === null
        ? [undefined]
        : await api.db
            .insert(s.banners)
            .values({ retailerId: r!.id, name: over.banner ?? 'No Frills' })
            .returning();
    const [st] = await api.db
      .insert(s.stores)
      .values({ name: over.name ?? 'Queen St W', number: over.number ?? '1234', retailerId: r!.id, bannerId: bn?.id })
      .returning();
    await api.db.insert(s.branchStores).values({ branchId, storeId: st!.id, campaignId: over.campaignId ?? RFP_CAMPAIGN_ID });
    return st!;
  },
  /** A live API token for a user, without going through the login call. */
  async token(api: TestApi, userId: string) {
    const { issueToken } = await import('@/donation-api/auth/tokens');
    return (await issueToken(api.db, userId, 12, api.clock.now)).token;
  },
  async contact(api: TestApi, over: Partial<typeof s.contacts.$inferInsert> = {}) {
    const [c] = await api.db
      .insert(s.contacts)
      .values({ name: 'Retail Food Program', emailAddress: 'rfp@example.org', ...over })
      .returning();
    return c!;
  },
};
