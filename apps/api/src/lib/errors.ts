import type { ErrorCode } from '@pd/contracts';

/** A failure the caller can act on; the error handler turns it into the one error shape. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** The existing record the request would repeat (the error shape's existingId). */
    readonly existingId?: number,
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  constructor(what = 'Resource') {
    super('NOT_FOUND', 404, `${what} not found.`);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Please sign in.') {
    super('UNAUTHENTICATED', 401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission for this action.') {
    super('FORBIDDEN', 403, message);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fields?: { path: string; message: string }[]) {
    super('VALIDATION_FAILED', 400, message, fields);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('CONFLICT', 409, message);
  }
}
