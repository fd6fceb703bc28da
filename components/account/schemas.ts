// Form rules of the account screens (docs/product.md: Organisation details, Change password, Help and Feedback): the
// rules of lib/domain as react-hook-form resolvers, with the error code as message (the form shows the translation of
// the code). Plain functions, no zod: zod would add about 30 kB to each of these pages in the browser.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { UpdateBranchBody } from '@/lib/domain/branch';
import {
  BRANCH_STATISTICS,
  BRANCH_TEXT_MAX,
  STATISTIC_MAX,
  checkBranchRules,
  type BranchStatistic,
  type BranchTextField,
} from '@/lib/domain/branch-rules';
import { checkChangePasswordRules } from '@/lib/domain/password-rules';

type Problem = { field: string; code: string };

/** A resolver from a rule check: the first problem of each field is shown under it; no problem lets the values through. */
function rulesResolver<V extends FieldValues>(check: (v: V) => readonly Problem[], clean: (v: V) => V = (v) => v): Resolver<V> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const p of check(values)) errors[p.field] ??= { type: 'custom', message: p.code };
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values: clean(values), errors: {} };
  };
}

export type ChangePasswordFormValues = { oldPassword: string; newPassword: string; confirmPassword: string };
export const changePasswordResolver = rulesResolver<ChangePasswordFormValues>(checkChangePasswordRules);

type BranchField = BranchTextField | BranchStatistic;
export type UpdateBranchFormValues = Record<BranchField, string>;
const BRANCH_FIELDS = [...(Object.keys(BRANCH_TEXT_MAX) as BranchTextField[]), ...BRANCH_STATISTICS];

// Every limit the API enforces is checked here too: shown under its field, never a silent refusal.
export const updateBranchResolver = rulesResolver<UpdateBranchFormValues>((v) => [...checkBranchRules(v), ...branchBodyFrom(v).problems]);

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

const isStatistic = (f: string): f is BranchStatistic => (BRANCH_STATISTICS as readonly string[]).includes(f);

// A whole number, with its thousands grouped by spaces (1 250, French) or commas (1,250, English) or not at all.
const WHOLE = /^\d{1,3}([ \u00a0\u202f]\d{3})+$|^\d{1,3}(,\d{3})+$|^\d+$/;

/**
 * A statistic as typed: null when empty, a whole number, or why it is refused. The API turns what is not a
 * number into null, so letters would be dropped without a word: the form refuses them instead.
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
 * The update payload (trimmed text, empty optional text as null, statistics as numbers or null) checked against the
 * API's limits (lib/domain/branch-rules, from which the API's schema is built); what they refuse comes back per field.
 */
export function branchBodyFrom(v: UpdateBranchFormValues): { body?: UpdateBranchBody; problems: BranchProblem[] } {
  const body: Record<string, string | number | null> = {};
  const problems: BranchProblem[] = [];
  for (const field of BRANCH_FIELDS) {
    const s = (v[field] ?? '').trim();
    if (!isStatistic(field)) {
      const max = BRANCH_TEXT_MAX[field];
      if (s.length > max) problems.push({ field, code: `TOO_LONG:${max}` });
      body[field] = s === '' ? null : s;
      continue;
    }
    const n = readStatistic(s);
    if (typeof n === 'string') problems.push({ field, code: n });
    else if (n !== null && n > STATISTIC_MAX) problems.push({ field, code: `TOO_BIG:${STATISTIC_MAX}` });
    body[field] = typeof n === 'number' ? n : null;
  }
  return problems.length ? { problems } : { body: body as UpdateBranchBody, problems };
}

/** The longest feedback message the API takes; the form shows a counter and refuses more (never cuts it). */
export const FEEDBACK_MAX_LENGTH = 5000;

export type SendFeedbackFormValues = { contactId: string; message: string };
export const sendFeedbackResolver = rulesResolver<SendFeedbackFormValues>(
  ({ contactId, message }) => {
    const text = message.trim();
    return [
      ...(contactId ? [] : [{ field: 'contactId', code: 'FEEDBACK_CONTACT_VALIDATE' }]),
      ...(text === '' ? [{ field: 'message', code: 'FEEDBACK_MESSAGE_VALIDATE' }] : []),
      ...(text.length > FEEDBACK_MAX_LENGTH ? [{ field: 'message', code: 'FEEDBACK_TOO_LONG' }] : []),
    ];
  },
  (v) => ({ ...v, message: v.message.trim() }),
);
