import type { LoginFormState } from '@equip/domain/identity';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

/**
 * The `login` client-state area (SPEC §3, §4): the sign-in form. The password is held only while it
 * is typed; submitting clears it (it is encrypted and sent, never kept).
 */
export type LoginState = LoginFormState;

export const initialLoginState: LoginState = {
  email: '',
  password: '',
  showMfaForm: false,
  tokenExpireTimestamp: null,
};

export const loginSlice = createSlice({
  name: 'login',
  initialState: initialLoginState,
  reducers: {
    setEmail(state, action: PayloadAction<string>) {
      state.email = action.payload;
    },
    setPassword(state, action: PayloadAction<string>) {
      state.password = action.payload;
    },
    /** The password has been taken for sending: it does not stay in the store. */
    clearPassword(state) {
      state.password = '';
    },
    /** The password was right and a second factor is needed; the challenge expires at the timestamp. */
    showMfaForm(state, action: PayloadAction<{ tokenExpireTimestamp: number }>) {
      state.password = '';
      state.showMfaForm = true;
      state.tokenExpireTimestamp = action.payload.tokenExpireTimestamp;
    },
    /** Back to an empty form (after signing in, on "start over", on leaving the page). */
    clearLoginForm() {
      return initialLoginState;
    },
  },
  selectors: {
    selectLoginEmail: (state) => state.email,
    selectLoginPassword: (state) => state.password,
    selectShowMfaForm: (state) => state.showMfaForm,
    selectTokenExpireTimestamp: (state) => state.tokenExpireTimestamp,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof loginSlice> {}
}

const injected = loginSlice.injectInto(rootReducer);

export const { setEmail, setPassword, clearPassword, showMfaForm, clearLoginForm } = loginSlice.actions;
export const { selectLoginEmail, selectLoginPassword, selectShowMfaForm, selectTokenExpireTimestamp } =
  injected.selectors;

/** How long a sign-in challenge (between password and second factor) stays valid on the server. */
export const MFA_CHALLENGE_TTL_MS = 10 * 60 * 1000;
