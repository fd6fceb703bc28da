'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-message';
import { IntentButtonLink, IntentLink } from '@/components/layout/intent-link';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/components/ui/use-error-text';
import { tooLongField, useTooLongText } from '@/components/ui/use-too-long';
import type { ProgramBranchRow } from '@/lib/domain/program-places';
import { INVITE_TEXT_MAX } from '@/lib/domain/text-limits';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';
import { CsvImport } from './csv-import';

/** /program/branches: every branch, links to a new one and to each one's every field, deactivation, CSV import. */
export function BranchesScreen({ initial }: { initial: ProgramBranchRow[] }) {
  const t = useTranslations('ProgramBranches');
  const errorText = useErrorText();
  const tooLong = useTooLongText();
  const [rows, setRows] = useState(initial);
  const [reason, setReason] = useState('');
  // A FIELD_TOO_LONG on the reason: shown under the reason field until it changes.
  const [reasonTooLong, setReasonTooLong] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const reload = async () => setRows(await api.GET('/program/branches'));
  const { confirm, dialog } = useConfirm();

  async function toggle(row: ProgramBranchRow) {
    setMessage(null);
    setReasonTooLong(false);
    try {
      await api.PUT('/program/branches/{branchId}/active', {
        params: { path: { branchId: row.id } },
        body: { active: !!row.deactivatedAt, reason },
      });
      setMessage({ ok: true, text: row.deactivatedAt ? t('reactivated', { name: row.name }) : t('deactivated', { name: row.name }) });
      await reload();
    } catch (err) {
      setReasonTooLong(!!tooLongField(err, { reason: INVITE_TEXT_MAX.reason }));
      setMessage({ ok: false, text: errorText(err instanceof BffError ? err.code : undefined, 'INTERNAL') });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <IntentButtonLink href="/program/branches/new" variant="primary" className="self-start">
        {t('new')}
      </IntentButtonLink>
      <CsvImport path="/program/branches/import" onDone={() => void reload()} />
      <TextField
        label={t('reason')}
        hint={t('reasonHint')}
        value={reason}
        maxLength={INVITE_TEXT_MAX.reason}
        error={reasonTooLong ? tooLong(t('reason'), INVITE_TEXT_MAX.reason) : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setReasonTooLong(false);
        }}
      />
      {message && <FormMessage severity={message.ok ? 'success' : 'error'}>{message.text}</FormMessage>}
      <ul className="flex flex-col gap-2">
        {rows.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center gap-3 rounded-md border border-gray-300 p-3">
            <span className="grow font-semibold">
              {b.name}
              <span className="block text-sm font-normal text-gray-700">
                {[b.city, b.province].filter(Boolean).join(', ')} · {t('counts', { users: b.users, stores: b.stores })}
                {b.deactivatedAt && ` · ${t('inactive')}`}
              </span>
            </span>
            <IntentLink
              href={`/program/branches/${b.id}/edit`}
              className="rounded-md px-3 py-2.5 font-semibold underline underline-offset-2"
              aria-label={t('editName', { name: b.name })}
            >
              {t('edit')}
            </IntentLink>
            <Button
              variant={b.deactivatedAt ? 'secondary' : 'danger'}
              onClick={() =>
                // Reactivating takes nothing away; deactivating asks first.
                b.deactivatedAt
                  ? void toggle(b)
                  : confirm({
                      title: t('deactivateTitle', { name: b.name }),
                      description: t('deactivateText'),
                      confirmLabel: t('deactivate'),
                      run: () => toggle(b),
                    })
              }
            >
              {b.deactivatedAt ? t('reactivate') : t('deactivate')}
            </Button>
          </li>
        ))}
      </ul>
      {dialog}
    </div>
  );
}
