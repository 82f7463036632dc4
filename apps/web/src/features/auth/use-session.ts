import { useEffect } from 'react';
import { LIMITS } from '@beach/domain';
import { endSession } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetCurrentUserQuery } from './api';
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

/** Ends the session when the token's expiry passes, without waiting for the server to refuse it. */
export function useSessionExpiryWatch() {
  const expiry = useAppSelector(selectSessionExpiry);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (expiry === null) return;
    const delay = expiry - Date.now();
    if (delay > MAX_TIMER_MS) return;
    const timer = window.setTimeout(() => dispatch(endSession()), Math.max(delay, 0));
    return () => window.clearTimeout(timer);
  }, [expiry, dispatch]);
}
