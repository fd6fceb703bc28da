import { z } from 'zod';
import { SIGN_IN_TEXT_MAX } from './text-limits';

export const changePasswordBodySchema = z.strictObject({
  oldPassword: z.string().max(SIGN_IN_TEXT_MAX.password),
  newPassword: z.string().max(SIGN_IN_TEXT_MAX.password),
});

export const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(SIGN_IN_TEXT_MAX.username),
  password: z.string().min(1).max(SIGN_IN_TEXT_MAX.password),
  // The device cookie this browser got at an earlier successful sign-in (OWASP device cookies), if any.
  deviceCookie: z.string().max(400).optional(),
});

export const forgotPasswordBodySchema = z.strictObject({ username: z.string().max(SIGN_IN_TEXT_MAX.username) });
