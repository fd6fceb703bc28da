'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { MISSED_REASONS, PICKUP_TEXT_MAX, type MissedReason } from '@/lib/domain/pickups';

type Props = {
  open: boolean;
  /** The pickup, as the card names it: store and date. */
  subject: string;
  saving: boolean;
  onClose: () => void;
  onSave: (reason: MissedReason, reasonText?: string) => void;
};

/** The reason of a missed pickup: one of five, "other" with what happened; the reason list gets the focus. */
export function MissedDialog({ open, subject, saving, onClose, onSave }: Props) {
  const t = useTranslations('Pickups');
  const [reason, setReason] = useState<MissedReason | ''>('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const missingReason = tried && !reason;
  const save = () => {
    setTried(true);
    if (!reason) return;
    onSave(reason, reason === 'other' ? text.trim() || undefined : undefined);
  };
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={t('missedTitle')}
      description={subject}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={save} loading={saving}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <SelectField
          label={t('reasonLabel')}
          required
          autoFocus
          value={reason}
          placeholder={t('reasonLabel')}
          error={missingReason ? t('reasonMissing') : undefined}
          onChange={(e) => setReason(e.target.value as MissedReason | '')}
          options={MISSED_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
        />
        {reason === 'other' && (
          <TextField label={t('otherText')} value={text} maxLength={PICKUP_TEXT_MAX.reason} onChange={(e) => setText(e.target.value)} />
        )}
      </form>
    </AppDialog>
  );
}
