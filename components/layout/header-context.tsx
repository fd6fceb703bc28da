'use client';

import { createContext, useContext, useEffect, useState } from 'react';

type HeaderExtras = { onExport?: () => void };
const HeaderContext = createContext<{ extras: HeaderExtras; setExtras: (e: HeaderExtras) => void }>({ extras: {}, setExtras: () => {} });

export function HeaderProvider({ children }: { children: React.ReactNode }) {
  const [extras, setExtras] = useState<HeaderExtras>({});
  return <HeaderContext.Provider value={{ extras, setExtras }}>{children}</HeaderContext.Provider>;
}

export function useHeaderExtras() {
  return useContext(HeaderContext).extras;
}

/** A page offers the header's export icon while it is shown. */
export function useHeaderExport(onExport: (() => void) | undefined) {
  const { setExtras } = useContext(HeaderContext);
  useEffect(() => {
    setExtras({ onExport });
    return () => setExtras({});
  }, [onExport, setExtras]);
}
