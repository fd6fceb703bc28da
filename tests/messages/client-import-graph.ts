// The client side of the screens' import graph, read from the sources: which message namespaces the client
// components under a layout can ask for (useTranslations in a 'use client' module, or in any module a client module
// imports, statically or through next/dynamic). tests/messages/client-namespaces.test.ts compares it with the
// namespaces each layout sends (web/i18n/client-namespaces.ts).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];
const IMPORT = /(?:from\s+|import\s*\(\s*|^import\s+)'([^']+)'/gm;
const TYPE_IMPORT = /^(?:import|export) type [^;]*;/gm;
const NAMESPACE = /useTranslations\(\s*'([A-Za-z]+)'/g;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null; // a package: its texts are not ours
  if (fs.existsSync(base) && fs.statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return null; // JSON, CSS and other non-code imports
}

const isClientModule = (source: string) => /^\s*['"]use client['"]/.test(source);

/** Every file under dir (a route folder) that Next renders as a route segment. */
export function segmentFiles(dir: string, skip: string[] = []): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return skip.includes(p) ? [] : segmentFiles(p, skip);
    return /^(page|layout|loading|error|not-found|template)\.tsx$/.test(e.name) ? [p] : [];
  });
}

/** The namespaces client code reachable from these server entry files can read. */
export function clientNamespaces(entries: string[]): Set<string> {
  const namespaces = new Set<string>();
  for (const [file, source] of clientSources(entries)) {
    const named = [...source.matchAll(NAMESPACE)];
    for (const m of named) namespaces.add(m[1]!);
    // useTranslations() or useTranslations(variable): this list cannot tell what it reads.
    if ((source.match(/useTranslations\(/g) ?? []).length !== named.length) namespaces.add(`* (${path.relative(root, file)})`);
  }
  return namespaces;
}

/** The source of every client module reachable from these server entry files, by file. */
export function clientSources(entries: string[]): Map<string, string> {
  const seen = new Set<string>();
  const sources = new Map<string, string>();
  const visit = (file: string, client: boolean) => {
    const key = `${client ? 'c' : 's'}:${file}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = fs.readFileSync(file, 'utf8');
    const inClient = client || isClientModule(source);
    if (inClient) sources.set(file, source);
    // A type-only import brings no code into the bundle (a client component may name a server module's type).
    for (const m of source.replace(TYPE_IMPORT, '').matchAll(IMPORT)) {
      const target = resolveImport(file, m[1]!);
      if (target) visit(target, inClient);
    }
  };
  for (const entry of entries) visit(entry, false);
  return sources;
}

export const appDir = path.join(root, 'app');
