// The password rules as plain functions (no zod): the change-password and invitation forms run them in the
// browser, the API runs the same ones.
import type { ErrorCode } from './errors';

export const MIN_PASSWORD_LENGTH = 6;

/** At least 6 characters, an uppercase letter, a lowercase letter, a digit, no whitespace. */
export function isValidPassword(pw: string): boolean {
  return pw.length >= MIN_PASSWORD_LENGTH && /[A-Z]/.test(pw) && /[a-z]/.test(pw) && /\d/.test(pw) && !/\s/.test(pw);
}

export function checkChangePasswordRules(v: { oldPassword: string; newPassword: string; confirmPassword?: string }) {
  const out: { code: ErrorCode; field: string }[] = [];
  if (!v.oldPassword) out.push({ code: 'PWD_OLD_VALIDATE', field: 'oldPassword' });
  if (!isValidPassword(v.newPassword)) out.push({ code: 'PWD_NEW_VALIDATE', field: 'newPassword' });
  if (v.confirmPassword !== undefined && v.confirmPassword !== v.newPassword) {
    out.push({ code: 'PWD_CONFIRM_VALIDATE', field: 'confirmPassword' });
  }
  return out;
}
