// The statement-ready mail: once per partner user and month, when every food bank that serves their stores and owes
// that month has submitted it, or on the program's statement day of the month after (PARTNER_STATEMENT_DAY), with
// what was submitted by then. The claim row, the statement and the mail's record are one transaction, so several
// servers (and the command line) send it once, and a mail that cannot go out is tried again at the next run.
import { sql } from 'drizzle-orm';
import { todayCalendarDate } from '@/lib/domain/dates';
import { partnerStoreWhere } from '../auth/partner-scope';
import type { ApiDeps, PartnerGrant } from '../context';
import { mailLocale, mailText } from '../mail/mail-text';
import { owesReportMonthSql } from '../donations/owed-months';
import { reportFormats } from '../donations/month-report-text';
import { issueStatement } from './partner-statements';
import { queryRows } from '../db/sql-rows';

type Deps = Pick<ApiDeps, 'db' | 'mailer' | 'log' | 'config' | 'now'>;
type Partner = {
  user_id: string;
  username: string;
  email: string;
  locale: string;
  retailer_id: string;
  banner_id: string | null;
  store_ids: string[];
};

const MONTHS_BACK = 3;

function monthBefore(year: number, month: number, back: number) {
  const i = year * 12 + (month - 1) - back;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

/** How many of the food banks serving the stores owe the month, and how many of them submitted it. */
async function readiness(deps: Deps, grant: PartnerGrant, year: number, month: number) {
  const [row] = await queryRows<{ owing: number; submitted: number }>(
    deps.db,
    sql`select count(*)::int as owing, count(*) filter (where ms.submitted)::int as submitted
      from branches b left join month_submissions ms on ms.branch_id = b.id and ms.year = ${year}::int and ms.month = ${month}::int
      where ${owesReportMonthSql(year, month, deps.config.timeZone)}
        and exists (select 1 from branch_stores bs join stores s on s.id = bs.store_id where bs.branch_id = b.id and ${partnerStoreWhere(grant)})`,
  );
  return row;
}

/** One run: every partner, the last few months; answers how many mails went out. */
export async function sendReadyStatements(deps: Deps): Promise<{ sent: number }> {
  const now = deps.now();
  const today = todayCalendarDate(now, deps.config.timeZone);
  const partners = await queryRows<Partner>(
    deps.db,
    sql`select pa.user_id, u.username, u.email, u.locale, pa.retailer_id, pa.banner_id, pa.store_ids
      from partner_access pa join users u on u.id = pa.user_id where not u.disabled and u.email <> '' order by u.username`,
  );
  let sent = 0;
  for (const p of partners) {
    const grant: PartnerGrant = { retailerId: p.retailer_id, bannerId: p.banner_id, storeIds: p.store_ids ?? [] };
    for (let back = 1; back <= MONTHS_BACK; back++) {
      const { year, month } = monthBefore(today.year, today.month, back);
      const [done] = await queryRows<{ ok: boolean }>(
        deps.db,
        sql`select true as ok from partner_statement_mail where user_id = ${p.user_id}::uuid and year = ${year} and month = ${month}`,
      );
      if (done) continue;
      const r = await readiness(deps, grant, year, month);
      const dayReached = back > 1 || today.day >= deps.config.partnerStatementDay;
      if (!r || r.submitted === 0 || (r.submitted < r.owing && !dayReached)) continue;
      const lang = mailLocale(p.locale);
      try {
        const mailed = await deps.db.transaction(async (tx) => {
          const [claim] = await queryRows<{ user_id: string }>(
            tx,
            sql`insert into partner_statement_mail (user_id, year, month) values (${p.user_id}::uuid, ${year}, ${month})
              on conflict do nothing returning user_id`,
          );
          if (!claim) return false;
          const { statement } = await issueStatement({ ...deps, db: tx as never }, null, grant, { year, month });
          await tx.execute(
            sql`update partner_statement_mail set statement_id = ${statement.id}::uuid where user_id = ${p.user_id}::uuid and year = ${year} and month = ${month}`,
          );
          const t = mailText(lang);
          const args = {
            statement: statement.number,
            scope: statement.scopeName,
            period: reportFormats(lang, deps.config.timeZone).month(year, month),
            pounds: statement.pounds,
            link: `${deps.config.appUrl}/partner/statements`,
          };
          await deps.mailer.send(
            {
              to: p.email,
              subject: t('partnerStatement.subject', args),
              text: t('partnerStatement.body', args),
              kind: 'partner-statement',
            },
            tx,
          );
          return true;
        });
        if (mailed) sent += 1;
      } catch (err) {
        deps.log.warn({ err, user: p.username, year, month }, 'statement mail not delivered; tried again at the next run');
      }
    }
  }
  return { sent };
}
