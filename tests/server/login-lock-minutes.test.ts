// A locked sign-in tells the person how long to wait, in their language: the API's refusal names the minutes in
// English and in its Retry-After, next-auth passes one string to the login screen, and the screen words it from the catalogue.
import { createTranslator } from 'next-intl';
import { LoginLockedError } from '@/donation-api/sign-in/login-attempts';
import { LOCKED_FOR } from '@/lib/domain/errors';
import { loginErrorCode } from '@/web/server/auth-options';
import { ApiCallError } from '@/web/server/donation-api-client';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

const now = new Date('2026-11-26T15:00:00Z');
const refusal = (minutes: number) => {
  const locked = new LoginLockedError(new Date(now.getTime() + minutes * 60_000 - 500), now);
  return new ApiCallError(429, { code: locked.code, message: locked.message }, locked.retryAfterSeconds(now));
};

describe('the minutes of a sign-in lock', () => {
  it('travel from the API’s refusal to the login screen with its code', () => {
    expect(loginErrorCode(refusal(15))).toBe(`${LOCKED_FOR}15`);
    expect(loginErrorCode(refusal(1))).toBe(`${LOCKED_FOR}1`);
    // A refusal without minutes keeps its plain code, and the screen its plain text.
    expect(loginErrorCode(new ApiCallError(429, { code: 'LOGIN_TOO_MANY' }))).toBe('LOGIN_TOO_MANY');
    expect(loginErrorCode(new ApiCallError(401, { code: 'LOGIN_INVALID', message: 'wait 5 minutes' }))).toBe('LOGIN_INVALID');
  });

  it('are said in English and in French, one minute or several', () => {
    const say = (messages: typeof en, locale: 'en' | 'fr', minutes: number) =>
      createTranslator({ locale, messages, namespace: 'LoginPage' })('lockedFor', { minutes });
    expect(say(en, 'en', 15)).toBe('Too many failed login attempts. Please wait 15 minutes and try again.');
    expect(say(en, 'en', 1)).toBe('Too many failed login attempts. Please wait 1 minute and try again.');
    expect(say(fr as typeof en, 'fr', 15)).toBe(
      'Trop de tentatives de connexion infructueuses. Veuillez patienter 15 minutes, puis réessayer.',
    );
    expect(say(fr as typeof en, 'fr', 1)).toBe(
      'Trop de tentatives de connexion infructueuses. Veuillez patienter 1 minute, puis réessayer.',
    );
  });
});
