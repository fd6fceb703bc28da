import { z } from 'zod';

// The program's outgoing mail screen and the admin command: mail that waits in the outbox or did not leave
// (donation-api/mail/outbox.ts), one schema per answer, used by the routes and the screen.

/** outbox: waiting (a next attempt is planned); failed: one attempt its sender reported; dead: the retries ran out. */
export const OUTGOING_MAIL_STATUSES = ['outbox', 'failed', 'dead'] as const;

export const outgoingMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(OUTGOING_MAIL_STATUSES),
  attempts: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  /** False when the body carried a secret that was not kept: a new mail is sent from its own screen instead. */
  resendable: z.boolean(),
});
export type OutgoingMail = z.infer<typeof outgoingMailSchema>;

export const outgoingMailListSchema = z.object({
  /** Whether a transport (SMTP_URL) is configured: without one, waiting mail stays waiting. */
  transport: z.boolean(),
  mails: z.array(outgoingMailSchema),
});
export type OutgoingMailList = z.infer<typeof outgoingMailListSchema>;

/** What a re-send did: 'sent' when the mail left at once, 'outbox' when it waits for the sender job. */
export const mailResentSchema = z.object({ id: z.string(), status: z.enum(['sent', 'outbox', 'dead']) });
