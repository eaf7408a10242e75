import type { OrderDetail, OrderStatus } from '@equip/domain/procurement';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { DeviceOrderNote } from './device-order-note';

afterEach(() => vi.unstubAllGlobals());

const ORDER = '00000000-0000-4000-8000-0000000000c1';
const order = (status: OrderStatus): OrderDetail => ({
  uuid: ORDER,
  status,
  purchaseType: 'rent',
  deliveryStatus: status === 'undelivered' ? 'undelivered' : null,
  recipient: null,
  itemCount: 2,
  totalCents: 11_980,
  shipmentState: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
  items: [],
  tracking: [],
  deliveryAddress: null,
  carrier: null,
  trackingNumber: null,
});

function renderNote(status: OrderStatus) {
  installFakeApi({ [`GET /procurement/orders/${ORDER}`]: order(status) });
  return renderWithApp([{ path: '/', element: <DeviceOrderNote orderUuid={ORDER} /> }], '/', {
    user: testUser(),
  });
}

describe("a device's order on its page", () => {
  it('shows where the order stands, linking to it', async () => {
    renderNote('in-progress');
    const link = await screen.findByRole('link', { name: 'Ordered on Nov 20, 2026' });
    expect(link).toHaveAttribute('href', `/dashboard/orders/${ORDER}`);
    expect(screen.getByText('On its way')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it.each([
    ['undelivered', 'The parcel could not be delivered: this device has not arrived.'],
    ['rejected', 'The provider rejected the order: this device will not arrive.'],
    ['canceled', 'The order was cancelled: this device will not arrive.'],
  ] as const)('says so when the order ended %s', async (status, sentence) => {
    renderNote(status);
    expect(await screen.findByRole('note')).toHaveTextContent(sentence);
  });
});
