'use client';

// Sends the donations queued on this device, each with its own Idempotency-Key (kept with the entry and reused on
// every attempt), so that a retry after a lost answer returns the first answer instead of making a second row.
import { sendOutcome } from './entries';
import { deleteOutbox, listOutbox, writeOutbox } from './store';

export type SyncResult = { sent: number; refused: number; signIn: boolean };

let running: Promise<SyncResult> | null = null;

/**
 * One sync at a time per tab, and per device when the browser has Web Locks (two tabs never send the same entry at
 * once).
 */
export function syncOutbox(userId: string): Promise<SyncResult> {
  // A sync asked for while one runs (Send now during the 'online' sync) is one more pass after it, not the same one.
  if (running) return running.then(() => syncOutbox(userId));
  const run: Promise<SyncResult> =
    typeof navigator !== 'undefined' && navigator.locks
      ? // The DOM typings declare the callback's promise as the result itself; the browser awaits it.
        (navigator.locks.request('rfp-outbox', () => syncNow(userId)) as unknown as Promise<SyncResult>)
      : syncNow(userId);
  const current = run.finally(() => {
    running = null;
  });
  running = current;
  return current;
}

async function post(path: string, body: unknown, key?: string): Promise<Response | null> {
  try {
    return await fetch(`/bff${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return null; // no network
  }
}

async function syncNow(userId: string): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, refused: 0, signIn: false };
  const waiting = (await listOutbox(userId)).filter((e) => e.status === 'waiting');
  for (const entry of waiting) {
    const res = await post(entry.path, entry.body, entry.idempotencyKey);
    const outcome = sendOutcome(res?.status ?? null);
    if (outcome === 'keep') break; // the network or the server is down: the rest waits too
    if (outcome === 'sign-in') {
      result.signIn = true;
      break;
    }
    if (outcome === 'sent') {
      // One request per entry, as the form's save: the create stores the gas figure itself.
      await deleteOutbox(entry.id);
      result.sent++;
      continue;
    }
    const answer = (await res!.json().catch(() => ({}))) as { code?: string; message?: string };
    await writeOutbox({
      ...entry,
      status: 'refused',
      error: { status: res!.status, code: answer.code, message: answer.message ?? String(res!.status) },
    });
    result.refused++;
  }
  return result;
}
