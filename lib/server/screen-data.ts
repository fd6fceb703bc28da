import 'server-only';
import { redirect } from 'next/navigation';
import { ApiCallError, donationApiJson } from './donation-api-client';
import { getSessionJwt } from './session';

/**
 * A donation API call for a screen rendered on the server, with the session's token (as the BFF does).
 * A signed-out or revoked session goes to /login, back to `returnTo` after sign-in.
 */
export async function screenApi<T>(path: string, returnTo: string): Promise<T> {
  const jwt = await getSessionJwt();
  const toLogin = () => redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  if (!jwt?.apiToken) toLogin();
  try {
    return await donationApiJson<T>(path, { token: jwt!.apiToken });
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
