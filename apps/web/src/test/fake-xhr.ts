import { vi } from 'vitest';

/** XMLHttpRequest stand-in: reports upload progress, then answers with `respond`. */
export function installFakeXhr(respond: (body: string) => { status: number; body: unknown }) {
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    abort() {}
    async send(body: Blob) {
      const text = await body.text();
      sent.push({ url: this.url, headers: this.headers, body: text });
      this.upload.onprogress?.({
        lengthComputable: true,
        loaded: text.length / 2,
        total: text.length,
      } as ProgressEvent);
      this.upload.onload?.();
      const answer = respond(text);
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
