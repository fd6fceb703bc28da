import 'server-only';
import { redirect } from 'next/navigation';
import { apiPath, type ApiData, type ApiInit, type ApiPath } from '@/web/api/calls';
import { ApiCallError, donationApiJson } from './donation-api-client';
import { getSessionJwt } from './session';

/**
 * A donation API GET for a screen rendered on the server, with the session's token (as the BFF does), typed like the
 * browser's client (web/query/api-client.ts): `screenApi('/branch/{branchId}/people', { params: { path: { branchId } }, returnTo })`.
 * A signed-out or revoked session goes to /login, back to `returnTo` after sign-in.
 */
export async function screenApi<P extends ApiPath<'get'>>(
  path: P,
  { returnTo, ...init }: Pick<ApiInit<'get', P>, 'params'> & { returnTo: string },
): Promise<ApiData<'get', P>> {
  const jwt = await getSessionJwt();
  const toLogin = () => redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  if (!jwt?.apiToken) toLogin();
  try {
    return await donationApiJson<ApiData<'get', P>>(`/api${apiPath('get', path, init.params as never)}`, { token: jwt!.apiToken });
  } catch (err) {
    if (err instanceof ApiCallError && err.status === 401) toLogin();
    throw err;
  }
}

/** The signed-in user's display data and selected branch (the layout has already checked the session). */
export async function screenSession() {
  const user = (await getSessionJwt())?.user;
  return { user, branchId: user?.branchId ?? '' };
}
