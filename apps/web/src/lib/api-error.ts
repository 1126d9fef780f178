import type { ErrorBody } from '@recarga/contracts/auth';

type ApiErrorKind = 'http' | 'network';

/** A failed call: an HTTP error status (with the `{code, message, fields?}` body when sent) or no answer at all. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly body?: ErrorBody;

  constructor(kind: ApiErrorKind, status: number, message: string, body?: ErrorBody) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
