import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsLoggedIn } from '../features/auth/auth-slice';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, isChangePasswordPath } from '../features/auth/paths';
import { selectMustChangePassword } from '../features/auth/user-slice';
import { useAppSelector } from './hooks';

/**
 * Guards protected pages (SPEC 4): without a valid session go to /login (remembering the page); with a
 * forced password change every page but Change Password is replaced by it.
 */
export function RequireAuth() {
  const loggedIn = useAppSelector((state) => selectIsLoggedIn(state));
  const mustChangePassword = useAppSelector(selectMustChangePassword);
  const location = useLocation();

  if (!loggedIn) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={LOGIN_PATH} replace state={{ from }} />;
  }
  if (mustChangePassword && !isChangePasswordPath(location.pathname)) {
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  }
  return <Outlet />;
}
