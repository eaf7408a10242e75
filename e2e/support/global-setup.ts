import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpPeer } from '../../apps/api/src/test/smtp.ts';

/**
 * A real SMTP peer for the server under test. Every mail it receives is written as JSON into
 * E2E_MAIL_DIR, where the specs (in other processes) read it: written beside it first, then renamed, so a
 * spec polling the folder never reads half a file (a CI run met `Unexpected end of JSON input`).
 */
export default async function globalSetup() {
  const mailDir = process.env.E2E_MAIL_DIR!;
  let counter = 0;
  const peer = await startSmtpPeer({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (mail) => {
      const file = path.join(mailDir, `${Date.now()}-${counter++}.json`);
      writeFileSync(`${file}.part`, JSON.stringify({ ...mail, receivedAt: Date.now() }));
      renameSync(`${file}.part`, file);
    },
  });
  return () => peer.close();
}
