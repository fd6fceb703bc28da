'use client';

import dynamic from 'next/dynamic';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BranchSelect } from './branch-select';
import { IconButton } from './icon-button';
import { useHeaderExtras } from './header-context';
import { LanguageToggle } from './language-toggle';
import { logOut } from './log-out';
import { useAppSession } from './use-app-session';

const AppDrawer = dynamic(() => import('./app-drawer').then((m) => m.AppDrawer), { ssr: false });

const NO_BACK = new Set(['/', '/login', '/branch', '/feedback', '/change-password', '/forgot-password']);

type TitleKey = 'app' | 'monthlyReports' | 'addDonation' | 'editDonation' | 'donations' | 'branch' | 'feedback' | 'changePassword';

function titleKey(path: string): TitleKey {
  if (path === '/') return 'monthlyReports';
  if (path === '/donations/add') return 'addDonation';
  if (path.startsWith('/donations/edit/')) return 'editDonation';
  if (path.startsWith('/donations/')) return 'donations';
  if (path === '/branch') return 'branch';
  if (path === '/feedback') return 'feedback';
  if (path === '/change-password') return 'changePassword';
  return 'app';
}

/** Title, back arrow, optional export icon and the hamburger drawer (section 2, common elements). */
export function AppHeader() {
  const t = useTranslations('Header');
  const path = usePathname();
  const router = useRouter();
  const { onExport } = useHeaderExtras();
  const { canChangePassword, canLogOut } = useAppSession();
  const [open, setOpenState] = useState(false);
  const [opened, setOpened] = useState(false);
  const setOpen = (next: boolean) => {
    if (next) setOpened(true);
    setOpenState(next);
  };
  const [leaving, setLeaving] = useState(false);

  const back = () => {
    if (window.history.length > 1) router.back();
    else router.push('/');
  };
  const doLogOut = async () => {
    setLeaving(true);
    await logOut();
  };

  return (
    <header className="sticky top-0 z-20 bg-primary text-gray-900 shadow">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-1 px-2 sm:px-4">
        {!NO_BACK.has(path) && (
          <IconButton onClick={back} aria-label={t('back')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2"><path d="M15 18l-6-6 6-6" /></svg>
          </IconButton>
        )}
        <h1 className="min-w-0 flex-1 truncate px-1 text-lg font-bold sm:text-xl">{t(`titles.${titleKey(path)}`)}</h1>
        <div className="hidden items-end gap-3 md:flex">
          <BranchSelect />
          <LanguageToggle />
          {canLogOut && (
            <button type="button" onClick={doLogOut} disabled={leaving} className="min-h-10 rounded-md px-3 py-1.5 text-sm font-semibold hover:bg-black/10">
              {t('logOut')}
            </button>
          )}
        </div>
        {onExport && (
          <IconButton onClick={onExport} aria-label={t('export')} title={t('export')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2"><path d="M12 3v12m0 0l-4-4m4 4l4-4M4 17v3h16v-3" /></svg>
          </IconButton>
        )}
        <IconButton onClick={() => setOpen(true)} aria-label={t('menu')} aria-expanded={open} aria-haspopup="dialog">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2"><path d="M4 6h16M4 12h16M4 18h16" /></svg>
        </IconButton>
      </div>
      {/* The drawer's code (Headless UI's dialog) loads on the first open, not with every page. */}
      {(open || opened) && <AppDrawer open={open} onClose={() => setOpen(false)} leaving={leaving} onLogOut={doLogOut} canChangePassword={canChangePassword} canLogOut={canLogOut} />}
    </header>
  );
}
