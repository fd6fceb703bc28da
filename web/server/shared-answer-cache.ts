import 'server-only';
import { LRUCache } from 'lru-cache';

type Clock = { now: () => number };

/**
 * Answers that are the same for every visitor and change rarely (the login page's background data, the public
 * sign-in configuration), kept in this server's memory for `ttlMs` so that a page does not call the API for them
 * every time. Concurrent misses share one load. A load that fails (answers undefined) is not kept: the next
 * request tries again. With several servers each keeps its own copy, so a change shows everywhere within `ttlMs`.
 */
export function sharedAnswerCache<V extends object>(ttlMs: number, load: (key: string) => Promise<V | undefined>, clock?: Clock) {
  const cache = new LRUCache<string, V>({
    max: 16,
    ttl: ttlMs,
    // An expired answer is never served: after `ttlMs` the page waits for a fresh one.
    allowStale: false,
    // The clock read at every check (lru-cache otherwise keeps one reading for a millisecond, with a timer).
    ttlResolution: 0,
    fetchMethod: (key) => load(key),
    ...(clock ? { perf: clock } : {}),
  });
  return { get: (key: string): Promise<V | undefined> => cache.fetch(key) };
}
