import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { MarkedDonationsPanel } from '@/components/program/marked-donations';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramMarked');
  return { title: t('pageTitle') };
}

/** Program staff: donations the API marked for an unusual weight; administrators confirm or send them back. */
async function ProgramMarkedPage() {
  const user = await guardScreen('program-staff');
  const t = await getTranslations('ProgramMarked');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-gray-900">{t('pageTitle')}</h1>
      <p className="text-gray-800">{t('intro')}</p>
      <MarkedDonationsPanel admin={user.program?.role === 'admin'} />
    </div>
  );
}

export default withPageMessages('programMarked', ProgramMarkedPage);
