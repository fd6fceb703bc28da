// The program's e-mails, each written in its recipient's language (users.locale); their words are in
// messages/mail.{en,fr}.json (mail-text.ts).
import { frenchDe } from '@/lib/domain/french-de';
import { mailText, type MailLocale } from '../mail/mail-text';

const monthName = (locale: MailLocale, year: number, month: number) =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );

/** A month as the catalogues name it: `{de}{month}` in French ("d’avril 2026", "de mai 2026"), `{month}` in English. */
const monthArgs = (name: string) => ({ month: name, de: frenchDe(name) });

const list = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');

type MonthRef = { branch: string; year: number; month: number };
type Mail = { subject: string; text: string };

export function reopenRequestedMail(l: MailLocale, m: MonthRef & { by: string; reason: string; link: string }): Mail {
  const t = mailText(l);
  const args = { ...monthArgs(monthName(l, m.year, m.month)), branch: m.branch, by: m.by, reason: m.reason, link: m.link };
  return { subject: t('reopenRequested.subject', args), text: t('reopenRequested.body', args) };
}

/**
 * The answer to a reopening request, and (`direct`) the notice of a month an administrator reopened without one:
 * the same mail, whose first sentence says the program reopened it instead of "your request was approved".
 */
export function reopenDecidedMail(
  l: MailLocale,
  m: MonthRef & { approved: boolean; by: string; answer: string | null; link: string; direct?: boolean },
): Mail {
  const t = mailText(l);
  const args = {
    ...monthArgs(monthName(l, m.year, m.month)),
    outcome: m.direct ? 'direct' : m.approved ? 'approved' : 'declined',
    branch: m.branch,
    answered: m.answer ? 'yes' : 'no',
    answer: m.answer ?? '',
    by: m.by,
    link: m.link,
  };
  return { subject: t('reopenDecided.subject', args), text: t('reopenDecided.body', args) };
}

export type ReminderKind = 'due' | 'overdue';

/** A branch's reminder: which monthly reports are still missing, and by when. */
export function reminderMail(
  l: MailLocale,
  m: { kind: ReminderKind; branch: string; missing: { year: number; month: number }[]; deadline: string; link: string },
): Mail {
  const t = mailText(l);
  const last = m.missing[m.missing.length - 1];
  const args = {
    ...monthArgs(last ? monthName(l, last.year, last.month) : ''),
    kind: m.kind,
    branch: m.branch,
    deadline: m.deadline,
    list: list(m.missing.map((x) => monthName(l, x.year, x.month))),
    link: m.link,
  };
  return { subject: t('reminder.subject', args), text: t('reminder.body', args) };
}

/** A coordinator's digest of the overdue branches in its provinces. */
export function digestMail(l: MailLocale, m: { year: number; month: number; branches: string[]; link: string }): Mail {
  const t = mailText(l);
  const args = { ...monthArgs(monthName(l, m.year, m.month)), count: m.branches.length, list: list(m.branches), link: m.link };
  return { subject: t('digest.subject', args), text: t('digest.body', args) };
}
