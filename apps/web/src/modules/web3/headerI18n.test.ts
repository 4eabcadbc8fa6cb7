import { describe, expect, it } from 'vitest';
import english from '../../i18n/en/web3.json';
import { headerEnglish } from './headerI18n';

describe('the wallet header texts of the first load', () => {
  it('are exactly the header texts of en/web3.json', () => {
    expect(headerEnglish).toEqual(english.header);
  });
});
