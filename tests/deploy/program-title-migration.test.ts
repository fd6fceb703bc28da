// Migration 0009: a database seeded before the French program name was chosen gets the chosen name in its stored
// login-page data, unless an operator wrote their own title there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openDb } from '@/donation-api/db/client';
import { appSettings } from '@/donation-api/db/schema';
import { getBgData } from '@/donation-api/sign-in/bg-data';
import fr from '@/messages/fr.json';

jest.setTimeout(180_000);
const OLD = 'Programme alimentaire de détail';

/** The migrations folder as it was before 0009: its files and a journal that ends at 0008. */
function foldersBefore0009(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rfp-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 9);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

let before0009: Blob | undefined;

/** A dump of a database migrated up to 0008, made once: each case loads a copy instead of migrating from nothing. */
async function databaseBefore0009(): Promise<Blob> {
  if (before0009) return before0009;
  const folder = foldersBefore0009();
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
    before0009 = await client.dumpDataDir('none');
    return before0009;
  } finally {
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function upgradedBgData(stored: Record<string, unknown>) {
  const handle = await openDb({ dataDir: null, migrate: false, loadDataDir: await databaseBefore0009() });
  try {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await handle.db.insert(appSettings).values({ key: 'bg-data', value: stored });
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const [row] = await handle.db.select().from(appSettings).where(eq(appSettings.key, 'bg-data'));
    return { stored: row!.value as Record<string, unknown>, shown: await getBgData(handle.db) };
  } finally {
    await handle.close();
  }
}

describe('migration 0009: the French program name in stored login-page data', () => {
  it('is the name the app uses everywhere', () => {
    expect(fr.App.title).toBe('Programme de récupération en épicerie');
    expect(JSON.stringify(fr)).not.toContain(OLD);
    // The French logos draw the name in two lines of text.
    for (const logo of ['logo-fr.svg', 'logo-black-fr.svg']) {
      const lines = [...fs.readFileSync(path.join('public', 'images', logo), 'utf8').matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(
        (m) => m[1],
      );
      expect(lines.join(' ')).toBe('Programme de récupération en épicerie');
    }
  });

  it('replaces the old default title, under either spelling, and leaves the other fields alone', async () => {
    const { stored, shown } = await upgradedBgData({ fr_title: OLD, title: 'Retail Food Program', fr_content: 'Texte à nous' });
    expect(stored).toEqual({ fr_title: 'Programme de récupération en épicerie', title: 'Retail Food Program', fr_content: 'Texte à nous' });
    expect(shown.fr_title).toBe('Programme de récupération en épicerie');
    expect((await upgradedBgData({ frTitle: OLD })).stored).toEqual({ frTitle: 'Programme de récupération en épicerie' });
  });

  it('keeps a title an operator chose', async () => {
    const { stored } = await upgradedBgData({ fr_title: 'Banque alimentaire de Sudbury' });
    expect(stored.fr_title).toBe('Banque alimentaire de Sudbury');
  });
});
