import { ConflictError, ValidationError } from '../../lib/errors.ts';

/** A 400 naming one field, in the error shape every form maps onto its fields. */
export const invalidField = (path: string, message: string) =>
  new ValidationError('Some fields are not valid.', [{ path, message }]);

export const templateInUse = (name: string, rules: number, what = 'reminder rule') =>
  new ConflictError(
    `The template "${name}" is used by ${rules} ${what}${rules === 1 ? '' : 's'}: change or delete ${rules === 1 ? 'it' : 'them'} first.`,
  );

export const templateNameTaken = (name: string) =>
  new ConflictError(`A reminder template called "${name}" exists already.`);

export const ruleExists = () =>
  new ConflictError('The type has this reminder already (same kind, channel and offset).');
