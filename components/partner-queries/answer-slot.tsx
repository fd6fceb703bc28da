'use client';

import dynamic from 'next/dynamic';
import type { AnswerFormProps } from './answer-form';

// The form's code is loaded only by a page that shows an open question: the month page of a month without questions
// renders no slot, and so loads none of it.
const PartnerQueryAnswerForm = dynamic(() => import('./answer-form').then((m) => m.PartnerQueryAnswerForm));

/** The answer form of one open question, rendered by the server pages (program queries, the branch's month). */
export function PartnerQueryAnswerSlot(props: AnswerFormProps) {
  return <PartnerQueryAnswerForm {...props} />;
}
