import { z } from 'zod';
import { MSG } from './messages';

/** The one error shape every failing endpoint answers with. */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  details: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZId = z.coerce
  .number({ error: MSG.invalidId })
  .int({ error: MSG.invalidId })
  .positive({ error: MSG.invalidId })
  .max(2_147_483_647, { error: MSG.invalidId });

/** Path parameters are strings on the wire: only plain decimal integers are ids. */
export const ZIdParam = z
  .string()
  .regex(/^\d{1,10}$/, { error: MSG.invalidId })
  .transform(Number)
  .pipe(z.number().int().positive({ error: MSG.invalidId }).max(2_147_483_647, { error: MSG.invalidId }));

export const ZIdParams = z.object({ id: ZIdParam });
export const ZUserIdParams = z.object({ userId: ZIdParam });

export const ZSuccess = z.object({ success: z.literal(true) });

export { cleanText } from './text';
