import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parsePlainMessage } from '../../apps/api/src/test/smtp.ts';

/**
 * A real SMTP peer for the server under test. Every mail it receives is written as JSON into
 * E2E_MAIL_DIR, where the specs (in other processes) read it.
 */
export default async function globalSetup() {
  const mailDir = process.env.E2E_MAIL_DIR!;
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { subject, text } = parsePlainMessage(Buffer.concat(chunks).toString('utf8'));
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          receivedAt: Date.now(),
        };
        writeFileSync(path.join(mailDir, `${Date.now()}-${counter++}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve),
  );
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
