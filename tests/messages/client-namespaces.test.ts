// Each layout and each page sends the browser exactly the message namespaces its client components read: a missing
// one would show a key instead of a text on that screen, an extra one would weigh on every load of it.
import fs from 'node:fs';
import path from 'node:path';
import en from '@/messages/en.json';
import { CLIENT_NAMESPACES, errorTextsFor, sendsErrorKey } from '@/web/i18n/client-namespaces';
import { appDir, clientNamespaces, clientSources } from './client-import-graph';

const LAYOUT_AREAS: Record<'public' | 'app', string[]> = {
  public: [path.join(appDir, '(public)', 'layout.tsx')],
  app: ['layout.tsx', '(branch)/layout.tsx', 'program/layout.tsx', 'partner/layout.tsx'].map((f) => path.join(appDir, '(app)', f)),
};

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    // A segment's not-found.tsx is a page too: it renders in place of the page, inside the same layouts.
    return e.isDirectory() ? pageFiles(p) : e.name === 'page.tsx' || e.name === 'not-found.tsx' ? [p] : [];
  });
}

/** The page's own list (withPageMessages('…', Page)), or none. */
function pageArea(file: string): string | undefined {
  return /withPageMessages\('(\w+)'/.exec(fs.readFileSync(file, 'utf8'))?.[1];
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('client message namespaces', () => {
  it.each(Object.keys(LAYOUT_AREAS) as (keyof typeof LAYOUT_AREAS)[])('the %s layouts send what their client components read', (area) => {
    expect(sorted(CLIENT_NAMESPACES[area])).toEqual(sorted(clientNamespaces(LAYOUT_AREAS[area])));
  });

  const pages = (Object.keys(LAYOUT_AREAS) as (keyof typeof LAYOUT_AREAS)[]).flatMap((layout) =>
    pageFiles(path.join(appDir, `(${layout})`)).map((file) => [path.relative(appDir, file), layout, file] as const),
  );
  it.each(pages)('%s adds what its client components read beyond its layout', (_name, layout, file) => {
    const fromLayout = new Set(CLIENT_NAMESPACES[layout]);
    const needed = sorted([...clientNamespaces([file])].filter((ns) => !fromLayout.has(ns)));
    const area = pageArea(file);
    expect(area ? sorted(CLIENT_NAMESPACES[area as keyof typeof CLIENT_NAMESPACES]) : []).toEqual(needed);
  });

  it('names only namespaces that exist', () => {
    const known = Object.keys(en);
    for (const list of Object.values(CLIENT_NAMESPACES)) for (const ns of list) expect(known).toContain(ns);
  });

  it('follows client components through their imports and next/dynamic', () => {
    // The header's drawer is loaded with next/dynamic and alone reads BranchPeople; the sign-in form is a client module.
    expect(clientNamespaces([path.join(appDir, '(app)', 'layout.tsx')])).toContain('BranchPeople');
    expect(clientNamespaces([path.join(appDir, '(public)', 'login', 'page.tsx')])).toContain('LoginPage');
    // A server component's own texts stay on the server: the Monthly Reports page's namespace is not sent.
    expect(clientNamespaces([path.join(appDir, '(app)', '(branch)', 'page.tsx')])).not.toContain('MonthlyReportsPage');
  });

  // The open pages send part of Errors (sendsErrorKey): every code their client code names, and every code the
  // sign-in's server side refuses with (shown on /login from next-auth's answer or ?error=), must be in it.
  const errorKeys = Object.keys(en.Errors);
  const namedErrors = (sources: Iterable<string>) =>
    new Set(
      [...sources].flatMap((source) => [...source.matchAll(/'([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!).filter((k) => errorKeys.includes(k))),
    );
  const open = [
    ['login', path.join(appDir, '(public)', 'login', 'page.tsx')],
    ['forgotPassword', path.join(appDir, '(public)', 'forgot-password', 'page.tsx')],
    ['invitation', path.join(appDir, '(public)', 'invitation', '[token]', 'page.tsx')],
  ] as const;
  it.each(open)('the %s page sends every error its client code names', (area, file) => {
    expect(pageArea(file)).toBe(area);
    const named = sorted(namedErrors(clientSources([file]).values()));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((key) => !sendsErrorKey(area, key))).toEqual([]);
  });

  it("the sign-in page sends every error the sign-in refuses with, and not the other screens' errors", () => {
    const root = path.join(appDir, '..');
    const signIn = [
      'web/server/auth-options.ts',
      'donation-api/sign-in/login-answer.ts',
      'donation-api/sign-in/login-challenge.ts',
      'donation-api/sign-in/login-attempts.ts',
      'donation-api/sign-in/sso-sign-in.ts',
      'donation-api/sign-in/sso-routes.ts',
      'app/api/auth/[...nextauth]/route.ts',
      'app/bff/public/embedded/challenge/route.ts',
    ].map((f) => fs.readFileSync(path.join(root, f), 'utf8'));
    const named = sorted(namedErrors(signIn));
    expect(named).toEqual(expect.arrayContaining(['LOGIN_INVALID', 'LOGIN_TOO_MANY', 'SSO_UNKNOWN_USER']));
    // next-auth's options also hold the invitation's sign-in, whose refusals the invitation page shows.
    const sentBySignInPages = (key: string) => sendsErrorKey('login', key) || sendsErrorKey('invitation', key);
    expect(named.filter((key) => !sentBySignInPages(key))).toEqual([]);
    expect(sendsErrorKey('login', 'VALIDATION_WEIGHT')).toBe(false);
    expect(sendsErrorKey('month', 'VALIDATION_WEIGHT')).toBe(true);
    // What the page sends: its part for an open page; the whole namespace, uncopied, for the others.
    expect(Object.keys(errorTextsFor('login', en.Errors))).toEqual(errorKeys.filter((key) => sendsErrorKey('login', key)));
    expect(errorTextsFor('month', en.Errors)).toBe(en.Errors);
  });
});
