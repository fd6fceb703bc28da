import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FeedbackForm } from '@/components/account/feedback-form';
import { withPageMessages } from '@/components/i18n/client-messages';
import { screenApiOrNull } from '@/web/server/optional-screen-data';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('FeedbackPage');
  return { title: t('title') };
}

/**
 * Help and Feedback: the contacts are read on the server, so the form arrives complete. Its contacts are the food
 * banks' support: a retail partner asks about a line with a query instead ('staff').
 */
async function FeedbackPage() {
  await guardScreen('staff');
  return <FeedbackForm contacts={await screenApiOrNull('/contact', { returnTo: '/feedback' })} />;
}

export default withPageMessages('feedback', FeedbackPage);
