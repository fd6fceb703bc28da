import type { ApiDeps, AuthUser } from '../context';
import { monthSummary } from './summaries';
import { fill, reportFormats, reportText, summaryLines } from './month-report-text';

/**
 * The confirmation mailed to the submitter after a submit: the month's summary (the printable report's head) in
 * both languages, the user's own first. The submit has already committed, so a mail failure is logged, never
 * reported as a failed submit.
 */
export async function mailSubmitConfirmation(deps: ApiDeps, user: AuthUser, branchId: string, year: number, month: number) {
  try {
    const summary = await monthSummary(deps.db, branchId, year, month);
    const frFirst = user.locale.toLowerCase().startsWith('fr');
    const langs = frFirst ? (['fr', 'en'] as const) : (['en', 'fr'] as const);
    const tz = deps.config.timeZone;
    const subject = langs
      .map((l) => fill(reportText(l).mailSubject, { branch: summary.branchName, month: reportFormats(l, tz).month(year, month) }))
      .join(' / ');
    const text = langs
      .map((l) =>
        [
          fill(reportText(l).mailIntro, { branch: summary.branchName, month: reportFormats(l, tz).month(year, month) }),
          '',
          ...summaryLines(summary, l, tz),
        ].join('\n'),
      )
      .join('\n\n---\n\n');
    await deps.mailer.send({ to: user.email, subject, text: `${text}\n`, kind: 'submit-confirmation' });
  } catch (err) {
    deps.log.error({ err, branchId, year, month }, 'submit confirmation mail failed');
  }
}
