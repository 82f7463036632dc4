import { createSlice } from '@reduxjs/toolkit';
import { LIMITS } from '@beach/domain/constants';

export interface LicenseState {
  /** When the accepted data license lapses, in ms since the epoch; null when never accepted. */
  expiry: number | null;
}

const initialState: LicenseState = { expiry: null };

export const licenseSlice = createSlice({
  name: 'license',
  initialState,
  reducers: {
    /** Accepting the license keeps it valid for LIMITS.licenseMs (4 hours) from now. */
    extend: {
      reducer(state, action: { payload: number }) {
        state.expiry = action.payload + LIMITS.licenseMs;
      },
      prepare(now: number = Date.now()) {
        return { payload: now };
      },
    },
  },
});

export const { extend } = licenseSlice.actions;
export const licenseReducer = licenseSlice.reducer;

/** No expiry or a past one: the license counts as expired (SPEC 4). */
export const selectIsLicenseValid = (state: { license: LicenseState }, now: number = Date.now()) =>
  state.license.expiry !== null && state.license.expiry > now;
