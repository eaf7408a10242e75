import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api/api-client';
import { ApiError } from '@/lib/api/errors';
import { type UploadProgress, uploadImportFile } from './upload';

/** XMLHttpRequest stand-in answering each send with the next of `answers`. */
function installFakeXhr(answers: { status: number; body: unknown; headers?: string }[]) {
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
    onload?: () => void;
    private url = '';
    private headers: Record<string, string> = {};
    private answer: { status: number; body: unknown; headers?: string } | undefined;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getAllResponseHeaders() {
      return this.answer?.headers ?? '';
    }
    async send(body: Blob) {
      sent.push({ url: this.url, headers: this.headers, body: await body.text() });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      this.upload.onload?.();
      this.answer = answers.shift();
      this.status = this.answer?.status ?? 500;
      this.responseText = JSON.stringify(this.answer?.body);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploading an import file through the shared API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports progress, and after a 401 refreshes the token once (the client’s handler) and sends again', async () => {
    let token = 'old';
    const onUnauthorized = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => token, onUnauthorized });
    const sent = installFakeXhr([
      { status: 401, body: { errors: [{ msg: 'expired' }] } },
      { status: 201, body: { imported: 2 } },
    ]);
    const progress: UploadProgress[] = [];
    const result = await uploadImportFile(
      client,
      '/employees/import',
      new Blob(['a,b\r\n'], { type: 'text/csv' }),
      {
        fileName: 'Mitarbeiter März.csv',
        contentType: 'text/csv',
        onProgress: (p) => progress.push(p),
      },
    );
    expect(result).toEqual({ imported: 2 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(sent[1]).toMatchObject({
      url: '/api/employees/import',
      body: 'a,b\r\n',
      headers: { 'content-type': 'text/csv', 'x-file-name': 'Mitarbeiter%20M%C3%A4rz.csv' },
    });
    expect(progress.at(-1)).toEqual({ loaded: 5, total: 5, uploaded: true });
  });

  it('answers refusals as the client’s ApiError, with Retry-After', async () => {
    const client = createApiClient({ baseUrl: '/api', getAccessToken: () => 't' });
    installFakeXhr([
      {
        status: 429,
        body: {
          errors: [{ msg: 'An import for your organisation is running.', errorType: 'TooManyRequests' }],
        },
        headers: 'retry-after: 15\r\ncontent-type: application/json',
      },
    ]);
    const error = await uploadImportFile(client, '/employees/import', new Blob(['x']), {
      fileName: 'a.csv',
      contentType: 'text/csv',
      onProgress: () => {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 15 });
  });
});
