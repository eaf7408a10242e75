import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { humanLogStream } from './logging.ts';

describe('logs for people', () => {
  it('writes one readable line per event, with the error message', () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c) => chunks.push(String(c)));
    const stream = humanLogStream(out);
    const time = new Date('2026-11-23T09:08:07').getTime();
    stream.write(`${JSON.stringify({ level: 30, time, msg: 'GET /api/employees 200 12 ms' })}\n`);
    stream.write(`${JSON.stringify({ level: 50, time, msg: 'request failed', err: { message: 'boom' } })}\n`);
    stream.write('not json\n');
    expect(chunks.join('')).toBe(
      '09:08:07 INFO  GET /api/employees 200 12 ms\n09:08:07 ERROR request failed (boom)\nnot json\n',
    );
  });
});
