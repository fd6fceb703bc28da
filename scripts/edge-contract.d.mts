/** Headers on every answer (see edge-contract.mjs). */
export const SECURITY_HEADERS: { key: string; value: string }[];
