import PDFDocument from 'pdfkit';
import { sql } from 'drizzle-orm';
import type { MonthSummary } from '@/lib/domain/summary';
import type { DonationAnswer } from '@/lib/domain/answers';
import type { DbOrTx } from '../db/client';
import { selectDonations } from './donation-query';
import { monthRangeOf, monthSummary } from './summaries';
import { fill, reportFormats, reportText, submittedLine, type ReportLang } from './month-report-text';

/** Every donation of a branch's month (all programs), in date order: the list of the printable report. */
export async function monthReportDonations(db: DbOrTx, branchId: string, year: number, month: number): Promise<DonationAnswer[]> {
  const { from, to } = monthRangeOf(year, month);
  return selectDonations(db, sql`d.branch_id = ${branchId}::uuid and d.date >= ${from}::date and d.date < ${to}::date`);
}

/**
 * The monthly report as a PDF (A4-ish US Letter, the standard Helvetica, whose WinAnsi encoding covers French):
 * branch, totals, impact, categories, the list, and who submitted it when. A month holds at most a few hundred
 * donations, so the document is built in memory.
 */
export async function monthReportPdf(
  db: DbOrTx,
  opts: { branchId: string; year: number; month: number; lang: ReportLang; timeZone: string },
): Promise<{ bytes: Uint8Array; fileName: string; summary: MonthSummary }> {
  const [summary, donations] = await Promise.all([
    monthSummary(db, opts.branchId, opts.year, opts.month),
    monthReportDonations(db, opts.branchId, opts.year, opts.month),
  ]);
  const t = reportText(opts.lang);
  const f = reportFormats(opts.lang, opts.timeZone);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: `${t.title} ${summary.branchName} ${opts.year}-${opts.month}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.font('Helvetica').fontSize(10).fillColor('#444').text(t.program);
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#000')
    .text(`${t.title} — ${f.month(opts.year, opts.month)}`);
  doc.font('Helvetica').fontSize(12).text(`${t.foodBank}${t.colon}${summary.branchName}`);
  doc.moveDown(0.5);
  const s = summary.totals;
  const pairs: [string, string][] = [
    [t.donations, f.number(s.count)],
    [t.total, f.pounds(s.totalPounds)],
    [t.front, f.pounds(s.frontStorePounds)],
    [t.back, f.pounds(s.backStorePounds)],
    [t.ghg, f.kg(s.ghgKgCo2e)],
    [t.meals, f.number(s.meals)],
  ];
  for (const [k, v] of pairs) doc.font('Helvetica-Bold').text(`${k}${t.colon}`, { continued: true }).font('Helvetica').text(v);
  doc.fontSize(8).fillColor('#444').text(t.mealsNote).fillColor('#000').fontSize(12);
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .text(
      summary.submitted && summary.submittedAt
        ? submittedLine(t, summary.submittedBy ?? '', f.dateTime(summary.submittedAt))
        : t.notSubmitted,
    );
  if (summary.comments) doc.text(fill(t.comments, { comments: summary.comments }));

  doc.moveDown(0.7).font('Helvetica-Bold').fontSize(14).text(t.categories).fontSize(11).font('Helvetica');
  for (const c of s.categories)
    doc.text(`${opts.lang === 'fr' ? c.nameFr : c.name}${t.colon}${f.percent(c.share)} (${f.pounds(c.pounds)})`);

  doc.moveDown(0.7).font('Helvetica-Bold').fontSize(14).text(t.list).fontSize(9);
  if (!donations.length) doc.font('Helvetica').fontSize(11).text(t.none);
  else {
    const cols = [50, 120, 300, 390, 480];
    const header = [t.date, t.store, t.source, t.weight, t.entered];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      if (y > doc.page.height - 80) doc.addPage();
      const top = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      let bottom = top;
      cells.forEach((cell, i) => {
        const left = cols[i]!;
        const width = (cols[i + 1] ?? doc.page.width - 50) - left - 6;
        doc.text(cell, left, top, { width });
        bottom = Math.max(bottom, doc.y);
      });
      doc.x = 50;
      doc.y = bottom + 3;
    };
    row(header, true);
    for (const d of donations) {
      const entered = f.entered(d.weight, d.weightUnit);
      row([
        f.date(d.date),
        `${d.store.displayName}${d.campaignName && d.campaignName !== 'RFP' ? ` (${t.program_}: ${d.campaignName})` : ''}`,
        d.source === 1 ? t.front : t.back,
        entered ? `${f.pounds(d.weightInPounds)} (${entered})` : f.pounds(d.weightInPounds),
        d.createdByName ?? d.createdBy ?? '',
      ]);
    }
  }
  doc.end();
  await ended;
  // Letters of any language stay (Banque-alimentaire-de-Québec): the header's filename* carries them in UTF-8.
  const safe = summary.branchName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'branch';
  return {
    bytes: new Uint8Array(Buffer.concat(chunks)),
    fileName: `${safe}-${opts.year}-${String(opts.month).padStart(2, '0')}-report.pdf`,
    summary,
  };
}
