/** Headers on every answer (see edge-contract.mjs). */
export const SECURITY_HEADERS: { key: string; value: string }[];
/** The global the API's request answerer is published under (see edge-contract.mjs). */
export const DIRECT_API_FETCH: unique symbol;
/** The global the end of the API's start is published under (see edge-contract.mjs). */
export const API_STARTED: unique symbol;
/** /api/health's answer while the API is starting (see edge-contract.mjs). */
export function healthWhileStarting(version: string): Response;
/** The 503 of /api/ready and other calls while the API is starting (see edge-contract.mjs). */
export function unavailableWhileStarting(): Response;
