import type { Context } from 'hono';
import { todayCalendarDate } from '@/lib/domain/dates';
import type { ApiEnv } from '../context';
import type { WriteContext } from './donations';

/**
 * Who writes and today's date in the configured time zone (the reporting-year rule depends on it). `reach` is the
 * branches this write may touch when it is wider than the caller's own (a program administrator's correction,
 * admitted by assertBranch / donationReach).
 */
export function writeContext(c: Context<ApiEnv>, reach?: string[]): WriteContext {
  const { config, now } = c.get('deps');
  const user = c.get('user');
  return {
    user: reach ? { ...user, branchIds: reach } : user,
    today: todayCalendarDate(now(), config.timeZone),
    bananaBoxLbs: config.bananaBoxLbs,
    reference: c.get('reference'),
  };
}
