import type { ApiDeps, AuthUser } from '../context';
import { bilingual, mailLocale, mailText } from '../mail/mail-text';
import { monthSummary } from './summaries';
import { reportFormats, summaryLines } from './month-report-text';

/**
 * The confirmation mailed to the submitter after a submit: the month's summary (the printable report's head) in
 * both languages, the user's own first. The submit has already committed, so a mail failure is logged, never
 * reported as a failed submit.
 */
export async function mailSubmitConfirmation(deps: ApiDeps, user: AuthUser, branchId: string, year: number, month: number) {
  try {
    const summary = await monthSummary(deps.db, branchId, year, month);
    const tz = deps.config.timeZone;
    const { subject, text } = bilingual(mailLocale(user.locale), (l) => {
      const t = mailText(l);
      const args = { branch: summary.branchName, month: reportFormats(l, tz).month(year, month) };
      return {
        subject: t('submitConfirmation.subject', args),
        text: [t('submitConfirmation.intro', args), '', ...summaryLines(summary, l, tz)].join('\n'),
      };
    });
    await deps.mailer.send({ to: user.email, subject, text: `${text}\n`, kind: 'submit-confirmation' }, undefined, { onFailure: 'retry' });
  } catch (err) {
    deps.log.error({ err, branchId, year, month }, 'submit confirmation mail failed');
  }
}
