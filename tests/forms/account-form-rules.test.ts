// The account forms check in the browser, without zod, what the API's zod schemas refuse: these tests hold the
// plain checks (components/account/schemas.ts) and the API's schema (lib/domain/branch.ts) to the same limits.
import {
  branchBodyFrom,
  branchFormValues,
  changePasswordResolver,
  sendFeedbackResolver,
  updateBranchResolver,
} from '@/components/account/schemas';
import { updateBranchBodySchema } from '@/lib/domain/branch';
import { BRANCH_STATISTICS, BRANCH_TEXT_MAX, STATISTIC_MAX, isRequiredBranchField } from '@/lib/domain/branch-rules';

const valid = branchFormValues({
  name: 'Daily Bread',
  phoneNumber: '416-555-0100',
  email: 'info@example.org',
  address1: '191 New Toronto St',
  city: 'Toronto',
  postalCode: 'M8V 2E7',
});
// react-hook-form calls a resolver with (values, context, options); the rules use only the values.
const resolve = <V>(r: (v: V, c: undefined, o: never) => unknown, v: V) =>
  r(v, undefined, {} as never) as Promise<{ values: Partial<V>; errors: Record<string, { message: string }> }>;

describe('organisation form limits are the API schema limits', () => {
  it.each(Object.entries(BRANCH_TEXT_MAX))('%s: %i characters pass both, one more is refused by both', (field, max) => {
    const fits = branchBodyFrom({ ...valid, [field]: 'x'.repeat(max) });
    expect(fits.problems).toEqual([]);
    expect(updateBranchBodySchema.safeParse(fits.body).success).toBe(true);

    const tooLong = { ...valid, [field]: 'x'.repeat(max + 1) };
    expect(branchBodyFrom(tooLong).problems).toEqual([{ field, code: `TOO_LONG:${max}` }]);
    expect(updateBranchBodySchema.safeParse({ [field]: tooLong[field as keyof typeof tooLong] }).success).toBe(false);
  });

  it.each(BRANCH_STATISTICS)('%s: the largest number passes both, one more is refused by both', (field) => {
    const fits = branchBodyFrom({ ...valid, [field]: String(STATISTIC_MAX) });
    expect(fits.body?.[field]).toBe(STATISTIC_MAX);
    expect(updateBranchBodySchema.safeParse(fits.body).success).toBe(true);

    expect(branchBodyFrom({ ...valid, [field]: String(STATISTIC_MAX + 1) }).problems).toEqual([
      { field, code: `TOO_BIG:${STATISTIC_MAX}` },
    ]);
    expect(updateBranchBodySchema.safeParse({ [field]: STATISTIC_MAX + 1 }).success).toBe(false);
  });

  it('sends trimmed text, empty text as null and grouped statistics as numbers, as the API takes them', () => {
    const { body } = branchBodyFrom({ ...valid, name: '  Daily Bread  ', website: '', numStaff: '1 250', numVolunteers: '1,250' });
    expect(body).toMatchObject({ name: 'Daily Bread', website: null, numStaff: 1250, numVolunteers: 1250, numServedInPreviousYear: null });
    expect(updateBranchBodySchema.parse(body)).toEqual(body);
  });

  it('shows the required or format rule first, then the limit, one message per field', async () => {
    const r = await resolve(updateBranchResolver, { ...valid, name: '', email: 'not-an-email', numStaff: 'twelve' });
    expect(r.values).toEqual({});
    expect(Object.fromEntries(Object.entries(r.errors).map(([f, e]) => [f, e.message]))).toEqual({
      name: 'ORG_NAME_VALIDATE',
      email: 'ORG_EMAIL_VALIDATE',
      numStaff: 'STAT_NOT_NUMBER',
    });
    expect((await resolve(updateBranchResolver, valid)).errors).toEqual({});
  });

  it('marks as required (*) exactly name, e-mail, phone, city, address line 1 and postal code', () => {
    const fields = [...Object.keys(BRANCH_TEXT_MAX), ...BRANCH_STATISTICS];
    expect(fields.filter(isRequiredBranchField)).toEqual(['name', 'email', 'phoneNumber', 'city', 'address1', 'postalCode']);
  });
});

describe('password and feedback forms', () => {
  it('names each refused password field with its error code', async () => {
    const r = await resolve(changePasswordResolver, { oldPassword: '', newPassword: 'short', confirmPassword: 'other' });
    expect(Object.fromEntries(Object.entries(r.errors).map(([f, e]) => [f, e.message]))).toEqual({
      oldPassword: 'PWD_OLD_VALIDATE',
      newPassword: 'PWD_NEW_VALIDATE',
      confirmPassword: 'PWD_CONFIRM_VALIDATE',
    });
    const ok = await resolve(changePasswordResolver, { oldPassword: 'Old-2026', newPassword: 'New2026x', confirmPassword: 'New2026x' });
    expect(ok.errors).toEqual({});
  });

  it('requires a contact and a message of at most 5,000 characters, and sends it trimmed', async () => {
    const empty = await resolve(sendFeedbackResolver, { contactId: '', message: '   ' });
    expect(Object.fromEntries(Object.entries(empty.errors).map(([f, e]) => [f, e.message]))).toEqual({
      contactId: 'FEEDBACK_CONTACT_VALIDATE',
      message: 'FEEDBACK_MESSAGE_VALIDATE',
    });
    expect((await resolve(sendFeedbackResolver, { contactId: '1', message: 'x'.repeat(5001) })).errors.message!.message).toBe(
      'FEEDBACK_TOO_LONG',
    );
    expect((await resolve(sendFeedbackResolver, { contactId: '1', message: `  ${'x'.repeat(5000)}  ` })).values.message).toHaveLength(5000);
  });
});
