import { z } from 'zod';
import type { ErrorCode } from './errors';

export const MIN_PASSWORD_LENGTH = 6;

/** At least 6 characters, an uppercase letter, a lowercase letter, a digit, no whitespace. */
export function isValidPassword(pw: string): boolean {
  return pw.length >= MIN_PASSWORD_LENGTH && /[A-Z]/.test(pw) && /[a-z]/.test(pw) && /\d/.test(pw) && !/\s/.test(pw);
}

export const changePasswordBodySchema = z.strictObject({
  oldPassword: z.string().max(200),
  newPassword: z.string().max(200),
});

export function checkChangePasswordRules(v: { oldPassword: string; newPassword: string; confirmPassword?: string }) {
  const out: { code: ErrorCode; field: string }[] = [];
  if (!v.oldPassword) out.push({ code: 'PWD_OLD_VALIDATE', field: 'oldPassword' });
  if (!isValidPassword(v.newPassword)) out.push({ code: 'PWD_NEW_VALIDATE', field: 'newPassword' });
  if (v.confirmPassword !== undefined && v.confirmPassword !== v.newPassword) {
    out.push({ code: 'PWD_CONFIRM_VALIDATE', field: 'confirmPassword' });
  }
  return out;
}

export const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
  // The device cookie this browser got at an earlier successful sign-in (OWASP device cookies), if any.
  deviceCookie: z.string().max(400).optional(),
});

export const forgotPasswordBodySchema = z.strictObject({ username: z.string().max(200) });
