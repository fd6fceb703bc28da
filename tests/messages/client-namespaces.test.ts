// Each layout sends the browser exactly the message namespaces its client components read: a missing one would show
// a key instead of a text on that screen, an extra one would weigh on every page of it.
import path from 'node:path';
import en from '@/messages/en.json';
import { CLIENT_NAMESPACES } from '@/lib/i18n/client-namespaces';
import { appDir, clientNamespaces, segmentFiles } from './client-import-graph';

const program = path.join(appDir, '(app)', 'program');
const partner = path.join(appDir, '(app)', 'partner');
const areas = {
  public: segmentFiles(path.join(appDir, '(public)')),
  app: segmentFiles(path.join(appDir, '(app)'), [program, partner]),
  program: segmentFiles(program),
  partner: segmentFiles(partner),
} as const;

describe('client message namespaces', () => {
  it.each(Object.keys(areas) as (keyof typeof areas)[])('the %s layout sends what its client components read', (area) => {
    expect(areas[area].length).toBeGreaterThan(0);
    expect([...CLIENT_NAMESPACES[area]].sort()).toEqual([...clientNamespaces(areas[area])].sort());
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
