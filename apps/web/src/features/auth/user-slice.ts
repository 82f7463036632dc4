import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserProfile } from '@beach/domain';
import { sessionCleared, sessionStarted } from '../../app/session-actions';
import type { AuthState } from './auth-slice';
import { authSlice } from './auth-slice';

export interface UserState {
  user: UserProfile | null;
  selectedProgramId: number | null;
}

const initialState: UserState = { user: null, selectedProgramId: null };

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
    /**
     * A fresher copy of the signed-in user (the current-user poll), made by refreshUser (start-session.ts) with the
     * program to choose if none is chosen yet. Ignored once signed out or for another user.
     */
    userRefreshed(state, action: PayloadAction<{ user: UserProfile; programId: number | null }>) {
      const { user, programId } = action.payload;
      if (!state.user || state.user.user_id !== user.user_id) return;
      state.user = user;
      if (state.selectedProgramId === null) state.selectedProgramId = programId;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (_state, { payload }) => ({
        user: payload.user,
        selectedProgramId: payload.programId,
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
