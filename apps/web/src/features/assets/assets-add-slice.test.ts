import { describe, expect, it } from 'vitest';
import {
  add,
  assetsAddSlice,
  batchOf,
  changeQuantity,
  clear,
  initialAssetsAddState,
  remove,
  setItemDetails,
} from './assets-add-slice';

const reduce = assetsAddSlice.reducer;
const apply = (...actions: Parameters<typeof reduce>[1][]) => actions.reduce(reduce, initialAssetsAddState);

describe('the assetsAdd list (SPEC §4)', () => {
  it('adds a definition, and one more of it when it is there already', () => {
    const state = apply(add('monitor'), add('keyboard'), add('monitor'));
    expect(state.assets.map(({ id, quantity }) => ({ id, quantity }))).toEqual([
      { id: 'monitor', quantity: 2 },
      { id: 'keyboard', quantity: 1 },
    ]);
  });

  it('changes a quantity by id, between 1 and 1000', () => {
    expect(apply(add('a'), changeQuantity({ id: 'a', quantity: 5 })).assets[0]!.quantity).toBe(5);
    expect(apply(add('a'), changeQuantity({ id: 'a', quantity: 0 })).assets[0]!.quantity).toBe(1);
    expect(apply(add('a'), changeQuantity({ id: 'a', quantity: 5000 })).assets[0]!.quantity).toBe(1000);
    expect(apply(add('a'), changeQuantity({ id: 'a', quantity: Number.NaN })).assets[0]!.quantity).toBe(1);
    expect(apply(add('a'), changeQuantity({ id: 'b', quantity: 3 })).assets).toEqual([
      { id: 'a', quantity: 1, items: [] },
    ]);
  });

  it('removes by id and clears', () => {
    expect(apply(add('a'), add('b'), remove('a')).assets.map((a) => a.id)).toEqual(['b']);
    expect(apply(add('a'), add('b'), clear())).toEqual(initialAssetsAddState);
  });

  it("keeps each item's serial number and person, and sends only the quantity's items", () => {
    const state = apply(
      add('a'),
      changeQuantity({ id: 'a', quantity: 3 }),
      setItemDetails({ id: 'a', index: 2, details: { serialNumber: ' SN-3 ' } }),
      setItemDetails({ id: 'a', index: 0, details: { employee: { uuid: 'p1', name: 'Anna' } } }),
      // Past the quantity: ignored.
      setItemDetails({ id: 'a', index: 7, details: { serialNumber: 'X' } }),
    );
    expect(batchOf(state.assets)).toEqual({
      entries: [
        {
          assetDefinitionUuid: 'a',
          items: [
            { serialNumber: null, employeeUuid: 'p1' },
            { serialNumber: null, employeeUuid: null },
            { serialNumber: 'SN-3', employeeUuid: null },
          ],
        },
      ],
    });
    const fewer = reduce(state, changeQuantity({ id: 'a', quantity: 1 }));
    expect(batchOf(fewer.assets).entries[0]!.items).toEqual([{ serialNumber: null, employeeUuid: 'p1' }]);
  });
});
