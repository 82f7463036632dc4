import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionCleared, sessionStarted } from '../../app/session-actions';
import { readTokenExpiry } from './jwt';

export interface AuthState {
  jwt: string | null;
  /** When the token stops being valid, in ms since the epoch (the token's exp claim * 1000). */
  expiry: number | null;
  forcePasswordChange: boolean;
}

const initialState: AuthState = { jwt: null, expiry: null, forcePasswordChange: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.jwt = action.payload;
      state.expiry = readTokenExpiry(action.payload);
    },
    passwordChanged(state) {
      state.forcePasswordChange = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (_state, { payload }) => ({
        jwt: payload.token,
        expiry: readTokenExpiry(payload.token),
        forcePasswordChange: payload.forcePasswordChange,
      }))
      .addCase(sessionCleared, () => initialState);
  },
});

export const { tokenRefreshed, passwordChanged } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };

export const selectJwt = (state: WithAuth) => state.auth.jwt;
export const selectSessionExpiry = (state: WithAuth) => state.auth.expiry;

/** A session is valid only if an expiry exists and has not passed (SPEC 4). */
export function isSessionValid(auth: AuthState, now: number = Date.now()): boolean {
  return auth.jwt !== null && auth.expiry !== null && auth.expiry > now;
}

export const selectIsLoggedIn = (state: WithAuth, now: number = Date.now()) => isSessionValid(state.auth, now);
