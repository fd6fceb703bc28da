// Migration 0009: a database seeded before the French program name was chosen gets the chosen name in its stored
// login-page data, unless an operator wrote their own title there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openDb } from '@/donation-api/db/client';
import { appSettings } from '@/donation-api/db/schema';
import { getBgData } from '@/donation-api/services/bg-data';
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

async function upgradedBgData(stored: Record<string, unknown>) {
  const before = foldersBefore0009();
  const handle = await openDb({ dataDir: null, migrate: false });
  try {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: before });
    await handle.db.insert(appSettings).values({ key: 'bg-data', value: stored });
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const [row] = await handle.db.select().from(appSettings).where(eq(appSettings.key, 'bg-data'));
    return { stored: row.value as Record<string, unknown>, shown: await getBgData(handle.db) };
  } finally {
    await handle.close();
    fs.rmSync(before, { recursive: true, force: true });
  }
}

describe('migration 0009: the French program name in stored login-page data', () => {
  it('is the name the app uses everywhere', () => {
    expect(fr.App.title).toBe('Programme de récupération en épicerie');
    expect(JSON.stringify(fr)).not.toContain(OLD);
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
