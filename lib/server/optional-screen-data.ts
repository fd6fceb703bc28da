import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { requestLogger } from './logger';
import { screenApi } from './screen-data';

/**
 * A read that a screen can render without (it shows its own message and a Retry instead): null when it fails, and
 * logged. The sign-in redirect of a revoked session still goes (unstable_rethrow).
 */
export async function screenApiOrNull<T>(path: string, returnTo: string): Promise<T | null> {
  try {
    return await screenApi<T>(path, returnTo);
  } catch (err) {
    unstable_rethrow(err);
    (await requestLogger()).warn({ err, path }, 'screen data read failed');
    return null;
  }
}
