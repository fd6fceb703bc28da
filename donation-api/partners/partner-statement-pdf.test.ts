import { pdfText } from '@/tests/support/pdf-text';
import type { KeptStatement } from './partner-statements';
import { statementPdfStream } from './partner-statement-pdf';

// The statement writes its dates and numbers as the screens do, in both languages.
const statement: KeptStatement = {
  id: 'a0000000-0000-4000-8000-000000000001',
  number: 'RFP-S-000042',
  period: '2026-11',
  scopeName: 'Atlantic Grocers',
  // 18:11 in Toronto on December 1.
  issuedAt: '2026-12-01T23:11:00.000Z',
  pounds: 5630.4,
  replaces: null,
  retailerId: 'a0000000-0000-4000-8000-000000000002',
  scopeKey: 'retailer',
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  changes: null,
  figures: {
    categories: [{ id: 4, name: 'Produce', nameFr: 'Fruits et légumes' }],
    totals: { pounds: 5630.4, kgCo2e: 1234.5, meals: 4692 },
    lines: [
      {
        storeId: 'a0000000-0000-4000-8000-000000000003',
        storeName: 'Queen St W',
        storeNumber: '12',
        banner: null,
        branchName: 'Toronto Community Food Bank',
        pounds: 5630.4,
        kgCo2e: 1234.5,
        meals: 4692,
        categories: { '4': 5630.4 },
      },
    ],
  },
};

describe('the statement PDF', () => {
  it('writes the first of the month as "1er" in French and the meals with the screens’ separators', async () => {
    const text = pdfText(Buffer.from(await new Response(statementPdfStream(statement, 'America/Toronto')).arrayBuffer())).replace(
      /\n/g,
      ' ',
    );
    expect(text).toContain('December 1, 2026 / 1er décembre 2026');
    expect(text).not.toMatch(/\b1 décembre/);
    // The line of the store and the totals: 4,692 in English, 4 692 (a no-break space) in French.
    expect(text).toContain('4,692 meals / 4\u00a0692 repas');
    expect(text).toContain('4,692 / 4\u00a0692');
    expect(text).not.toMatch(/\b4692\b/);
  });

  it('prints the pickups collected and without food in both languages, and nothing of them on an older statement', async () => {
    const text = async (s: KeptStatement) =>
      pdfText(Buffer.from(await new Response(statementPdfStream(s, 'America/Toronto')).arrayBuffer())).replace(/\s+/g, ' ');
    const withPickups = await text({
      ...statement,
      figures: { ...statement.figures, pickups: { scheduled: 20, collected: 12, noFood: 3 } },
    });
    expect(withPickups).toContain('12 collected / collectées · 3 no food / sans nourriture (of 20 scheduled / sur 20 prévues)');
    expect(await text(statement)).not.toContain('Pickups / Collectes');
  });
});
