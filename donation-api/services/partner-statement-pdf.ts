// A kept statement as a PDF: one document in both languages (English, then French, on every line), since the same
// statement goes to a chain's head office and to its stores in Quebec. Built from the figures kept at issue, so the
// same statement prints the same figures whenever it is downloaded.
import PDFDocument from 'pdfkit';
import { LBS_PER_MEAL } from '@/lib/domain/impact';
import type { KeptStatement } from './partner-statements';

const EN = 'en-CA';
const FR = 'fr-CA';
const fmt = (locale: string, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
/** The standard PDF fonts have no narrow no-break space (ICU's French group separator): a no-break space instead. */
const num = (locale: string, digits: number) => ({
  format: (v: number) =>
    fmt(locale, digits)
      .format(v)
      .replace(/\u202f/g, '\u00a0'),
});
/** "1,234.5 lb / 1 234,5 lb": each language's own separators. */
const both = (v: number, digits: number, unit: string) => `${num(EN, digits).format(v)} ${unit} / ${num(FR, digits).format(v)} ${unit}`;

function periodText(period: string): string {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return `Q${q[2]} ${q[1]} / T${q[2]} ${q[1]}`;
  const [y, m] = period.split('-').map(Number);
  const month = (locale: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
  return `${month(EN)} / ${month(FR)}`;
}

function issuedText(iso: string, timeZone: string): string {
  const day = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
  return `${day(EN)} / ${day(FR)}`;
}

/** The file name of a statement's download. */
export const statementFileName = (s: KeptStatement) => `statement-releve-${s.number}.pdf`;

export async function statementPdf(s: KeptStatement, timeZone: string): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `Statement / Relevé ${s.number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const f = s.figures;
  doc.font('Helvetica').fontSize(10).fillColor('#444').text('Retail Food Program / Programme de récupération en épicerie');
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000').text('Statement of donations / Relevé des dons');
  doc.font('Helvetica-Bold').fontSize(12).text(`No. / No ${s.number}`);
  doc.font('Helvetica').fontSize(11);
  doc.text(`Retail partner / Partenaire détaillant\u00a0: ${s.scopeName}`);
  doc.text(`Period / Période\u00a0: ${periodText(s.period)} (${s.periodFrom} – ${s.periodTo})`);
  doc.text(`Issued / Émis le\u00a0: ${issuedText(s.issuedAt, timeZone)}`);
  if (s.replaces) {
    doc.moveDown(0.4).font('Helvetica-Bold').text(`Replaces statement No. ${s.replaces} / Remplace le relevé no ${s.replaces}`);
    doc.font('Helvetica').fontSize(9).text('What changed / Ce qui a changé\u00a0:');
    for (const c of s.changes ?? [])
      doc.text(`• ${c.storeName} — ${c.branchName}: was / avant ${both(c.before, 2, 'lb')}; now / maintenant ${both(c.after, 2, 'lb')}`);
    doc.fontSize(11);
  }
  doc.moveDown(0.5).fontSize(9).fillColor('#444');
  doc.text(
    'This is a statement of the weights your stores donated, as reported by the food banks for submitted months. It is not a tax receipt. / ' +
      'Ceci est un relevé des poids donnés par vos magasins, tels que déclarés par les banques alimentaires pour les mois soumis. Ce n’est pas un reçu aux fins de l’impôt.',
  );
  doc.fillColor('#000').moveDown(0.6);

  doc.font('Helvetica-Bold').fontSize(12).text('Totals / Totaux');
  doc.font('Helvetica').fontSize(11);
  doc.text(`Pounds / Livres\u00a0: ${both(f.totals.pounds, 2, 'lb')}`);
  doc.text(`Greenhouse gas avoided / GES évités\u00a0: ${both(f.totals.kgCo2e, 1, 'kg CO2e')}`);
  doc.text(`Meal equivalent / Équivalent en repas\u00a0: ${num(EN, 0).format(f.totals.meals)} / ${num(FR, 0).format(f.totals.meals)}`);
  doc
    .fontSize(8)
    .fillColor('#444')
    .text(
      `${LBS_PER_MEAL} lb of food per meal (Feeding America, Map the Meal Gap); non-food items excluded. / ` +
        `${String(LBS_PER_MEAL).replace('.', ',')} lb d’aliments par repas (Feeding America, Map the Meal Gap); articles non alimentaires exclus.`,
    )
    .fillColor('#000');

  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text('By store and food bank / Par magasin et banque alimentaire');
  if (!f.lines.length) doc.font('Helvetica').fontSize(11).text('No donation in submitted months. / Aucun don dans les mois soumis.');
  for (const l of f.lines) {
    const store = l.storeNumber ? `${l.storeName} #${l.storeNumber}` : l.storeName;
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${l.banner ? `${l.banner} – ` : ''}${store} — ${l.branchName}`);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${both(l.pounds, 2, 'lb')} · ${both(l.kgCo2e, 1, 'kg CO2e')} · ${l.meals} meals / repas`);
    const parts = f.categories
      .filter((c) => (l.categories[String(c.id)] ?? 0) > 0)
      .map((c) => `${c.name} / ${c.nameFr} ${num(EN, 2).format(l.categories[String(c.id)])} lb`);
    if (parts.length) doc.fillColor('#444').text(parts.join(' · ')).fillColor('#000');
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
