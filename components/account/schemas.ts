// Form schemas of the account screens: the section 5 rules of lib/domain, with the error code as message
// (the form shows the translation of the code).
import { z } from 'zod';
import { checkBranchRules, updateBranchBodySchema, type UpdateBranchBody } from '@/lib/domain/branch';
import { checkChangePasswordRules } from '@/lib/domain/password';

export const changePasswordFormSchema = z
  .object({ oldPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((v, ctx) => {
    for (const e of checkChangePasswordRules(v)) ctx.addIssue({ code: 'custom', path: [e.field], message: e.code });
  });

const text = z.string();
export const updateBranchFormSchema = z
  .object({
    name: text,
    phoneNumber: text,
    email: text,
    address1: text,
    address2: text,
    city: text,
    province: text,
    postalCode: text,
    website: text,
    operatingHours: text,
    contactName: text,
    contactTitle: text,
    contactEmail: text,
    contactPhoneNumber: text,
    numStaff: text,
    numVolunteers: text,
    numServedInPreviousYear: text,
    totalPoundsDistributedAnnually: text,
  })
  .superRefine((v, ctx) => {
    for (const e of checkBranchRules(v)) ctx.addIssue({ code: 'custom', path: [e.field], message: e.code });
    // Every limit the API enforces, found by the API's own schema: shown under its field, never a silent refusal.
    const seen = new Set(checkBranchRules(v).map((e) => e.field));
    for (const e of branchBodyFrom(v).problems) {
      if (!seen.has(e.field)) ctx.addIssue({ code: 'custom', path: [e.field], message: e.code });
      seen.add(e.field);
    }
  });
export type UpdateBranchFormValues = z.infer<typeof updateBranchFormSchema>;

type BranchField = keyof UpdateBranchFormValues;
const BRANCH_FIELDS = Object.keys(updateBranchFormSchema.shape) as BranchField[];

/** The form field an API refusal names (its `field`), when the form has it: the refusal is shown under that field. */
export function refusedBranchField(field: string | undefined): BranchField | undefined {
  return field && (BRANCH_FIELDS as string[]).includes(field) ? (field as BranchField) : undefined;
}

/** A branch as the API answers it, as the form's text values ('' for a field without a value). */
export function branchFormValues(b: Partial<Record<BranchField, string | number | null | undefined>> | undefined): UpdateBranchFormValues {
  const out = {} as UpdateBranchFormValues;
  for (const f of BRANCH_FIELDS) {
    const v = b?.[f];
    out[f] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

export const BRANCH_STATISTICS = ['numStaff', 'numVolunteers', 'numServedInPreviousYear', 'totalPoundsDistributedAnnually'] as const;
const isStatistic = (f: string): f is (typeof BRANCH_STATISTICS)[number] => (BRANCH_STATISTICS as readonly string[]).includes(f);

// A whole number, with its thousands grouped by spaces (1 250, French) or commas (1,250, English) or not at all.
const WHOLE = /^\d{1,3}([ \u00a0\u202f]\d{3})+$|^\d{1,3}(,\d{3})+$|^\d+$/;

/**
 * A statistic as typed: null when empty, a whole number, or why it is refused. The API turns what is not a
 * number into null (section 3), so letters would be dropped without a word: the form refuses them instead.
 */
function readStatistic(typed: string): number | null | 'STAT_NOT_NUMBER' | 'STAT_NEGATIVE' {
  const s = typed.trim();
  if (s === '') return null;
  if (/^[-\u2212]\s*\d/.test(s)) return 'STAT_NEGATIVE';
  return WHOLE.test(s) ? Number(s.replace(/[\s,]/g, '')) : 'STAT_NOT_NUMBER';
}

/** A refused field: a code of Errors, STAT_*, TOO_LONG:{max}, TOO_BIG:{max} or INVALID. */
export type BranchProblem = { field: keyof UpdateBranchFormValues; code: string };

/**
 * The update payload (trimmed text, empty optional text as null, statistics as numbers or null) checked
 * against the API's schema; what it refuses comes back per field.
 */
export function branchBodyFrom(v: UpdateBranchFormValues): { body?: UpdateBranchBody; problems: BranchProblem[] } {
  const raw: Record<string, unknown> = {};
  const problems: BranchProblem[] = [];
  for (const [field, value] of Object.entries(v) as [keyof UpdateBranchFormValues, string][]) {
    const s = value.trim();
    if (!isStatistic(field)) raw[field] = s === '' ? null : s;
    else {
      const n = readStatistic(s);
      if (typeof n === 'string') problems.push({ field, code: n });
      raw[field] = typeof n === 'number' ? n : null;
    }
  }
  const parsed = updateBranchBodySchema.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof UpdateBranchFormValues;
      if (problems.some((p) => p.field === field)) continue;
      const code =
        issue.code === 'too_big' && issue.origin === 'string'
          ? `TOO_LONG:${issue.maximum}`
          : issue.code === 'too_big'
            ? `TOO_BIG:${issue.maximum}`
            : issue.code === 'too_small' && isStatistic(field)
              ? 'STAT_NEGATIVE'
              : 'INVALID';
      problems.push({ field, code });
    }
  return problems.length ? { problems } : { body: parsed.data, problems };
}

/** The longest feedback message the API takes; the form shows a counter and refuses more (never cuts it). */
export const FEEDBACK_MAX_LENGTH = 5000;

export const sendFeedbackFormSchema = z.object({
  contactId: z.string().min(1, 'FEEDBACK_CONTACT_VALIDATE'),
  message: z.string().trim().min(1, 'FEEDBACK_MESSAGE_VALIDATE').max(FEEDBACK_MAX_LENGTH, 'FEEDBACK_TOO_LONG'),
});
