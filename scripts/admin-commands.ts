// The commands of `npm run admin`: argument parsing and operator messages over the shared services.
import { parseArgs } from 'node:util';
import { MIN_PASSWORD_LENGTH } from '@/lib/domain/password-rules';
import type { Db } from '../donation-api/db/client';
import { importBranches, importStores, previewBranches, previewStores, type CsvResult } from '../donation-api/people-places/csv-import';
import pino from 'pino';
import { configFromEnv } from '../donation-api/config';
import type { ApiConfig } from '../donation-api/config';
import { ApiError } from '../donation-api/errors';
import { createMailer, type Mailer } from '../donation-api/mail/mailer';
import { inviteCore } from '../donation-api/people-places/program-users';
import { sendReadyStatements } from '../donation-api/partners/partner-statement-mail';
import { runPickupDigest } from '../donation-api/pickups/pickup-digest';
import { runReminders } from '../donation-api/program/reminders';
import { reopenMonth } from '../donation-api/program/reopen-month';
import { mailDirectReopen } from '../donation-api/program/reopen-requests';
import { rebuildMonthTotals } from '../donation-api/donations/reports';
import {
  AdminError,
  createUser,
  grantProgramRole,
  linkUser,
  parseLoginType,
  resolveBranch,
  revokeProgramRole,
  setPassword,
  setUserDisabled,
  unlinkUser,
} from '../donation-api/people-places/user-admin';
import { normalizeUsername } from '../donation-api/sign-in/users';
import { MAIL_HELP, runMailCommand } from './admin-mail';
import { adminPassword, createProgramAdmin, listUsers } from './admin-users';

export const CHECKOUT_COMMAND = 'npm run admin --';

/** The help, naming the command as it is typed where it runs (npm run admin -- in a checkout, node admin.cjs in a release). */
export const adminHelp = (cmd = CHECKOUT_COMMAND) => `Retail Food Program administration

Usage: ${cmd} <command> [arguments] [options]
The database is DATABASE_URL when set, else the embedded one in DATA_DIR (./data).

Commands
  help                                        this text
  create-admin <username> <email> [--password P]
                                              a program administrator (sees every branch) with no branch: the first
                                              one of an empty database; the password is typed twice unless given
  list-users                                  every user: e-mail, login type, active or not, program role, branches
  create-user <username> <email> [password] [login type] [locale]
              [--password P] [--login-type Admin|AAD|AADB2C|None] [--locale en|fr] [--workplace]
                                              an Admin user without a password gets a generated one, shown once
  set-password <username> [password] [--password P]
                                              without a password one is generated and shown once; signs the user out
  invite <email> <branch id or name> --reason "…" [--username U] [--login-type Admin|AAD|AADB2C] [--locale en|fr] [--lead]
                                              the same invitation as the Users screen: the invitee gets a single-use
                                              link (in their language) to choose their own password
  link-user <username> <branch id or name>    gives the user access to the branch
  unlink-user <username> <branch id or name>  takes it away
  grant-role <username> admin|coordinator [--provinces ON,QC]
                                              makes the user program staff: an administrator sees every branch, a
                                              coordinator the branches of its provinces
  revoke-role <username>                      takes the program role away
  deactivate-user <username> --reason "…"    signs the user out everywhere at once and refuses their sign-ins
  reactivate-user <username> --reason "…"    lets them sign in again
  set-lead <username> <branch id or name> [--off]
                                              makes the user the branch's lead (may invite colleagues), or not
  import-branches <file.csv> [--dry-run]      creates or updates branches (header row: name, email, phoneNumber,
                                              province, city, address1, address2, postalCode, website, …; id optional)
  import-stores <file.csv> [--dry-run]        creates or updates stores and links them to branches (header row:
                                              retailer, banner, store name, number, branch; program optional)
  rebuild-totals                              recomputes the running month totals of the reports from the donations
  reopen-month <branch id> <year> <month> --reason "…"
                                              reopens a submitted month (1 to 12) so donations can change again
  send-reminders                              sends the reminders due today (each once per branch, month and kind;
                                              safe beside the app's own schedule), for an external cron
  send-pickup-digest                          sends today's digest of unrecorded pickups (once a day per branch;
                                              safe beside the app's own schedule), for an external cron
${MAIL_HELP}
--dry-run previews an import row by row (what each row creates or changes, every problem) and writes nothing.
Passwords: at least ${MIN_PASSWORD_LENGTH} characters, an uppercase letter, a lowercase letter, a digit, no spaces.
Every change is recorded in the audit log under the actor name (ADMIN_ACTOR, else admin-cli:<system user>).
`;

/** A dry run's rows and problems, one line each. */
function printPreview(io: AdminIo, r: CsvResult) {
  for (const row of r.rows) io.out(`line ${row.line}: ${row.action} ${row.label}`);
  for (const p of r.problems) io.out(`line ${p.line}${p.column ? ` (${p.column})` : ''}: ${p.message}`);
  io.out(r.problems.length ? 'Nothing would be imported.' : `Would create ${r.created}, change ${r.updated}. Nothing written (dry run).`);
  return r.problems.length ? 1 : 0;
}

export type AdminIo = {
  out: (line: string) => void;
  /** How the operator runs this command line (usage lines and help); npm run admin -- unless told. */
  command?: string;
  /** Reads a password without echo; absent when there is no terminal (create-admin then needs --password). */
  askPassword?: (prompt: string) => Promise<string>;
  readFile: (path: string) => Promise<string>;
  /** How mail leaves (tests pass a real SMTP peer's); else the environment's SMTP settings. */
  mail?: () => { config: ApiConfig; mailer: Mailer };
};

function envMail(db: Db) {
  const config = configFromEnv();
  return { config, mailer: createMailer({ db, log: pino({ level: 'warn' }), smtpUrl: config.smtpUrl, from: config.mailFrom }) };
}

/** Runs one admin command; answers the process exit code. Refusals print their reason and answer 1. */
export async function runAdminCommand(db: Db, argv: string[], io: AdminIo, actor: string, now = new Date()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        password: { type: 'string' },
        username: { type: 'string' },
        lead: { type: 'boolean' },
        'login-type': { type: 'string' },
        locale: { type: 'string' },
        workplace: { type: 'boolean' },
        reason: { type: 'string' },
        provinces: { type: 'string' },
        'dry-run': { type: 'boolean' },
        off: { type: 'boolean' },
        dead: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    io.out(`${(err as Error).message}\nSee: ${io.command ?? CHECKOUT_COMMAND} help`);
    return 2;
  }
  const { values: o, positionals } = parsed;
  const [command, ...args] = positionals;
  const need = (n: number, usage: string) => {
    if (args.length < n) throw new AdminError(`Usage: ${io.command ?? CHECKOUT_COMMAND} ${usage}`);
  };
  try {
    switch (command) {
      case undefined:
      case 'help':
        io.out(adminHelp(io.command));
        return 0;
      case 'create-admin': {
        need(2, 'create-admin <username> <email> [--password P]');
        const password = await adminPassword(o.password, io.askPassword);
        const user = await createProgramAdmin(db, { username: args[0]!, email: args[1]!, password }, actor);
        io.out(`Created program administrator ${user.username} (${user.id}): they sign in now and see every branch.`);
        return 0;
      }
      case 'list-users':
        for (const line of await listUsers(db)) io.out(line);
        return 0;
      case 'create-user': {
        need(2, 'create-user <username> <email> [password] [login type] [locale]');
        const { user, generatedPassword } = await createUser(
          db,
          {
            username: args[0]!,
            email: args[1]!,
            password: o.password ?? args[2],
            loginType: parseLoginType(o['login-type'] ?? args[3]),
            locale: o.locale ?? args[4],
            workplace: o.workplace,
          },
          actor,
        );
        io.out(`Created user ${user.username} (${user.id}).`);
        // Shown once, to the operator who asked for it; never logged.
        if (generatedPassword) io.out(`Generated password: ${generatedPassword}`);
        return 0;
      }
      case 'set-password': {
        need(1, 'set-password <username> [password]');
        const { generatedPassword } = await setPassword(db, args[0]!, o.password ?? args[1], actor, now);
        io.out(`Password of ${normalizeUsername(args[0]!)} changed; their sessions are signed out.`);
        if (generatedPassword) io.out(`Generated password: ${generatedPassword}`);
        return 0;
      }
      case 'invite': {
        need(2, 'invite <email> <branch id or name> --reason "…"');
        if (!o.reason?.trim()) throw new AdminError('A reason is required (--reason "…").');
        const loginType = parseLoginType(o['login-type']);
        if (loginType !== 1 && loginType !== 2 && loginType !== 3) throw new AdminError('Invite with the login type Admin, AAD or AADB2C.');
        const locale = (o.locale ?? 'en').trim().toLowerCase();
        if (locale !== 'en' && locale !== 'fr') throw new AdminError('The locale is en or fr.');
        const branch = await resolveBranch(db, args.slice(1).join(' '));
        const { config, mailer } = (io.mail ?? (() => envMail(db)))();
        const r = await inviteCore(
          { db, config, mailer, now: () => now },
          { email: args[0]!, username: o.username, loginType, locale, branchId: branch.id, lead: !!o.lead, reason: o.reason },
          { id: null, username: actor },
          'command line',
        );
        io.out(
          r.linkSent
            ? `Invited ${r.username} to ${branch.name}: the link to choose a password was e-mailed.`
            : `Invited ${r.username} to ${branch.name}: they sign in with their provider (notice e-mailed).`,
        );
        return 0;
      }
      case 'link-user': {
        need(2, 'link-user <username> <branch id or name>');
        const r = await linkUser(db, args[0]!, args.slice(1).join(' '), actor);
        io.out(
          r.linked ? `${r.user.username} now belongs to ${r.branch.name}.` : `${r.user.username} already belongs to ${r.branch.name}.`,
        );
        return 0;
      }
      case 'unlink-user': {
        need(2, 'unlink-user <username> <branch id or name>');
        const r = await unlinkUser(db, args[0]!, args.slice(1).join(' '), actor);
        io.out(
          r.unlinked
            ? `${r.user.username} no longer belongs to ${r.branch.name}.`
            : `${r.user.username} did not belong to ${r.branch.name}.`,
        );
        return 0;
      }
      case 'grant-role': {
        need(2, 'grant-role <username> admin|coordinator [--provinces ON,QC]');
        const r = await grantProgramRole(db, args[0]!, args[1]!, (o.provinces ?? '').split(','), actor);
        const where = r.role!.provinces.length ? ` for ${r.role!.provinces.join(', ')}` : ' for every branch';
        io.out(`${r.user.username} is now program ${r.role!.role}${where}.`);
        return 0;
      }
      case 'revoke-role': {
        need(1, 'revoke-role <username>');
        const r = await revokeProgramRole(db, args[0]!, actor);
        io.out(r.revoked ? `${r.user.username} is no longer program staff.` : `${r.user.username} had no program role.`);
        return 0;
      }
      case 'deactivate-user':
      case 'reactivate-user': {
        need(1, `${command} <username> --reason "…"`);
        const off = command === 'deactivate-user';
        const r = await setUserDisabled(db, args[0]!, off, actor, now, o.reason);
        io.out(`${r.user.username} ${r.changed ? 'is now' : 'was already'} ${off ? 'deactivated' : 'active'}.`);
        return 0;
      }
      case 'set-lead': {
        need(2, 'set-lead <username> <branch id or name> [--off]');
        const r = await linkUser(db, args[0]!, args.slice(1).join(' '), actor, { lead: !o.off, reason: o.reason });
        io.out(`${r.user.username} is ${o.off ? 'no longer' : 'now'} a lead of ${r.branch.name}.`);
        return 0;
      }
      case 'import-branches': {
        need(1, 'import-branches <file.csv>');
        if (o['dry-run']) return printPreview(io, await previewBranches(db, await io.readFile(args[0]!), actor, { dryRun: true, now }));
        const r = await importBranches(db, await io.readFile(args[0]!), actor, now);
        io.out(`Branches: ${r.created} created, ${r.updated} updated.`);
        return 0;
      }
      case 'import-stores': {
        need(1, 'import-stores <file.csv>');
        if (o['dry-run']) return printPreview(io, await previewStores(db, await io.readFile(args[0]!), actor, { dryRun: true }));
        const r = await importStores(db, await io.readFile(args[0]!), actor);
        io.out(`Stores: ${r.created} created, ${r.updated} updated, ${r.linked} new branch links.`);
        return 0;
      }
      case 'rebuild-totals': {
        await rebuildMonthTotals(db);
        io.out('Month totals recomputed from the donations.');
        return 0;
      }
      case 'reopen-month': {
        need(3, 'reopen-month <branch id> <year> <month> --reason "…"');
        const r = await reopenMonth(
          db,
          { branchId: args[0]!, year: Number(args[1]), month: Number(args[2]), reason: o.reason ?? '' },
          actor,
          now,
        );
        io.out(`Reopened ${r.branch.name} ${r.month!.year}-${String(r.month!.month).padStart(2, '0')}.`);
        // The branch is told as when the program reopens a month from its screens.
        const { config, mailer } = (io.mail ?? (() => envMail(db)))();
        const month = { year: r.month!.year, month: r.month!.month, reason: r.reason };
        await mailDirectReopen({ db, config, mailer, log: pino({ level: 'warn' }) }, r.branch, month, actor, r.requesterId);
        return 0;
      }
      case 'send-reminders': {
        const { config, mailer } = (io.mail ?? (() => envMail(db)))();
        const r = await runReminders({ db, config, mailer, log: pino({ level: 'warn' }) }, now, actor);
        io.out(
          r.kind
            ? `Reminders (${r.kind}, ${r.year}-${String(r.month).padStart(2, '0')}): ${r.branches} branches, ${r.digests} coordinator digests.`
            : 'No reminders are due today.',
        );
        const statements = await sendReadyStatements({ db, config, mailer, log: pino({ level: 'warn' }), now: () => now });
        if (statements.sent) io.out(`Partner statements mailed: ${statements.sent}.`);
        return 0;
      }
      case 'send-pickup-digest': {
        const { config, mailer } = (io.mail ?? (() => envMail(db)))();
        const r = await runPickupDigest({ db, config, mailer, log: pino({ level: 'warn' }) }, now, actor);
        io.out(`Unrecorded pickups digests: ${r.branches} branches, ${r.pickups} pickups.`);
        return 0;
      }
      case 'list-mail':
      case 'resend-mail':
      case 'send-mail': {
        const { mailer } = (io.mail ?? (() => envMail(db)))();
        return await runMailCommand({ db, mailer, now: () => now }, command, args, { dead: o.dead }, io);
      }
      default:
        io.out(`Unknown command "${command}".\n\n${adminHelp(io.command)}`);
        return 2;
    }
  } catch (err) {
    if (err instanceof AdminError || err instanceof ApiError) {
      io.out(err.message);
      return 1;
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      io.out(`No such file: ${(err as NodeJS.ErrnoException).path ?? args[0]}`);
      return 1;
    }
    throw err;
  }
}
