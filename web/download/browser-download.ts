import { DOWNLOAD_TOKEN_PARAM, downloadCookieName } from './download-token';

const POLL_MS = 250;

/** 32 hex digits; crypto.getRandomValues also works on a plain-http address, where randomUUID does not exist. */
function newToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Hands `url` (a /bff/… file) to the browser's download manager and resolves with the HTTP status the BFF reported
 * in its cookie once the answer began, or null when none came within `timeoutMs`. `fallbackName` is used only when
 * the answer names no file.
 */
export async function downloadThroughBrowser(url: string, fallbackName: string, timeoutMs = 120_000): Promise<number | null> {
  const token = newToken();
  const cookie = downloadCookieName(token);
  const link = document.createElement('a');
  link.href = `${url}${url.includes('?') ? '&' : '?'}${DOWNLOAD_TOKEN_PARAM}=${token}`;
  link.download = fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const found = document.cookie.split('; ').find((c) => c.startsWith(`${cookie}=`));
    if (found) {
      document.cookie = `${cookie}=; Path=/; Max-Age=0; SameSite=Strict`;
      return Number(found.slice(cookie.length + 1)) || null;
    }
  }
  return null;
}
