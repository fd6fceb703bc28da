// The two screens that edit a branch's fields: the branch's own organisation details (/branch) and the
// program's branch editor (/program/branches/new and …/edit). They show one set of fields: the same labels, limits,
// browser hints and layout, read here from the page itself. Nothing is saved.
import type { Locator } from '@playwright/test';
import { DEMO, expect, login, test } from './support/auth';
import { BRANCH_TEXT_MAX } from '../lib/domain/branch-rules';
import { LANGS, MESSAGES, fill, pattern, sessionUser } from './support/donations';
import { shootWidths } from './support/shots';

/** What a person (and the browser's autofill) meets in each named field of a form, in page order. */
function fieldsOf(form: Locator) {
  return form.locator('input[name], select[name], textarea[name]').evaluateAll((els) =>
    els.map((el) => {
      const e = el as HTMLInputElement;
      const attr = (a: string) => e.getAttribute(a);
      return {
        name: e.name,
        label: e.labels?.[0]?.textContent?.trim(),
        tag: e.tagName,
        type: attr('type'),
        maxLength: attr('maxlength'),
        autoComplete: attr('autocomplete'),
        inputMode: attr('inputmode'),
        autoCapitalize: attr('autocapitalize'),
        required: attr('aria-required'),
        rows: attr('rows'),
        options: e.tagName === 'SELECT' ? [...(e as unknown as HTMLSelectElement).options].map((o) => o.text) : undefined,
        wide: !!e.closest('.sm\\:col-span-2'),
      };
    }),
  );
}

for (const lang of LANGS) {
  test(`the organisation details and the program's branch editor show the same branch fields (${lang})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tb = MESSAGES[lang].BranchPage;
    const tp = MESSAGES[lang].ProgramBranches;
    await login(page, { lang, username: DEMO.username, to: '/branch' });
    const name = page.getByLabel(tb.name, { exact: true });
    await expect(name).toHaveValue(/\S/);
    await shootWidths(page, 'branch-own', lang);
    const { branchId } = await sessionUser(page);

    const program = await (await browser.newContext()).newPage();
    await login(program, { lang, username: 'program', to: '/program/branches/new' });
    const created = program.getByRole('form', { name: tp.new });
    await expect(created.getByLabel(tb.name, { exact: true })).toHaveValue('');
    await shootWidths(program, 'branch-new', lang);
    // The same branch, as the program's editor shows it: the values of its own screen.
    const editor = await program.context().newPage();
    await editor.goto(`/program/branches/${branchId}/edit`);
    const edited = editor.getByRole('form', { name: tp.edit });
    await expect(edited.getByLabel(tb.name, { exact: true })).toHaveValue(await name.inputValue());
    await shootWidths(editor, 'branch-edit', lang);

    const own = await fieldsOf(page.locator('form').filter({ has: name }));
    expect(own.map((f) => f.name)).toContain('totalPoundsDistributedAnnually');
    expect(await fieldsOf(created)).toEqual(own);
    expect(await fieldsOf(edited)).toEqual(own);
  });
}

// The form checks every limit itself; a refusal from the API (a client older than its limits) lands under the field
// it names, with the limit, on both screens. The name is lengthened on its way, so the API refuses and nothing is saved.
test('an over-long name refused by the API shows its limit under the name, on both screens (en)', async ({ page }) => {
  const tb = MESSAGES.en.BranchPage;
  const limit = pattern(fill(tb.tooLong, { max: BRANCH_TEXT_MAX.name }));
  await login(page, { lang: 'en', to: '/branch' });
  const { branchId } = await sessionUser(page);
  for (const [who, to, save, call] of [
    [DEMO.username, '/branch', tb.save, /\/bff\/branch\/[^/]+$/],
    ['program', `/program/branches/${branchId}/edit`, tb.save, /\/bff\/program\/branches\/[^/]+\/profile$/],
  ] as const) {
    if (who !== DEMO.username) await login(page, { lang: 'en', username: who, to });
    const name = page.getByLabel(tb.name, { exact: true });
    await expect(name).toHaveValue(/\S/);
    await page.route(call, (r) =>
      r.request().method() === 'PUT'
        ? r.continue({ postData: JSON.stringify({ ...r.request().postDataJSON(), name: 'x'.repeat(BRANCH_TEXT_MAX.name + 1) }) })
        : r.continue(),
    );
    await page.getByRole('button', { name: save, exact: true }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(limit);
  }
});
