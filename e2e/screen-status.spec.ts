import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { SCREENS, screenDecision, type ScreenRoute, type ScreenUser } from '../web/screen-access';
import { loginByApi, LOCALE_COOKIE, type Credentials, type Lang } from './support/auth';
import { LANGS, MESSAGES, demoMonths, type SessionUser } from './support/donations';
import { expect, test } from './support/test';

// Every screen answers with the status that says what it shows, for every kind of user and in both languages: 200 for
// a screen the user may open, 404 (with the not-found page or the screen's own words) for one they may not or for an
// unknown id, and a redirect for a screen that belongs elsewhere (signed out: the sign-in page). A signed-in screen
// renders whole before its status is sent (no loading.tsx boundary), so a refusal the page decides is a real 404.
// Plain HTTP requests with the session cookie, no page loads: the status is what is tested.

const DEMO_PASSWORD = 'Demo-2026';
/** The kinds of user, as the demo data and e2e/support/prepare-data-dir.sh make them. */
const USERS = {
  'branch staff': { username: 'demo', password: DEMO_PASSWORD },
  'branch lead': { username: 'lead', password: 'Lead-User-2026' },
  'other branch staff': { username: 'demo2', password: DEMO_PASSWORD },
  'program admin': { username: 'program', password: DEMO_PASSWORD },
  coordinator: { username: 'ontario', password: DEMO_PASSWORD },
  partner: { username: 'retail', password: DEMO_PASSWORD },
} as const satisfies Record<string, Credentials>;
type Role = keyof typeof USERS | 'signed out';

/** What the proxy's table says of each kind of user (web/screen-access.ts): the level checks, not the data's. */
const ACCESS: Record<Exclude<Role, 'signed out'>, ScreenUser> = {
  'branch staff': { branchId: 'b' },
  'branch lead': { branchId: 'b' },
  'other branch staff': { branchId: 'b' },
  'program admin': { program: { role: 'admin' } },
  coordinator: { program: { role: 'coordinator' } },
  partner: { partner: {}, branchId: 'b' },
};

type Expected = 200 | 404 | { to: string };
type Visit = { path: string; route: ScreenRoute | 'unknown'; expect: (role: Role) => Expected; text?: (lang: Lang) => string };

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';
const RFP_CAMPAIGN = '00000000-0000-0000-0000-000000000000';

/** The answer the table gives a role, when what the screen shows exists and is the user's. */
function byLevel(route: ScreenRoute, role: Role): Expected {
  // The sign-in page sends a signed-in user home (and home on to their own screens).
  if (route === '/login' && role !== 'signed out') return { to: '/' };
  const d = screenDecision(SCREENS[route], role === 'signed out' ? undefined : ACCESS[role]);
  if ('allow' in d) return 200;
  if ('notFound' in d) return 404;
  if ('signIn' in d) return { to: '/login' };
  return { to: d.redirect };
}

/** Past the table's check, the page's own answer: 404 for those it lets in (an unknown id, another's data). */
function missing(route: ScreenRoute, for_: (role: Role) => boolean = () => true) {
  return (role: Role): Expected => {
    const level = byLevel(route, role);
    return level === 200 && for_(role) ? 404 : level;
  };
}

/** The screens with their ids, known and unknown, from the demo data. */
async function visits(staff: APIRequestContext): Promise<Visit[]> {
  const { open, previous } = demoMonths();
  const user = (await (await staff.get('/api/auth/session')).json()).user as SessionUser;
  const toronto = user.branchId;
  const quebec = user.branches.find((b) => b.branchId !== toronto)!.branchId;
  const rows = (await (await staff.get(`/bff/branch/${toronto}/donations/${previous.year}/${previous.month}`)).json()) as { id: string }[];
  expect(rows.length, 'the demo data has donations in the month before this one').toBeGreaterThan(0);
  const donation = rows[0]!.id;
  const statics = (Object.keys(SCREENS) as ScreenRoute[])
    .filter((r) => !r.includes('['))
    .map((route): Visit => ({ path: route, route, expect: (role) => byLevel(route, role) }));
  const notFoundPage = (lang: Lang) => MESSAGES[lang].NotFound.title;
  const invalidMonth = (lang: Lang) => MESSAGES[lang].MonthPage.invalidMonth;
  const noDonation = (lang: Lang) => MESSAGES[lang].DonationForm.notFound;
  const leads = (role: Role) => role !== 'branch lead';
  const outOfProvince = (role: Role) => role === 'coordinator';
  const otherBranch = (role: Role) => role === 'other branch staff';
  return [
    ...statics.map((v) => (v.route === '/branch/people' ? { ...v, expect: missing('/branch/people', leads), text: notFoundPage } : v)),
    // A link that no longer works (or never did): its own words, in the card a live one opens.
    { path: `/invitation/${'x'.repeat(43)}`, route: '/invitation/[token]', expect: () => 404, text: (l) => MESSAGES[l].Invitation.invalid },
    // A month: a real one, and one that is no month (the month page's own words).
    {
      path: `/donations/${open.year}/${open.month}`,
      route: '/donations/[year]/[month]',
      expect: (r) => byLevel('/donations/[year]/[month]', r),
    },
    {
      path: `/donations/${open.year}/13`,
      route: '/donations/[year]/[month]',
      expect: missing('/donations/[year]/[month]'),
      text: invalidMonth,
    },
    { path: `/donations/0999/5`, route: '/donations/[year]/[month]', expect: missing('/donations/[year]/[month]'), text: invalidMonth },
    {
      path: `/donations/${open.year}/${open.month}/report`,
      route: '/donations/[year]/[month]/report',
      expect: (r) => byLevel('/donations/[year]/[month]/report', r),
    },
    {
      path: `/donations/${open.year}/0/report`,
      route: '/donations/[year]/[month]/report',
      expect: missing('/donations/[year]/[month]/report'),
      text: invalidMonth,
    },
    // The stores' own records of a month: a real month, and one that is no month (the month's own words).
    {
      path: `/donations/${open.year}/${open.month}/store-records`,
      route: '/donations/[year]/[month]/store-records',
      expect: (r) => byLevel('/donations/[year]/[month]/store-records', r),
    },
    {
      path: `/donations/${open.year}/13/store-records`,
      route: '/donations/[year]/[month]/store-records',
      expect: missing('/donations/[year]/[month]/store-records'),
      text: invalidMonth,
    },
    // A store's pickup schedule: an unknown store and a malformed id.
    ...[UNKNOWN_ID, 'not-an-id'].map((id): Visit => ({
      path: `/program/stores/${id}`,
      route: '/program/stores/[storeId]',
      expect: missing('/program/stores/[storeId]'),
      text: notFoundPage,
    })),
    // A donation: Toronto's (not the Halifax volunteer's), an unknown one, a malformed id.
    ...[
      { id: donation, gone: otherBranch },
      { id: UNKNOWN_ID, gone: () => true },
      { id: 'not-an-id', gone: () => true },
    ].map(({ id, gone }): Visit => ({
      path: `/donations/edit/${id}/${RFP_CAMPAIGN}`,
      route: '/donations/edit/[donationId]/[campaignId]',
      expect: missing('/donations/edit/[donationId]/[campaignId]', gone),
      text: noDonation,
    })),
    // A food bank: Toronto (Ontario), Quebec's (outside the Ontario coordinator's provinces), an unknown one.
    ...[
      { id: toronto, gone: () => false },
      { id: quebec, gone: outOfProvince },
      { id: UNKNOWN_ID, gone: () => true },
    ].flatMap(({ id, gone }): Visit[] => [
      {
        path: `/program/branches/${id}`,
        route: '/program/branches/[branchId]',
        expect: missing('/program/branches/[branchId]', gone),
        text: notFoundPage,
      },
      {
        path: `/program/branches/${id}/edit`,
        route: '/program/branches/[branchId]/edit',
        expect: missing('/program/branches/[branchId]/edit', gone),
        text: notFoundPage,
      },
    ]),
    ...[
      { branch: toronto, id: donation, gone: () => false },
      { branch: quebec, id: donation, gone: () => true },
      { branch: toronto, id: UNKNOWN_ID, gone: () => true },
      { branch: UNKNOWN_ID, id: UNKNOWN_ID, gone: () => true },
    ].map(({ branch, id, gone }): Visit => ({
      path: `/program/branches/${branch}/donations/${id}`,
      route: '/program/branches/[branchId]/donations/[donationId]',
      expect: missing('/program/branches/[branchId]/donations/[donationId]', gone),
      text: notFoundPage,
    })),
    // Below /program and /partner, a path that is no screen: the section's level, then not found.
    { path: '/program/no-such-screen', route: 'unknown', expect: missing('/program'), text: notFoundPage },
    { path: '/partner/no-such-screen', route: 'unknown', expect: missing('/partner'), text: notFoundPage },
  ];
}

/**
 * The page's text as written: React's few HTML escapes undone, and the backslashes of the escaped JSON of the page's
 * data, where a not-found answer's words are (Next sends a 404 as a bare document its scripts render).
 */
const unescape = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\\+"/g, '"');

async function signedIn(baseURL: string, creds: Credentials | null, lang: Lang): Promise<APIRequestContext> {
  const locale = {
    name: LOCALE_COOKIE,
    value: lang,
    domain: 'localhost',
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
  const context = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [locale], origins: [] } });
  if (creds) await loginByApi(context, creds);
  return context;
}

let known: Visit[] = [];

test.beforeAll(async ({ baseURL }) => {
  const staff = await signedIn(baseURL!, USERS['branch staff'], 'en');
  known = await visits(staff);
  await staff.dispose();
});

test('every screen of the table is visited here, with its ids', () => {
  const visited = new Set(known.map((v) => v.route));
  expect((Object.keys(SCREENS) as ScreenRoute[]).filter((r) => !visited.has(r))).toEqual([]);
});

for (const lang of LANGS) {
  for (const role of [...(Object.keys(USERS) as (keyof typeof USERS)[]), 'signed out' as const]) {
    test(`every screen answers ${role} with the right status (${lang})`, async ({ baseURL }) => {
      test.skip(role === 'branch lead' && !process.env.E2E_EXTRA_USERS, 'the lead is made by e2e/support/prepare-data-dir.sh');
      test.setTimeout(120_000);
      const context = await signedIn(baseURL!, role === 'signed out' ? null : USERS[role], lang);
      const wrong: string[] = [];
      for (const visit of known) {
        const expected = visit.expect(role);
        const res = await context.get(visit.path, { maxRedirects: 0 });
        const status = res.status();
        if (typeof expected === 'number') {
          if (status !== expected) {
            wrong.push(`${visit.path}: ${status}, expected ${expected}`);
            continue;
          }
          const body = unescape(await res.text());
          if (expected === 404) {
            // The words in the user's language say both what happened and that the language is the right one.
            const words = (visit.text ?? ((l: Lang) => MESSAGES[l].NotFound.title))(lang);
            if (!body.includes(words)) wrong.push(`${visit.path}: a 404 without "${words}"`);
          } else if (!body.includes(`<html lang="${lang}-CA"`)) wrong.push(`${visit.path}: not in ${lang}`);
        } else {
          const where = res.headers()['location'];
          const to = where ? new URL(where, baseURL).pathname : '';
          if (![302, 303, 307, 308].includes(status) || to !== expected.to)
            wrong.push(`${visit.path}: ${status} to ${to}, expected ${expected.to}`);
        }
      }
      await context.dispose();
      expect(wrong).toEqual([]);
    });
  }
}
