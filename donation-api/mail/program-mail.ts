// The program's e-mails, each written in its recipient's language (users.locale).
import { frenchDe } from '@/lib/domain/french-de';
export type MailLocale = 'en' | 'fr';
export const mailLocale = (locale: string | null | undefined): MailLocale => (locale === 'fr' ? 'fr' : 'en');

const monthName = (locale: MailLocale, year: number, month: number) =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );

type MonthRef = { branch: string; year: number; month: number };
type Mail = { subject: string; text: string };

export function reopenRequestedMail(l: MailLocale, m: MonthRef & { by: string; reason: string; link: string }): Mail {
  const when = monthName(l, m.year, m.month);
  return l === 'fr'
    ? {
        subject: `Demande de réouverture : ${m.branch}, ${when}`,
        text: `${m.by} demande de rouvrir le rapport ${frenchDe(when)}${when} de la banque alimentaire ${m.branch}.\n\nRaison : ${m.reason}\n\nApprouvez ou refusez la demande ici : ${m.link}\n\nProgramme de récupération en épicerie`,
      }
    : {
        subject: `Reopening requested: ${m.branch}, ${when}`,
        text: `${m.by} asks to reopen the ${when} report of ${m.branch}.\n\nReason: ${m.reason}\n\nApprove or decline the request here: ${m.link}\n\nRetail Food Program`,
      };
}

/**
 * The answer to a reopening request, and (`direct`) the notice of a month an administrator reopened without one:
 * the same mail, whose first sentence says the program reopened it instead of "your request was approved".
 */
export function reopenDecidedMail(
  l: MailLocale,
  m: MonthRef & { approved: boolean; by: string; answer: string | null; link: string; direct?: boolean },
): Mail {
  const when = monthName(l, m.year, m.month);
  if (l === 'fr') {
    const opened = m.direct
      ? `Le programme a rouvert le rapport ${frenchDe(when)}${when} de ${m.branch}.`
      : `Votre demande a été approuvée : le rapport ${frenchDe(when)}${when} de ${m.branch} est rouvert.`;
    const head = m.approved
      ? `${opened} Faites vos changements, puis soumettez le rapport de nouveau.`
      : `Votre demande de rouvrir le rapport ${frenchDe(when)}${when} de ${m.branch} a été refusée; le rapport reste soumis.`;
    return {
      subject: `${m.direct ? 'Rapport rouvert' : m.approved ? 'Réouverture approuvée' : 'Réouverture refusée'} : ${m.branch}, ${when}`,
      text: `${head}\n\n${m.answer ? `${m.direct ? 'Motif' : 'Réponse'} de ${m.by} : ${m.answer}\n\n` : ''}${m.link}\n\nProgramme de récupération en épicerie`,
    };
  }
  const opened = m.direct
    ? `The program reopened the ${when} report of ${m.branch}.`
    : `Your request was approved: the ${when} report of ${m.branch} is open again.`;
  const head = m.approved
    ? `${opened} Make your changes, then submit the report again.`
    : `Your request to reopen the ${when} report of ${m.branch} was declined; the report stays submitted.`;
  return {
    subject: `${m.direct ? 'Report reopened' : m.approved ? 'Reopening approved' : 'Reopening declined'}: ${m.branch}, ${when}`,
    text: `${head}\n\n${m.answer ? `${m.direct ? 'Reason' : 'Answer'} from ${m.by}: ${m.answer}\n\n` : ''}${m.link}\n\nRetail Food Program`,
  };
}

export type ReminderKind = 'due' | 'overdue';

/** A branch's reminder: which monthly reports are still missing, and by when. */
export function reminderMail(
  l: MailLocale,
  m: { kind: ReminderKind; branch: string; missing: { year: number; month: number }[]; deadline: string; link: string },
): Mail {
  const list = m.missing.map((x) => `- ${monthName(l, x.year, x.month)}`).join('\n');
  const last = m.missing[m.missing.length - 1];
  const when = last ? monthName(l, last.year, last.month) : '';
  if (l === 'fr') {
    return {
      subject:
        m.kind === 'overdue'
          ? `Rapport en retard : ${m.branch}, ${when}`
          : `Rappel : rapport ${frenchDe(when)}${when} à soumettre, ${m.branch}`,
      text: `${
        m.kind === 'overdue'
          ? `Le rapport ${frenchDe(when)}${when} de ${m.branch} est en retard (date limite : ${m.deadline}).`
          : `Le rapport ${frenchDe(when)}${when} de ${m.branch} est à soumettre d’ici le ${m.deadline}.`
      }\n\nRapports mensuels non soumis :\n${list}\n\nSoumettez-les ici : ${m.link}\n\nPour ne plus recevoir ces rappels, décochez l’option dans votre profil.\n\nProgramme de récupération en épicerie`,
    };
  }
  return {
    subject: m.kind === 'overdue' ? `Report overdue: ${m.branch}, ${when}` : `Reminder: submit the ${when} report, ${m.branch}`,
    text: `${
      m.kind === 'overdue'
        ? `The ${when} report of ${m.branch} is overdue (deadline: ${m.deadline}).`
        : `The ${when} report of ${m.branch} is due by ${m.deadline}.`
    }\n\nMonthly reports not submitted:\n${list}\n\nSubmit them here: ${m.link}\n\nTo stop these reminders, turn them off in your profile.\n\nRetail Food Program`,
  };
}

/** A coordinator's digest of the overdue branches in its provinces. */
export function digestMail(l: MailLocale, m: { year: number; month: number; branches: string[]; link: string }): Mail {
  const when = monthName(l, m.year, m.month);
  const list = m.branches.map((b) => `- ${b}`).join('\n');
  return l === 'fr'
    ? {
        subject: `Rapports ${frenchDe(when)}${when} en retard : ${m.branches.length}`,
        text: `Ces banques alimentaires n’ont pas soumis leur rapport ${frenchDe(when)}${when} :\n${list}\n\n${m.link}\n\nProgramme de récupération en épicerie`,
      }
    : {
        subject: `Overdue ${when} reports: ${m.branches.length}`,
        text: `These branches have not submitted their ${when} report:\n${list}\n\n${m.link}\n\nRetail Food Program`,
      };
}
