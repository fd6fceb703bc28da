import { getLocale } from 'next-intl/server';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { getLoginBackground } from '@/web/server/login-background';
import { LoginBackgroundCookies } from './login-background-cookies';

/**
 * The branded sign-in page (login, forgot password): the background data of the current language
 * (logo, title, content, background image). Phone: a yellow band with the logo over the card.
 * Desktop: the image fills the page, the brand text on the left, the card on the right.
 */
export async function BrandedLayout({ children }: { children: React.ReactNode }) {
  const locale = (await getLocale()) === 'fr' ? 'fr' : 'en';
  const [en, fr] = await Promise.all([getLoginBackground('en'), getLoginBackground('fr')]);
  const bg = locale === 'fr' ? fr : en;
  return (
    <div className="relative flex min-h-dvh flex-col bg-secondary-light">
      <LoginBackgroundCookies en={en} fr={fr} />
      <div
        aria-hidden="true"
        className="absolute inset-0 hidden bg-cover bg-center lg:block"
        style={{ backgroundImage: `url("${bg.bgImage}")` }}
      />
      <div aria-hidden="true" className="absolute inset-0 hidden bg-gradient-to-r from-black/75 via-black/45 to-black/10 lg:block" />
      <header className="relative z-10 flex items-center justify-between gap-3 bg-primary px-4 py-3 lg:bg-transparent lg:px-10 lg:py-6">
        {/* eslint-disable-next-line @next/next/no-img-element -- admin-set URL, small SVG */}
        <img src={bg.blackLetterLogo} alt={bg.title} width={180} height={48} className="h-12 w-auto lg:hidden" />
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={bg.logo} alt={bg.title} width={220} height={58} className="hidden h-14 w-auto lg:block" />
        <LanguageToggle />
      </header>
      <main className="relative z-10 mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 pt-5 pb-10 lg:flex-row lg:items-center lg:justify-between lg:gap-12 lg:px-10">
        <section className="order-2 lg:order-1 lg:text-white" style={{ maxWidth: bg.contentWidth }}>
          <p className="text-xl font-bold leading-tight lg:text-4xl">{bg.title}</p>
          {bg.content && <p className="mt-2 text-base leading-relaxed text-gray-800 lg:mt-4 lg:text-lg lg:text-white/95">{bg.content}</p>}
        </section>
        <div className="order-1 w-full lg:order-2 lg:max-w-md">{children}</div>
      </main>
    </div>
  );
}

/** The white card holding a sign-in form. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border-t-4 border-primary bg-white p-5 shadow-lg sm:p-7">
      <h1 className="mb-5 text-2xl font-bold text-gray-900">{title}</h1>
      {children}
    </div>
  );
}
