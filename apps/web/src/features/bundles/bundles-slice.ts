import {
  type Application,
  type ApplicationSelection,
  type BundleMode,
  type BundleTab,
  type ManagementMode,
  type ManagementType,
  removeApplication,
  selectApplication,
} from '@equip/domain/bundles';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { z } from 'zod';
import { rootReducer } from '@/lib/store';

/**
 * The `bundles` client-state area (SPEC §2, §3): the open bundle, its mode and tab, and the applications
 * tab's search and management-mode filters. The open bundle and its tab follow the URL
 * (`/dashboard/bundles/<uuid>?tab=employees`, lib/record-url.ts): the screen dispatches what the URL says.
 */
/** An application chosen in the creation wizard, with how it is installed. */
export interface DraftApplication {
  application: Pick<Application, 'uuid' | 'name' | 'platforms'>;
  management: ManagementType;
}

/** A person chosen in the creation wizard. */
export interface DraftEmployee {
  uuid: string;
  name: string;
}

/** The creation wizard's work (SPEC §2): kept here, so leaving the wizard and coming back loses nothing. */
export interface BundleDraft {
  name: string;
  description: string;
  selection: ApplicationSelection<DraftApplication>;
  employees: DraftEmployee[];
}

export const emptyDraft: BundleDraft = {
  name: '',
  description: '',
  selection: { applications: [], fromSuggestion: false, suggestedSetChanged: false },
  employees: [],
};

export interface BundlesState {
  draft: BundleDraft;
  selectedBundleId: string | null;
  mode: z.infer<typeof BundleMode>;
  tab: BundleTab;
  applicationsSearch: string;
  applicationModes: ManagementMode[];
}

export const initialBundlesState: BundlesState = {
  draft: emptyDraft,
  selectedBundleId: null,
  mode: 'view',
  tab: 'applications',
  applicationsSearch: '',
  applicationModes: [],
};

export const bundlesSlice = createSlice({
  name: 'bundles',
  initialState: initialBundlesState,
  reducers: {
    /** Opens a bundle in view mode (null: the list); another bundle starts without filters. */
    selectBundle(state, action: PayloadAction<string | null>) {
      if (action.payload !== state.selectedBundleId) {
        state.applicationsSearch = '';
        state.applicationModes = [];
      }
      state.selectedBundleId = action.payload;
      state.mode = 'view';
    },
    setTab(state, action: PayloadAction<BundleTab>) {
      state.tab = action.payload;
    },
    setApplicationsSearch(state, action: PayloadAction<string>) {
      state.applicationsSearch = action.payload;
    },
    setApplicationModes(state, action: PayloadAction<ManagementMode[]>) {
      state.applicationModes = action.payload;
    },
    clearApplicationFilters(state) {
      state.applicationsSearch = '';
      state.applicationModes = [];
    },
    setDraftName(state, action: PayloadAction<string>) {
      state.draft.name = action.payload;
    },
    setDraftDescription(state, action: PayloadAction<string>) {
      state.draft.description = action.payload;
    },
    /** Adds an application, or updates it in place when it is already chosen (SPEC §4). */
    chooseDraftApplication(state, action: PayloadAction<DraftApplication>) {
      state.draft.selection = selectApplication(state.draft.selection, action.payload);
    },
    removeDraftApplication(state, action: PayloadAction<string>) {
      state.draft.selection = removeApplication(state.draft.selection, action.payload);
    },
    toggleDraftEmployee(state, action: PayloadAction<DraftEmployee>) {
      const chosen = state.draft.employees.some((e) => e.uuid === action.payload.uuid);
      state.draft.employees = chosen
        ? state.draft.employees.filter((e) => e.uuid !== action.payload.uuid)
        : [...state.draft.employees, action.payload];
    },
    /** Adds people not chosen yet (a whole department), leaving the chosen ones as they are. */
    addDraftEmployees(state, action: PayloadAction<DraftEmployee[]>) {
      const chosen = new Set(state.draft.employees.map((e) => e.uuid));
      state.draft.employees = [
        ...state.draft.employees,
        ...action.payload.filter((person) => !chosen.has(person.uuid)),
      ];
    },
    clearDraft(state) {
      state.draft = emptyDraft;
    },
  },
  selectors: {
    selectSelectedBundleId: (state) => state.selectedBundleId,
    selectBundleTab: (state) => state.tab,
    selectApplicationsSearch: (state) => state.applicationsSearch,
    selectApplicationModes: (state) => state.applicationModes,
    selectDraft: (state) => state.draft,
    /** The wizard holds work that would be lost (closing the tab asks first). */
    selectDraftIsDirty: (state) =>
      state.draft.name.trim() !== '' ||
      state.draft.description.trim() !== '' ||
      state.draft.selection.applications.length > 0 ||
      state.draft.employees.length > 0,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof bundlesSlice> {}
}

const injected = bundlesSlice.injectInto(rootReducer);

export const {
  selectBundle,
  setTab,
  setApplicationsSearch,
  setApplicationModes,
  clearApplicationFilters,
  setDraftName,
  setDraftDescription,
  chooseDraftApplication,
  removeDraftApplication,
  toggleDraftEmployee,
  addDraftEmployees,
  clearDraft,
} = bundlesSlice.actions;
export const {
  selectSelectedBundleId,
  selectBundleTab,
  selectApplicationsSearch,
  selectApplicationModes,
  selectDraft,
  selectDraftIsDirty,
} = injected.selectors;
