import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePublicText } from '../../i18n';
import './signs-text';
import './signs.css';

export type Paper = 'letter' | 'a4';

/** The paper the signs are printed on: ?paper=a4, else US Letter. */
export function usePaper(): [Paper, (paper: Paper) => void] {
  const [params, setParams] = useSearchParams();
  const paper: Paper = params.get('paper') === 'a4' ? 'a4' : 'letter';
  const choose = (next: Paper) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 'a4') changed.set('paper', 'a4');
        else changed.delete('paper');
        return changed;
      },
      { replace: true },
    );
  return [paper, choose];
}

/** The printed page: its size and margins (the toolbar's paper choice). */
function PageRule({ paper }: { paper: Paper }) {
  return <style>{`@page { size: ${paper === 'a4' ? 'A4' : 'letter'} portrait; margin: 12mm; }`}</style>;
}

/**
 * A page of signs, outside the site's layout: on screen a toolbar (paper size, Print) above the signs; in print
 * only the signs, one a page (decision 0061).
 */
export function SignSheet({ title, summary, children }: { title: string; summary?: string; children: ReactNode }) {
  const { t } = usePublicText();
  const [paper, setPaper] = usePaper();
  const siteName = t('layout.siteName');
  useEffect(() => {
    document.title = `${title} | ${siteName}`;
  }, [title, siteName]);
  return (
    <>
      <PageRule paper={paper} />
      <header className="sign-toolbar" aria-label={t('signs.toolbar')}>
        <div className="sign-toolbar__inner">
          <h1 className="sign-toolbar__title">{title}</h1>
          {summary && <p className="sign-toolbar__summary">{summary}</p>}
          <div className="sign-toolbar__paper">
            <label className="usa-label" htmlFor="sign-paper">
              {t('signs.paper')}
            </label>
            <select className="usa-select" id="sign-paper" value={paper} onChange={(e) => setPaper(e.target.value === 'a4' ? 'a4' : 'letter')}>
              <option value="letter">{t('signs.letter')}</option>
              <option value="a4">{t('signs.a4')}</option>
            </select>
          </div>
          <button type="button" className="usa-button sign-toolbar__print" onClick={() => window.print()}>
            {t('signs.print')}
          </button>
          <p className="sign-toolbar__hint">{t('signs.printHint')}</p>
          <p>
            <Link className="usa-link" to="/">
              {t('signs.toMap')}
            </Link>
          </p>
        </div>
      </header>
      <main id="main-content" className={`sign-sheet sign-sheet--${paper}`}>
        {children}
      </main>
    </>
  );
}

/** A sign page's own message (not found, loading, failed): in the sign layout, with a way back to the map. */
export function SignMessage({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  const { t } = usePublicText();
  const siteName = t('layout.siteName');
  useEffect(() => {
    document.title = `${title} | ${siteName}`;
  }, [title, siteName]);
  return (
    <main id="main-content" className="sign-message grid-container padding-y-4">
      <h1>{title}</h1>
      {intro && <p className="usa-intro">{intro}</p>}
      {children}
      <p>
        <Link className="usa-link" to="/">
          {t('signs.toMap')}
        </Link>
      </p>
    </main>
  );
}
