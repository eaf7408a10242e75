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

/** Where /start keeps its progress in this tab, so that a reload does not start over. */
export const ENROLLMENT_STORAGE_KEY = 'equip:enrollment';

/** The steps a reload comes back to; at Finish, the one before it (see `keptEnrollment`). */
const RESUMABLE: readonly EnrollmentStep[] = ['OTP', 'Success', 'DeviceNotRecognised', 'Finish'];

/**
 * What a reload of /start keeps (sessionStorage: this tab only, gone when it closes): the step, the
 * email and the enrolment session until it expires. Never the registered device's one-time agent token:
 * a reload at Finish comes back to the device step, where registering again reuses the device and
 * answers a fresh token. Null when there is nothing worth keeping.
 */
export function keptEnrollment(state: EnrollmentState): Omit<EnrollmentState, 'device'> | null {
  if (!RESUMABLE.includes(state.step)) return null;
  const { device: _oneTimeToken, ...kept } = state;
  return { ...kept, step: state.step === 'Finish' ? 'Success' : state.step };
}

/** The progress kept by `keptEnrollment`, if its session has not expired (`now`); else a fresh start. */
export function restoredEnrollment(
  now = Date.now(),
  storage: Storage | undefined = globalThis.sessionStorage,
): EnrollmentState {
  try {
    const raw = storage?.getItem(ENROLLMENT_STORAGE_KEY);
    if (!raw) return initialEnrollmentState;
    const kept = JSON.parse(raw) as Omit<EnrollmentState, 'device'>;
    const live = kept.step === 'OTP' || (kept.tokenExpiryTime !== null && kept.tokenExpiryTime > now);
    if (!RESUMABLE.includes(kept.step) || typeof kept.email !== 'string' || !live)
      return initialEnrollmentState;
    return { ...initialEnrollmentState, ...kept, device: null };
  } catch {
    return initialEnrollmentState;
  }
}

/** Keeps the progress for a reload (or forgets it at the first step). */
export function saveEnrollment(
  state: EnrollmentState,
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    const kept = keptEnrollment(state);
    if (kept) storage?.setItem(ENROLLMENT_STORAGE_KEY, JSON.stringify(kept));
    else storage?.removeItem(ENROLLMENT_STORAGE_KEY);
  } catch {
    // Storage disabled: a reload starts over, as before.
  }
}

export const enrollmentSlice = createSlice({
  name: 'enrollment',
  initialState: () => restoredEnrollment(),
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
