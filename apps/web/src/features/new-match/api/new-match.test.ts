import { describe, expect, it } from 'vitest';
import * as MSG from '@mitos/domain/message-texts';
import { ApiError } from '../../../lib/api-client';
import { createMatchErrorLines } from './new-match';

describe('createMatchErrorLines', () => {
  it('shows the server’s reason when too many matches were recorded (decision 012)', () => {
    const message = MSG.tooManyPendingForPlayer('bruno', 10);
    const err = new ApiError(429, message, { success: false, error: message, message });
    expect(createMatchErrorLines(err)).toEqual([message]);
  });

  it('falls back to the SPEC’s generic text on a 429 without a body', () => {
    expect(createMatchErrorLines(new ApiError(429, 'x'))).toEqual([MSG.createErrorOther]);
  });
});
