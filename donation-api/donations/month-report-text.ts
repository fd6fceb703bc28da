import { LBS_PER_MEAL } from '@/lib/domain/impact';
import { firstAsOrdinal, withFullStop } from '@/lib/domain/written-dates';
import type { MonthSummary } from '@/lib/domain/summary';

// The words of the monthly report (the PDF, and the summary the submit confirmation mail carries), in both languages.
// The API renders these documents itself; the mail's own subject and opening line are in messages/mail.*.json.

export type ReportLang = 'en' | 'fr';

const TEXT = {
  en: {
    program: 'Retail Food Program',
    title: 'Monthly report',
    foodBank: 'Food bank',
    month: 'Month',
    donations: 'Donations',
    total: 'Total',
    front: 'Front of Store',
    back: 'RFP - Back of Store',
    ghg: 'Greenhouse gas avoided',
    meals: 'Meal equivalent',
    mealsNote: `${LBS_PER_MEAL} lb of food per meal (Feeding America, Map the Meal Gap); non-food items, waste and "No Donation" excluded.`,
    categories: 'Categories',
    list: 'Donations of the month',
    date: 'Date',
    store: 'Store',
    source: 'Source',
    program_: 'Program',
    weight: 'Weight',
    entered: 'Entered',
    // No full stop: the date-time may end with one ("6:11 p.m."); withFullStop ends the sentence.
    submittedBy: 'Submitted by {who} on {when}',
    notSubmitted: 'Not submitted yet.',
    comments: 'Comments: {comments}',
    none: 'No donations this month.',
    lbs: 'lbs',
    kg: 'kg',
    box: 'banana box',
    boxes: 'banana boxes',
    kgCo2e: 'kg CO2e',
    colon: ': ',
  },
  fr: {
    program: 'Programme de récupération en épicerie',
    title: 'Rapport mensuel',
    foodBank: 'Banque alimentaire',
    month: 'Mois',
    donations: 'Dons',
    total: 'Total',
    front: 'Devant du magasin',
    back: 'Arrière du magasin',
    ghg: 'Gaz à effet de serre évités',
    meals: 'Équivalent en repas',
    mealsNote: `${String(LBS_PER_MEAL).replace('.', ',')} lb d’aliments par repas (Feeding America, Map the Meal Gap); articles non alimentaires, déchets et « Aucun don » exclus.`,
    categories: 'Catégories',
    list: 'Dons du mois',
    date: 'Date',
    store: 'Magasin',
    source: 'Provenance',
    program_: 'Programme',
    weight: 'Poids',
    entered: 'Saisi',
    submittedBy: 'Soumis par {who} le {when}',
    notSubmitted: 'Pas encore soumis.',
    comments: 'Commentaires\u00a0: {comments}',
    none: 'Aucun don ce mois-ci.',
    lbs: 'lb',
    kg: 'kg',
    box: 'boîte de bananes',
    boxes: 'boîtes de bananes',
    kgCo2e: 'kg d’éq. CO2',
    // French puts a (non-breaking) space before a colon.
    colon: '\u00a0: ',
  },
} as const;

export type ReportText = { [K in keyof (typeof TEXT)['en']]: string };

export function reportText(lang: ReportLang): ReportText {
  return TEXT[lang];
}

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
}

/** The submitter's line of a submitted month: one full stop, whatever the date-time ends with. */
export const submittedLine = (t: ReportText, who: string, when: string) => withFullStop(fill(t.submittedBy, { who, when }));

/**
 * A number in a language's own separators, as the screens write it (1,234.5 / 1 234,5). The standard PDF fonts have
 * no narrow no-break space (ICU's French group separator): a no-break space instead, in the PDFs and the mails alike.
 */
export function reportNumber(lang: ReportLang, digits: number) {
  const format = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return (v: number) => format.format(v).replace(/\u202f/g, '\u00a0');
}

export function reportFormats(lang: ReportLang, timeZone: string) {
  const locale = lang === 'fr' ? 'fr-CA' : 'en-CA';
  const n = (digits: number) => ({ format: reportNumber(lang, digits) });
  const pct = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const t = reportText(lang);
  return {
    pounds: (v: number) => `${n(2).format(v)} ${t.lbs}`,
    number: (v: number) => n(0).format(v),
    kg: (v: number) => `${n(1).format(v)} ${t.kgCo2e}`,
    percent: (v: number) => pct.format(v),
    month: (year: number, month: number) =>
      new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1)),
    // French writes the first of a month "1er", as the screens do.
    date: (iso: string) =>
      firstAsOrdinal(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)), locale),
    /** The day of an instant in the program's time zone ("December 1, 2026" / "1er décembre 2026"). */
    day: (iso: string) => firstAsOrdinal(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso)), locale),
    dateTime: (iso: string) =>
      firstAsOrdinal(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso)), locale),
    /** The amount and unit entered, e.g. "12 kg" or "3 banana boxes"; pounds entered give just the pounds. */
    entered: (weight: number, unit: number) =>
      unit === 0 ? `${n(2).format(weight)} ${t.kg}` : unit === 2 ? `${n(2).format(weight)} ${weight === 1 ? t.box : t.boxes}` : '',
  };
}

/** The summary as plain text lines: the body of the submit confirmation mail, in one language. */
export function summaryLines(s: MonthSummary, lang: ReportLang, timeZone: string): string[] {
  const t = reportText(lang);
  const f = reportFormats(lang, timeZone);
  const lines = [
    `${t.program} — ${t.title}`,
    `${t.foodBank}${t.colon}${s.branchName}`,
    `${t.month}${t.colon}${f.month(s.year, s.month)}`,
    '',
    `${t.donations}${t.colon}${f.number(s.totals.count)}`,
    `${t.total}${t.colon}${f.pounds(s.totals.totalPounds)}`,
    `${t.front}${t.colon}${f.pounds(s.totals.frontStorePounds)}`,
    `${t.back}${t.colon}${f.pounds(s.totals.backStorePounds)}`,
    `${t.ghg}${t.colon}${f.kg(s.totals.ghgKgCo2e)}`,
    `${t.meals}${t.colon}${f.number(s.totals.meals)} (${t.mealsNote})`,
    '',
    `${t.categories}${t.colon.trimEnd()}`,
    ...s.totals.categories.map((c) => `- ${lang === 'fr' ? c.nameFr : c.name}${t.colon}${f.percent(c.share)} (${f.pounds(c.pounds)})`),
    '',
    s.submitted && s.submittedAt ? submittedLine(t, s.submittedBy ?? '', f.dateTime(s.submittedAt)) : t.notSubmitted,
  ];
  if (s.comments) lines.push(fill(t.comments, { comments: s.comments }));
  return lines;
}
