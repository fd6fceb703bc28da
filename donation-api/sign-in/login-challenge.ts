// The one-time e-mail code that links a chat identity to an account (docs/product.md, Inside the chat tool).
//
// Design:
// - Only a caller holding a verified chat identity may ask: the link state that /login/facebook hands out
//   when a valid signed request maps to no user (sign-in/link-state.ts). The identity is the challenge's subject.
// - The code (6 digits, crypto random) is mailed, in English and French, to the account named by `username`
//   (its username, else its unique e-mail); only SHA-256(id:code) is stored. An unknown or disabled account
//   gets the same 204 and no mail, so the call does not tell which accounts exist.
// - A code lives 10 minutes, is used once, and its challenge locks after 5 wrong tries; asking again replaces
//   the previous code of that subject. At most 5 codes per subject and per account an hour.
// - The right code links the subject to the account (users.workplace_id; a previous holder of that chat
//   identity is unlinked) and answers the login answer; anything else answers nothing.
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { BotSource } from '@/lib/domain/enums';
import { loginAnswer, type LoginAnswer } from './login-answer';
import { audit } from '../audit';
import type { Db } from '../db/client';
import { loginChallenges, users } from '../db/schema';
import { ApiError } from '../errors';
import { bilingual, mailLocale, mailText } from '../mail/mail-text';
import type { Mailer } from '../mail/mailer';
import { returnedRow } from '../db/sql-rows';

export const CHALLENGE_TTL_MINUTES = 10;
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const CHALLENGE_MAX_PER_HOUR = 5;

export function hashChallengeCode(challengeId: string, code: string): string {
  return createHash('sha256').update(`${challengeId}:${code}`).digest('hex');
}

/** The mail's text: both languages, the user's own first; the subject names the code once, after both names. */
export function challengeMail(code: string, locale: string): { subject: string; text: string } {
  const first = mailLocale(locale);
  const both = bilingual(first, (l) => ({
    subject: mailText(l)('loginChallenge.name'),
    text: mailText(l)('loginChallenge.body', { code, minutes: CHALLENGE_TTL_MINUTES }),
  }));
  return { subject: mailText(first)('loginChallenge.subject', { names: both.subject, code }), text: `${both.text}\n` };
}

async function findAccount(db: Db, username: string) {
  const name = username.trim().toLowerCase();
  if (!name || name.length > 320) return null;
  const [byUsername] = await db.select().from(users).where(eq(users.username, name)).limit(1);
  if (byUsername) return byUsername;
  const byEmail = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, name))
    .limit(2);
  return byEmail.length === 1 ? byEmail[0] : null;
}

async function createdSince(db: Db, where: ReturnType<typeof eq>, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginChallenges)
    .where(and(where, gt(loginChallenges.createdAt, since)));
  return Number(row?.n ?? 0);
}

export class ChallengeMailError extends Error {}

/** POST /api/user/login/challenge. Resolves whether or not a mail went out (see the design above). */
export async function startChallenge(
  db: Db,
  mailer: Mailer,
  input: { subject: string; botSource: BotSource; username: string },
  opts: { now: Date },
): Promise<void> {
  const hourAgo = new Date(opts.now.getTime() - 3600_000);
  if ((await createdSince(db, eq(loginChallenges.subject, input.subject), hourAgo)) >= CHALLENGE_MAX_PER_HOUR) {
    throw new ApiError(429, 'CHALLENGE_TOO_MANY');
  }
  const user = await findAccount(db, input.username);
  if (!user || user.disabled) return;
  // Per account: silently, so the limit does not reveal that the account exists.
  if ((await createdSince(db, eq(loginChallenges.userId, user.id), hourAgo)) >= CHALLENGE_MAX_PER_HOUR) return;

  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // One live code per chat identity: asking again retires the earlier ones.
    await tx
      .update(loginChallenges)
      .set({ usedAt: opts.now })
      .where(and(eq(loginChallenges.subject, input.subject), isNull(loginChallenges.usedAt)));
    await tx.insert(loginChallenges).values({
      id,
      userId: user.id,
      codeHash: hashChallengeCode(id, code),
      subject: input.subject,
      botSource: input.botSource,
      createdAt: opts.now,
      expiresAt: new Date(opts.now.getTime() + CHALLENGE_TTL_MINUTES * 60_000),
    });
    await audit(tx, {
      userId: user.id,
      actor: `chat:${input.subject}`,
      action: 'create',
      entity: 'login_challenge',
      entityId: id,
      after: { botSource: input.botSource },
    });
  });
  const mail = challengeMail(code, user.locale);
  try {
    await mailer.send({
      to: user.email,
      subject: mail.subject,
      text: mail.text,
      kind: 'login-challenge',
      expiresAt: new Date(opts.now.getTime() + CHALLENGE_TTL_MINUTES * 60_000),
    });
  } catch (err) {
    await db.update(loginChallenges).set({ usedAt: opts.now }).where(eq(loginChallenges.id, id));
    throw new ChallengeMailError((err as Error).message);
  }
}

/**
 * POST /api/user/login/challenge/check. The login answer when `code` is the live code of the subject's latest
 * challenge; null otherwise (wrong, expired, used, locked or no challenge), every wrong try counted.
 */
export async function checkChallenge(
  db: Db,
  input: { subject: string; botSource: BotSource; code: string },
  opts: { now: Date; ttlHours: number },
): Promise<LoginAnswer | null> {
  const [challenge] = await db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.subject, input.subject), isNull(loginChallenges.usedAt)))
    .orderBy(desc(loginChallenges.createdAt))
    .limit(1);
  if (!challenge || challenge.expiresAt <= opts.now || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) return null;

  const given = Buffer.from(hashChallengeCode(challenge.id, /^\d{6}$/.test(input.code) ? input.code : 'x'), 'hex');
  const stored = Buffer.from(challenge.codeHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    const [counted] = await db
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(and(eq(loginChallenges.id, challenge.id), lt(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS)))
      .returning({ attempts: loginChallenges.attempts });
    await audit(db, {
      userId: challenge.userId,
      actor: `chat:${input.subject}`,
      action: counted?.attempts === CHALLENGE_MAX_ATTEMPTS ? 'lock' : 'fail',
      entity: 'login_challenge',
      entityId: challenge.id,
      after: { attempts: counted?.attempts ?? CHALLENGE_MAX_ATTEMPTS },
    });
    return null;
  }

  return db.transaction(async (tx) => {
    // Used exactly once, even by two checks racing with the right code.
    const [used] = await tx
      .update(loginChallenges)
      .set({ usedAt: opts.now })
      .where(
        and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt), lt(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS)),
      )
      .returning({ id: loginChallenges.id });
    if (!used) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, challenge.userId)).limit(1);
    if (!user || user.disabled) return null;

    const previous = await tx
      .update(users)
      .set({ workplaceId: null, updatedAt: opts.now })
      .where(and(eq(users.workplaceId, input.subject), ne(users.id, user.id)))
      .returning({ id: users.id });
    for (const p of previous) {
      await audit(tx, {
        userId: p.id,
        actor: `chat:${input.subject}`,
        action: 'update',
        entity: 'user',
        entityId: p.id,
        before: { workplaceId: input.subject },
        after: { workplaceId: null },
      });
    }
    const linked = returnedRow(
      await tx.update(users).set({ workplaceId: input.subject, updatedAt: opts.now }).where(eq(users.id, user.id)).returning(),
    );
    await audit(tx, {
      userId: user.id,
      actor: `chat:${input.subject}`,
      action: 'update',
      entity: 'user',
      entityId: user.id,
      before: { workplaceId: user.workplaceId },
      after: { workplaceId: input.subject, via: 'login_challenge' },
    });
    return loginAnswer(
      tx,
      { ...linked, workplace: true },
      { ttlHours: opts.ttlHours, now: opts.now, botSource: input.botSource, method: 'challenge' },
    );
  });
}
