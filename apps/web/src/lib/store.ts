import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';

/**
 * Slices of the client-state areas (SPEC §3: dashboard, employees, devices, login …) are injected
 * by the code that owns them, so each area's reducer ships with its route chunk. To add one:
 *
 * ```ts
 * declare module '@/lib/store' {
 *   interface LazyLoadedSlices extends WithSlice<typeof employeesSlice> {}
 * }
 * const injected = employeesSlice.injectInto(rootReducer);
 * useAppSelector(injected.selectors.selectSelectedEmployeeId);
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by module augmentation in each area.
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices().withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
