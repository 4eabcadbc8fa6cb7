import { describe, expect, it } from 'vitest';
import { literalsOf } from './schema-types';

// How a CHECK constraint becomes a column's union of literals (decision 0058), on pg_get_constraintdef's text.
describe('literalsOf', () => {
  it('reads IN lists, a single literal, integers, and the parts of an OR', () => {
    expect(literalsOf("CHECK ((kind = ANY (ARRAY['registration'::text, 'sign_in'::text])))", 'kind')).toEqual(
      ['registration', 'sign_in'],
    );
    expect(literalsOf("CHECK ((status = 'complete'::text))", 'status')).toEqual(['complete']);
    expect(literalsOf('CHECK ((contract_version = ANY (ARRAY[1, 2])))', 'contract_version')).toEqual([1, 2]);
    expect(
      literalsOf(
        "CHECK ((((owner_id IS NOT NULL) AND (kind = ANY (ARRAY['deposit'::text, 'held'::text]))) OR ((owner_id IS NULL) AND (kind = ANY (ARRAY['cash'::text])))))",
        'kind',
      ),
    ).toEqual(['deposit', 'held', 'cash']);
    expect(literalsOf("CHECK (((note IS NULL) OR (note = ANY (ARRAY['a''b'::text]))))", 'note')).toEqual([
      "a'b",
    ]);
  });

  it('finds none where some part leaves the column free, or for another column', () => {
    expect(
      literalsOf(
        "CHECK (((chain_id IS NULL) OR ((currency = 'BEP20'::text) AND (chain_id = 56))))",
        'currency',
      ),
    ).toBeUndefined();
    expect(literalsOf("CHECK (((kind = 'a'::text) OR (amount > 0)))", 'kind')).toBeUndefined();
    expect(literalsOf("CHECK ((kind = ANY (ARRAY['a'::text])))", 'other')).toBeUndefined();
    expect(literalsOf('CHECK ((amount > 0))', 'amount')).toBeUndefined();
    expect(literalsOf('CHECK ((kind = lower(kind)))', 'kind')).toBeUndefined();
  });
});
