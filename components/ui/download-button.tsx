'use client';

import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass, type ButtonVariant } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { downloadThroughBrowser } from '@/web/download/browser-download';

export type DownloadTexts = { preparing: string; failed: string };

type Props = {
  href: string;
  /** The file's name when the answer names none. */
  fileName: string;
  children: React.ReactNode;
  texts: DownloadTexts;
  variant?: ButtonVariant;
  'aria-label'?: string;
  'data-testid'?: string;
  className?: string;
};

/**
 * A file that can take a while to make (a partner's figures or statement for a national chain, the program's pickup
 * reliability): the button stays disabled and busy, with a spinner and "Preparing the file…", until the answer begins (the
 * API streams it, and the browser's download manager shows the rest). The file goes straight to the download manager
 * (web/download/browser-download.ts: the page never holds it). Before the page has hydrated it is a plain link.
 */
export function DownloadButton({ href, fileName, children, texts, variant = 'secondary', className = '', ...rest }: Props) {
  const hydrated = useHydrated();
  const once = useSingleFlight();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  // A disabled button loses the focus: it comes back when the file is on its way, for a keyboard user's next step,
  // unless the user has gone on to another field meanwhile (typing in the store picker, say), which keeps it.
  useEffect(() => {
    const active = document.activeElement;
    const focusLost = !active || active === document.body || active === button.current;
    if (wasBusy.current && !busy && focusLost) button.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  if (!hydrated)
    return (
      <a href={href} download className={buttonClass(variant, className)} {...rest}>
        {children}
      </a>
    );
  const download = () =>
    once(async () => {
      setBusy(true);
      setFailed(false);
      try {
        const status = await downloadThroughBrowser(href, fileName);
        setFailed(status === null || status < 200 || status >= 300);
      } finally {
        setBusy(false);
      }
    });
  return (
    <span className="inline-flex flex-col gap-1">
      <Button ref={button} variant={variant} loading={busy} onClick={() => void download()} className={className} {...rest}>
        {busy ? texts.preparing : children}
      </Button>
      <span role="status" className="sr-only">
        {busy ? texts.preparing : ''}
      </span>
      {failed && (
        <span role="alert" className="text-sm font-semibold text-red-800">
          {texts.failed}
        </span>
      )}
    </span>
  );
}
