import path from 'node:path';
import { describe, expect, it } from 'vitest';
import english from './en/server.json';
import spanish from './es/server.json';
import hindi from './hi/server.json';
import { interpolate } from './i18n';
import { serverText } from './server';
import { compileMatcher, translateWith } from './serverCatalogue';
import { scanServerMessages, shapeOf } from './serverScan';

/**
 * Server texts (decision 0039): every message the API can send has an entry in en/server.json (es/ and hi/ are
 * checked by keys.test.ts), so a new server message cannot ship untranslated; and the matcher turns English
 * messages into the member's language, falling back to the English text it does not know.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const catalogue = english as Record<string, string>;
const scan = scanServerMessages(root);
/** Messages the scan cannot see, kept by hand (see serverScan.ts): the error handler's `??` fallbacks. */
const HAND_LISTED = ['Invalid value.', 'Bad request.'];

const exactTexts = new Set(Object.values(catalogue).filter((t) => !t.includes('{{')));
const shapes = new Set(Object.values(catalogue).map(shapeOf));

describe('the server texts catalogue', () => {
  it('the scan finds the API and contract messages (it would pass vacuously otherwise)', () => {
    const texts = scan.messages.map((m) => m.text);
    expect(texts).toContain("You have already claimed today's reward");
    expect(texts).toContain('Trade Successfull!');
    expect(texts).toContain('Reward claimed successfully!');
    expect(texts).toContain('Password must be at least 8 characters.');
    expect(texts.map(shapeOf)).toContain('The minimum withdrawal is {{}} USD.');
    expect(scan.messages.length).toBeGreaterThan(300);
  });

  it('has an entry for every message the server can send', () => {
    const missing = scan.messages
      .filter((m) => (m.text.includes('{{') ? !shapes.has(shapeOf(m.text)) : !exactTexts.has(m.text)))
      .map((m) => `${m.at}: ${JSON.stringify(m.text)}`);
    expect(
      missing,
      'add these to apps/web/src/i18n/{en,es,hi}/server.json, a {{name}} for each variable part',
    ).toEqual([]);
  });

  it('keeps no entry the server no longer sends', () => {
    const sent = new Set(scan.messages.map((m) => shapeOf(m.text)));
    const stale = Object.entries(catalogue)
      .filter(([, text]) => !sent.has(shapeOf(text)) && !HAND_LISTED.includes(text))
      .map(([key]) => key);
    expect(stale).toEqual([]);
  });

  it('has one entry per message', () => {
    const all = Object.values(catalogue).map(shapeOf);
    expect(all.length).toBe(new Set(all).size);
  });
});

describe('serverText and its matcher', () => {
  const match = compileMatcher(catalogue);
  const inLanguage = (texts: Record<string, string>) =>
    translateWith(match, (key, vars) => interpolate(texts[key] ?? catalogue[key] ?? key, vars));
  const es = inLanguage(spanish);
  const hi = inLanguage(hindi);

  it('translates a known message exactly', () => {
    expect(es("You have already claimed today's reward")).toBe('Ya reclamaste la recompensa de hoy');
    expect(es('Trade Successfull!')).toBe('¡Operación exitosa!');
    expect(hi('Insufficient balance.')).toBe('बैलेंस अपर्याप्त है।');
  });

  it('fills a pattern with the values of the message', () => {
    expect(match('The minimum withdrawal is 10.5 USD.')).toEqual({
      key: expect.any(String),
      vars: { minimum: '10.5' },
    });
    expect(es('The minimum withdrawal is 10.5 USD.')).toBe('El retiro mínimo es de 10.5 USD.');
    expect(es("Watch today's video for 30 seconds first.")).toBe(
      'Primero mira el video de hoy durante 30 segundos.',
    );
  });

  it('translates a value that is itself a known message', () => {
    expect(es('No reward paid: Rewards are closed.')).toBe(
      'No se pagó ninguna recompensa: Las recompensas están cerradas.',
    );
  });

  it('gives other languages an English plural ending empty', () => {
    expect(es('Reward notice sent to 3 members.')).toBe('Aviso de recompensa enviado a miembros: 3.');
  });

  it('falls back to the English text it does not know, never hiding it', () => {
    expect(es('A message no catalogue has')).toBe('A message no catalogue has');
    expect(hi('')).toBe('');
  });

  it('leaves English exactly as the server sent it', () => {
    for (const text of ['Trade Successfull!', 'The minimum withdrawal is 10.5 USD.', 'Anything at all'])
      expect(serverText(text)).toBe(text);
  });
});
