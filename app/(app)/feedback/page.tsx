import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FeedbackForm } from '@/components/account/feedback-form';
import { withPageMessages } from '@/components/i18n/client-messages';
import { screenApiOrNull } from '@/lib/server/optional-screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('FeedbackPage');
  return { title: t('title') };
}

/** Help and Feedback: the contacts are read on the server, so the form arrives complete. */
async function FeedbackPage() {
  return <FeedbackForm contacts={await screenApiOrNull('/contact', { returnTo: '/feedback' })} />;
}

export default withPageMessages('feedback', FeedbackPage);
