'use client';

import { Button, buttonClass } from '@/components/ui/button';

/** Opens the browser's print dialog for the printable report. */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button variant="primary" onClick={() => window.print()}>
      {label}
    </Button>
  );
}

/** The monthly report's PDF, downloaded from the BFF (a plain link: the file is not a page to navigate to). */
export function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className={buttonClass('secondary')}>
      {label}
    </a>
  );
}
