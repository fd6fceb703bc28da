// 'My store is not in the list' by e-mail. Program administrators hear of a new request; the member who
// asked hears the decision, in their language (the words: messages/mail.*.json). The request is already stored when
// a mail is sent, and the screens show it too, so a mail that cannot be sent is logged and does not refuse the request.
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../context';
import { programRoles, users } from '../db/schema';
import { mailLocale, mailText } from '../mail/mail-text';

type Request = { retailer: string; banner: string | null; name: string; number: string | null; address: string | null };
const label = (r: Request) => [r.retailer, r.banner, r.name, r.number].filter(Boolean).join(' · ');

async function send(deps: ApiDeps, mails: { to: string; subject: string; text: string }[]) {
  for (const m of mails) {
    try {
      await deps.mailer.send({ ...m, kind: 'store-request' }, undefined, { onFailure: 'retry' });
    } catch (err) {
      deps.log.warn({ err, to: m.to }, 'store request mail not sent');
    }
  }
}

/** To every active program administrator with an e-mail address, each in their language. */
export async function mailNewStoreRequest(deps: ApiDeps, r: Request & { branchName: string; requestedBy: string }) {
  const admins = await deps.db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .innerJoin(programRoles, eq(programRoles.userId, users.id))
    .where(and(eq(programRoles.role, 'admin'), eq(users.disabled, false), sql`${users.email} <> ''`));
  const link = `${deps.config.appUrl}/program/stores`;
  await send(
    deps,
    admins.map((a) => {
      const t = mailText(mailLocale(a.locale));
      const args = {
        store: r.name,
        branch: r.branchName,
        requestedBy: r.requestedBy,
        label: label(r),
        hasAddress: r.address ? 'yes' : 'no',
        address: r.address ?? '',
        link,
      };
      return { to: a.email, subject: t('storeRequest.subject', args), text: t('storeRequest.body', args) };
    }),
  );
}

/** To the member who asked: approved (the store is in their list now) or refused, with the administrator's reason. */
export async function mailStoreDecision(deps: ApiDeps, requesterId: string | null, r: Request, approved: boolean, reason: string) {
  if (!requesterId) return;
  const [u] = await deps.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, requesterId));
  if (!u?.email) return;
  const t = mailText(mailLocale(u.locale));
  const args = { approved: approved ? 'yes' : 'no', store: r.name, label: label(r), hasReason: reason ? 'yes' : 'no', reason };
  const mail = { subject: t('storeDecision.subject', args), text: t('storeDecision.body', args) };
  await send(deps, [{ to: u.email, ...mail }]);
}
