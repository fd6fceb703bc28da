'use client';

import { useTranslations } from 'next-intl';
import type { ScheduleProposal } from '@/lib/domain/schedule-proposals';
import { useSlotText } from './slot-fields';

/** What a proposal asks, in words: the slot as it is, and as proposed or its last day. */
export function useProposalText() {
  const t = useTranslations('ScheduleProposals');
  const slotText = useSlotText();
  return (p: ScheduleProposal) => {
    const current = p.current ? slotText(p.current) : t('deletedSlot');
    if (p.kind === 'add') return t('asks_add', { slot: slotText(p.proposed!), branch: p.proposed!.branchName });
    if (p.kind === 'end') return t('asks_end', { slot: current, day: p.endsOn ?? '' });
    return t('asks_change', { slot: current, proposed: slotText(p.proposed!), branch: p.proposed!.branchName });
  };
}

/** The branch's proposals with their outcome and, for a declined one, the program's reason. */
export function ProposalList({ proposals, empty }: { proposals: ScheduleProposal[]; empty: string }) {
  const t = useTranslations('ScheduleProposals');
  const asks = useProposalText();
  if (!proposals.length) return <p className="mt-2 text-gray-800">{empty}</p>;
  return (
    <ul className="mt-2 flex flex-col gap-2">
      {proposals.map((p) => (
        <li key={p.id} className="border-b border-gray-200 pb-2">
          <span className="block font-semibold">{p.storeName}</span>
          <span className="block text-sm">{asks(p)}</span>
          <span className="block text-sm text-gray-700">{t('noteLine', { note: p.note })}</span>
          <span className="block text-sm font-medium">{t(`status_${p.status}`)}</span>
          {p.decisionReason && <span className="block text-sm">{t('reasonLine', { reason: p.decisionReason })}</span>}
        </li>
      ))}
    </ul>
  );
}
