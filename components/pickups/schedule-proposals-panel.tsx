'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useBanner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { SCHEDULE_PROPOSAL_TEXT_MAX, type ScheduleProposal } from '@/lib/domain/schedule-proposals';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { useProposalText } from './proposal-list';

/**
 * The open schedule proposals of the branches in the caller's scope (docs/product.md, Pickups): Approve changes the
 * schedule at once; Decline needs a reason, which the lead reads with the outcome.
 */
export function ScheduleProposalsPanel({ initial }: { initial: ScheduleProposal[] }) {
  const t = useTranslations('ScheduleProposals');
  const tErr = useErrorText();
  const asks = useProposalText();
  const { show } = useBanner();
  const [open, setOpen] = useState(initial);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const once = useSingleFlight();

  const decide = (p: ScheduleProposal, approve: boolean) =>
    once(async () => {
      setBusy(p.id);
      try {
        const reason = reasons[p.id] ?? '';
        await api.POST('/program/schedule-proposals/{proposalId}/decision', {
          params: { path: { proposalId: p.id } },
          body: { approve, reason },
        });
        setOpen(await api.GET('/program/schedule-proposals', { params: { query: { status: 'open' } } }));
        show('success', approve ? t('approved') : t('declined'));
      } catch (err) {
        show('error', err instanceof BffError ? tErr(err.code, 'INTERNAL') : t('error'));
      } finally {
        setBusy(null);
      }
    });

  return (
    <section aria-labelledby="schedule-proposals-h" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5">
      <h2 id="schedule-proposals-h" className="text-lg font-bold">
        {t('programTitle')}
      </h2>
      {!open.length && <p className="mt-2 text-gray-800">{t('noneOpen')}</p>}
      <ul className="mt-2 flex flex-col gap-4">
        {open.map((p) => (
          <li key={p.id} className="flex flex-col gap-2 border-b border-gray-200 pb-3">
            <span className="font-semibold">
              <a className="underline" href={`/program/stores/${p.storeId}`}>
                {p.storeName}
              </a>
            </span>
            <span className="text-sm">{t('byLine', { branch: p.branchName, by: p.requestedBy })}</span>
            <span className="text-sm">{asks(p)}</span>
            <span className="text-sm text-gray-700">{t('noteLine', { note: p.note })}</span>
            <TextField
              label={t('reason')}
              maxLength={SCHEDULE_PROPOSAL_TEXT_MAX.reason}
              value={reasons[p.id] ?? ''}
              onChange={(e) => setReasons({ ...reasons, [p.id]: e.target.value })}
            />
            <div className="flex flex-wrap gap-2">
              <Button loading={busy === p.id} disabled={busy !== null} onClick={() => void decide(p, true)}>
                {t('approve')}
              </Button>
              <Button variant="secondary" disabled={busy !== null} onClick={() => void decide(p, false)}>
                {t('decline')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
