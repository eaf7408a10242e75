import { randomUUID } from 'node:crypto';
import { XLSX_MIME } from '@equip/domain/csv-import/export';
import { SHOW_STAGED_DEVICES_FLAG } from '@equip/domain/devices';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  bearer,
  createOrganization,
  createUser,
  setFeatureFlag,
  tokensOfRoles,
} from '../../test/factories.ts';

/**
 * `GET /api/devices/export`: the devices table as a file through the server's export machinery, with
 * the list's filters, sorting and rules (staged devices only with the flag) applied.
 */
describe('GET /api/devices/export', () => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof tokensOfRoles>>;
  let restoreFlag: () => Promise<void>;
  const otherName = `Other org ${randomUUID().slice(0, 6)}`;

  const db = () => t.services.database.db;
  const get = (query: string, token = tokens.ownerToken, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/devices/export${query}`,
      headers: { ...bearer(token), ...headers },
    });
  const csvRows = (body: string) =>
    Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

  beforeAll(async () => {
    t = await createTestApp();
    restoreFlag = await setFeatureFlag(db(), SHOW_STAGED_DEVICES_FLAG, 'off');
    const org = await createOrganization(db());
    const other = await createOrganization(db());
    tokens = await tokensOfRoles(t.services, org.uuid, other.uuid);
    const anna = await createUser(db(), { organizationUuid: org.uuid, firstName: 'Anna', lastName: 'Ågren' });
    await db()
      .insert(devices)
      .values([
        {
          organizationUuid: org.uuid,
          name: 'Zeta laptop',
          type: 'COMPUTER',
          os: 'WINDOWS',
          osVersion: '11',
          status: 'active',
          serialNumber: 'SN-ZETA',
          isEncrypted: true,
          assignmentType: 'ASSIGNED',
          assignedToUuid: anna.uuid,
          lastSeenAt: new Date('2026-11-01T10:00:00.123Z'),
        },
        // A name a spreadsheet would run as a formula.
        { organizationUuid: org.uuid, name: '=cmd()', type: 'COMPUTER', os: 'MACOS', status: 'in-stock' },
        { organizationUuid: org.uuid, name: 'Alpha phone', type: 'PHONE', os: 'IOS', status: 'active' },
        // Staged: exported only with it-2447-show-staged-devices, like the table lists it.
        { organizationUuid: org.uuid, name: 'Ordered Mac', type: 'COMPUTER', os: 'MACOS', status: 'ordered' },
        { organizationUuid: other.uuid, name: otherName, type: 'COMPUTER', os: 'MACOS', status: 'active' },
      ]);
  });
  afterAll(async () => {
    await restoreFlag();
    await t.app.close();
  });

  it('writes the filtered devices in the table’s order as CSV, formula-guarded', async () => {
    const res = await get('?deviceTypes=COMPUTER&sortingKey=name&sortingDirection=desc&separator=comma');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/filename="devices-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = csvRows(res.body);
    // Without columns asked for: every column, in the reader's words (English here: no stored language).
    expect(header).toEqual([
      'Name',
      'Type',
      'Model',
      'Serial number',
      'Operating system',
      'OS version',
      'Assignment',
      'Assigned to',
      'Location',
      'Encrypted',
      'Protected',
      'Enrolment',
      'MDM',
      'MDM status',
      'Status',
      'Last seen',
      'ID',
    ]);
    // Computers only, by name descending; the staged one left out with the flag off.
    expect(rows.map((r) => r[0])).toEqual(['Zeta laptop', "'=cmd()"]);
    expect(rows[0]).toEqual([
      'Zeta laptop',
      'Computer',
      '',
      'SN-ZETA',
      'Windows',
      '11',
      'Assigned',
      'Anna Ågren',
      '',
      'Yes',
      'No',
      'Ready to enrol',
      '',
      '',
      'Active',
      // The organisation's wall-clock time (Europe/Berlin), to the minute.
      '2026-11-01 11:00',
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
  });

  it('writes the columns the person shows (columns=), last seen as a date-time cell', async () => {
    const { readSheet } = await import('read-excel-file/node');
    const { strFromU8, unzipSync } = await import('fflate');
    const res = await get('?format=xlsx&sortingKey=name&columns=lastSeenAt,name,security');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      'Name',
      'Type',
      'Model',
      'Serial number',
      'Encrypted',
      'Protected',
      'Last seen',
    ]);
    const zeta = rows.find((r) => r[0] === 'Zeta laptop')!;
    expect(zeta.slice(0, 6)).toEqual(['Zeta laptop', 'Computer', null, 'SN-ZETA', 'Yes', 'No']);
    // A date cell at the organisation's wall-clock time (Excel keeps days as fractions: to the millisecond).
    expect(zeta[6]).toBeInstanceOf(Date);
    expect(Math.abs(Number(zeta[6]) - Date.parse('2026-11-01T11:00:00Z'))).toBeLessThan(5);
    const styles = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['xl/styles.xml']!);
    expect(styles).toContain('formatCode="yyyy-mm-dd hh:mm"');
    expect((await get('?columns=name,colour')).statusCode).toBe(400);
  });

  it('writes German headers, words and dates for a German reader', async () => {
    const { readSheet } = await import('read-excel-file/node');
    const german = { 'accept-language': 'de-DE,de;q=0.9' };
    const xlsx = await get('?format=xlsx&columns=name,status,lastSeenAt', tokens.ownerToken, german);
    const rows = await readSheet(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Typ', 'Modell', 'Seriennummer', 'Status', 'Zuletzt gesehen']);
    expect(rows.find((r) => r[0] === 'Alpha phone')?.slice(0, 5)).toEqual([
      'Alpha phone',
      'Telefon',
      null,
      null,
      'Aktiv',
    ]);
    const csv = await get(
      '?deviceTypes=COMPUTER&sortingKey=name&columns=name,lastSeenAt',
      tokens.ownerToken,
      german,
    );
    expect(csv.body).toContain('Zeta laptop;Computer;;SN-ZETA;01.11.2026 11:00\r\n');
  });

  it('searches like the table, and separates as the caller’s language writes CSV', async () => {
    const res = await get('?textSearchQuery=alpha', tokens.ownerToken, { 'accept-language': 'de-DE,de' });
    expect(res.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Alpha phone']);
  });

  it('writes an Excel workbook with format=xlsx', async () => {
    const { readSheet } = await import('read-excel-file/node');
    const res = await get('?format=xlsx&sortingKey=name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toMatch(/filename="devices-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]?.[0]).toBe('Name');
    expect(rows[0]).toHaveLength(17);
    // Text stays text in a workbook: no formula guard needed.
    expect(rows.slice(1).map((r) => r[0])).toEqual(['=cmd()', 'Alpha phone', 'Zeta laptop']);
  });

  it('exports staged devices only while the flag is on', async () => {
    const restore = await setFeatureFlag(db(), SHOW_STAGED_DEVICES_FLAG, 'on');
    try {
      const rows = csvRows((await get('?deviceStatuses=ordered&separator=comma')).body);
      expect(rows.slice(1).map((r) => r[0])).toEqual(['Ordered Mac']);
    } finally {
      await restore();
    }
  });

  it('refuses a bad query with a 400 at the field', async () => {
    for (const [query, param] of [
      ['?format=pdf', 'format'],
      ['?separator=tab', 'separator'],
      ['?sortingKey=colour', 'sortingKey'],
      ['?deviceStatuses=lost', 'deviceStatuses.0'],
      ['?columns=name,salary', 'columns'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ location: 'query', param });
    }
  });

  it('is for administrators of the organisation: 401 without a token, 403 for regular users, never another organisation’s devices', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/devices/export' })).statusCode).toBe(401);
    expect((await get('', tokens.regularToken)).statusCode).toBe(403);
    const others = await get('?separator=comma', tokens.otherOwnerToken);
    expect(others.statusCode).toBe(200);
    expect(
      csvRows(others.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([otherName]);
    const ours = await get('?separator=comma', tokens.adminToken);
    expect(ours.body).not.toContain(otherName);
    expect(csvRows(ours.body)).toHaveLength(4);
  });
});
