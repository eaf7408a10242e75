import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * PGlite is one process's database: while Equip runs on it, no other process may open its folder. The
 * commands that must read it then (`npm run backup`, `npm run migrate:status`) ask the running server
 * over this channel (decision 018): an HTTP listener on the loopback interface, separate from Equip's
 * own port, that answers
 *
 *   GET  /snapshot   the data folder as a tar (Database.snapshot: consistent, between transactions)
 *   POST /read       {"text": "select …"}: the rows of one statement, in a read-only transaction
 *
 * to the bearer of a random token. Address and token are in <dataDir>/pglite-control.json, readable by
 * the folder's owner only: whoever may read that file may read the database files anyway.
 */
export const CONTROL_FILE = 'pglite-control.json';

export interface ControlEndpoint {
  url: string;
  token: string;
  pid: number;
}

export interface PgliteControl {
  endpoint: ControlEndpoint;
  close(): Promise<void>;
}

export async function startPgliteControl(database: Database, dataDir: string): Promise<PgliteControl> {
  const snapshot = database.snapshot;
  if (!snapshot) throw new Error('the control channel serves PGlite only');
  const token = randomBytes(32).toString('base64url');
  const expected = digest(token);
  const server = createServer((request, response) => {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) return answer(response, 401, { error: 'token' });
    serve(request, response, database, snapshot).catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, { error: messageOf(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint: ControlEndpoint = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    pid: process.pid,
  };
  const file = path.join(dataDir, CONTROL_FILE);
  writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600 });
  return {
    endpoint,
    async close() {
      rmSync(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  database: Database,
  snapshot: NonNullable<Database['snapshot']>,
): Promise<void> {
  if (request.method === 'GET' && request.url === '/snapshot') {
    // Uncompressed: the database waits only while the files are read; the caller compresses.
    const tar = await snapshot('none');
    response.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': tar.size });
    Readable.fromWeb(tar.stream() as import('node:stream/web').ReadableStream).pipe(response);
    return;
  }
  if (request.method === 'POST' && request.url === '/read') {
    const body = await readBody(request, 64 * 1024);
    const text = (JSON.parse(body) as { text?: unknown }).text;
    if (typeof text !== 'string') return answer(response, 400, { error: 'text is required' });
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      return ((await tx.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
    });
    return answer(response, 200, { rows });
  }
  answer(response, 404, { error: 'not found' });
}

/** The running server's channel, from its file; null when the folder's server has none. */
export function readControlFile(dataDir: string): ControlEndpoint | null {
  const file = path.join(dataDir, CONTROL_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ControlEndpoint;
}

/** The data folder as a tar stream, from the running server. */
export async function fetchSnapshot(endpoint: ControlEndpoint): Promise<Readable> {
  const response = await call(endpoint, '/snapshot', { method: 'GET' });
  if (!response.body) throw new Error('the server sent no snapshot');
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
}

/** The rows of one read-only statement, run by the running server. */
export async function readThroughControl<T>(endpoint: ControlEndpoint, text: string): Promise<T[]> {
  const response = await call(endpoint, '/read', { method: 'POST', body: JSON.stringify({ text }) });
  return ((await response.json()) as { rows: T[] }).rows;
}

async function call(endpoint: ControlEndpoint, route: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}${route}`, {
      ...init,
      headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
    });
  } catch (error) {
    throw new Error(
      `the Equip server (pid ${endpoint.pid}) holding the folder does not answer at ${endpoint.url}: ${messageOf(error)}`,
    );
  }
  if (!response.ok) {
    const { error } = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(`the Equip server refused ${route}: ${error ?? response.status}`);
  }
  return response;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

const messageOf = (error: unknown) =>
  error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) request.destroy(new Error('request too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
