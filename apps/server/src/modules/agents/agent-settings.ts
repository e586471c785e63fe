import type { BoAgentSettings, BoAgentSettingsUpdate } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import * as repository from './agent-settings.repository';

/**
 * The brand's agent settings in the back office: whether its agents may make sub-agents (decision 0064; read by
 * agent-accounts.ts at each link and account made, and by registration at each sign-up by a sub-agent link) and
 * whether a dividend's negative period carries into the contract's next period (decision 0067; read by the
 * settlement). A brand that never saved has both on.
 */
export class AgentSettingsService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  /** The brand's settings, the defaults when it never saved any. */
  get(merchantId: number): Promise<BoAgentSettings> {
    return repository.findAgentSettings(this.db, merchantId);
  }

  /**
   * Saves the brand's settings (audited with before and after) if `request.version` is still the stored one; a save
   * over one the operator did not see is BO_CHANGED_SINCE_OPENED and writes nothing. Sub-agents turned off: accounts
   * already made stay agents, and a sub-agent link already made registers a member from then on, with no contract
   * offers (registration reads the setting at each sign-up); turned on again, the link makes sub-agents again. Periods
   * already settled keep what they were.
   */
  async save(merchantId: number, request: BoAgentSettingsUpdate, actor: Actor): Promise<BoAgentSettings> {
    await this.db.transaction(async (tx) => {
      const before = await repository.findAgentSettings(tx, merchantId);
      const after = { subAgentsAllowed: request.subAgentsAllowed, dividendCarriesLoss: request.dividendCarriesLoss };
      if (!(await repository.saveAgentSettings(tx, merchantId, { ...after, version: request.version }))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'agents.settings',
        targetType: 'merchant',
        targetId: merchantId,
        before: { subAgentsAllowed: before.subAgentsAllowed, dividendCarriesLoss: before.dividendCarriesLoss },
        after,
      });
    });
    return repository.findAgentSettings(this.db, merchantId);
  }
}
