import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { BackToTop } from '../../components/BackToTop';
import { UswdsIcon } from '../../components/icons';
import { SocialIcon } from '../../components/SocialIcon';
import { Loading } from '../../components/Loading';
import { SkipLink } from '../../components/SkipLink';
import { DownloadFrame } from '../../features/downloads/DownloadFrame';
import { NewsBanner } from '../../features/news/NewsBanner';
import { Welcome } from '../../features/welcome/Welcome';
import { usePublicText } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { AGENCY, AGENCY_LINKS, SOCIAL_LINKS } from '../agency';
import { FOOTER_EXTRA_LINKS, PUBLIC_LINKS, PUBLIC_NAV, isCurrentPath } from '../public-nav';
import { useSiteSwitches } from '../site-switches';
import { Copyright } from './Copyright';
import { StateBanner } from './StateBanner';

// The dialog, the download panel and the modal library load when Beach Data is first pressed.
const DownloadDataDialog = lazy(() => import('./DownloadDataDialog'));

const AGENCY_LINK_KEYS = { 'DEP Home': 'layout.depHome', 'NJ.gov': 'layout.njGov' } as const;

/**
 * The agency-branded public layout (SPEC 2): banner, program navigation, language switch, search,
 * welcome pop-up, news banner, footers. Plain USWDS markup rather than react-uswds components: that
 * library cannot be tree-shaken, and leaving it out keeps the landing page's first load small.
 */
export function AgencyLayout() {
  const { t, language } = usePublicText();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  // The hidden download frame exists from the first opening of Beach Data on, and stays: closing the dialog never
  // cancels a download on its way. Not before: a frame is a document of its own to make, on the first view's
  // main thread (decision 0048).
  const [downloadFrame, setDownloadFrame] = useState(false);
  if (downloadOpen && !downloadFrame) setDownloadFrame(true);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const switchOn = useSiteSwitches();
  const welcomeOn = switchOn('WELCOME_MODAL');
  const bannerOn = switchOn('NEWS_BANNER');
  const downloadsOn = switchOn('DOWNLOADS');
  const noticeOn = switchOn('MAINTENANCE_NOTICE');
  // DOWNLOADS turned off while the panel is open closes it for good: it must not come back by itself (hiding
  // the page behind it) when the switch is turned on again.
  if (downloadOpen && !downloadsOn) setDownloadOpen(false);

  // The page's language follows the interface's; the portal (English only) gets 'en' back.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => () => void (document.documentElement.lang = 'en'), []);

  const closeMenu = () => setMenuOpen(false);
  const closeMenuAndReturn = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  // The mobile menu: focus moves into it when it opens, and Escape closes it.
  useEffect(() => {
    if (!menuOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    closeMenu();
    navigate(query ? `/search?q=${encodeURIComponent(query)}` : '/search');
  };

  const department = t('layout.department');

  return (
    <>
      <SkipLink label={t('layout.skipLink')} />
      <StateBanner />
      <div className={menuOpen ? 'usa-overlay is-visible' : 'usa-overlay'} onClick={closeMenu} aria-hidden="true" />
      <header className="usa-header usa-header--extended">
        <div className="usa-navbar">
          <div className="usa-logo site-logo">
            <Link to="/" onClick={closeMenu}>
              <img src={logoUrl} width={36} height={36} alt="" />
              <span className="site-logo__text">
                <span className="site-logo__department">{department}</span>
                <span className="site-logo__name">{t('layout.siteName')}</span>
              </span>
            </Link>
          </div>
          <button
            ref={menuButton}
            type="button"
            className="usa-menu-btn"
            aria-expanded={menuOpen}
            aria-controls="program-navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('layout.menu')}
          </button>
        </div>
        <nav id="program-navigation" aria-label={t('layout.programNavigation')} className={menuOpen ? 'usa-nav is-visible' : 'usa-nav'}>
          <div className="usa-nav__inner">
            <button ref={closeButton} type="button" className="usa-nav__close" aria-label={t('layout.closeMenu')} onClick={closeMenuAndReturn}>
              <UswdsIcon name="close" className="usa-icon--size-3" />
            </button>
            <ul className="usa-nav__primary usa-accordion">
              {/* Beach Data (the download panel) follows the DOWNLOADS switch. */}
              {PUBLIC_NAV.filter((entry) => entry.kind !== 'download' || downloadsOn).map((entry) => (
                <li key={entry.id} className="usa-nav__primary-item">
                  {entry.kind === 'download' ? (
                    <button
                      type="button"
                      className="usa-nav__link nav-link-button"
                      aria-haspopup="dialog"
                      onClick={() => {
                        closeMenu();
                        setDownloadOpen(true);
                      }}
                    >
                      <span>{t(`nav.${entry.id}`)}</span>
                    </button>
                  ) : (
                    <Link
                      to={entry.path}
                      className={isCurrentPath(pathname, entry.path) ? 'usa-nav__link usa-current' : 'usa-nav__link'}
                      aria-current={isCurrentPath(pathname, entry.path) ? 'page' : undefined}
                      onClick={closeMenu}
                    >
                      <span>{t(`nav.${entry.id}`)}</span>
                    </Link>
                  )}
                </li>
              ))}
            </ul>
            <div className="usa-nav__secondary">
              <ul className="usa-nav__secondary-links">
                {AGENCY_LINKS.map((link) => (
                  <li key={link.href} className="usa-nav__secondary-item">
                    <a href={link.href}>{t(AGENCY_LINK_KEYS[link.label])}</a>
                  </li>
                ))}
                <li className="usa-nav__secondary-item">
                  <LanguageSwitch />
                </li>
              </ul>
              <form className="usa-search usa-search--small" role="search" action="/search" method="get" onSubmit={onSearch}>
                <label className="usa-sr-only" htmlFor="site-search">
                  {t('layout.searchLabel')}
                </label>
                <input className="usa-input" id="site-search" type="search" name="q" />
                <button className="usa-button" type="submit" aria-label={t('layout.searchButton')}>
                  <UswdsIcon name="search" className="usa-search__submit-icon usa-icon--size-3" />
                </button>
              </form>
            </div>
          </div>
        </nav>
      </header>

      {noticeOn && (
        <section className="usa-site-alert usa-site-alert--info usa-site-alert--slim site-notice">
          <div className="usa-alert">
            <div className="usa-alert__body">
              <p className="usa-alert__text">{t('layout.siteNotice')}</p>
            </div>
          </div>
        </section>
      )}

      {/* The map has its own Latest News panel: the banner would repeat it there. */}
      <NewsBanner enabled={bannerOn && !isCurrentPath(pathname, '/')} />

      <main id="main-content" tabIndex={-1} className="grid-container padding-y-4 site-main">
        <Suspense fallback={<Loading label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>

      <footer className="usa-footer usa-footer--medium">
        <div className="usa-footer__primary-section">
          <nav className="usa-footer__nav" aria-label={t('layout.footerNavigation')}>
            <ul className="grid-row grid-gap">
              {[...PUBLIC_LINKS, ...FOOTER_EXTRA_LINKS].map((link) => (
                <li key={link.path} className="mobile-lg:grid-col-4 desktop:grid-col-auto usa-footer__primary-content">
                  <Link to={link.path} className="usa-footer__primary-link">
                    {t(`nav.${link.id}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="usa-footer__secondary-section">
          <div className="grid-container">
            <div className="grid-row grid-gap">
              <div className="usa-footer__logo grid-row mobile-lg:grid-col-6 mobile-lg:grid-gap-2">
                <div className="mobile-lg:grid-col-auto">
                  <img className="usa-footer__logo-img" src={logoUrl} width={36} height={36} alt="" />
                </div>
                <div className="mobile-lg:grid-col-auto">
                  <p className="usa-footer__logo-heading">{department}</p>
                </div>
              </div>
              <div className="usa-footer__contact-links mobile-lg:grid-col-6">
                <ul className="usa-footer__social-links grid-row grid-gap-1 usa-list--unstyled" aria-label={t('layout.socialLinks')}>
                  {SOCIAL_LINKS.map((link) => (
                    <li key={link.name} className="grid-col-auto">
                      <a
                        className="usa-social-link"
                        href={link.href}
                        title={link.name}
                        aria-label={t('layout.socialOn', { department, name: link.name })}
                      >
                        <SocialIcon name={link.name} className="usa-social-link__icon" />
                      </a>
                    </li>
                  ))}
                </ul>
                <p className="usa-footer__contact-heading">{t('layout.mailingAddress')}</p>
                <address className="usa-footer__address">
                  <div className="usa-footer__contact-info grid-row grid-gap">
                    {[AGENCY.address.mailCode, AGENCY.address.street, AGENCY.address.city].map((line) => (
                      <div key={line} className="grid-col-auto">
                        {line}
                      </div>
                    ))}
                  </div>
                </address>
                <Copyright holder={t('layout.state')} />
              </div>
            </div>
          </div>
        </div>
      </footer>

      <BackToTop label={t('layout.backToTop')} />
      {downloadFrame && <DownloadFrame />}
      <Welcome enabled={welcomeOn} />
      {downloadOpen && downloadsOn && (
        <Suspense fallback={null}>
          <DownloadDataDialog onClose={() => setDownloadOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
