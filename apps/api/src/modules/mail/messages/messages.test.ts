import { locales } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { en, type MailKey } from './en';
import { mailCatalogue, mailLocale, mailText } from './index';

const keys = Object.keys(en).sort() as MailKey[];
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const productWords = (text: string) => ['SocialGenX', 'SGX', 'USDT'].filter((w) => text.includes(w));

describe('the server e-mail catalogue (decision 0039, addendum)', () => {
  it('has every English key in every language, translated, with the same placeholders and product words', () => {
    expect(Object.keys(mailCatalogue).sort()).toEqual([...locales].sort());
    for (const locale of locales) {
      const texts = mailCatalogue[locale];
      expect(Object.keys(texts).sort(), locale).toEqual(keys);
      for (const key of keys) {
        const text = texts[key];
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(en[key]));
        expect(productWords(text), `${locale} ${key}`).toEqual(productWords(en[key]));
        if (locale !== 'en') expect(text, `${locale} ${key} is still English`).not.toBe(en[key]);
        if (locale === 'hi') expect(text, `hi ${key}`).toMatch(/[\u0900-\u097F]/);
      }
    }
  });

  it('keeps the English texts mailed before it, word for word', () => {
    expect(mailText('en', 'otp.body', { name: 'Asha Rao', code: '123456', minutes: 5 })).toBe(
      'Hello Asha Rao,\n\nYour verification code is 123456. It is valid for 5 minutes.\n',
    );
    expect(
      mailText('en', 'reset.body', { name: 'Asha', link: 'https://app.example/reset-password?token=t' }),
    ).toBe(
      'Hello Asha,\n\nSomeone asked to reset the password of your SocialGenX account. If it was you, open this link within one hour:\n\nhttps://app.example/reset-password?token=t\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n',
    );
  });

  it('mails in the saved language, and in English when there is none or it is unknown', () => {
    expect(mailText('es', 'payoutCode.subject', {})).toBe(
      'Tu código de SocialGenX para la dirección de pago',
    );
    expect(mailText('hi', 'otp.subject', {})).toBe('आपका SocialGenX सत्यापन कोड');
    for (const unknown of [null, undefined, '', 'fr', 'ES', 'es-MX'])
      expect(mailText(unknown, 'otp.subject', {})).toBe('Your SocialGenX verification code');
    expect([mailLocale('hi'), mailLocale(null), mailLocale('de')]).toEqual(['hi', 'en', 'en']);
  });

  it('fills values in as they are, even ones that look like replacement patterns', () => {
    expect(mailText('es', 'event.seeIt', { link: "https://x.example/$&$1$'" })).toBe(
      "Míralo en tu cuenta: https://x.example/$&$1$'",
    );
  });
});
