import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { OutgoingMailPanel } from '@/components/program/outgoing-mail';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramMail');
  return { title: t('pageTitle') };
}

/** Program administrators: mail waiting in the outbox or not delivered, and a re-send. */
async function ProgramMailPage() {
  await guardScreen('program-admin');
  const t = await getTranslations('ProgramMail');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-gray-900">{t('pageTitle')}</h1>
      <p className="text-gray-800">{t('intro')}</p>
      <OutgoingMailPanel />
    </div>
  );
}

export default withPageMessages('programMail', ProgramMailPage);
