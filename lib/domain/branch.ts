import { z } from 'zod';
import type { ErrorCode } from './errors';

const optionalText = (max: number) => z.string().max(max).nullish();
/** Numeric statistics become null when not a number (section 3). */
const statistic = z.preprocess((v) => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : null;
}, z.number().min(0).max(1e12).nullable());

// Same pattern the spec calls {email}: something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The update payload: the branch fields without id, lat and lng. */
export const updateBranchBodySchema = z.strictObject({
  name: z.string().max(200).nullish(),
  email: z.string().max(320).nullish(),
  phoneNumber: z.string().max(50).nullish(),
  province: optionalText(60),
  city: z.string().max(120).nullish(),
  address1: z.string().max(300).nullish(),
  address2: optionalText(300),
  postalCode: z.string().max(20).nullish(),
  website: optionalText(500),
  operatingHours: optionalText(2000),
  contactName: optionalText(200),
  contactTitle: optionalText(200),
  contactEmail: optionalText(320),
  contactPhoneNumber: optionalText(50),
  numStaff: statistic,
  numVolunteers: statistic,
  numServedInPreviousYear: statistic,
  totalPoundsDistributedAnnually: statistic,
});
export type UpdateBranchBody = z.infer<typeof updateBranchBodySchema>;

const REQUIRED: [keyof UpdateBranchBody, ErrorCode][] = [
  ['name', 'ORG_NAME_VALIDATE'],
  ['phoneNumber', 'ORG_PHONE_VALIDATE'],
  ['email', 'ORG_EMAIL_VALIDATE'],
  ['address1', 'ORG_ADDRESS_VALIDATE'],
  ['city', 'ORG_CITY_VALIDATE'],
  ['postalCode', 'ORG_POSTAL_CODE_VALIDATE'],
];

/** Section 5: required non-empty fields and the e-mail format. */
export function checkBranchRules(body: Partial<Record<keyof UpdateBranchBody, unknown>>): { code: ErrorCode; field: string }[] {
  const out: { code: ErrorCode; field: string }[] = [];
  for (const [field, code] of REQUIRED) {
    const v = body[field];
    const text = typeof v === 'string' ? v.trim() : '';
    if (!text || (field === 'email' && !EMAIL_PATTERN.test(text))) out.push({ code, field });
  }
  return out;
}
