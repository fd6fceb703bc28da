// next-auth's routes: what no browser of the app sends is refused with a 4xx before next-auth, which answered these
// with a 500 (a GET of the credentials callback, a callback address that is no http(s) address, a body it could not
// parse). What the app's own sign-in sends goes on.
import { refuseAuthRequest } from '@/web/server/auth-request-check';

const origin = 'http://localhost:3000';
const check = (method: string, path: string, type?: string, body?: string, cookie?: string) =>
  refuseAuthRequest({ method, url: `${origin}/api/auth/${path}`, headers: new Headers(type ? { 'content-type': type } : {}) }, body, cookie)
    ?.status ?? 'next-auth';

it('lets through what next-auth’s own client sends', () => {
  expect(check('GET', 'csrf')).toBe('next-auth');
  expect(check('GET', 'session')).toBe('next-auth');
  expect(check('GET', 'providers')).toBe('next-auth');
  expect(check('POST', 'callback/credentials', 'application/x-www-form-urlencoded', 'csrfToken=x&username=demo&password=y&json=true')).toBe(
    'next-auth',
  );
  expect(check('POST', 'signout', 'application/x-www-form-urlencoded', 'csrfToken=x&json=true')).toBe('next-auth');
  expect(check('POST', 'session', 'application/json', '{"csrfToken":"x","data":{}}')).toBe('next-auth');
  expect(check('GET', 'callback/azure-ad?code=x&state=y')).toBe('next-auth');
  expect(check('GET', 'signin?callbackUrl=%2Fdonations%2F2026%2F5')).toBe('next-auth');
  expect(check('GET', 'session', undefined, undefined, `${origin}/program`)).toBe('next-auth');
});

it('refuses a method the action does not take: the credentials callback by GET, the CSRF token by POST', () => {
  expect(check('GET', 'callback/credentials')).toBe(405);
  expect(check('GET', 'callback/saved-token')).toBe(405);
  expect(check('POST', 'csrf', 'application/x-www-form-urlencoded', 'a=b')).toBe(405);
  expect(check('PUT', 'session')).toBe(405);
  expect(check('GET', '_log')).toBe(405);
  expect(check('GET', 'nothing-here')).toBe(404);
});

it('refuses a callback address that is no http(s) address, in the query or its cookie', () => {
  expect(check('GET', 'session?callbackUrl=javascript:alert(1)')).toBe(400);
  expect(check('GET', 'signin?callbackUrl=-1')).toBe(400);
  expect(check('GET', 'session', undefined, undefined, '%FF')).toBe(400);
});

it('refuses a body that is neither a form nor a JSON object', () => {
  expect(check('POST', 'session', 'application/json', '{')).toBe(400);
  expect(check('POST', 'session', 'application/json', '')).toBe(400);
  expect(check('POST', 'session', 'application/json', '[]')).toBe(400);
  expect(check('POST', 'callback/credentials', 'multipart/form-data; boundary=x', '--x--')).toBe(415);
  expect(check('POST', 'session', 'text/plain', 'x')).toBe(415);
  // No body: next-auth reads none.
  expect(check('POST', 'session', 'text/plain', '')).toBe('next-auth');
});
