// A kept statement as a PDF: one document in both languages (English, then French, on every line), since the same
// statement goes to a chain's head office and to its stores in Quebec. Built from the figures kept at issue, so the
// same statement prints the same figures whenever it is downloaded.
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { LBS_PER_MEAL } from '@/lib/domain/impact';
import { reportFormats, reportNumber } from '../donations/month-report-text';
import type { KeptStatement } from './partner-statements';

const EN = 'en-CA';
const FR = 'fr-CA';
// The same number and date helpers as the monthly report: the screens' separators, "1er" for the first in French.
const num = (locale: string, digits: number) => ({ format: reportNumber(locale === FR ? 'fr' : 'en', digits) });
/** "1,234.5 lb / 1 234,5 lb": each language's own separators. */
const both = (v: number, digits: number, unit: string) => `${num(EN, digits).format(v)} ${unit} / ${num(FR, digits).format(v)} ${unit}`;

function periodText(period: string): string {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return `Q${q[2]} ${q[1]} / T${q[2]} ${q[1]}`;
  const [y, m] = period.split('-').map(Number);
  const month = (locale: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, 1));
  return `${month(EN)} / ${month(FR)}`;
}

function issuedText(iso: string, timeZone: string): string {
  return `${reportFormats('en', timeZone).day(iso)} / ${reportFormats('fr', timeZone).day(iso)}`;
}

/**
 * The statement's pickups line (docs/rules.md, Pickup reliability): "Pickups / Collectes : 12 collected / collectées ·
 * 3 no food / sans nourriture (of 20 scheduled / sur 20 prévues)", or that none was scheduled.
 */
export function pickupsText(p: { scheduled: number; collected: number; noFood: number }): string {
  if (p.scheduled === 0) return 'Pickups / Collectes\u00a0: none scheduled / aucune collecte prévue';
  const n = (v: number) =>
    num(EN, 0).format(v) === num(FR, 0).format(v) ? num(EN, 0).format(v) : `${num(EN, 0).format(v)} / ${num(FR, 0).format(v)}`;
  return (
    `Pickups / Collectes\u00a0: ${n(p.collected)} collected / collectées · ${n(p.noFood)} no food / sans nourriture ` +
    `(of ${n(p.scheduled)} scheduled / sur ${n(p.scheduled)} prévues)`
  );
}

/** The file name of a statement's download. */
export const statementFileName = (s: KeptStatement) => `statement-releve-${s.number}.pdf`;

/** Store lines written between two turns of the event loop: the pages written so far go out meanwhile. */
const LINES_PER_TURN = 100;

/** The statement as a byte stream (the download): a chain's thousands of store lines are sent as they are laid out. */
export function statementPdfStream(s: KeptStatement, timeZone: string): ReadableStream<Uint8Array> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50, info: { Title: `Statement / Relevé ${s.number}` } });
  void write(doc, s, timeZone).catch((err: Error) => doc.destroy(err));
  return Readable.toWeb(doc) as unknown as ReadableStream<Uint8Array>;
}

async function write(doc: PDFKit.PDFDocument, s: KeptStatement, timeZone: string) {
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

  if (f.pickups) doc.moveDown(0.4).font('Helvetica').fontSize(11).text(pickupsText(f.pickups));

  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text('By store and food bank / Par magasin et banque alimentaire');
  if (!f.lines.length) doc.font('Helvetica').fontSize(11).text('No donation in submitted months. / Aucun don dans les mois soumis.');
  for (const [i, l] of f.lines.entries()) {
    if (i > 0 && i % LINES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const store = l.storeNumber ? `${l.storeName} #${l.storeNumber}` : l.storeName;
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${l.banner ? `${l.banner} – ` : ''}${store} — ${l.branchName}`);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        `${both(l.pounds, 2, 'lb')} · ${both(l.kgCo2e, 1, 'kg CO2e')} · ${num(EN, 0).format(l.meals)} meals / ${num(FR, 0).format(l.meals)} repas`,
      );
    const parts = f.categories.flatMap((c) => {
      const pounds = l.categories[String(c.id)] ?? 0;
      return pounds > 0 ? [`${c.name} / ${c.nameFr} ${num(EN, 2).format(pounds)} lb`] : [];
    });
    if (parts.length) doc.fillColor('#444').text(parts.join(' · ')).fillColor('#000');
  }
  doc.end();
}
