import { getTranslations } from 'next-intl/server';

export default async function LoginPage() {
  const t = await getTranslations('LoginPage');
  return (
    <main className="mx-auto max-w-md p-6">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
    </main>
  );
}
