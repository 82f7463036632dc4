import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, type PersistConfig } from 'redux-persist';
// The es build: the lib build gives a blank page in a Vite production bundle (DESIGN 8).
import storage from 'redux-persist/es/storage';
import { LIMITS } from '@beach/domain/constants';
import { authReducer } from '../features/auth/auth-slice';
import { userReducer } from '../features/auth/user-slice';
import { licenseReducer } from '../features/license/license-slice';
import { api } from './api';
import type { ReadSource } from './served-reads';

const rootReducer = combineReducers({
  auth: authReducer,
  user: userReducer,
  license: licenseReducer,
  [api.reducerPath]: api.reducer,
});

type RootReducerState = ReturnType<typeof rootReducer>;

/** auth, user and license survive a reload; the API cache does not (SPEC 4, Persistence). */
export const persistConfig: PersistConfig<RootReducerState> = {
  key: 'beach-portal',
  version: LIMITS.storageVersion,
  storage,
  timeout: LIMITS.rehydrateTimeoutMs,
  whitelist: ['auth', 'user', 'license'],
};

/** `reads`: answers the HTTP layer takes before the network (a served page's, decision 0067). */
export function makeStore(extra: { reads?: ReadSource | null } = {}) {
  return configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
