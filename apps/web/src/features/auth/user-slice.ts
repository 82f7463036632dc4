import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { autoSelectedProgram, type UserProfile } from '@beach/domain';
import { sessionCleared, sessionStarted } from '../../app/session-actions';
import type { AuthState } from './auth-slice';
import { authSlice } from './auth-slice';

export interface UserState {
  user: UserProfile | null;
  selectedProgramId: number | null;
}

const initialState: UserState = { user: null, selectedProgramId: null };

/**
 * The program chosen for the user at sign-in (SPEC 2 and 4): the organization's only program, or else the
 * user's only accessible program (an organization with two programs whose user may use just one of them).
 * Otherwise none: the selector asks.
 */
export function initialProgram(user: UserProfile): number | null {
  const programs = user.organization?.programs ?? [];
  if (programs.length === 1) return programs[0]?.program_id ?? null;
  return autoSelectedProgram(user)?.program_id ?? null;
}

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    setSelectedProgram(state, action: PayloadAction<number | null>) {
      state.selectedProgramId = action.payload;
    },
    clearSelectedProgram(state) {
      state.selectedProgramId = null;
    },
    /** A fresher copy of the signed-in user (the current-user poll). Ignored once signed out or for another user. */
    userRefreshed(state, action: PayloadAction<UserProfile>) {
      if (!state.user || state.user.user_id !== action.payload.user_id) return;
      state.user = action.payload;
      if (state.selectedProgramId === null) state.selectedProgramId = initialProgram(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (_state, { payload }) => ({
        user: payload.user,
        selectedProgramId: initialProgram(payload.user),
      }))
      .addCase(authSlice.actions.passwordChanged, (state) => {
        if (state.user) state.user.force_password_reset = false;
      })
      .addCase(sessionCleared, () => initialState);
  },
});

export const { setSelectedProgram, clearSelectedProgram, userRefreshed } = userSlice.actions;
export const userReducer = userSlice.reducer;

type WithUser = { user: UserState };

export const selectUser = (state: WithUser) => state.user.user;
export const selectSelectedProgramId = (state: WithUser) => state.user.selectedProgramId;

/** Forced password change: the login said so, or the user record is flagged. */
export const selectMustChangePassword = (state: WithUser & { auth: AuthState }) =>
  state.auth.forcePasswordChange || Boolean(state.user.user?.force_password_reset);
