/**
 * A file the browser downloads itself (a link with `download`): the file goes to the download manager and never sits
 * in the page's memory, but the page cannot read the answer. So the page adds a random `downloadToken` to the address,
 * and the BFF answers with a short-lived cookie `rfp-download-<token>=<HTTP status>` that the page watches for its
 * banner. Shared by the BFF (web/server) and the screens.
 */
export const DOWNLOAD_TOKEN_PARAM = 'downloadToken';
export const DOWNLOAD_TOKEN_PATTERN = /^[a-f0-9]{32}$/;
export const downloadCookieName = (token: string) => `rfp-download-${token}`;
