'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

// The request's fields and the branch's earlier requests load with the first opening: most entries never need them,
// and the add form is at its JavaScript budget. Once opened, the panel stays mounted (hidden when closed), so what
// was typed in it is kept.
const StoreRequestPanel = dynamic(() => import('./store-request-panel').then((m) => m.StoreRequestPanel), { ssr: false });

/** 'My store is not in the list': next to the store field, a link that opens the store request. */
export function StoreRequestLink({ branchId }: { branchId: string }) {
  const t = useTranslations('StoreRequest');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="self-start text-sm font-semibold underline underline-offset-2"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
          setOpened(true);
        }}
      >
        {t('link')}
      </button>
      {opened && (
        <div hidden={!open}>
          <StoreRequestPanel branchId={branchId} />
        </div>
      )}
    </div>
  );
}
