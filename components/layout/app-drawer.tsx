'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { IntentLink } from './intent-link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { api } from '@/web/query/api-client';
import { BranchSelect } from './branch-select';
import { IconButton } from './icon-button';
import { LanguageToggle } from './language-toggle';
import { useAppSession } from './use-app-session';

type AppDrawerProps = {
  open: boolean;
  onClose: () => void;
  leaving: boolean;
  onLogOut: () => void;
  canChangePassword: boolean;
  canLogOut: boolean;
};

/** The hamburger drawer: Food Bank selector, EN/FR, the screens (a retail partner's own), Change Password (Admin only), Log Out. */
export function AppDrawer({ open, onClose, leaving, onLogOut, canChangePassword, canLogOut }: AppDrawerProps) {
  const t = useTranslations('Header');
  const tp = useTranslations('ProgramNav');
  const tb = useTranslations('BranchPeople');
  const { user, branchId } = useAppSession();
  // Program staff reach their screens from here; the branch screens only for those who have a branch.
  const hasBranch = !!user?.branches.length;
  // A retail partner sees their own three screens only: no branch, program or feedback link (none would open for them).
  const partner = !!user?.partner;
  // A lead of the selected branch invites colleagues from 'People'. Asked each time the drawer opens, so a
  // lead flag granted or withdrawn since sign-in shows at once; a failure just leaves the link out. (A plain fetch: the
  // header sits outside the screens' query client.)
  const [lead, setLead] = useState(false);
  useEffect(() => {
    if (!open || !hasBranch || !branchId) return;
    const ctrl = new AbortController();
    api.GET('/branch/{branchId}/people/me', { params: { path: { branchId } }, signal: ctrl.signal, keepOn401: true }).then(
      (r) => setLead(r.lead),
      () => setLead(false),
    );
    return () => ctrl.abort();
  }, [open, hasBranch, branchId]);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-xs">
        <DialogPanel className="flex w-full flex-col gap-5 overflow-y-auto bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <DialogTitle className="text-lg font-bold">{t('menu')}</DialogTitle>
            <IconButton onClick={onClose} aria-label={t('closeMenu')}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </IconButton>
          </div>
          <BranchSelect />
          <LanguageToggle className="self-start" />
          <nav className="flex flex-col gap-1 border-t border-secondary-light pt-4 text-base">
            {user?.program && (
              <IntentLink href="/program" onClick={onClose} className="rounded px-2 py-2.5 font-semibold hover:bg-secondary-light">
                {tp('drawerLink')}
              </IntentLink>
            )}
            {hasBranch && (
              <>
                <IntentLink href="/" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                  {t('titles.monthlyReports')}
                </IntentLink>
                <IntentLink href="/pickups" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                  {t('titles.pickups')}
                </IntentLink>
                <IntentLink href="/branch" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                  {t('titles.branch')}
                </IntentLink>
                {lead && (
                  <IntentLink href="/branch/people" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                    {tb('drawerLink')}
                  </IntentLink>
                )}
              </>
            )}
            {partner ? (
              <>
                <IntentLink href="/partner" onClick={onClose} className="rounded px-2 py-2.5 font-semibold hover:bg-secondary-light">
                  {t('partnerHome')}
                </IntentLink>
                <IntentLink href="/partner/lines" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                  {t('titles.partnerLines')}
                </IntentLink>
                <IntentLink href="/partner/statements" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                  {t('titles.partnerStatements')}
                </IntentLink>
                <IntentLink href="/partner/manifests" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                  {t('titles.partnerManifests')}
                </IntentLink>
              </>
            ) : (
              <IntentLink href="/feedback" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                {t('titles.feedback')}
              </IntentLink>
            )}
            {canChangePassword && (
              <IntentLink href="/change-password" onClick={onClose} className="rounded px-2 py-2.5 hover:bg-secondary-light">
                {t('changePassword')}
              </IntentLink>
            )}
            {canLogOut && (
              <button
                type="button"
                onClick={onLogOut}
                disabled={leaving}
                className="rounded px-2 py-2.5 text-left hover:bg-secondary-light"
              >
                {t('logOut')}
              </button>
            )}
          </nav>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
