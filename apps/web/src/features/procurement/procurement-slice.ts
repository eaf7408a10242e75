import { type OrderPurchaseType, OrderWizardStep } from '@equip/domain/procurement';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { z } from 'zod';
import { rootReducer } from '@/lib/store';

/**
 * The `procurement` client-state area (SPEC §2, §3): the order wizard's work — devices-selection →
 * delivery-address → summary. It lives here, not in the page, so leaving the wizard and coming back
 * loses nothing; finishing (the checkout sent) clears it.
 */
export type WizardStep = z.infer<typeof OrderWizardStep>;
export const WIZARD_STEPS = OrderWizardStep.options;
export type PurchaseType = z.infer<typeof OrderPurchaseType>;

/** One chosen catalog specification with how many, and what it costs (shown in the summary). */
export interface OrderLine {
  specificationUuid: string;
  label: string;
  description: string;
  quantity: number;
  priceCents: number;
  rentPriceCents: number | null;
  currency: string;
}

/** The address as typed (all text; checked per country before the summary is reachable). */
export interface AddressDraft {
  recipient: string;
  careOf: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

export const emptyAddress: AddressDraft = {
  recipient: '',
  careOf: '',
  address: '',
  city: '',
  postalCode: '',
  country: '',
};

export interface ProcurementState {
  activeStep: WizardStep;
  /** The steps left forward at least once: the step after each of them is accessible. */
  left: WizardStep[];
  purchaseType: PurchaseType;
  lines: OrderLine[];
  /** The employee the devices are for (none: the organisation's stock). */
  recipient: { uuid: string; name: string } | null;
  address: AddressDraft;
  /** Whom the address was filled in for (their saved address or their name), so a new recipient refills it. */
  addressFilledFor: string | null;
  /** The draft already made by a finish whose checkout failed: the next try sends it again. */
  draftUuid: string | null;
}

export const initialProcurementState: ProcurementState = {
  activeStep: 'devices-selection',
  left: [],
  purchaseType: 'one-time-purchase',
  lines: [],
  recipient: null,
  address: emptyAddress,
  addressFilledFor: null,
  draftUuid: null,
};

/** The state of a wizard step (SPEC §2: each step is enabled, accessible or completed). */
export interface WizardStepState {
  step: WizardStep;
  /** Its data can be used (every step before it has valid data). */
  isEnabled: boolean;
  /** It can be opened: the first step, or one whose previous step has been left. */
  isAccessible: boolean;
  /** It has been left forward and its data is valid. */
  isCompleted: boolean;
}

/**
 * The three steps' states from the work: `valid` says which steps' own data is complete (the delivery
 * address is checked per country by the page, with the domain's rule).
 */
export function wizardStepStates(
  state: Pick<ProcurementState, 'left'>,
  valid: Record<WizardStep, boolean>,
): WizardStepState[] {
  return WIZARD_STEPS.map((step, index) => {
    const previous = WIZARD_STEPS.slice(0, index);
    return {
      step,
      isEnabled: previous.every((before) => valid[before]),
      isAccessible: index === 0 || state.left.includes(WIZARD_STEPS[index - 1]!),
      isCompleted: state.left.includes(step) && valid[step],
    };
  });
}

export const procurementSlice = createSlice({
  name: 'procurement',
  initialState: initialProcurementState,
  reducers: {
    /** Goes to a step: forward marks the current one left (its next becomes accessible); back is allowed. */
    goToStep(state, action: PayloadAction<WizardStep>) {
      const from = WIZARD_STEPS.indexOf(state.activeStep);
      const to = WIZARD_STEPS.indexOf(action.payload);
      if (to > from)
        for (const step of WIZARD_STEPS.slice(from, to))
          if (!state.left.includes(step)) state.left.push(step);
      state.activeStep = action.payload;
    },
    setPurchaseType(state, action: PayloadAction<PurchaseType>) {
      state.purchaseType = action.payload;
      // A rented order holds only what can be rented.
      if (action.payload === 'rent') state.lines = state.lines.filter((line) => line.rentPriceCents !== null);
    },
    /** Adds one of a specification (one more when it is chosen already). */
    addLine(state, action: PayloadAction<Omit<OrderLine, 'quantity'>>) {
      const line = state.lines.find((l) => l.specificationUuid === action.payload.specificationUuid);
      if (line) line.quantity = Math.min(line.quantity + 1, 1000);
      else state.lines.push({ ...action.payload, quantity: 1 });
    },
    setQuantity(state, action: PayloadAction<{ specificationUuid: string; quantity: number }>) {
      const line = state.lines.find((l) => l.specificationUuid === action.payload.specificationUuid);
      if (line) line.quantity = Math.max(1, Math.min(1000, Math.trunc(action.payload.quantity) || 1));
    },
    removeLine(state, action: PayloadAction<string>) {
      state.lines = state.lines.filter((line) => line.specificationUuid !== action.payload);
    },
    setRecipient(state, action: PayloadAction<ProcurementState['recipient']>) {
      state.recipient = action.payload;
    },
    /** Fills the address for a recipient (their saved one, else their name), once per recipient. */
    fillAddress(state, action: PayloadAction<{ for: string; address: AddressDraft }>) {
      state.address = action.payload.address;
      state.addressFilledFor = action.payload.for;
    },
    setAddressField(state, action: PayloadAction<{ field: keyof AddressDraft; value: string }>) {
      state.address[action.payload.field] = action.payload.value;
    },
    setDraftUuid(state, action: PayloadAction<string | null>) {
      state.draftUuid = action.payload;
    },
    /** Finishing (or discarding) closes the flow and clears its work. */
    clearOrder() {
      return initialProcurementState;
    },
  },
  selectors: {
    selectOrder: (state) => state,
    selectOrderIsDirty: (state) => state.lines.length > 0 || state.recipient !== null,
  },
});

declare module '@/lib/store' {
  interface LazyLoadedSlices extends WithSlice<typeof procurementSlice> {}
}

const injected = procurementSlice.injectInto(rootReducer);

export const {
  goToStep,
  setPurchaseType,
  addLine,
  setQuantity,
  removeLine,
  setRecipient,
  fillAddress,
  setAddressField,
  setDraftUuid,
  clearOrder,
} = procurementSlice.actions;
export const { selectOrder, selectOrderIsDirty } = injected.selectors;
