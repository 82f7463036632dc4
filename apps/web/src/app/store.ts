import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/auth-slice';
import { userSlice } from '../features/auth/user-slice';
import { licenseSlice } from '../features/license/license-slice';
import { api } from './api';
import { browserStorage, readSaved, saveChanges } from './persistence';
import type { ReadSource } from './served-reads';

/**
 * The store's reducer, made with the first store and not when this module loads: combining reducers runs each of
 * them (Redux checks their shape), which made the task that evaluates the app's modules longer on a phone (decision
 * 0048). Made once: the server makes a store for every page it renders.
 */
let combined: ReturnType<typeof combine> | undefined;
const combine = () =>
  combineReducers({
    auth: authSlice.reducer,
    user: userSlice.reducer,
    license: licenseSlice.reducer,
    [api.reducerPath]: api.reducer,
  });
const rootReducer = () => (combined ??= combine());

/**
 * `reads`: answers the HTTP layer takes before the network (a served page's, decision 0067). In the browser the
 * store starts from the saved auth, user and license state and saves theirs as they change (persistence.ts); on
 * the server it does neither.
 */
export function makeStore(extra: { reads?: ReadSource | null } = {}) {
  const storage = browserStorage();
  const initial = {
    auth: authSlice.getInitialState(),
    user: userSlice.getInitialState(),
    license: licenseSlice.getInitialState(),
  };
  const store = configureStore({
    reducer: rootReducer(),
    preloadedState: readSaved(storage, initial),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
  if (storage) saveChanges(store, storage);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
