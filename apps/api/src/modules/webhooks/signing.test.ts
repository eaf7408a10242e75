import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../../security/sealed-secrets.ts';
import { newWebhookSecret, signWebhook, webhookHeaders, webhookSecretKey } from './secrets.ts';

// The sign vectors of the Standard Webhooks reference libraries (JavaScript, Python, Go, PHP … and Rust).
const vectors = {
  sign_vectors: [
    {
      name: 'sign function works (javascript/python/go/php/java/csharp/ruby/elixir test suites)',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      msg_id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      payload: '{"test": 2432232314}',
      expected_signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    },
    {
      name: 'rust test_sign',
      secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD',
      msg_id: 'msg_27UH4WbU6Z5A5EzD8u03UvzRbpk',
      timestamp: 1649367553,
      payload: '{"email":"test@example.com","username":"test_user"}',
      expected_signature: 'v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=',
    },
  ],
};

describe('webhook signatures (Standard Webhooks)', () => {
  it.each(vectors.sign_vectors.map((v) => [v.name, v] as const))('matches the vector: %s', (_name, v) => {
    expect(signWebhook(v.secret, v.msg_id, v.timestamp, v.payload)).toBe(v.expected_signature);
  });

  it('is verified by the standardwebhooks package, and a changed body is not', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: 'employee.created', timestamp: new Date().toISOString(), data: {} });
    const headers = webhookHeaders(secret, 'msg_1', Math.floor(Date.now() / 1000), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('stores secrets encrypted, readable only with the installation key', () => {
    const key = webhookSecretKey(new Uint8Array(48).fill(7));
    const secret = newWebhookSecret();
    const stored = encryptSecret(key, secret);
    expect(stored).not.toContain(secret.slice(6, 20));
    expect(decryptSecret(key, stored)).toBe(secret);
    expect(() => decryptSecret(webhookSecretKey(new Uint8Array(48).fill(8)), stored)).toThrow();
  });
});
