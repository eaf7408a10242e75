import { useDispatch, useSelector, useStore } from 'react-redux';
import {
  combineReducers,
  legacy_createStore as createReduxStore,
  type Reducer,
  type StoreEnhancer,
  type UnknownAction,
} from 'redux';

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
 *
 * The areas are Redux Toolkit slices; the store itself is Redux's core (what Toolkit's `configureStore`
 * and `combineSlices` build on, less thunks, which nothing dispatches). The store is part of the
 * sign-in page's first load, and whatever of Toolkit the app uses anywhere (`createSlice`, and with it
 * Immer) would come along with the first import of it (issue 9).
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by module augmentation in each area.
export interface LazyLoadedSlices {}

/** An area's state is there once its slice has been injected and an action has run since. */
export type RootState = Partial<LazyLoadedSlices>;

const reducers: Record<string, Reducer> = {};
let combined: Reducer<RootState> = (state = {}) => state;

function reduceRoot(state: RootState | undefined, action: UnknownAction): RootState {
  return combined(state, action);
}

/** The root reducer; `slice.injectInto(rootReducer)` adds an area's reducer (once per path). */
export const rootReducer = Object.assign(reduceRoot, {
  inject({ reducerPath, reducer }: { reducerPath: string; reducer: Reducer }) {
    if (reducers[reducerPath] === reducer) return;
    reducers[reducerPath] = reducer;
    combined = combineReducers(reducers) as Reducer<RootState>;
  },
});

declare global {
  interface Window {
    __REDUX_DEVTOOLS_EXTENSION__?: () => StoreEnhancer;
  }
}

export function createStore(preloadedState?: RootState) {
  const devtools = import.meta.env.DEV ? window.__REDUX_DEVTOOLS_EXTENSION__?.() : undefined;
  return createReduxStore(reduceRoot, preloadedState, devtools);
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
