import { describe, expect, it } from 'vitest';
import { addressErrors } from './lib/address-errors';
import {
  addLine,
  clearOrder,
  emptyAddress,
  goToStep,
  initialProcurementState,
  procurementSlice,
  removeLine,
  setPurchaseType,
  setQuantity,
  wizardStepStates,
} from './procurement-slice';

const reduce = procurementSlice.reducer;
const apply = (...actions: Parameters<typeof reduce>[1][]) => actions.reduce(reduce, initialProcurementState);
const line = (uuid: string, rentPriceCents: number | null = 4_900) => ({
  specificationUuid: uuid,
  label: `Laptop ${uuid}`,
  description: 'M3 · 16 GB',
  priceCents: 129_900,
  rentPriceCents,
  currency: 'EUR',
});
const allValid = { 'devices-selection': true, 'delivery-address': true, summary: true };
const states = (state: typeof initialProcurementState, valid = allValid) =>
  Object.fromEntries(
    wizardStepStates(state, valid).map((s) => [
      s.step,
      [s.isEnabled && 'enabled', s.isAccessible && 'accessible', s.isCompleted && 'completed']
        .filter(Boolean)
        .join(' '),
    ]),
  );

describe('the procurement slice: the order wizard (SPEC §2)', () => {
  it('opens on devices-selection with only that step accessible', () => {
    expect(initialProcurementState.activeStep).toBe('devices-selection');
    expect(states(initialProcurementState, { ...allValid, 'devices-selection': false })).toEqual({
      'devices-selection': 'enabled accessible',
      'delivery-address': '',
      summary: '',
    });
  });

  it('makes the next step accessible once the previous one is left, and completes what was left valid', () => {
    const left = apply(addLine(line('a')), goToStep('delivery-address'));
    expect(left.activeStep).toBe('delivery-address');
    expect(left.left).toEqual(['devices-selection']);
    expect(states(left, { ...allValid, 'delivery-address': false })).toEqual({
      'devices-selection': 'enabled accessible completed',
      'delivery-address': 'enabled accessible',
      summary: '',
    });
    const atSummary = apply(addLine(line('a')), goToStep('delivery-address'), goToStep('summary'));
    expect(states(atSummary)).toEqual({
      'devices-selection': 'enabled accessible completed',
      'delivery-address': 'enabled accessible completed',
      summary: 'enabled accessible',
    });
  });

  it('goes back without losing anything, and disables the later steps when an earlier one is no longer valid', () => {
    const back = apply(
      addLine(line('a')),
      goToStep('delivery-address'),
      goToStep('summary'),
      goToStep('devices-selection'),
    );
    expect(back.activeStep).toBe('devices-selection');
    expect(back.lines).toHaveLength(1);
    expect(states(back).summary).toBe('enabled accessible');
    expect(states(back, { ...allValid, 'devices-selection': false })).toEqual({
      'devices-selection': 'enabled accessible',
      'delivery-address': 'accessible completed',
      summary: 'accessible',
    });
  });

  it('adds one more of a chosen configuration, keeps quantities between 1 and 1000, removes', () => {
    const state = apply(addLine(line('a')), addLine(line('b')), addLine(line('a')));
    expect(state.lines.map((l) => [l.specificationUuid, l.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(reduce(state, setQuantity({ specificationUuid: 'a', quantity: 0 })).lines[0]!.quantity).toBe(1);
    expect(reduce(state, setQuantity({ specificationUuid: 'a', quantity: 5000 })).lines[0]!.quantity).toBe(
      1000,
    );
    expect(reduce(state, removeLine('a')).lines.map((l) => l.specificationUuid)).toEqual(['b']);
  });

  it('renting keeps only what can be rented', () => {
    const state = apply(addLine(line('a')), addLine(line('b', null)), setPurchaseType('rent'));
    expect(state.purchaseType).toBe('rent');
    expect(state.lines.map((l) => l.specificationUuid)).toEqual(['a']);
  });

  it('finishing clears the flow', () => {
    expect(apply(addLine(line('a')), goToStep('delivery-address'), clearOrder())).toEqual(
      initialProcurementState,
    );
  });
});

describe('delivery address checks (the domain rule, per country)', () => {
  const address = { ...emptyAddress, recipient: 'Olga', address: 'Torstraße 49', city: 'Berlin' };
  it('asks for the required fields', () => {
    expect(Object.keys(addressErrors(emptyAddress)).sort()).toEqual([
      'address',
      'city',
      'country',
      'postalCode',
      'recipient',
    ]);
  });
  it.each([
    ['DE', '10119', '1011'],
    ['AT', '1010', '10100'],
    ['CH', '8001', '80011'],
    ['FR', '75001', '7500'],
    ['NL', '1012 AB', '1012'],
    ['GB', 'SW1A 1AA', '12345'],
    ['US', '94105-1234', '9410'],
  ])('%s takes %s and refuses %s', (country, good, bad) => {
    expect(addressErrors({ ...address, country, postalCode: good })).toEqual({});
    expect(addressErrors({ ...address, country, postalCode: bad })).toHaveProperty('postalCode');
  });
  it('refuses a country that is not a code', () => {
    expect(addressErrors({ ...address, country: 'XX', postalCode: '1' })).toHaveProperty('country');
  });
});
