// The embedded chat view (route table: /login?from=workplace) and its two variants.
import type { BotSource } from '@/lib/domain/enums';

/**
 * Set by proxy.ts on /login?from=workplace (https only): tells next-auth's route that this browser signs in
 * inside the chat tool's frame, whose cookies must be SameSite=None. Not a credential: it only picks cookie options.
 */
export const EMBEDDED_COOKIE = 'rfp.embedded';

/** The info/feedback variant when the page to return to is /branch or /feedback, else the retail food program. */
export function embeddedVariant(callbackUrl: string): BotSource {
  const path = callbackUrl.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return path === '/branch' || path === '/feedback' ? 'info' : 'rfp';
}

/** How long the chat tool's SDK has to answer with its context (docs/product.md, Inside the chat tool). */
export const CONTEXT_TIMEOUT_MS = 5000;
