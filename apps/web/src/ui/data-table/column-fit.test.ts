import { describe, expect, it } from 'vitest';
import { hidingOrder, nextHidden, UNMEASURED_COLUMN_WIDTH } from './column-fit';

const candidates = [
  { id: 'os', priority: -1 },
  { id: 'status', priority: 10 },
  { id: 'location', priority: -3 },
  { id: 'lastSeen', priority: 5 },
];

describe('columns that do not fit', () => {
  it('hide lowest priority first, the later of equals first, and a column asked for last', () => {
    expect(hidingOrder(candidates, [])).toEqual(['location', 'os', 'lastSeen', 'status']);
    expect(
      hidingOrder(
        [
          { id: 'a', priority: 0 },
          { id: 'b', priority: 0 },
        ],
        [],
      ),
    ).toEqual(['b', 'a']);
    expect(hidingOrder(candidates, ['location'])).toEqual(['os', 'lastSeen', 'status', 'location']);
  });

  it('hide one more while the table overflows, and nothing when none is left', () => {
    const order = ['location', 'os', 'lastSeen'];
    expect(nextHidden({ order, hidden: [], overflow: 40, room: 0, widths: {} })).toEqual(['location']);
    expect(nextHidden({ order, hidden: ['location'], overflow: 1, room: 0, widths: {} })).toEqual([
      'location',
      'os',
    ]);
    expect(nextHidden({ order, hidden: order, overflow: 300, room: 0, widths: {} })).toEqual(order);
  });

  it('hide in one step as many measured columns as the overflow needs, and no more', () => {
    const order = ['location', 'os', 'lastSeen', 'status'];
    const widths = { location: 120, os: 90, lastSeen: 110, status: 100 };
    expect(nextHidden({ order, hidden: [], overflow: 250, room: 0, widths })).toEqual([
      'location',
      'os',
      'lastSeen',
    ]);
    expect(nextHidden({ order, hidden: [], overflow: 120, room: 0, widths })).toEqual(['location']);
    // What it frees beyond the overflow is less than the last one hidden: that one does not come back.
    const hidden = ['location', 'os', 'lastSeen'];
    const room = 120 + 90 + 110 - 250;
    expect(nextHidden({ order, hidden, overflow: 0, room, widths })).toEqual(hidden);
    // A column whose width is not known yet is hidden alone, then measured again after the layout.
    expect(nextHidden({ order, hidden: [], overflow: 500, room: 0, widths: { location: 10 } })).toEqual([
      'location',
      'os',
    ]);
  });

  it('come back, most important first, only into the room they took', () => {
    const order = ['location', 'os', 'lastSeen'];
    const hidden = ['location', 'os'];
    const widths = { location: 120, os: 200 };
    expect(nextHidden({ order, hidden, overflow: 0, room: 199, widths })).toEqual(hidden);
    expect(nextHidden({ order, hidden, overflow: 0, room: 200, widths })).toEqual(['location']);
    // A column never measured (hidden before it showed) is tried when the room is a column's worth.
    expect(
      nextHidden({ order, hidden: ['location'], overflow: 0, room: UNMEASURED_COLUMN_WIDTH - 1, widths: {} }),
    ).toEqual(['location']);
    expect(
      nextHidden({ order, hidden: ['location'], overflow: 0, room: UNMEASURED_COLUMN_WIDTH, widths: {} }),
    ).toEqual([]);
    // Tried and too wide, it is hidden again with its width known, and stays hidden: no swing.
    const tried = nextHidden({ order, hidden: [], overflow: 40, room: 0, widths: {} });
    expect(tried).toEqual(['location']);
    expect(
      nextHidden({
        order,
        hidden: tried,
        overflow: 0,
        room: UNMEASURED_COLUMN_WIDTH,
        widths: { location: 200 },
      }),
    ).toEqual(['location']);
  });

  it('forget columns that are no longer candidates (the person hid them, or they are pinned)', () => {
    expect(
      nextHidden({ order: ['os'], hidden: ['location', 'os'], overflow: 0, room: 0, widths: {} }),
    ).toEqual(['os']);
  });
});
