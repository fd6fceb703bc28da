// Which audit entries the program-wide log shows by default: the changes people made. Sign-ins and the entries the
// system writes for itself are kept (the log is complete) and shown only when asked for (include=all).
import { sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../db/schema';

/** Sign-in bookkeeping: sign-ins and sign-outs, chat sign-in codes (sent, wrong, locked), accounts bound at sign-in. */
const SIGN_IN_ACTIONS = ['login', 'logout', 'fail', 'lock'] as const;
const SIGN_IN_ENTITIES = ['login_challenge'] as const;
/** Written by the system, not by a person's choice: the CO2e figures recomputed when the gas factors change. */
const SYSTEM_ENTITIES = ['donation_ghg', 'campaign_donation_ghg'] as const;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * True for an entry a person made: not a sign-in, a sign-in code or a system entry, and not the user row updated at
 * sign-in to bind a single sign-on account (objectId) or a chat workplace (workplaceId).
 */
export function peopleOnlySql(): SQL {
  return sql`not (
    ${auditLog.action} in (${list(SIGN_IN_ACTIONS)})
    or ${auditLog.entity} in (${list([...SIGN_IN_ENTITIES, ...SYSTEM_ENTITIES])})
    or (${auditLog.entity} = 'user' and ${auditLog.action} = 'update'
      and (${auditLog.after} -> 'objectId' is not null or ${auditLog.after} -> 'workplaceId' is not null))
  )`;
}
