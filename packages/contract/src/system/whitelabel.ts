import { z } from 'zod';
import type { WhitelabelNode } from './constants';

export { WHITELABEL, isModuleEnabled, type WhitelabelModule, type WhitelabelNode } from './constants';

export const WhitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string().min(1),
    enabled: z.enum(['1', '0']),
    childrenNodes: z.array(WhitelabelNodeSchema),
  }),
);
