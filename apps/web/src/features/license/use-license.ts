import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import { extend, selectIsLicenseValid, type LicenseState } from './license-slice';

/**
 * The data license as a download needs it: whether it is valid right now (read at the moment of asking,
 * not at render, since it lapses with time) and accepting it (4 more hours, persisted with the store).
 */
export function useLicense() {
  const store = useStore<{ license: LicenseState }>();
  const dispatch = useAppDispatch();
  const isValid = useCallback(() => selectIsLicenseValid(store.getState(), Date.now()), [store]);
  const accept = useCallback(() => dispatch(extend(Date.now())), [dispatch]);
  return { isValid, accept };
}
