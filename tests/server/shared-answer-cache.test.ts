// The login page's shared answers (background data, sign-in configuration) are read from the API once per minute
// or five, not once per visit; a failed read is never kept. The clock is injected.
import { sharedAnswerCache } from '@/web/server/shared-answer-cache';

function setup(ttlMs: number, answers: (() => object | undefined)[]) {
  let now = 1_000;
  const calls: string[] = [];
  const cache = sharedAnswerCache(
    ttlMs,
    async (key) => {
      calls.push(key);
      return answers[Math.min(calls.length - 1, answers.length - 1)]!();
    },
    { now: () => now },
  );
  return { cache, calls, advance: (ms: number) => (now += ms) };
}

describe('sharedAnswerCache', () => {
  it('answers from memory until the time is up, then reads again', async () => {
    const { cache, calls, advance } = setup(60_000, [() => ({ title: 'first' }), () => ({ title: 'second' })]);
    expect(await cache.get('bg')).toEqual({ title: 'first' });
    advance(59_000);
    expect(await cache.get('bg')).toEqual({ title: 'first' });
    expect(calls).toHaveLength(1);
    advance(2_000);
    expect(await cache.get('bg')).toEqual({ title: 'second' });
    expect(calls).toHaveLength(2);
  });

  it('makes one read for visitors arriving together', async () => {
    const { cache, calls } = setup(60_000, [() => ({ ok: true })]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('config')));
    expect(answers.every((a) => a && 'ok' in a)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('does not keep a failed read: the next visit asks again', async () => {
    const { cache, calls } = setup(60_000, [() => undefined, () => ({ title: 'back' })]);
    expect(await cache.get('bg')).toBeUndefined();
    expect(await cache.get('bg')).toEqual({ title: 'back' });
    expect(calls).toHaveLength(2);
  });

  it('keeps each key apart', async () => {
    const { cache, calls } = setup(60_000, [() => ({ n: 1 }), () => ({ n: 2 })]);
    expect(await cache.get('a')).toEqual({ n: 1 });
    expect(await cache.get('b')).toEqual({ n: 2 });
    expect(calls).toEqual(['a', 'b']);
  });
});
