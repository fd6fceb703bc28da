// Every file the API serves is named by attachmentDisposition: the plain filename="…" in ASCII for old clients and
// filename* (RFC 6266) with the UTF-8 name, so a French name reaches the downloads folder with its accents.
import fs from 'node:fs';
import path from 'node:path';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { attachmentDisposition } from '@/lib/domain/export-file-name';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { JUNE_2026 } from './donation-setup';

describe.each(dbKinds())('download names on %s', (kind) => {
  let api: TestApi;
  let branchId: string;
  let staffToken: string;
  let adminToken: string;
  let retailerId: string;

  beforeAll(async () => {
    api = await createTestApi(kind);
    api.clock.now = JUNE_2026;
    const branch = await fixtures.branch(api, { name: 'Banque alimentaire de Québec', province: 'QC', city: 'Québec' });
    branchId = branch.id;
    const staff = await fixtures.user(api, { branchIds: [branch.id] });
    staffToken = await fixtures.token(api, staff.id);
    await fixtures.store(api, branch.id, {
      name: 'Rue Saint-Jean',
      number: '12',
      retailer: 'Marché Tradition',
      banner: 'Épicerie du coin',
    });
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    const partners = await api.request('GET', '/api/program/partners', { token: adminToken });
    retailerId = partners.json.find((r: { name: string }) => r.name === 'Marché Tradition').id;
  });
  afterAll(() => api.close());

  const disposition = async (url: string, token: string) => {
    const res = await api.app.request(url, { headers: { authorization: `Bearer ${token}` } });
    expect([url, res.status]).toEqual([url, 200]);
    return res.headers.get('content-disposition');
  };

  it("the month's PDF keeps the branch's accents in filename*", async () => {
    const header = await disposition(`/api/branch/${branchId}/month-summary/2026/4/pdf?lang=fr`, staffToken);
    expect(header).toBe(attachmentDisposition('Banque-alimentaire-de-Québec-2026-04-report.pdf'));
    expect(header).toBe(
      `attachment; filename="Banque-alimentaire-de-Quebec-2026-04-report.pdf"; filename*=UTF-8''Banque-alimentaire-de-Qu%C3%A9bec-2026-04-report.pdf`,
    );
  });

  it.each(['csv', 'xlsx'])("the program's partner report (%s) keeps the retailer's accents in filename*", async (format) => {
    const q = `from=2026-04-01&to=2026-06-30&retailerId=${retailerId}&format=${format}&lang=fr`;
    const header = await disposition(`/api/program/partner-report/export?${q}`, adminToken);
    expect(header).toBe(attachmentDisposition(`partner-report-Marché Tradition-2026-04-01-2026-06-30.${format}`));
    expect(header).toContain(`filename="partner-report-Marche Tradition-2026-04-01-2026-06-30.${format}"`);
    expect(header).toContain(`filename*=UTF-8''partner-report-March%C3%A9%20Tradition-2026-04-01-2026-06-30.${format}`);
  });

  it.each(['csv', 'xlsx'])("the program's month view (%s) is named by filename* too", async (format) => {
    const header = await disposition(`/api/program/oversight/export?year=2026&month=5&format=${format}&lang=fr`, adminToken);
    expect(header).toBe(attachmentDisposition(`program-oversight-2026-05.${format}`));
  });
});

describe('download headers', () => {
  it('no route builds a content-disposition of its own', () => {
    const dir = path.join(process.cwd(), 'donation-api/routes');
    const own = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        fs
          .readFileSync(path.join(dir, f), 'utf8')
          .split('\n')
          .filter((line) => /content-disposition/i.test(line) && !line.includes('attachmentDisposition('))
          .map((line) => `${f}: ${line.trim()}`),
      );
    expect(own).toEqual([]);
  });
});
