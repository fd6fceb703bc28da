import ExcelJS from 'exceljs';
import { createTestApi, dbKinds, type TestApi } from '../support/api';
import { addDonation, donationWorld, UNKNOWN_ID, type World } from './donation-setup';

const SPEC_HEADER =
  'Retailer,Banner,Store #,Store Name,Food Bank,Date,Source,Weight (lbs),Meat & Seafood,Dairy,Bakery,Frozen,Produce,Non-perishable,Non-food items,Waste,No Donation';

async function get(api: TestApi, path: string, token: string) {
  const res = await api.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe.each(dbKinds())('XLSX and French CSV exports on %s', (kind) => {
  let api: TestApi;
  let w: World;
  const url = (q: string) => `/api/donation/export?branchId=${w.branch.id}&year=2026${q}`;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    await addDonation(api, w, { date: '2026-03-02', weight: 10.5, weightUnit: 0, source: 0 });
    await addDonation(api, w, { date: '2026-01-15', weight: 2, weightUnit: 2, source: 1, categories: [{ categoryId: 2, fraction: 1 }] });
    await addDonation(api, w, { date: '2026-02-01', weight: 1234.5, weightUnit: 1, source: 0 });
  });
  afterAll(() => api.close());

  it('keeps the English CSV as the default (and for lang=en)', async () => {
    for (const q of ['', '&lang=en', '&format=csv']) {
      const res = await get(api, url(q), w.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const text = res.body.toString('utf8');
      expect(text.slice(1).split('\r\n')[0]).toBe(SPEC_HEADER);
      expect(res.headers.get('content-disposition')).toContain('filename="Toronto Community Food Bank-branch-donations-export-2026.csv"');
    }
  });

  it('writes the French CSV with French headers, ";" separators, decimal commas and the amount and unit entered', async () => {
    const res = await get(api, url('&lang=fr'), w.token);
    expect(res.status).toBe(200);
    // Its own name, so it does not overwrite the English CSV of the same year in a downloads folder.
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Toronto Community Food Bank-branch-donations-export-2026-fr.csv"; filename*=UTF-8''${encodeURIComponent('Toronto Community Food Bank-branch-donations-export-2026-fr.csv')}`,
    );
    const text = res.body.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Détaillant;Bannière;No de magasin;Nom du magasin;Banque alimentaire;Date;Provenance;Poids (lb);Quantité saisie;Unité saisie;' +
        'Viandes et poissons (%);Produits laitiers (%);Boulangerie (%);Surgelés (%);Fruits et légumes (%);Non périssables (%);' +
        'Articles non alimentaires (%);Déchets (%);Aucun don (%)',
    );
    // Date order; 2 banana boxes = 80 lbs; 10.5 kg = 23.15 lbs.
    expect(lines[1]).toBe(
      'Loblaw Companies;No Frills;1234;Queen St W;Toronto Community Food Bank;2026-01-15;Devant du magasin;80;2;boîte de bananes;0;100;0;0;0;0;0;0;0',
    );
    expect(lines[2]).toContain(';2026-02-01;Arrière du magasin;1234,5;1234,5;lb;25;0;0;0;75;');
    expect(lines[3]).toContain(';2026-03-02;Arrière du magasin;23,15;10,5;kg;25;');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });

  it('writes an XLSX workbook with numbers as numbers and dates as dates', async () => {
    for (const lang of ['en', 'fr'] as const) {
      const res = await get(api, url(`&format=xlsx&lang=${lang}`), w.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers.get('content-disposition')).toContain('filename="Toronto Community Food Bank-branch-donations-export-2026.xlsx"');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws!.name).toBe('2026');
      expect(ws!.getRow(1).getCell(1).value).toBe(lang === 'fr' ? 'Détaillant' : 'Retailer');
      expect(ws!.getRow(1).getCell(8).value).toBe(lang === 'fr' ? 'Poids (lb)' : 'Weight (lbs)');
      expect(ws!.rowCount).toBe(4);
      const row = ws!.getRow(4);
      expect(row.getCell(6).value).toEqual(new Date(Date.UTC(2026, 2, 2)));
      expect(row.getCell(8).value).toBe(23.15);
      expect(row.getCell(9).value).toBe(10.5);
      expect(row.getCell(10).value).toBe('kg');
      expect(row.getCell(11).value).toBe(0.25);
      expect(row.getCell(11).numFmt).toBe('0%');
      expect(ws!.getRow(2).getCell(7).value).toBe(lang === 'fr' ? 'Devant du magasin' : 'Front of Store');
    }
  });

  it('refuses an unknown format or language, and answers 404 for another branch', async () => {
    expect((await get(api, url('&format=pdf'), w.token)).status).toBe(400);
    expect((await get(api, url('&lang=de'), w.token)).status).toBe(400);
    for (const id of [w.other.id, UNKNOWN_ID]) {
      const res = await get(api, `/api/donation/export?branchId=${id}&year=2026&format=xlsx`, w.token);
      expect(res.status).toBe(404);
    }
  });
});
