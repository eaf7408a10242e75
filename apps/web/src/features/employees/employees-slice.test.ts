import { describe, expect, it } from 'vitest';
import {
  clearEmployees,
  defaultEmployeeViewState,
  employeesSlice,
  initializeEmployees,
  selectEmployee,
  setActiveTab,
} from './employees-slice';

const reduce = employeesSlice.reducer;
const initial = reduce(undefined, { type: 'init' });

describe('employees slice (SPEC §3, §4)', () => {
  it('starts with nobody selected and no view states', () => {
    expect(initial).toEqual({ selectedEmployeeId: null, viewStates: {} });
  });

  it('selecting an employee creates a default view state if none exists', () => {
    const state = reduce(initial, selectEmployee('a'));
    expect(state.selectedEmployeeId).toBe('a');
    expect(state.viewStates.a).toEqual(defaultEmployeeViewState());
    expect(state.viewStates.a?.activeTab).toBe('status');
  });

  it('keeps an existing view state when the employee is selected again', () => {
    let state = reduce(initial, selectEmployee('a'));
    state = reduce(state, setActiveTab({ employeeId: 'a', tab: 'devices' }));
    state = reduce(state, selectEmployee(null));
    expect(state.selectedEmployeeId).toBeNull();
    state = reduce(state, selectEmployee('a'));
    expect(state.viewStates.a?.activeTab).toBe('devices');
  });

  it('has the default flows: onboarding in create mode with personal info visible and delivery address disabled', () => {
    const { onboardingFlow, offboardingFlow, isOnboardingFlowActive, isOffboardingFlowActive } =
      defaultEmployeeViewState();
    expect(isOnboardingFlowActive).toBe(false);
    expect(isOffboardingFlowActive).toBe(false);
    expect(onboardingFlow.mode).toBe('create');
    expect(onboardingFlow.activeStep).toBe('personal-info');
    expect(onboardingFlow.steps['personal-info']).toMatchObject({ isVisible: true, isEnabled: true });
    expect(onboardingFlow.steps['delivery-address']).toMatchObject({ isEnabled: false });
    expect(onboardingFlow.collectedData.catalogDevices).toEqual([]);
    expect(offboardingFlow.activeStep).toBe('timing');
    expect(Object.keys(offboardingFlow.steps)).toEqual([
      'timing',
      'workspace-access',
      'software-access',
      'summary',
    ]);
  });

  it('bulk initialisation starts an onboarding flow for listed employees that have none', () => {
    let state = reduce(initial, selectEmployee('a'));
    state = reduce(state, setActiveTab({ employeeId: 'a', tab: 'personal-information' }));
    state = reduce(state, initializeEmployees(['a', 'b', 'c']));
    expect(state.viewStates.a?.activeTab).toBe('personal-information');
    expect(state.viewStates.a?.isOnboardingFlowActive).toBe(false);
    expect(state.viewStates.b?.isOnboardingFlowActive).toBe(true);
    expect(state.viewStates.c?.onboardingFlow.activeStep).toBe('personal-info');
  });

  it('clear resets all employee state', () => {
    let state = reduce(initial, selectEmployee('a'));
    state = reduce(state, initializeEmployees(['b']));
    expect(reduce(state, clearEmployees())).toEqual(initial);
  });
});
