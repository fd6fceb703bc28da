import { mailText, type MailLocale } from '../mail/mail-text';

// The notice to a branch's staff that the program asks them to correct the weight of a donation, in the
// recipient's language (users.locale), like the program's other mails.

export function correctWeightMail(
  l: MailLocale,
  m: {
    branch: string;
    store: string;
    date: string;
    pounds: number;
    usualPounds: number | null;
    by: string;
    note: string | null;
    link: string;
  },
): { subject: string; text: string } {
  const t = mailText(l);
  const args = {
    branch: m.branch,
    store: m.store,
    date: m.date,
    pounds: m.pounds,
    hasUsual: m.usualPounds === null ? 'no' : 'yes',
    usualPounds: m.usualPounds ?? 0,
    hasNote: m.note ? 'yes' : 'no',
    note: m.note ?? '',
    by: m.by,
    link: m.link,
  };
  return { subject: t('correctWeight.subject', args), text: t('correctWeight.body', args) };
}
