import { z } from 'zod';

export const ZUserStatistics = z.object({
  matches: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  winRate: z.number(),
  approvalRate: z.number(),
  approvalHealth: z.enum(['Excelente', 'Regular', 'Bajo']),
});
export type TUserStatistics = z.infer<typeof ZUserStatistics>;
