// 'My store is not in the list' by e-mail. Program administrators hear of a new request; the member who
// asked hears the decision, in their language. The request is already stored when a mail is sent, and the screens
// show it too, so a mail that cannot be sent is logged and does not refuse the request.
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDeps } from '../context';
import { programRoles, users } from '../db/schema';

type Request = { retailer: string; banner: string | null; name: string; number: string | null; address: string | null };
const label = (r: Request) => [r.retailer, r.banner, r.name, r.number].filter(Boolean).join(' · ');

async function send(deps: ApiDeps, mails: { to: string; subject: string; text: string }[]) {
  for (const m of mails) {
    try {
      await deps.mailer.send({ ...m, kind: 'store-request' });
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
    admins.map((a) =>
      a.locale === 'fr'
        ? {
            to: a.email,
            subject: `Demande de magasin : ${r.name} (${r.branchName})`,
            text: [
              `${r.requestedBy} (${r.branchName}) demande l’ajout d’un magasin :`,
              label(r),
              ...(r.address ? [r.address] : []),
              '',
              `Approuvez ou refusez la demande ici : ${link}`,
            ].join('\n'),
          }
        : {
            to: a.email,
            subject: `Store request: ${r.name} (${r.branchName})`,
            text: [
              `${r.requestedBy} (${r.branchName}) asks for a store to be added:`,
              label(r),
              ...(r.address ? [r.address] : []),
              '',
              `Approve or refuse the request here: ${link}`,
            ].join('\n'),
          },
    ),
  );
}

/** To the member who asked: approved (the store is in their list now) or refused, with the administrator's reason. */
export async function mailStoreDecision(deps: ApiDeps, requesterId: string | null, r: Request, approved: boolean, reason: string) {
  if (!requesterId) return;
  const [u] = await deps.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, requesterId));
  if (!u?.email) return;
  const fr = u.locale === 'fr';
  const why = reason ? [fr ? `Raison : ${reason}` : `Reason: ${reason}`] : [];
  const mail = fr
    ? {
        subject: approved ? `Magasin ajouté : ${r.name}` : `Demande de magasin refusée : ${r.name}`,
        text: [
          approved
            ? 'Votre demande est approuvée : le magasin figure maintenant dans la liste du formulaire de don.'
            : 'Votre demande de magasin a été refusée.',
          label(r),
          ...why,
        ].join('\n'),
      }
    : {
        subject: approved ? `Store added: ${r.name}` : `Store request refused: ${r.name}`,
        text: [
          approved ? 'Your request is approved: the store is now in the list of the donation form.' : 'Your store request was refused.',
          label(r),
          ...why,
        ].join('\n'),
      };
  await send(deps, [{ to: u.email, ...mail }]);
}
