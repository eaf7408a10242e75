import type { EnrollmentFlow, EnrollmentFormStep } from '@equip/domain/devices';
import type { EnrollmentSession, RegisteredEnrollmentDevice } from '@equip/domain/enrollment';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

export type EnrollmentStep = (typeof EnrollmentFormStep.options)[number];

/**
 * The `enrollment` client-state area (SPEC §3): the form step of /start, the email, the detected flow,
 * when the enrolment session expires and the MFA login response (access token, organisation name and
 * icon, the person's first name); then the registered device with its one-time agent token, which the
 * Finish step shows once (it lives in memory only).
 */
export interface EnrollmentState {
  step: EnrollmentStep;
  email: string;
  enrollmentFlow: EnrollmentFlow;
  tokenExpiryTime: number | null;
  mfaLoginResponse: Omit<EnrollmentSession, 'tokenExpiryTime'> | null;
  device: RegisteredEnrollmentDevice | null;
}

export const initialEnrollmentState: EnrollmentState = {
  step: 'Email',
  email: '',
  enrollmentFlow: 'WEB_UNKNOWN',
  tokenExpiryTime: null,
  mfaLoginResponse: null,
  device: null,
};

export const enrollmentSlice = createSlice({
  name: 'enrollment',
  initialState: initialEnrollmentState,
  reducers: {
    /** The flow the browser was detected as (on opening /start). */
    setEnrollmentFlow(state, action: PayloadAction<EnrollmentFlow>) {
      state.enrollmentFlow = action.payload;
    },
    /** A code was mailed: the OTP form follows. */
    codeRequested(state, action: PayloadAction<string>) {
      state.email = action.payload;
      state.step = 'OTP';
    },
    /** The code was right: the session is kept and the Success step shows whom the person enrols for. */
    codeVerified(state, action: PayloadAction<EnrollmentSession>) {
      const { tokenExpiryTime, ...response } = action.payload;
      state.tokenExpiryTime = tokenExpiryTime;
      state.mfaLoginResponse = response;
      state.step = 'Success';
    },
    deviceRegistered(state, action: PayloadAction<RegisteredEnrollmentDevice>) {
      state.device = action.payload;
      state.step = 'Finish';
    },
    deviceNotRecognised(state) {
      state.step = 'DeviceNotRecognised';
    },
    /** Back to the email form (another address, an expired session); the flow stays. */
    startOver: (state) => ({ ...initialEnrollmentState, enrollmentFlow: state.enrollmentFlow }),
  },
  selectors: {
    selectEnrollment: (state) => state,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof enrollmentSlice> {}
}

const injected = enrollmentSlice.injectInto(rootReducer);

export const {
  setEnrollmentFlow,
  codeRequested,
  codeVerified,
  deviceRegistered,
  deviceNotRecognised,
  startOver,
} = enrollmentSlice.actions;
export const { selectEnrollment } = injected.selectors;
