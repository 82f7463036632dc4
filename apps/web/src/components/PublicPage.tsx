import { useEffect, type ReactNode } from 'react';
import { usePublicText } from '../i18n';

interface PublicPageProps {
  title: string;
  intro?: string;
  /** Set when the title is entered content (a news item's title), not interface text. */
  titleLang?: string;
  children?: ReactNode;
}

/** A public page: its one h1, a one-line purpose, and the browser tab named in the visitor's language. */
export function PublicPage({ title, intro, titleLang, children }: PublicPageProps) {
  const { t } = usePublicText();
  const siteName = t('layout.siteName');
  useEffect(() => {
    document.title = `${title} | ${siteName}`;
  }, [title, siteName]);
  return (
    <>
      <h1 lang={titleLang}>{title}</h1>
      {intro && <p className="usa-intro">{intro}</p>}
      {children}
    </>
  );
}
