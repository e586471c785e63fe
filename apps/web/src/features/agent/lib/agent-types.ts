import { AGENT_TYPES } from '@parlay/contract';

/** Agent types 1, 2, 41 and 42 (docs/product/agent-centre.md#who-may-open-it): they have a downline. */
export function isAgentType(type: number | null | undefined): boolean {
  return (AGENT_TYPES as readonly number[]).includes(type ?? -1);
}
