import { useEffect } from 'react';
import { LIMITS } from '@beach/domain';
import { endSession } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetCurrentUserQuery, useRefreshTokenMutation } from './api';
import { selectIsLoggedIn, selectSessionExpiry } from './auth-slice';

/** While logged in: the current user is refetched on mount and polled every 30 s (SPEC 4). */
export function useCurrentUserPolling() {
  const loggedIn = useAppSelector((state) => selectIsLoggedIn(state));
  return useGetCurrentUserQuery(undefined, {
    skip: !loggedIn,
    pollingInterval: LIMITS.currentUserPollMs,
    refetchOnMountOrArgChange: true,
  });
}

/** setTimeout's ceiling (about 24.8 days); a later expiry is simply not watched by a timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A token is renewed this long before it expires, when its user has been working recently. */
export const REFRESH_BEFORE_EXPIRY_MS = 10 * 60_000;
/** "Recently": a key press, click or touch in the portal within this long. */
export const ACTIVE_WITHIN_MS = 30 * 60_000;

let lastActivity = Date.now();
const noteActivity = () => {
  lastActivity = Date.now();
};

/**
 * Ends the session when the token's expiry passes, without waiting for the server to refuse it; shortly
 * before that, renews the token (GET login/verify/refresh/) if the user has been working, so a verifier in
 * the middle of a morning's batch is not signed out at the 8-hour mark. An idle session simply ends.
 */
export function useSessionExpiryWatch() {
  const expiry = useAppSelector(selectSessionExpiry);
  const dispatch = useAppDispatch();
  const [refresh] = useRefreshTokenMutation();
  useEffect(() => {
    const events = ['keydown', 'pointerdown', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, noteActivity, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, noteActivity);
    };
  }, []);
  useEffect(() => {
    if (expiry === null) return;
    const delay = expiry - Date.now();
    if (delay > MAX_TIMER_MS) return;
    const end = window.setTimeout(() => dispatch(endSession()), Math.max(delay, 0));
    const renew = window.setTimeout(
      () => {
        if (Date.now() - lastActivity <= ACTIVE_WITHIN_MS) void refresh().catch(() => undefined);
      },
      Math.max(delay - REFRESH_BEFORE_EXPIRY_MS, 0),
    );
    return () => {
      window.clearTimeout(end);
      window.clearTimeout(renew);
    };
  }, [expiry, dispatch, refresh]);
}
