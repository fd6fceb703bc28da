'use client';

import { useEffect } from 'react';

/**
 * Sets the document's language where a page speaks another than the root layout chose: the not-found page answers
 * a signed-out French browser in French, while the root layout (which asks no browser) wrote lang="en-CA". The page's
 * own element carries the right lang from the server; this makes the outer one agree once the page has loaded.
 */
export function DocumentLang({ lang }: { lang: string }) {
  useEffect(() => {
    const before = document.documentElement.lang;
    document.documentElement.lang = lang;
    return () => {
      document.documentElement.lang = before;
    };
  }, [lang]);
  return null;
}
