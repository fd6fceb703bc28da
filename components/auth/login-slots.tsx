// ───────────────────────────────────────────────────────────────────────────────────────────────────────
// SLOT for the single sign-on and embedded (workplace) login: built in its own issue.
//
// - Set SSO_UI_READY / EMBEDDED_UI_READY to true (or derive them from GET /api/config/auth-config, read
//   server-side in app/(public)/login/page.tsx) once the components below render something.
// - <SsoSignIn> renders the consumer-identity login button and the employees' work-account link
//   (section 2, Login: "Otherwise: …"). It is shown under the form in 'form' mode too, when sso is on.
// - <EmbeddedSignIn> replaces the whole branded page in embedded mode: a spinner and messages only,
//   and the three steps when single sign-on fails (section 2 and 8).
// Until then /login shows the username/password form whatever the query says.
// ───────────────────────────────────────────────────────────────────────────────────────────────────────
import type { LoginQuery } from '@/lib/auth/login-mode';

export const SSO_UI_READY = false;
export const EMBEDDED_UI_READY = false;

export type SlotProps = { query: LoginQuery; callbackUrl: string };

export function SsoSignIn(_props: SlotProps & { compact?: boolean }): React.ReactNode {
  return null;
}

export function EmbeddedSignIn(_props: SlotProps): React.ReactNode {
  return null;
}
