import 'server-only';

/** The retail program support mailbox shown in the submit dialog and the submitted note (SUPPORT_EMAIL). */
export function supportEmail(): string {
  return process.env.SUPPORT_EMAIL?.trim() || 'retailfoodprogram@foodbanks.example.org';
}
