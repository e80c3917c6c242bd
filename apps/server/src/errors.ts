import { MSG } from '@mitos/domain/messages';

/*
 * The errors services throw: a status and a Spanish message (and field errors or details). They
 * know nothing of HTTP frameworks; http/errors.ts turns them into the one error shape.
 */

/** An expected failure: its Spanish message goes to the client as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errors?: Record<string, string[]>; details?: string; error?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new AppError(400, message, errors ? { errors } : {});
export const unauthorized = (message: string = MSG.notAuthenticated) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** A refusal of the domain's rules (status, SPEC message, details) as the error to answer with. */
export function refusalError(refusal: { status: number; message: string; details?: string }): AppError {
  return new AppError(
    refusal.status,
    refusal.message,
    refusal.details === undefined ? {} : { error: refusal.message, details: refusal.details },
  );
}
