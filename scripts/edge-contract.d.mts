/** Headers on every answer (see edge-contract.mjs). */
export const SECURITY_HEADERS: { key: string; value: string }[];
/** The global the API's request answerer is published under (see edge-contract.mjs). */
export const DIRECT_API_FETCH: unique symbol;
/** The global the end of the API's start is published under (see edge-contract.mjs). */
export const API_STARTED: unique symbol;
