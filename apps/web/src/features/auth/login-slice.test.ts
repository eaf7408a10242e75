import { describe, expect, it } from 'vitest';
import { createStore } from '@/lib/store';
import {
  clearLoginForm,
  clearPassword,
  initialLoginState,
  loginSlice,
  selectShowMfaForm,
  setEmail,
  setPassword,
  showMfaForm,
} from './login-slice';

describe('login slice', () => {
  it('holds exactly the SPEC §3 login form state', () => {
    expect(initialLoginState).toEqual({
      email: '',
      password: '',
      showMfaForm: false,
      tokenExpireTimestamp: null,
    });
  });

  it('shows the MFA form with the expiry and drops the password', () => {
    let state = loginSlice.reducer(undefined, setEmail('ada@acme.example'));
    state = loginSlice.reducer(state, setPassword('secret-password'));
    state = loginSlice.reducer(state, showMfaForm({ tokenExpireTimestamp: 1_700_000_600_000 }));
    expect(state).toEqual({
      email: 'ada@acme.example',
      password: '',
      showMfaForm: true,
      tokenExpireTimestamp: 1_700_000_600_000,
    });
  });

  it('clears the password alone, or the whole form', () => {
    let state = loginSlice.reducer(undefined, setEmail('ada@acme.example'));
    state = loginSlice.reducer(state, setPassword('secret-password'));
    expect(loginSlice.reducer(state, clearPassword())).toMatchObject({
      email: 'ada@acme.example',
      password: '',
    });
    state = loginSlice.reducer(state, showMfaForm({ tokenExpireTimestamp: 1 }));
    expect(loginSlice.reducer(state, clearLoginForm())).toEqual(initialLoginState);
  });

  it('is injected into the root reducer under `login`', () => {
    const store = createStore();
    store.dispatch(showMfaForm({ tokenExpireTimestamp: 5 }));
    expect(selectShowMfaForm(store.getState())).toBe(true);
    expect(store.getState().login).toMatchObject({ showMfaForm: true, tokenExpireTimestamp: 5 });
  });
});
