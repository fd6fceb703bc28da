/** Hex sha-256 (first 32 characters) of the build inputs under root (see source-hash.mjs). */
export function sourceHash(root: string): string;
