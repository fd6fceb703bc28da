import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import type { ApiData, ApiInit, ApiPath } from '@/web/api/calls';
import { requestLogger } from './logger';
import { screenApi } from './screen-data';

/**
 * A read that a screen can render without (it shows its own message and a Retry instead): null when it fails, and
 * logged. The sign-in redirect of a revoked session still goes (unstable_rethrow).
 */
export async function screenApiOrNull<P extends ApiPath<'get'>>(
  path: P,
  init: Pick<ApiInit<'get', P>, 'params'> & { returnTo: string },
): Promise<ApiData<'get', P> | null> {
  try {
    // screenApi's own generic, named: inferring it again from `init` makes a union too complex for tsc.
    return await screenApi<P>(path, init);
  } catch (err) {
    unstable_rethrow(err);
    (await requestLogger()).warn({ err, path }, 'screen data read failed');
    return null;
  }
}
