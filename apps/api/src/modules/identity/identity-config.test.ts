import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { keyIdOf, openDocument, openWithKeys, sealDocument } from './documents.crypto';
import { isAdult } from './identity.service';
import { SignedWebhookProvider, signatureOf } from './providers';

describe('the identity documents key (decision 0074)', () => {
  it('is required in production, 32 bytes; development and tests use the fixed development key and say so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /IDENTITY_DOCUMENTS_KEY is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', IDENTITY_DOCUMENTS_KEY: 'c2hvcnQ=' })).toThrow(
      /32 bytes/,
    );
    const key = randomBytes(32);
    const prod = loadConfig({ NODE_ENV: 'production', IDENTITY_DOCUMENTS_KEY: key.toString('base64') });
    expect(prod.identity).toMatchObject({ developmentKey: false });
    expect(prod.identity.documentsKey.equals(key)).toBe(true);
    const dev = loadConfig({ NODE_ENV: 'development' });
    expect(dev.identity.developmentKey).toBe(true);
    expect(dev.identity.documentsKey.length).toBe(32);
  });

  it('reads the previous key of a rotation (IDENTITY_DOCUMENTS_KEY_PREVIOUS), 32 bytes, which opens and never seals', () => {
    const [current, previous] = [randomBytes(32), randomBytes(32)];
    const env = { NODE_ENV: 'production', IDENTITY_DOCUMENTS_KEY: current.toString('base64') } as const;
    expect(loadConfig(env).identity.previousDocumentsKey).toBeNull();
    expect(() => loadConfig({ ...env, IDENTITY_DOCUMENTS_KEY_PREVIOUS: 'c2hvcnQ=' })).toThrow(
      /IDENTITY_DOCUMENTS_KEY_PREVIOUS is 32 bytes/,
    );
    const rotated = loadConfig({ ...env, IDENTITY_DOCUMENTS_KEY_PREVIOUS: previous.toString('base64') });
    expect(rotated.identity.previousDocumentsKey?.equals(previous)).toBe(true);
    const keys = { current, previous };
    const old = sealDocument(previous, 7n, 'selfie', Buffer.from('file'));
    expect(openWithKeys(keys, 7n, 'selfie', old).toString()).toBe('file');
    expect(() => openWithKeys({ current, previous: null }, 7n, 'selfie', old)).toThrow(/another key/);
  });

  it("reads each provider's secret by its lower-case name, refusing a short one", () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ IDENTITY_PROVIDER_ACME_ID_SECRET: secret }).identity.providerSecrets).toEqual({
      acme_id: secret,
    });
    expect(() => loadConfig({ IDENTITY_PROVIDER_ACME_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });
});

describe('sealing a document', () => {
  it('opens under its key and place only', () => {
    const key = randomBytes(32);
    const file = randomBytes(1000);
    const sealed = sealDocument(key, 7n, 'selfie', file);
    expect(sealed.keyId).toBe(keyIdOf(key));
    expect(sealed.ciphertext.equals(file)).toBe(false);
    expect(openDocument(key, 7n, 'selfie', sealed).equals(file)).toBe(true);
    // Moved to another submission or kind, it does not open (the place is authenticated).
    expect(() => openDocument(key, 8n, 'selfie', sealed)).toThrow();
    expect(() => openDocument(key, 7n, 'id_document', sealed)).toThrow();
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => openDocument(key, 7n, 'selfie', { ...sealed, ciphertext: flipped })).toThrow();
  });
});

describe('the age rule', () => {
  it('is 18 on the birthday, and refuses impossible dates', () => {
    const today = new Date(Date.UTC(2026, 10, 26));
    expect(isAdult('2008-11-26', today)).toBe(true);
    expect(isAdult('2008-11-27', today)).toBe(false);
    expect(isAdult('1990-02-30', today)).toBe(false);
  });
});

describe("a provider's signature", () => {
  const p = new SignedWebhookProvider('acme', 's'.repeat(40));
  const body = Buffer.from(JSON.stringify({ event_id: 'e1', member: '5', level: 1, decision: 'approved' }));
  const now = new Date();
  const t = Math.floor(now.getTime() / 1000);
  it('accepts the HMAC of "<t>.<body>" within 5 minutes, and nothing else', () => {
    const v1 = signatureOf('s'.repeat(40), t, body);
    expect(p.readDecision({ signature: `t=${t},v1=${v1}`, rawBody: body, now })).toMatchObject({
      member: '5',
    });
    const late = new Date(now.getTime() + 301_000);
    expect(() => p.readDecision({ signature: `t=${t},v1=${v1}`, rawBody: body, now: late })).toThrow();
    expect(() =>
      p.readDecision({ signature: `t=${t},v1=${v1.replace(/.$/, '0')}x`, rawBody: body, now }),
    ).toThrow();
    expect(() => p.readDecision({ signature: undefined, rawBody: body, now })).toThrow();
    const other = signatureOf('o'.repeat(40), t, body);
    expect(() => p.readDecision({ signature: `t=${t},v1=${other}`, rawBody: body, now })).toThrow();
  });
});
