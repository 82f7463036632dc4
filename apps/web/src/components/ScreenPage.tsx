import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

interface ScreenPageProps {
  title: string;
  description?: string;
  children?: ReactNode;
}

/** A screen's heading (its route label) and a one-line purpose; the screen's own content follows. */
export function ScreenPage({ title, description, children }: ScreenPageProps) {
  usePageTitle(title);
  return (
    <>
      <h1>{title}</h1>
      {description && <p className="usa-intro">{description}</p>}
      {children}
    </>
  );
}
