/** Loads the .env* files of dir into process.env (see env-files.mjs). */
export function loadEnvFiles(dir: string, dev?: boolean): void;
