import type { CatalogItem } from '@equip/domain/procurement';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi, json, noContent } from '@/test/fake-api';
import { testUser } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { CatalogPage } from './catalog-page';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-01T10:00:00.000Z';
const spec = (uuid: string, priceCents: number, rentPriceCents: number | null) => ({
  uuid,
  chip: 'M3',
  memory: '16 GB',
  storage: '512 GB',
  color: null,
  keyboardLanguage: 'DE',
  screenSize: '13"',
  priceCents,
  rentPriceCents,
  currency: 'EUR',
});
const OWN: CatalogItem = {
  uuid: '00000000-0000-4000-8000-00000000000a',
  scope: 'Organization',
  organizationUuid: '22222222-2222-4222-8222-222222222222',
  label: 'Acme standard laptop',
  deviceType: 'COMPUTER',
  operatingSystem: 'MACOS',
  manufacturer: 'Apple',
  modelName: 'MacBook Air 13"',
  imageUrl: null,
  specifications: [spec('00000000-0000-4000-8000-0000000000a1', 129_900, 5_990)],
  createdAt: at,
  updatedAt: at,
};
const GENERAL: CatalogItem = {
  ...OWN,
  uuid: '00000000-0000-4000-8000-00000000000b',
  scope: 'General',
  organizationUuid: null,
  label: 'ThinkPad X1 Carbon',
  manufacturer: 'Lenovo',
  operatingSystem: 'WINDOWS',
  specifications: [spec('00000000-0000-4000-8000-0000000000b1', 189_900, null)],
};
const page = (items: CatalogItem[]) => ({ items, total: items.length, skip: 0, take: 25 });
const CATALOG = '/procurement/catalog';

function renderCatalog(role: 'it-owner' | 'equip-admin' = 'it-owner') {
  return renderWithApp([{ path: '/dashboard/catalog', element: <CatalogPage /> }], '/dashboard/catalog', {
    user: testUser({ role }),
  });
}

describe('the catalog page: adding, changing and removing models', () => {
  it("lets an IT owner change the organisation's own models only, not the General ones", async () => {
    installFakeApi({ [`GET ${CATALOG}`]: page([OWN, GENERAL]) });
    renderCatalog();
    expect(await screen.findByRole('button', { name: 'Change Acme standard laptop' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Acme standard laptop' })).toBeInTheDocument();
    expect(screen.getByText('ThinkPad X1 Carbon')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change ThinkPad X1 Carbon' })).not.toBeInTheDocument();
  });

  it('adds a model: says what is missing, then sends the configurations with prices in cents', async () => {
    const server = installFakeApi({
      [`GET ${CATALOG}`]: page([]),
      [`POST ${CATALOG}`]: ({ body }) => json(201, { ...OWN, ...(body as object), uuid: OWN.uuid }),
    });
    const { user } = renderCatalog();
    await user.click(await screen.findByRole('button', { name: 'Add a model' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a model' });
    // No scope choice for an IT owner: the organisation's own.
    expect(within(dialog).queryByRole('combobox', { name: 'Catalog' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add the model' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Give the model a name people recognise.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Price (€)' })).toHaveAccessibleDescription(
      'Enter the price, e.g. 1299.00.',
    );
    expect(server.calls(`POST ${CATALOG}`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Design laptop');
    await user.type(within(dialog).getByRole('textbox', { name: 'Manufacturer' }), 'Apple');
    await user.type(within(dialog).getByRole('textbox', { name: 'Model name' }), 'MacBook Pro 14"');
    await user.type(within(dialog).getByRole('textbox', { name: 'Chip' }), 'M4 Pro');
    await user.type(within(dialog).getByRole('textbox', { name: 'Price (€)' }), '2.499,00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Monthly rent (€)' }), '89,90');
    await user.click(within(dialog).getByRole('button', { name: 'Add a configuration' }));
    const prices = within(dialog).getAllByRole('textbox', { name: 'Price (€)' });
    await user.type(prices[1]!, '2999');
    await user.click(within(dialog).getByRole('button', { name: 'Add the model' }));

    expect(await screen.findByText('Design laptop is in the catalog.')).toBeInTheDocument();
    const [sent] = server.calls(`POST ${CATALOG}`).map((call) => call.body);
    expect(sent).toMatchObject({
      scope: 'Organization',
      label: 'Design laptop',
      deviceType: 'COMPUTER',
      operatingSystem: 'MACOS',
      manufacturer: 'Apple',
      modelName: 'MacBook Pro 14"',
      imageUrl: null,
      specifications: [
        { chip: 'M4 Pro', memory: null, priceCents: 249_900, rentPriceCents: 8_990, currency: 'EUR' },
        { chip: null, priceCents: 299_900, rentPriceCents: null },
      ],
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a provider admin add a General model', async () => {
    const server = installFakeApi({
      [`GET ${CATALOG}`]: page([]),
      [`POST ${CATALOG}`]: ({ body }) => json(201, { ...GENERAL, ...(body as object) }),
    });
    const { user } = renderCatalog('equip-admin');
    await user.click(await screen.findByRole('button', { name: 'Add a model' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a model' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Catalog' }), 'General');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Galaxy S25');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Device type' }), 'PHONE');
    await user.type(within(dialog).getByRole('textbox', { name: 'Manufacturer' }), 'Samsung');
    await user.type(within(dialog).getByRole('textbox', { name: 'Model name' }), 'SM-S931B');
    await user.type(within(dialog).getByRole('textbox', { name: 'Price (€)' }), '899');
    await user.click(within(dialog).getByRole('button', { name: 'Add the model' }));
    expect(await screen.findByText('Galaxy S25 is in the catalog.')).toBeInTheDocument();
    expect(server.calls(`POST ${CATALOG}`)[0]?.body).toMatchObject({ scope: 'General', deviceType: 'PHONE' });
  });

  it('changes a model (its configurations replaced whole) and shows what the API refused', async () => {
    let refuse = true;
    const server = installFakeApi({
      [`GET ${CATALOG}`]: page([OWN]),
      [`PATCH ${CATALOG}/${OWN.uuid}`]: ({ body }) =>
        refuse
          ? apiError(409, 'A model with this name is in the catalog already', 'Conflict')
          : json(200, { ...OWN, ...(body as object) }),
    });
    const { user } = renderCatalog();
    await user.click(await screen.findByRole('button', { name: 'Change Acme standard laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Acme standard laptop' });
    expect(within(dialog).getByRole('textbox', { name: 'Price (€)' })).toHaveValue('1299.00');
    expect(within(dialog).getByRole('textbox', { name: 'Monthly rent (€)' })).toHaveValue('59.90');
    const rent = within(dialog).getByRole('textbox', { name: 'Monthly rent (€)' });
    await user.clear(rent);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A model with this name is in the catalog already',
    );
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Acme standard laptop saved.')).toBeInTheDocument();
    const sent = server.calls(`PATCH ${CATALOG}/${OWN.uuid}`).at(-1)?.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('scope');
    expect(sent.specifications).toEqual([
      expect.objectContaining({ chip: 'M3', priceCents: 129_900, rentPriceCents: null }),
    ]);
  });

  it('removes a model after asking', async () => {
    const server = installFakeApi({
      [`GET ${CATALOG}`]: page([OWN]),
      [`DELETE ${CATALOG}/${OWN.uuid}`]: noContent(),
    });
    const { user } = renderCatalog();
    await user.click(await screen.findByRole('button', { name: 'Remove Acme standard laptop' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Acme standard laptop?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Acme standard laptop removed from the catalog.')).toBeInTheDocument();
    expect(server.calls(`DELETE ${CATALOG}/${OWN.uuid}`)).toHaveLength(1);
  });
});
