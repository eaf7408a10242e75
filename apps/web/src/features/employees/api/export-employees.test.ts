import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '@/lib/download';
import { exportEmployees } from './export-employees';

vi.mock('@/lib/download', () => ({ downloadFile: vi.fn() }));

describe('exporting the employees table', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(downloadFile).mockReset();
  });

  function stubExport(type: string) {
    const fetch = vi.fn(async () => new Response(new Blob(['file'], { type }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('downloads the workbook (format=xlsx) with the current filters', async () => {
    const fetch = stubExport('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await exportEmployees({ view: 'all', search: 'ada' } as never, 'xlsx', 'semicolon');
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/employees/export');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('search')).toBe('ada');
    expect(url.searchParams.has('separator')).toBe(false);
    const [file, name] = vi.mocked(downloadFile).mock.calls[0]!;
    expect(file).toBeInstanceOf(Blob);
    expect(name).toMatch(/^employees-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it('downloads CSV with the separator asked for', async () => {
    const fetch = stubExport('text/csv');
    await exportEmployees({ view: 'all' } as never, 'csv', 'semicolon');
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.get('separator')).toBe('semicolon');
    expect(vi.mocked(downloadFile).mock.calls[0]?.[1]).toMatch(/\.csv$/);
  });
});
