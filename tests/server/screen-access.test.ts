// Every screen declares who may open it in one table (web/screen-access.ts): a page added under app/ without an entry
// fails here, naming its file, as an API route without 'x-access' stops the API at start. The layouts' and pages'
// own checks (guardScreen) must check the level the table declares, and the proxy must answer what the table says.
import fs from 'node:fs';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { SCREENS, screenDecision, screenFor, type ScreenLevel, type ScreenUser } from '@/web/screen-access';

const appDir = path.join(__dirname, '..', '..', 'app');

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? pageFiles(p) : e.name === 'page.tsx' ? [p] : [];
  });
}

/** The route Next serves a page at: its folders below app/, route groups `(name)` left out. */
function routeOf(file: string): string {
  const segments = path
    .relative(appDir, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join('/')}`;
}

/** The levels the layouts above a page and the page itself check with guardScreen, outermost first. */
function guardsOf(file: string): { file: string; level: string }[] {
  const dirs: string[] = [];
  for (let dir = path.dirname(file); dir.startsWith(appDir); dir = path.dirname(dir)) dirs.unshift(dir);
  const files = [...dirs.map((d) => path.join(d, 'layout.tsx')).filter((f) => fs.existsSync(f)), file];
  return files.flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(/guardScreen\('([a-z-]+)'/g)].map((m) => ({ file: path.relative(appDir, f), level: m[1]! })),
  );
}

// What a level's check implies of the weaker ones: a page may be checked again by its layouts at any of these.
const IMPLIED: Record<ScreenLevel, ScreenLevel[]> = {
  open: [],
  'signed-in': ['signed-in'],
  staff: ['signed-in', 'staff'],
  branch: ['signed-in', 'staff', 'branch'],
  'program-staff': ['signed-in', 'staff', 'program-staff'],
  'program-admin': ['signed-in', 'staff', 'program-staff', 'program-admin'],
  partner: ['signed-in', 'partner'],
};

const pages = pageFiles(appDir).map((file) => ({ file: path.relative(appDir, file), abs: file, route: routeOf(file) }));

describe('screen access table', () => {
  it('declares every page under app/', () => {
    const undeclared = pages.filter((p) => !(p.route in SCREENS)).map((p) => `app/${p.file} (${p.route})`);
    expect(undeclared).toEqual([]);
  });

  it('has a page for every entry', () => {
    const routes = new Set(pages.map((p) => p.route));
    expect(Object.keys(SCREENS).filter((r) => !routes.has(r))).toEqual([]);
  });

  it("checks each page's level on the server, in its layouts or the page itself, and no stricter one", () => {
    const wrong = pages.flatMap(({ file, abs, route }) => {
      const level = SCREENS[route as keyof typeof SCREENS] as ScreenLevel;
      const guards = guardsOf(abs);
      const problems: string[] = [];
      if (level !== 'open' && !guards.some((g) => g.level === level)) problems.push(`app/${file}: nothing checks '${level}'`);
      for (const g of guards) {
        if (!IMPLIED[level].includes(g.level as ScreenLevel))
          problems.push(`app/${file}: app/${g.file} checks '${g.level}', the table says '${level}'`);
      }
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('finds the screen of a path: static segments before parameters, trailing slashes aside, sections for unknown paths', () => {
    expect(screenFor('/program/branches/new')).toEqual({ route: '/program/branches/new', level: 'program-admin' });
    expect(screenFor('/program/branches/0b7c4a38-5f4f-4f57-9c0e-6f7e3f1b2a10')).toEqual({
      route: '/program/branches/[branchId]',
      level: 'program-staff',
    });
    expect(screenFor('/donations/2026/11/')).toEqual({ route: '/donations/[year]/[month]', level: 'branch' });
    expect(screenFor('/donations/abc/11')).toBeUndefined();
    expect(screenFor('/no-such-page')).toBeUndefined();
    expect(screenFor('/program/no-such-page')).toEqual({ level: 'program-staff' });
    expect(screenFor('/partner/no-such-page')).toEqual({ level: 'partner' });
  });
});

// Who signs in, as the session's token carries them.
const USERS: Record<string, ScreenUser | undefined> = {
  'signed out': undefined,
  'branch staff': { branchId: 'b1', program: null, partner: null },
  'program administrator without a branch': { branchId: null, program: { role: 'admin' }, partner: null },
  'program administrator with a branch': { branchId: 'b1', program: { role: 'admin' }, partner: null },
  coordinator: { branchId: null, program: { role: 'coordinator' }, partner: null },
  partner: { branchId: null, program: null, partner: { retailerId: 'r1' } },
};

// The expected answer of every level to every kind of user: allow (A), sign in (S), the 404 (N), or a redirect.
const EXPECTED: Record<ScreenLevel, Record<keyof typeof USERS, string>> = {
  open: {
    'signed out': 'A',
    'branch staff': 'A',
    'program administrator without a branch': 'A',
    'program administrator with a branch': 'A',
    coordinator: 'A',
    partner: 'A',
  },
  'signed-in': {
    'signed out': 'S',
    'branch staff': 'A',
    'program administrator without a branch': 'A',
    'program administrator with a branch': 'A',
    coordinator: 'A',
    partner: 'A',
  },
  staff: {
    'signed out': 'S',
    'branch staff': 'A',
    'program administrator without a branch': 'A',
    'program administrator with a branch': 'A',
    coordinator: 'A',
    partner: '/partner',
  },
  branch: {
    'signed out': 'S',
    'branch staff': 'A',
    'program administrator without a branch': '/program',
    'program administrator with a branch': 'A',
    coordinator: '/program',
    partner: '/partner',
  },
  'program-staff': {
    'signed out': 'S',
    'branch staff': 'N',
    'program administrator without a branch': 'A',
    'program administrator with a branch': 'A',
    coordinator: 'A',
    partner: '/partner',
  },
  'program-admin': {
    'signed out': 'S',
    'branch staff': 'N',
    'program administrator without a branch': 'A',
    'program administrator with a branch': 'A',
    coordinator: 'N',
    partner: '/partner',
  },
  partner: {
    'signed out': 'S',
    'branch staff': '/',
    'program administrator without a branch': '/',
    'program administrator with a branch': '/',
    coordinator: '/',
    partner: 'A',
  },
};

const short = (d: ReturnType<typeof screenDecision>) => ('allow' in d ? 'A' : 'signIn' in d ? 'S' : 'notFound' in d ? 'N' : d.redirect);

describe('who may open a screen', () => {
  it.each(Object.keys(EXPECTED) as ScreenLevel[])('answers every kind of user for %s screens', (level) => {
    const answers = Object.fromEntries(Object.entries(USERS).map(([who, user]) => [who, short(screenDecision(level, user))]));
    expect(answers).toEqual(EXPECTED[level]);
  });
});

describe('the proxy reads the table', () => {
  const secret = 'screen-access-test-secret-0123456789abcdef';
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.NEXTAUTH_SECRET;
    process.env.NEXTAUTH_SECRET = secret;
  });
  afterAll(() => {
    process.env.NEXTAUTH_SECRET = saved;
  });

  // A sample address of each screen: its route with its parameters filled in.
  const sample = (route: string) =>
    route
      .replace('[year]', '2026')
      .replace('[month]', '11')
      .replace(/\[[A-Za-z]+\]/g, '0b7c4a38-5f4f-4f57-9c0e-6f7e3f1b2a10');

  async function visit(route: string, user: ScreenUser | undefined) {
    const headers: Record<string, string> = {};
    if (user) {
      const token = await encode({ secret, token: { apiToken: 't', user: user as never } });
      headers.cookie = `rfp.session-token=${token}`;
    }
    const res = await proxy(new NextRequest(new URL(sample(route), 'http://localhost:3000'), { headers }));
    const location = res.headers.get('location');
    if (!location) return 'A or N';
    const to = new URL(location);
    return to.pathname === '/login' ? 'S' : to.pathname;
  }

  it.each(Object.keys(USERS))('sends %s where the table says, on every screen', async (who) => {
    const wrong: string[] = [];
    for (const [route, level] of Object.entries(SCREENS) as [string, ScreenLevel][]) {
      const expected = EXPECTED[level][who]!;
      const got = await visit(route, USERS[who]);
      // The proxy lets a 404 through: the layout or the page answers it, from the same table.
      if (got !== (expected === 'A' || expected === 'N' ? 'A or N' : expected)) wrong.push(`${route}: ${got}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the origin for after sign-in, but never one so long that the redirect could not be sent', async () => {
    const location = async (address: string) =>
      new URL((await proxy(new NextRequest(new URL(address, 'http://localhost:3000')))).headers.get('location')!);
    expect((await location('/branch?tab=people')).searchParams.get('callbackUrl')).toBe('/branch?tab=people');
    const long = await location(`/branch?q=${'x'.repeat(5_000)}`);
    expect(long.pathname).toBe('/login');
    expect(long.searchParams.get('callbackUrl')).toBe('/branch');
  });

  it('sends any path that is no screen to the sign-in page', async () => {
    expect(await visit('/no-such-page', USERS['branch staff'])).toBe('S');
  });
});
