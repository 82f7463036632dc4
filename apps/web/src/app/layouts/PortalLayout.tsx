import '../../styles/uswds/content.scss';
import '../../styles/uswds/portal.scss';
import '@trussworks/react-uswds/lib/index.css';
import './portal-layout.css';
import { Suspense, useCallback, useState, type CSSProperties } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Button, Header, Icon, NavCloseButton, NavMenuButton } from '@trussworks/react-uswds';
import { accessiblePrograms, showProgramSelector } from '@beach/domain';
import logoUrl from '../../assets/logo.svg';
import { BackToTop } from '../../components/BackToTop';
import { Loading } from '../../components/Loading';
import { SkipLink } from '../../components/SkipLink';
import { useLogoutMutation } from '../../features/auth/api';
import { selectIsLoggedIn } from '../../features/auth/auth-slice';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH, PORTAL_HOME_PATH } from '../../features/auth/paths';
import { useCurrentUserPolling, useSessionExpiryWatch } from '../../features/auth/use-session';
import { selectSelectedProgramId, selectUser } from '../../features/auth/user-slice';
import { AGENCY } from '../agency';
import { useAppSelector } from '../hooks';
import { PortalMenu, ProgramSelector, usePortalSections } from '../portal-menu';
import { PUBLIC_LINKS } from '../public-nav';
import { Copyright } from './Copyright';

/** Where the desktop sidebar's hidden or shown state is kept between visits. */
export const MENU_COLLAPSED_KEY = 'beach-portal:menu-collapsed';

function readCollapsed() {
  try {
    return window.localStorage.getItem(MENU_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The desktop sidebar hidden or shown, remembered in localStorage (a private window may refuse it: then not kept). */
function useMenuCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      const next = !was;
      try {
        if (next) window.localStorage.setItem(MENU_COLLAPSED_KEY, 'true');
        else window.localStorage.removeItem(MENU_COLLAPSED_KEY);
      } catch {
        // not remembered; the toggle still works for this visit
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}

function initials(first: string | undefined, last: string | undefined) {
  return `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`.toUpperCase() || '?';
}

/** The staff portal layout (SPEC 2): header links by session state, sidebar menu, mobile side menu. */
export default function PortalLayout() {
  const loggedIn = useAppSelector((state) => selectIsLoggedIn(state));
  const user = useAppSelector(selectUser);
  const selectedProgramId = useAppSelector(selectSelectedProgramId);
  // The header takes the selected program's colour (SPEC 3, header colour override): a band and the avatar.
  const programColor = user && loggedIn ? accessiblePrograms(user).find((p) => p.program_id === selectedProgramId)?.color : undefined;
  const headerStyle = programColor ? ({ '--program-color': programColor } as CSSProperties) : undefined;
  const sections = usePortalSections();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuCollapsed, toggleMenuCollapsed] = useMenuCollapsed();
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  useCurrentUserPolling();
  useSessionExpiryWatch();

  const closeMenu = () => setMenuOpen(false);
  const onLogout = async () => {
    closeMenu();
    // The mutation ends the session locally whatever the server answers.
    await logout()
      .unwrap()
      .catch(() => undefined);
    navigate(LOGIN_PATH, { replace: true });
  };

  const headerLink = (to: string, label: string) => {
    const current = pathname.toLowerCase() === to.toLowerCase();
    return (
      <Link
        key={to}
        to={to}
        className={current ? 'usa-nav__link usa-current' : 'usa-nav__link'}
        aria-current={current ? 'page' : undefined}
        onClick={closeMenu}
      >
        <span>{label}</span>
      </Link>
    );
  };

  const headerItems = loggedIn
    ? [headerLink(PORTAL_HOME_PATH, 'Your Portal'), headerLink('/', 'Public Page')]
    : [headerLink('/', 'Public Page'), headerLink(LOGIN_PATH, 'Login'), headerLink(FORGOT_PASSWORD_PATH, 'Forgot Password')];

  const showSidebar = loggedIn && sections.length > 0;

  return (
    <div className="portal" style={headerStyle} data-program-color={programColor}>
      <SkipLink />
      <Header basic showMobileOverlay={menuOpen} className="portal-header">
        <div className="usa-nav-container">
          <div className="usa-navbar">
            <div className="usa-logo site-logo">
              <Link to={PORTAL_HOME_PATH} onClick={closeMenu}>
                <img src={logoUrl} width={36} height={36} alt="" />
                <span className="site-logo__text">
                  <span className="site-logo__department">{AGENCY.department}</span>
                  <span className="site-logo__name">{AGENCY.siteName}</span>
                </span>
              </Link>
            </div>
            <NavMenuButton
              label="Menu"
              aria-expanded={menuOpen}
              aria-controls="portal-navigation"
              onClick={() => setMenuOpen((open) => !open)}
            />
          </div>
          <nav id="portal-navigation" aria-label="Portal navigation" className={menuOpen ? 'usa-nav is-visible' : 'usa-nav'}>
            <NavCloseButton onClick={closeMenu} />
            <ul className="usa-nav__primary usa-accordion portal-header__links">
              {headerItems.map((item) => (
                <li key={item.key} className="usa-nav__primary-item">
                  {item}
                </li>
              ))}
            </ul>
            <div className="portal-mobile-menu">
              <h2 className="portal-mobile-menu__heading">Website Links</h2>
              <ul className="usa-sidenav">
                {[{ path: '/', label: 'Public Page' }, ...PUBLIC_LINKS.filter((l) => l.path !== '/')].map((l) => (
                  <li key={l.path} className="usa-sidenav__item">
                    <Link to={l.path} onClick={closeMenu}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
              <h2 className="portal-mobile-menu__heading">Portal Links</h2>
              {loggedIn ? (
                <>
                  <ProgramSelector idPrefix="mobile-menu" />
                  <PortalMenu sections={sections} idPrefix="mobile-menu" onNavigate={closeMenu} />
                </>
              ) : (
                <ul className="usa-sidenav">
                  <li className="usa-sidenav__item">
                    <Link to={LOGIN_PATH} onClick={closeMenu}>
                      Login
                    </Link>
                  </li>
                  <li className="usa-sidenav__item">
                    <Link to={FORGOT_PASSWORD_PATH} onClick={closeMenu}>
                      Forgot Password
                    </Link>
                  </li>
                </ul>
              )}
            </div>
            {loggedIn && user && (
              <div className="portal-user">
                <span className="portal-user__avatar" aria-hidden="true">
                  {initials(user.first_name, user.last_name)}
                </span>
                <span className="portal-user__welcome">Welcome, {user.first_name}</span>
                <Button type="button" outline className="portal-user__logout" onClick={onLogout} disabled={loggingOut}>
                  Logout
                </Button>
              </div>
            )}
          </nav>
        </div>
      </Header>

      {/* A wide container: data screens (grids, tables) use the width beside the menu, up to a generous maximum. */}
      <div className="portal-body">
        <div className={showSidebar ? `portal-columns${menuCollapsed ? ' portal-columns--collapsed' : ''}` : 'portal-columns portal-columns--single'}>
          {showSidebar && (
            <aside id="portal-sidebar" className="portal-sidebar" hidden={menuCollapsed}>
              <nav aria-label="Portal menu">
                <ProgramSelector idPrefix="sidebar" />
                <PortalMenu sections={sections} idPrefix="sidebar" />
              </nav>
            </aside>
          )}
          <div className="portal-content">
            {/*
              Where the sidebar is not shown (phones, tablets, or the desktop menu hidden) the program selector sits
              above the page, so a page that needs a program is never left with only its prompt (issue 28).
            */}
            {loggedIn && user && showProgramSelector(user) && (
              <section
                aria-label="Program choice"
                className={showSidebar && !menuCollapsed ? 'portal-program-bar portal-program-bar--beside-menu' : 'portal-program-bar'}
              >
                <ProgramSelector idPrefix="page" className="portal-program-bar__selector" />
              </section>
            )}
            {showSidebar && (
              <Button
                type="button"
                unstyled
                className="portal-menu-toggle"
                aria-controls="portal-sidebar"
                aria-expanded={!menuCollapsed}
                onClick={toggleMenuCollapsed}
              >
                {menuCollapsed ? (
                  <Icon.NavigateNext aria-hidden="true" focusable={false} />
                ) : (
                  <Icon.NavigateBefore aria-hidden="true" focusable={false} />
                )}
                {menuCollapsed ? 'Show menu' : 'Hide menu'}
              </Button>
            )}
            <main id="main-content" tabIndex={-1} className={showSidebar ? 'portal-main padding-top-2 padding-bottom-4' : 'portal-main padding-y-4'}>
              <Suspense fallback={<Loading />}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
      </div>

      <footer className="portal-footer">
        <div className="grid-container">
          <p className="margin-0">{AGENCY.department}</p>
          <Copyright />
        </div>
      </footer>
      <BackToTop />
    </div>
  );
}
