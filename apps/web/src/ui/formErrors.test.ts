import { RegisterBody } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/apiError';
import { schemaErrors, serverFieldErrors } from './formErrors';

describe('form errors', () => {
  it('maps contract issues to the first message per field', () => {
    const errors = schemaErrors(RegisterBody, {
      fullname: 'A',
      email: 'nope',
      phone: '12',
      password: 'short',
      confirmPassword: 'other',
      referralBy: '',
    });
    expect(errors.fullname).toBe('Enter your full name.');
    expect(errors.email).toBe('Enter a valid email address.');
    expect(errors.phone).toBe('Enter a phone number of 7 to 15 digits.');
    expect(errors.password).toBe('Password must be at least 8 characters.');
  });

  it("takes the server's details as field errors", () => {
    const error = new ApiError('Invalid input', 400, 'VALIDATION_FAILED', { email: ['Taken.', 'Other.'] });
    expect(serverFieldErrors(error)).toEqual({ email: 'Taken.' });
    expect(serverFieldErrors(error, { email: 'identifier' })).toEqual({ identifier: 'Taken.' });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
