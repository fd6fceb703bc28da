// Each layout and each page sends the browser exactly the message namespaces its client components read: a missing
// one would show a key instead of a text on that screen, an extra one would weigh on every load of it.
import fs from 'node:fs';
import path from 'node:path';
import en from '@/messages/en.json';
import { CLIENT_NAMESPACES } from '@/lib/i18n/client-namespaces';
import { appDir, clientNamespaces } from './client-import-graph';

const LAYOUT_AREAS: Record<'public' | 'app', string[]> = {
  public: [path.join(appDir, '(public)', 'layout.tsx')],
  app: ['layout.tsx', 'program/layout.tsx', 'partner/layout.tsx'].map((f) => path.join(appDir, '(app)', f)),
};

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? pageFiles(p) : e.name === 'page.tsx' ? [p] : [];
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
    expect(clientNamespaces([path.join(appDir, '(app)', 'page.tsx')])).not.toContain('MonthlyReportsPage');
  });
});
