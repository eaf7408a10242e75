import type { AddressInfo } from 'node:net';
import { parseHeaderValue } from 'nodemailer/lib/mime-funcs';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text/plain part. */
  text: string;
  /** The text/html part, when the message has one. */
  html: string | null;
}

const fromQuotedPrintable = (text: string, underscoreIsSpace = false) =>
  Buffer.from(
    (underscoreIsSpace ? text.replace(/_/g, ' ') : text)
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII subjects. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : fromQuotedPrintable(word, true),
    );

/** A message or a part of one: its headers (unfolded) and its raw body. */
function splitEntity(raw: string): { headers: string; body: string } {
  const blank = /\r?\n\r?\n/.exec(raw);
  const head = blank ? raw.slice(0, blank.index) : raw;
  const body = blank ? raw.slice(blank.index + blank[0].length) : '';
  return { headers: head.replace(/\r?\n[ \t]+/g, ' '), body };
}

const headerOf = (headers: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim();

/** A leaf part's body decoded (7bit, quoted-printable or base64), with LF line ends. */
function decodeBody(headers: string, body: string): string {
  const encoding = headerOf(headers, 'content-transfer-encoding')?.toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = fromQuotedPrintable(text);
  if (encoding === 'base64') text = Buffer.from(text, 'base64').toString('utf8');
  return text.replace(/\r\n/g, '\n').trim();
}

/** Every leaf part of an entity with its content type, multipart entities walked by their boundary. */
function leafParts(headers: string, body: string): { type: string; content: string }[] {
  const contentType = parseHeaderValue(headerOf(headers, 'content-type') ?? 'text/plain');
  const boundary = contentType.params.boundary;
  if (!contentType.value.toLowerCase().startsWith('multipart/') || !boundary)
    return [{ type: contentType.value.toLowerCase(), content: decodeBody(headers, body) }];
  // The preamble before the first delimiter and the epilogue after the closing one are not parts.
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => {
      const part = splitEntity(section.replace(/^\r?\n/, ''));
      return leafParts(part.headers, part.body);
    });
}

/**
 * Reads a message as nodemailer writes it: the subject, and the text and HTML parts of a
 * multipart/alternative message (or the one part of a plain one).
 */
export function parseMessage(raw: string): Omit<ReceivedMail, 'to'> {
  const { headers, body } = splitEntity(raw);
  const parts = leafParts(headers, body);
  return {
    subject: decodeHeader(headerOf(headers, 'subject') ?? ''),
    text: parts.find((part) => part.type === 'text/plain')?.content ?? '',
    html: parts.find((part) => part.type === 'text/html')?.content ?? null,
  };
}

/**
 * A real SMTP server on a free local port, for tests: the app sends through nodemailer and the test
 * reads what arrived.
 */
export async function startSmtpPeer(
  options: {
    port?: number;
    onMail?: (mail: ReceivedMail) => void;
    /** Recipients answered `550 5.1.1 <address>: mailbox unavailable`, as a real server refuses one. */
    refuse?: (address: string) => boolean;
  } = {},
) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address.toLowerCase())) return callback();
      const refused = Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), {
        responseCode: 550,
      });
      callback(refused);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const message = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), ...message };
        received.push(mail);
        options.onMail?.(mail);
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Waits for the next mail to `to` that arrives after `since` mails had arrived. */
  async function waitFor(
    to: string,
    predicate: (m: ReceivedMail) => boolean = () => true,
    // A condition, not a speed: mail leaves through the job queue, which a loaded machine works late.
    timeoutMs = 20_000,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...received].reverse().find((m) => m.to.includes(to.toLowerCase()) && predicate(m));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
