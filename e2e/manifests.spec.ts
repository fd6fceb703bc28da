import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { login, type Lang } from './support/auth';
import { CATS, form } from './support/donation-form';
import { LANGS, MESSAGES, bffJson, fill, monthsAgo, pad, sessionUser, stores } from './support/donations';

// Manifests, in both languages: the demo partner `retail` (Sobeys Inc.) sends a file in its own columns, chosen once
// with a preview; a bad file is refused with its line list and nothing kept; the same file sent twice changes
// nothing; and the demo branch (Toronto) sees the store's record it has nothing for and records it with one tap.

const WEIGHT: Record<Lang, number> = { en: 333, fr: 444 };

/** A day of last month (not yet submitted in the demo data) with no Parkdale donation a day either side. */
async function freeDay(page: Page, branchId: string, storeId: string, year: number, month: number) {
  const list = await bffJson<{ storeId: string; date: string }[]>(page, 'GET', `/branch/${branchId}/donations/${year}/${month}`);
  const taken = new Set(list.filter((d) => d.storeId === storeId).map((d) => Number(d.date.slice(8, 10))));
  const day = [...Array(26).keys()].map((d) => d + 2).find((d) => !taken.has(d - 1) && !taken.has(d) && !taken.has(d + 1));
  if (!day) throw new Error('no free day for Parkdale');
  return day;
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

for (const lang of LANGS) {
  test(`a manifest sent with its columns, refused, sent twice, and a store record recorded by the branch (${lang})`, async ({
    page,
    browser,
  }) => {
    const t = MESSAGES[lang];
    const up = t.ManifestUpload;
    const ym = monthsAgo(1);

    // The branch's side first: which day Parkdale has no donation around.
    await login(page, { lang });
    const user = await sessionUser(page);
    const parkdale = (await stores(page, user.branchId)).find((s) => s.name === 'Parkdale')!;
    const day = await freeDay(page, user.branchId, parkdale.id, ym.year, ym.month);
    const date = `${ym.year}-${pad(ym.month)}-${pad(day)}`;

    // The partner sends a file in its own columns: chosen once on screen, with the first lines shown.
    const partner = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(partner, { username: 'retail', lang, to: '/partner/manifests' });
    const good = `Store No,Pickup Date,Net Lbs\n9734,${date},${WEIGHT[lang]}\nX-${lang},${date},12\n`;
    await partner.getByLabel(up.file).setInputFiles(csvFile(`good-${lang}.csv`, good));
    // The retailer's columns are chosen once: when the other language's run has saved them, they are changed here.
    const columns = partner.getByRole('group', { name: up.columns });
    const change = partner.getByRole('button', { name: up.changeColumns });
    await expect(columns.or(change)).toBeVisible();
    if (await change.isVisible()) await change.click();
    await expect(columns).toBeVisible();
    await partner.getByLabel(up.field_storeNumber, { exact: true }).selectOption('Store No');
    await partner.getByLabel(up.field_date, { exact: true }).selectOption('Pickup Date');
    await partner.getByLabel(up.field_weight, { exact: true }).selectOption('Net Lbs');
    await partner.getByRole('button', { name: up.preview }).click();
    await expect(partner.getByTestId('manifest-answer')).toContainText(fill(up.unmatchedLine, { line: 3, store: `X-${lang}` }));
    await partner.getByRole('button', { name: up.confirm }).click();
    await expect(partner.getByTestId('manifest-answer')).toContainText(up.kept.split('{')[0]!.trim());

    // The same file again: the saved columns are used, and nothing changes.
    await partner.reload();
    await partner.getByLabel(up.file).setInputFiles(csvFile(`good-${lang}.csv`, good));
    await expect(partner.getByTestId('manifest-answer')).toContainText(up.sameFile);

    // A bad file: every problem by line, nothing kept.
    const bad = `Store No,Pickup Date,Net Lbs\n9734,${date},ten\n9734,2999-01-01,10\n9734,${date},7\n9734,${date},7\n`;
    await partner.getByLabel(up.file).setInputFiles(csvFile(`bad-${lang}.csv`, bad));
    const answer = partner.getByTestId('manifest-answer');
    await expect(answer.getByRole('row')).toHaveCount(4);
    await expect(answer.getByRole('row').nth(1)).toContainText(fill(up.problem_MANIFEST_WEIGHT_NOT_NUMBER, { value: 'ten' }));
    await expect(answer.getByRole('row').nth(3)).toContainText(fill(up.problem_MANIFEST_DUPLICATE_LINE, { first: 4 }));
    await expect(partner.getByRole('button', { name: up.confirm })).toBeDisabled();
    await partner.close();

    // The branch sees the store's record it has nothing for, and records it with one tap.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/donations/${ym.year}/${ym.month}/store-records`);
    const tag = lang === 'fr' ? 'fr-CA' : 'en-CA';
    const dayText = new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date(ym.year, ym.month - 1, day));
    const storeOnly = fill(t.StoreRecords.storeOnly, { pounds: String(WEIGHT[lang]), date: dayText });
    const item = page.getByRole('listitem').filter({ hasText: storeOnly });
    await expect(item).toBeVisible();
    await item.getByRole('link', { name: t.StoreRecords.record }).click();
    const f = form(page, lang);
    await expect(f.weight).toHaveValue(String(WEIGHT[lang]));
    await expect(f.store).toHaveValue(/Parkdale/);
    await f.box(CATS[lang].produce).fill('100');
    await f.submit.click();
    await expect(page).toHaveURL(new RegExp(`/donations/${ym.year}/${ym.month}/store-records`));
    await expect(page.getByRole('listitem').filter({ hasText: storeOnly })).toHaveCount(0);
    await expect(page.getByText(fill(t.StoreRecords.matched, { pounds: String(WEIGHT[lang]), date: dayText }))).toBeVisible();
  });
}
