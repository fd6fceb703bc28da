import { isRedirect } from '@/components/program/load-error';
import { logLoadFailure } from '@/web/server/log-load-failure';

/**
 * A screen's read that may fail on its own: logged, and null for the page to show its load error with Retry. An
 * expired session's redirect to the sign-in still goes through.
 */
export async function readOrNull<T>(read: Promise<T>, what: string): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (isRedirect(err)) throw err;
    await logLoadFailure(err, what);
    return null;
  }
}
