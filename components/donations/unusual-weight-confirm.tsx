'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LazyAppDialog as AppDialog } from '@/components/ui/lazy-dialog';
import { UNUSUAL_WEIGHT_CEILING_LBS, unusualWeight, type UnusualWeight } from '@/lib/domain/unusual-weight';
import { useNumberFormats } from './use-number-formats';

type Pending = { pounds: number; unusual: UnusualWeight; run: () => void };

/**
 * "Save anyway?" before an unusual weight is saved (lib/domain/unusual-weight.ts, the rule the API marks with).
 * The question comes before the save itself, so also before an entry goes to the outbox without a network: the
 * usual weights come with the form's page, which the device keeps for offline use.
 */
export function useUnusualWeightConfirm({ onCheck }: { onCheck: () => void }) {
  const [pending, setPending] = useState<Pending | null>(null);
  /** Runs the save at once for a usual weight, or after the user says "Save anyway". */
  const gate = (pounds: number, usualPounds: number | null | undefined, run: () => void) => {
    const unusual = unusualWeight(pounds, usualPounds);
    if (!unusual) return run();
    setPending({ pounds, unusual, run });
  };
  const dialog = (
    <UnusualWeightDialog
      pending={pending}
      onCancel={() => {
        setPending(null);
        onCheck();
      }}
      onConfirm={() => {
        const run = pending?.run;
        setPending(null);
        run?.();
      }}
    />
  );
  return { gate, dialog };
}

function UnusualWeightDialog({ pending, onCancel, onConfirm }: { pending: Pending | null; onCancel: () => void; onConfirm: () => void }) {
  const t = useTranslations('FasterEntry');
  const f = useNumberFormats();
  // Kept while the dialog closes, so its text does not vanish during Headless UI's leave.
  const [shown, setShown] = useState(pending);
  if (pending && pending !== shown) setShown(pending);
  const weight = shown ? f.pounds(shown.pounds) : '';
  const usual = shown?.unusual.usualPounds;
  const description =
    shown && usual != null && shown.unusual.bound === 'usual'
      ? t('confirmUsual', { usual: f.pounds(Math.round(usual)), weight })
      : t('confirmCeiling', { ceiling: f.pounds(UNUSUAL_WEIGHT_CEILING_LBS), weight });
  return (
    <AppDialog
      open={pending !== null}
      onClose={onCancel}
      title={t('confirmTitle')}
      description={description}
      actions={
        <>
          {/* Focused first, the safe choice: Enter on a reflex does not save the slip. */}
          <Button variant="secondary" autoFocus onClick={onCancel}>
            {t('confirmCheck')}
          </Button>
          <Button onClick={onConfirm} data-testid="save-anyway">
            {t('confirmSave')}
          </Button>
        </>
      }
    />
  );
}
