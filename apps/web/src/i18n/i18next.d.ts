import 'i18next';
import type { en } from './en';

// Translation keys are checked: t('news.titel') does not compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
