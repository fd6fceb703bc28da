// A schedule proposal by e-mail: the program staff whose scope holds the proposing branch hear of a new one; the lead
// who proposed hears the decision, each in their language (the words: messages/mail.*.json). The proposal is stored
// before a mail is sent and the screens show it too, so a mail that cannot be delivered waits in the outbox for a
// retry (mail/outbox.ts) and never refuses the proposal or the decision.
import { eq } from 'drizzle-orm';
import type { ScheduleProposal } from '@/lib/domain/schedule-proposals';
import type { ApiDeps } from '../context';
import { users } from '../db/schema';
import { mailLocale, mailText } from '../mail/mail-text';
import { programStaffFor } from '../program/reopen-requests';

type Deps = Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config'>;

async function send(deps: Deps, mails: { to: string; subject: string; text: string }[]) {
  for (const m of mails) {
    if (!m.to) continue;
    await deps.mailer
      .send({ ...m, kind: 'schedule-proposal' }, undefined, { onFailure: 'retry' })
      .catch((err: unknown) => deps.log.warn({ err, to: m.to }, 'schedule proposal mail not sent'));
  }
}

/** To every active administrator and to the coordinators of the branch's province. */
export async function mailProposalMade(deps: Deps, p: ScheduleProposal & { province: string | null }) {
  const staff = await programStaffFor(deps.db, p.province);
  const link = `${deps.config.appUrl}/program/requests`;
  await send(
    deps,
    staff.map((s) => {
      const t = mailText(mailLocale(s.locale));
      const args = { kind: p.kind, store: p.storeName, branch: p.branchName, by: p.requestedBy, note: p.note, link };
      return { to: s.email, subject: t('scheduleProposal.subject', args), text: t('scheduleProposal.body', args) };
    }),
  );
}

/** To the lead who proposed: approved (the schedule is changed) or declined, with the reason. */
export async function mailProposalDecided(deps: Deps, requesterId: string | null, p: ScheduleProposal, approved: boolean, reason: string) {
  if (!requesterId) return;
  const [u] = await deps.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, requesterId));
  if (!u?.email) return;
  const t = mailText(mailLocale(u.locale));
  const args = {
    approved: approved ? 'yes' : 'no',
    kind: p.kind,
    store: p.storeName,
    hasReason: reason ? 'yes' : 'no',
    reason,
    link: `${deps.config.appUrl}/pickups`,
  };
  await send(deps, [{ to: u.email, subject: t('scheduleDecision.subject', args), text: t('scheduleDecision.body', args) }]);
}
