import { ValidationError } from './errors.ts';

/** Spec section 5: a delete goes ahead only with the answer Y (clients, notes, client products). */
export function assertDeletionConfirmed(answer: string | undefined): void {
  if (answer !== 'Y') {
    throw new ValidationError('Confirm the deletion with the answer Y.', [
      { path: 'querystring.answer', message: 'The answer must be Y.' },
    ]);
  }
}
