import type { EmployeeDetailTab } from '@equip/domain/employees';
import type { FlowMode, FlowStepState, OffboardingStep, OnboardingStep } from '@equip/domain/flows';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/lib/store';

/** A wizard's state (SPEC §3 "Flow state"); the onboarding and offboarding issues drive it. */
export interface FlowState<Step extends string, Data> {
  activeStep: Step;
  steps: Record<Step, FlowStepState>;
  collectedData: Data;
  mode: FlowMode;
}

export interface OnboardingCollectedData {
  catalogDevices: unknown[];
  personalInfo?: Record<string, unknown>;
}
export interface OnboardingFlowState extends FlowState<OnboardingStep, OnboardingCollectedData> {
  onboardingUuid?: string;
}
export type OffboardingCollectedData = Record<string, unknown>;
export interface OffboardingFlowState extends FlowState<OffboardingStep, OffboardingCollectedData> {
  offboardingUuid?: string;
}

/** What the detail view of one employee shows (SPEC §3 "Employee view state"). */
export interface EmployeeViewState {
  activeTab: EmployeeDetailTab;
  isOnboardingFlowActive: boolean;
  isOnboardingFlowJustFinished: boolean;
  onboardingFlow: OnboardingFlowState;
  isOffboardingFlowActive: boolean;
  isOffboardingFlowJustFinished: boolean;
  offboardingFlow: OffboardingFlowState;
}

export interface EmployeesState {
  selectedEmployeeId: string | null;
  viewStates: Record<string, EmployeeViewState>;
}

const step = (isEnabled: boolean, isVisible: boolean): FlowStepState => ({
  isEnabled,
  isVisible,
  isCompleted: false,
});

/** SPEC §4: a new onboarding starts in create mode with personal info visible and delivery address disabled. */
export function initialOnboardingFlow(): OnboardingFlowState {
  return {
    activeStep: 'personal-info',
    mode: 'create',
    steps: {
      'personal-info': step(true, true),
      'devices-assignment': step(true, false),
      'delivery-address': step(false, false),
      timeline: step(true, false),
    },
    collectedData: { catalogDevices: [] },
  };
}

export function initialOffboardingFlow(): OffboardingFlowState {
  return {
    activeStep: 'timing',
    mode: 'create',
    steps: {
      timing: step(true, true),
      'workspace-access': step(true, false),
      'software-access': step(true, false),
      summary: step(true, false),
    },
    collectedData: {},
  };
}

export function defaultEmployeeViewState(): EmployeeViewState {
  return {
    activeTab: 'status',
    isOnboardingFlowActive: false,
    isOnboardingFlowJustFinished: false,
    onboardingFlow: initialOnboardingFlow(),
    isOffboardingFlowActive: false,
    isOffboardingFlowJustFinished: false,
    offboardingFlow: initialOffboardingFlow(),
  };
}

const initialState: EmployeesState = { selectedEmployeeId: null, viewStates: {} };

export const employeesSlice = createSlice({
  name: 'employees',
  initialState,
  reducers: {
    /** Opens an employee's detail (null closes it); a first visit creates their default view state. */
    selectEmployee(state, action: PayloadAction<string | null>) {
      const id = action.payload;
      state.selectedEmployeeId = id;
      if (id !== null && !state.viewStates[id]) state.viewStates[id] = defaultEmployeeViewState();
    },
    setActiveTab(state, action: PayloadAction<{ employeeId: string; tab: EmployeeDetailTab }>) {
      const { employeeId, tab } = action.payload;
      state.viewStates[employeeId] ??= defaultEmployeeViewState();
      state.viewStates[employeeId].activeTab = tab;
    },
    /** SPEC §4: starts an onboarding flow for each listed employee that has no view state yet. */
    initializeEmployees(state, action: PayloadAction<readonly string[]>) {
      for (const id of action.payload) {
        if (state.viewStates[id]) continue;
        state.viewStates[id] = { ...defaultEmployeeViewState(), isOnboardingFlowActive: true };
      }
    },
    /** Resets all employee state. */
    clearEmployees: () => initialState,
  },
  selectors: {
    selectSelectedEmployeeId: (state) => state.selectedEmployeeId,
    selectEmployeeViewState: (state, employeeId: string): EmployeeViewState | undefined =>
      state.viewStates[employeeId],
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof employeesSlice> {}
}

const injected = employeesSlice.injectInto(rootReducer);

export const { selectEmployee, setActiveTab, initializeEmployees, clearEmployees } = employeesSlice.actions;
export const { selectSelectedEmployeeId, selectEmployeeViewState } = injected.selectors;
