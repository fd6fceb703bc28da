'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { differs, newKey, type DraftScope, type DraftValues, type OutboxEntry } from '@/web/offline/entries';

type DraftNoticeKind = 'restored' | 'after-sign-in' | 'fixing' | null;

/** The part of the Navigation API's NavigateEvent used here (not in TypeScript's DOM library yet). */
type NavigateEventLike = Event & { navigationType?: 'push' | 'replace' | 'reload' | 'traverse' };

type Options = {
  /** null until the session is known: nothing is read or written before. */
  scope: DraftScope | null;
  /** The form's first values: a form equal to them is not half-filled and keeps no draft. */
  defaults: DraftValues;
  /** The form's values now. */
  values: DraftValues;
  /** Puts values back into the form (a restored draft, or the defaults after a discard). */
  restore: (values: DraftValues) => void;
  /** ?outbox= of the add form: a refused entry of the outbox opened to be fixed. */
  outboxId?: string;
  /** The question asked before leaving a half-filled form by a link. */
  leaveQuestion: string;
};

const store = () => import('@/web/offline/store');

/**
 * The draft of the add/edit form, kept in IndexedDB as it is typed (per user, branch and donation): restored on
 * the next visit (after a reload or a sign-in), cleared when saved or discarded. While the form is half-filled,
 * a reload, a link out of the form or the browser's Back asks first. Also the one Idempotency-Key of the entry, and the outbox.
 */
export function useDonationDraft({ scope, defaults, values, restore, outboxId, leaveQuestion }: Options) {
  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState<DraftNoticeKind>(null);
  const [fixing, setFixing] = useState<OutboxEntry | null>(null);
  const [key, setKey] = useState(newKey);
  const leaving = useRef(false);
  const scopeId = scope ? JSON.stringify(scope) : '';
  const valuesId = JSON.stringify(values);
  const dirty = differs(defaults, values);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  }, [restore]);

  // Read once per scope: a draft of this form, else the refused outbox entry to fix.
  useEffect(() => {
    if (!scope) return;
    let live = true;
    void (async () => {
      try {
        const s = await store();
        const draft = await s.readDraft(scope);
        const entry = outboxId ? await s.readOutbox(outboxId) : undefined;
        if (!live) return;
        const mine = entry && entry.userId === scope.userId ? entry : undefined;
        if (mine) setFixing(mine);
        if (draft && (!outboxId || draft.outboxId === outboxId)) {
          restoreRef.current(draft.values);
          setKey(draft.idempotencyKey);
          setNotice(draft.interrupted ? 'after-sign-in' : mine ? 'fixing' : 'restored');
        } else if (mine) {
          // The refused attempt made no row: the fixed entry is a new attempt with a key of its own.
          restoreRef.current(mine.values);
          setNotice('fixing');
        }
      } catch (err) {
        console.warn('draft read failed', err);
      } finally {
        if (live) setReady(true);
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scopeId stands for scope
  }, [scopeId, outboxId]);

  // Kept as typed.
  const lastWritten = useRef('');
  useEffect(() => {
    if (!scope || !ready || leaving.current) return;
    const v = JSON.parse(valuesId) as DraftValues;
    const next = differs(defaults, v) || fixing ? valuesId : '';
    if (next === lastWritten.current) return;
    lastWritten.current = next;
    void store()
      .then((s) => (next ? s.writeDraft(scope, { values: v, idempotencyKey: key, outboxId: fixing?.id }) : s.deleteDraft(scope)))
      .catch((err) => console.warn('draft write failed', err));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scopeId and valuesId stand for scope and values
  }, [scopeId, valuesId, ready, key, fixing]);

  // A half-filled form asks before a reload, a closed tab, or a link out of the form.
  const guard = dirty && ready;
  const guardRef = useRef(guard);
  const leaveQuestionRef = useRef(leaveQuestion);
  useEffect(() => {
    guardRef.current = guard;
    leaveQuestionRef.current = leaveQuestion;
  }, [guard, leaveQuestion]);
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!guardRef.current || leaving.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    // Links (Cancel, the menu) and the header's back arrow (data-leaves-page): asked in the capture phase, before
    // Next's Link or the button's own handler runs.
    const click = (e: MouseEvent) => {
      if (!guardRef.current || leaving.current || e.defaultPrevented || e.button !== 0) return;
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab or window: the form stays
      const el = (e.target as Element | null)?.closest?.('a[href], [data-leaves-page]');
      if (!(el instanceof HTMLElement) || 'leaveOk' in el.dataset) return;
      if (el instanceof HTMLAnchorElement) {
        if (el.target === '_blank' || el.hasAttribute('download')) return;
        const url = new URL(el.href, window.location.href);
        const here = url.pathname === window.location.pathname && url.search === window.location.search;
        if (url.origin !== window.location.origin || here) return;
      }
      if (window.confirm(leaveQuestionRef.current)) {
        leaving.current = true;
        return;
      }
      e.preventDefault();
      e.stopPropagation();
    };
    // The browser's Back and Forward: Next's router moves with popstate, which cannot be refused, but the Navigation
    // API (Chromium, Safari 26) lets a page cancel a same-document traversal first. Where it is missing, or the
    // browser does not let it be cancelled, the draft is kept as typed and comes back with its message on Forward.
    const traverse = (e: Event) => {
      const nav = e as NavigateEventLike;
      if (nav.navigationType !== 'traverse' || !nav.cancelable || !guardRef.current || leaving.current) return;
      if (window.confirm(leaveQuestionRef.current)) {
        leaving.current = true;
        return;
      }
      e.preventDefault();
    };
    const navigation = (window as { navigation?: EventTarget }).navigation;
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    navigation?.addEventListener('navigate', traverse);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
      navigation?.removeEventListener('navigate', traverse);
    };
  }, []);

  /** Marks the draft: the last save was answered 401 (the form says so when it comes back after the sign-in). */
  const markInterrupted = useCallback(async () => {
    if (!scope) return;
    const s = await store();
    lastWritten.current = valuesId;
    await s.writeDraft(scope, { values, idempotencyKey: key, interrupted: true, outboxId: fixing?.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scopeId and valuesId stand for scope and values
  }, [scopeId, valuesId, key, fixing]);

  /** Saved: the draft (and the fixed outbox entry) go, and leaving no longer asks. */
  const clear = useCallback(async () => {
    leaving.current = true;
    if (!scope) return;
    const s = await store();
    await s.deleteDraft(scope);
    if (fixing) await s.deleteOutbox(fixing.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scopeId stands for scope
  }, [scopeId, fixing]);

  /** No network: the entry goes to the outbox with its key; the draft is no longer needed. */
  const queue = useCallback(
    async (entry: Omit<OutboxEntry, 'id' | 'userId' | 'idempotencyKey' | 'createdAt' | 'status' | 'values'>) => {
      if (!scope) throw new Error('no session');
      const s = await store();
      leaving.current = true;
      await s.writeOutbox({
        ...entry,
        id: fixing?.id ?? key,
        userId: scope.userId,
        idempotencyKey: key,
        createdAt: fixing?.createdAt ?? new Date().toISOString(),
        status: 'waiting',
        values,
      });
      await s.deleteDraft(scope);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scopeId and valuesId stand for scope and values
    [scopeId, valuesId, key, fixing],
  );

  /** 'Discard draft': the form is back to its first values and nothing is kept. */
  const discard = useCallback(async () => {
    if (!scope) return;
    lastWritten.current = '';
    setNotice(null);
    setFixing(null);
    restoreRef.current(defaults);
    setKey(newKey());
    await (await store()).deleteDraft(scope);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scopeId stands for scope
  }, [scopeId, defaults]);

  return {
    ready,
    dirty,
    notice,
    fixing,
    idempotencyKey: key,
    guardRef,
    leaving,
    markInterrupted,
    clear,
    queue,
    discard,
  };
}

export type DonationDraft = ReturnType<typeof useDonationDraft>;
