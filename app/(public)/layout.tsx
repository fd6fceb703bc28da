import { ClientMessages } from '@/components/i18n/client-messages';
import { ClearUserCaches } from '@/components/offline/clear-user-caches';

// Open pages (login, forgot password, invitation): next-intl's locale (from the cookie, else English) and no texts of
// its own, each page sends its own (withPageMessages); signed-out pages need no session or query providers, which
// keeps their JS small.
export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <ClientMessages area="public">
      <ClearUserCaches />
      {children}
    </ClientMessages>
  );
}
