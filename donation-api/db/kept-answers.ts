import { LRUCache } from 'lru-cache';

type Entry<T> = { digest: string; answer: Promise<T> };

/**
 * Answers kept per key while the digest of what they read stays the same (the program totals, the pickup reliability).
 * The caller reads the digest before computing: under read committed the answer then holds at least every write the
 * digest holds, so a kept answer is never older than its digest (one newer only costs a computation). Calls that arrive
 * while an answer is computed wait for that one computation; a failed computation (the database went away) is not kept.
 */
export class KeptAnswers<T> {
  private readonly entries: LRUCache<string, Entry<T>>;

  constructor(max: number) {
    this.entries = new LRUCache<string, Entry<T>>({ max });
  }

  answer(key: string, digest: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && kept.digest === digest) return kept.answer;
    const answer = compute();
    this.entries.set(key, { digest, answer });
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }
}
