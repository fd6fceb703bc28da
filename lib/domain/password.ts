import { z } from 'zod';

export const changePasswordBodySchema = z.strictObject({
  oldPassword: z.string().max(200),
  newPassword: z.string().max(200),
});

export const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
  // The device cookie this browser got at an earlier successful sign-in (OWASP device cookies), if any.
  deviceCookie: z.string().max(400).optional(),
});

export const forgotPasswordBodySchema = z.strictObject({ username: z.string().max(200) });
