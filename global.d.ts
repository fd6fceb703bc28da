import type en from './messages/en.json';

// Typed message keys: a missing key is a compile error.
declare module 'next-intl' {
  interface AppConfig {
    Locale: 'en' | 'fr';
    Messages: typeof en;
  }
}
