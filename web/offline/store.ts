'use client';

// IndexedDB through idb-keyval: one database for drafts and the outbox. Loaded with import() on first use only,
// so pages that never touch it do not carry it.
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { CHANGE_EVENT, OUTBOX_PREFIX, PENDING_HINT, draftKey, outboxKey, type Draft, type DraftScope, type OutboxEntry } from './entries';

let db: UseStore | undefined;
const store = () => (db ??= createStore('rfp-offline', 'entries'));

function changed() {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export async function readDraft(scope: DraftScope): Promise<Draft | undefined> {
  return get<Draft>(draftKey(scope), store());
}

export async function writeDraft(scope: DraftScope, draft: Omit<Draft, 'key' | 'updatedAt'>): Promise<void> {
  const key = draftKey(scope);
  await set(key, { ...draft, key, updatedAt: new Date().toISOString() } satisfies Draft, store());
}

export async function deleteDraft(scope: DraftScope): Promise<void> {
  await del(draftKey(scope), store());
}

/** The user's queued donations, oldest first. */
export async function listOutbox(userId: string): Promise<OutboxEntry[]> {
  const all = await entries<string, OutboxEntry>(store());
  return all
    .filter(([k, v]) => typeof k === 'string' && k.startsWith(OUTBOX_PREFIX) && v.userId === userId)
    .map(([, v]) => v)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function readOutbox(id: string): Promise<OutboxEntry | undefined> {
  return get<OutboxEntry>(outboxKey(id), store());
}

export async function writeOutbox(entry: OutboxEntry): Promise<void> {
  await set(outboxKey(entry.id), entry, store());
  await refreshHint();
  changed();
}

export async function deleteOutbox(id: string): Promise<void> {
  await del(outboxKey(id), store());
  await refreshHint();
  changed();
}

async function refreshHint() {
  const all = await entries<string, OutboxEntry>(store());
  const count = all.filter(([k]) => typeof k === 'string' && k.startsWith(OUTBOX_PREFIX)).length;
  try {
    if (count) localStorage.setItem(PENDING_HINT, String(count));
    else localStorage.removeItem(PENDING_HINT);
  } catch {
    /* storage may be unavailable: the sync then runs on the online event only */
  }
}
