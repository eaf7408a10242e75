import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpEnrolment(secret: string, accountLabel: string) {
  const otpauthUrl = generateURI({ issuer: 'Equip', label: accountLabel, secret });
  return {
    secret,
    otpauthUrl,
    qrCodeDataUrl: await (await import('qrcode')).default.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
  };
}

/**
 * Checks a 6-digit authenticator code, allowing one step of clock drift either way. Returns the time
 * step it matched, which must be greater than the last one accepted (no replays), or null.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  lastTimeStep: number | null,
  now = Date.now(),
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: PERIOD_SECONDS,
  });
  if (!result.valid) return null;
  const step =
    'timeStep' in result && typeof result.timeStep === 'number'
      ? result.timeStep
      : Math.floor(now / 1000 / PERIOD_SECONDS);
  if (lastTimeStep !== null && step <= lastTimeStep) return null;
  return step;
}

/** Ten single-use recovery codes like `k3f9-2xq8`. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}
