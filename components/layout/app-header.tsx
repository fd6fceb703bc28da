'use client';

import dynamic from 'next/dynamic';
import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type en from '@/messages/en.json';
import { BranchSelect } from './branch-select';
import { IconButton } from './icon-button';
import { useHeaderExtras } from './header-context';
import { LanguageToggle } from './language-toggle';
import { logOut } from './log-out';
import { usePendingRouter } from './navigation-pending';
import { useAppSession } from './use-app-session';

const AppDrawer = dynamic(() => import('./app-drawer').then((m) => m.AppDrawer), { ssr: false });

const NO_BACK = new Set(['/', '/login', '/branch', '/pickups', '/feedback', '/change-password', '/forgot-password', '/program']);

type TitleKey = keyof (typeof en)['Header']['titles'];

function titleKey(path: string): TitleKey {
  if (path === '/') return 'monthlyReports';
  if (path === '/donations/add') return 'addDonation';
  if (path.startsWith('/donations/edit/')) return 'editDonation';
  if (path.startsWith('/donations/')) return 'donations';
  if (path === '/branch') return 'branch';
  if (path === '/pickups') return 'pickups';
  if (path === '/feedback') return 'feedback';
  if (path === '/change-password') return 'changePassword';
  // A program administrator's correction uses the Edit donation form.
  if (/^\/program\/branches\/[^/]+\/donations\/[^/]+$/.test(path)) return 'editDonation';
  if (path === '/program' || path.startsWith('/program/')) return 'program';
  if (path === '/partner/lines') return 'partnerLines';
  if (path === '/partner/statements') return 'partnerStatements';
  if (path === '/partner/manifests') return 'partnerManifests';
  if (path === '/partner' || path.startsWith('/partner/')) return 'partner';
  return 'app';
}

/** A "from" address given by the app itself: a path of this site, never another site (//host, /\\host). */
function appPath(from: string | null): string | null {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.includes('\\') ? from : null;
}

/**
 * The screen's parent within the app (the back arrow never follows browser history, which may lead out of the
 * app): a month goes to the reports of its year; add and edit go to the screen they were opened from.
 */
function parentOf(path: string, from: string | null): string {
  const month = /^\/donations\/(\d{4})\/\d{1,2}$/.exec(path);
  if (month) return `/?year=${month[1]}`;
  if (path === '/donations/add' || path.startsWith('/donations/edit/')) return appPath(from) ?? '/';
  return '/';
}

/** Title, back arrow, optional export icon and the hamburger drawer (docs/product.md, Common elements). */
export function AppHeader() {
  const t = useTranslations('Header');
  const path = usePathname();
  const search = useSearchParams();
  const { push } = usePendingRouter();
  const { onExport } = useHeaderExtras();
  const { canChangePassword, canLogOut, branchName, user } = useAppSession();
  const [open, setOpenState] = useState(false);
  const [opened, setOpened] = useState(false);
  const setOpen = (next: boolean) => {
    if (next) setOpened(true);
    setOpenState(next);
  };
  const [leaving, setLeaving] = useState(false);

  const back = () => push(parentOf(path, search.get('from')));
  const doLogOut = async () => {
    setLeaving(true);
    await logOut();
  };

  return (
    <header className="sticky top-0 z-20 bg-primary text-gray-900 shadow">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-1 px-2 sm:px-4">
        {/* The partner's screens are tabs of one place, reached from the menu: none is the parent of another. */}
        {!NO_BACK.has(path) && !path.startsWith('/partner') && (
          // data-leaves-page: a half-filled donation form asks before this leaves it (use-donation-draft.ts).
          <IconButton onClick={back} aria-label={t('back')} data-leaves-page="">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </IconButton>
        )}
        <h1 className="min-w-0 flex-1 truncate px-1 text-lg font-bold sm:text-xl">{t(`titles.${titleKey(path)}`)}</h1>
        <div className="hidden items-center gap-3 md:flex">
          <BranchSelect inline />
          <LanguageToggle />
          {canLogOut && (
            <button
              type="button"
              onClick={doLogOut}
              disabled={leaving}
              className="min-h-10 rounded-md px-3 py-1.5 text-sm font-semibold hover:bg-black/10"
            >
              {t('logOut')}
            </button>
          )}
        </div>
        {onExport && (
          <IconButton onClick={onExport} aria-label={t('export')} title={t('export')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M12 3v12m0 0l-4-4m4 4l4-4M4 17v3h16v-3" />
            </svg>
          </IconButton>
        )}
        <IconButton onClick={() => setOpen(true)} aria-label={t('menu')} aria-expanded={open} aria-haspopup="dialog">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </IconButton>
      </div>
      {/* On phones the Food Bank selector is in the drawer: the selected one stays visible here. */}
      {user && branchName && (
        <p className="mx-auto max-w-5xl truncate px-4 pb-2 text-sm font-semibold md:hidden" data-testid="header-food-bank">
          {t('foodBankOf', { name: branchName })}
        </p>
      )}
      {/* The drawer's code (Headless UI's dialog) loads on the first open, not with every page. */}
      {(open || opened) && (
        <AppDrawer
          open={open}
          onClose={() => setOpen(false)}
          leaving={leaving}
          onLogOut={doLogOut}
          canChangePassword={canChangePassword}
          canLogOut={canLogOut}
        />
      )}
    </header>
  );
}
