import { z } from 'zod';
import { WORKFLOW_TEXT_MAX } from './text-limits';

// The reopening workflow, submission history, reminders and audit answers: one schema per body and
// answer, used by the API's routes and, through the inferred types, by the screens.

/** A calendar day YYYY-MM-DD that exists (2026-02-30 does not). */
export const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, 'is not a date');

export const REOPEN_STATUSES = ['open', 'approved', 'declined'] as const;
export const reopenStatusSchema = z.enum(REOPEN_STATUSES);

export const reopenRequestSchema = z.object({
  id: z.string(),
  branchId: z.string(),
  year: z.number(),
  month: z.number(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  status: reopenStatusSchema,
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  answer: z.string().nullable(),
});
export type ReopenRequest = z.infer<typeof reopenRequestSchema>;

export const programReopenRequestSchema = reopenRequestSchema.extend({ branchName: z.string(), province: z.string().nullable() });
export type ProgramReopenRequest = z.infer<typeof programReopenRequestSchema>;

/** A reopening's reason (a request or a direct reopen), up to 1000 characters. */
export const reopenReasonBodySchema = z.strictObject({ reason: z.string().max(WORKFLOW_TEXT_MAX.reason) });
export const decideBodySchema = z.strictObject({ answer: z.string().max(WORKFLOW_TEXT_MAX.answer).nullish() });

export const submissionSchema = z.object({
  id: z.string(),
  submittedAt: z.string(),
  submittedBy: z.string(),
  comments: z.string().nullable(),
  frontLbs: z.number(),
  backLbs: z.number(),
  donationCount: z.number(),
  /** Pounds per category id at that moment. */
  categoryLbs: z.record(z.string(), z.number()),
});

export const monthHistorySchema = z.object({
  submissions: z.array(submissionSchema),
  requests: z.array(reopenRequestSchema),
  reopens: z.array(z.object({ at: z.string(), by: z.string(), reason: z.string(), requestId: z.string().nullable() })),
});
export type MonthHistory = z.infer<typeof monthHistorySchema>;

export const REMINDER_KINDS = ['due', 'overdue', 'digest'] as const;
export const reminderKindSchema = z.enum(REMINDER_KINDS);

export const reminderSchema = z.object({
  id: z.string(),
  kind: reminderKindSchema,
  year: z.number(),
  month: z.number(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  recipients: z.array(z.string()),
  sentBy: z.string(),
  manual: z.boolean(),
  sentAt: z.string(),
});

/** A reminder sent by hand: `sentNow` false when it had already been sent today (then `sentAt` says when). */
export const sendReminderAnswerSchema = reminderSchema.extend({ sentNow: z.boolean() });

export const sendReminderBodySchema = z.strictObject({
  branchId: z.string(),
  year: z.number().int().min(1900).max(9999),
  month: z.number().int().min(1).max(12),
});

export const reminderPreferenceSchema = z.strictObject({ optOut: z.boolean() });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Who acted: the user's e-mail or the command line's actor name, never an id. */
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  /**
   * Fields whose value changed: [field, before, after]. In the OpenAPI document a tuple is `prefixItems`; the array had
   * no `items`, which Spectral and many client generators refuse: `items` (anything, as the two values are) with
   * exactly three entries says the same.
   */
  changes: z.array(z.tuple([z.string(), z.unknown(), z.unknown()]).meta({ items: {}, minItems: 3, maxItems: 3 })),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.number().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

// The retail partner report: retailers with their banners (the picker), and pounds by store and month.
export const partnerListSchema = z.array(
  z.object({ id: z.string(), name: z.string(), banners: z.array(z.object({ id: z.string(), name: z.string() })) }),
);
export const partnerReportSchema = z.object({
  partner: z.string(),
  from: z.string(),
  to: z.string(),
  categories: z.array(z.object({ id: z.number(), name: z.string(), nameFr: z.string() })),
  rows: z.array(
    z.object({
      retailer: z.string(),
      banner: z.string().nullable(),
      storeNumber: z.string().nullable(),
      storeName: z.string(),
      month: z.string(),
      frontLbs: z.number(),
      backLbs: z.number(),
      totalLbs: z.number(),
      kgCo2e: z.number(),
      categoryLbs: z.record(z.string(), z.number()),
    }),
  ),
});
export type PartnerReport = z.infer<typeof partnerReportSchema>;
