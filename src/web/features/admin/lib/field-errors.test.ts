import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { invalidFields } from './field-errors';

describe('invalidFields', () => {
  it('reads the field names of a validation_failed message', () => {
    const error = new ApiError(400, 'validation_failed', 'sourceRef: a competition code such as PL, BSA or WC; name: Too small: expected string to have >=2 characters');
    expect([...invalidFields(error)].sort()).toEqual(['name', 'sourceRef']);
  });

  it('takes the first part of a nested path and skips the body-level message', () => {
    expect([...invalidFields(new ApiError(400, 'validation_failed', 'season.0: bad; body: nothing to change'))]).toEqual(['season']);
  });

  it('is empty for other errors', () => {
    expect(invalidFields(new ApiError(404, 'league_not_found', 'name: gone')).size).toBe(0);
    expect(invalidFields(new Error('name: x')).size).toBe(0);
  });
});
