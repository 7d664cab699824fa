import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';
import { applyServerErrors, failureMessage } from './serverErrors.ts';

type Form = UseFormReturn<Record<string, unknown>, unknown, unknown>;

const formSpy = () => {
  const setError = vi.fn();
  return { form: { setError } as unknown as Form, setError };
};

describe('applyServerErrors', () => {
  it('puts each field error on the field shown, focusing the first, and lists the others', () => {
    const { form, setError } = formSpy();
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid input.', [
      { path: 'body.billingClientId', message: 'Choose a client of this company.' },
      { path: 'body.email', message: 'Taken.' },
      { path: 'body.email', message: 'Second word on e-mail.' },
      { path: 'body.secret', message: 'Not on screen.' },
    ]);
    const fieldOf = (path: string) => (path === 'body.billingClientId' ? 'billingClient' : path.slice(5));
    const result = applyServerErrors(form, error, { fieldOf, isShown: (f) => f !== 'secret' });
    expect(result).toEqual({
      shown: ['billingClient', 'email'],
      other: ['Second word on e-mail.', 'Not on screen.'],
    });
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'billingClient',
      { type: 'server', message: 'Choose a client of this company.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'email',
      { type: 'server', message: 'Taken.' },
      { shouldFocus: false },
    );
  });

  it('lists a refusal that names no field (403, 409, an unreachable server), but not a crash', () => {
    const list = (error: unknown) => applyServerErrors(formSpy().form, error, { isShown: () => true }).other;
    expect(list(new ApiError(403, 'FORBIDDEN', 'Only administrators may do this.'))).toEqual([
      'Only administrators may do this.',
    ]);
    expect(list(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached.'))).toEqual([
      'The server could not be reached.',
    ]);
    expect(list(new ApiError(500, 'INTERNAL', 'Boom.'))).toEqual([]);
    expect(list(new Error('bug'))).toEqual([]);
  });

  it("words a failure for a toast in the API's own words, or generically", () => {
    expect(failureMessage(new ApiError(409, 'CONFLICT', 'Exists.'))).toBe('Exists.');
    expect(failureMessage(new Error('bug'))).toBe(GENERIC_FAILURE);
  });
});
