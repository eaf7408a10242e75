import type { LoginFormState } from '@equip/domain/identity';
import type { WithSlice } from '@reduxjs/toolkit';
import type { UnknownAction } from 'redux';
import { type RootState, rootReducer } from '@/lib/store';

/**
 * The `login` client-state area (SPEC §3, §4): the sign-in form. The password is held only while it
 * is typed; submitting clears it (it is encrypted and sent, never kept).
 *
 * Plain Redux where the other areas are Toolkit slices: this is the one area the sign-in page needs
 * before its form can be used, and Toolkit would bring Immer with it (issue 9).
 */
export type LoginState = LoginFormState;

export const initialLoginState: LoginState = {
  email: '',
  password: '',
  showMfaForm: false,
  tokenExpireTimestamp: null,
};

type LoginAction =
  | { type: 'login/setEmail'; payload: string }
  | { type: 'login/setPassword'; payload: string }
  | { type: 'login/clearPassword' }
  | { type: 'login/showMfaForm'; payload: { tokenExpireTimestamp: number } }
  | { type: 'login/clearLoginForm' };

export const setEmail = (email: string): LoginAction => ({ type: 'login/setEmail', payload: email });
export const setPassword = (password: string): LoginAction => ({
  type: 'login/setPassword',
  payload: password,
});
/** The password has been taken for sending: it does not stay in the store. */
export const clearPassword = (): LoginAction => ({ type: 'login/clearPassword' });
/** The password was right and a second factor is needed; the challenge expires at the timestamp. */
export const showMfaForm = (payload: { tokenExpireTimestamp: number }): LoginAction => ({
  type: 'login/showMfaForm',
  payload,
});
/** Back to an empty form (after signing in, on "start over", on leaving the page). */
export const clearLoginForm = (): LoginAction => ({ type: 'login/clearLoginForm' });

function loginReducer(state: LoginState = initialLoginState, unknownAction: UnknownAction): LoginState {
  const action = unknownAction as LoginAction;
  switch (action.type) {
    case 'login/setEmail':
      return { ...state, email: action.payload };
    case 'login/setPassword':
      return { ...state, password: action.payload };
    case 'login/clearPassword':
      return { ...state, password: '' };
    case 'login/showMfaForm':
      return {
        ...state,
        password: '',
        showMfaForm: true,
        tokenExpireTimestamp: action.payload.tokenExpireTimestamp,
      };
    case 'login/clearLoginForm':
      return initialLoginState;
    default:
      return state;
  }
}

export const loginSlice = { reducerPath: 'login', reducer: loginReducer } as const;

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof loginSlice> {}
}

rootReducer.inject(loginSlice);

/** The area's state: its initial state until the first action after injection has run. */
const selectLogin = (state: RootState): LoginState => state.login ?? initialLoginState;

export const selectLoginEmail = (state: RootState) => selectLogin(state).email;
export const selectLoginPassword = (state: RootState) => selectLogin(state).password;
export const selectShowMfaForm = (state: RootState) => selectLogin(state).showMfaForm;
export const selectTokenExpireTimestamp = (state: RootState) => selectLogin(state).tokenExpireTimestamp;

/** How long a sign-in challenge (between password and second factor) stays valid on the server. */
export const MFA_CHALLENGE_TTL_MS = 10 * 60 * 1000;
