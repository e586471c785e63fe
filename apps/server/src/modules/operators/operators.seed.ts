import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/crypto/password';
import type { SecretBox } from '../vendors/index';
import * as repository from './operators.repository';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS, DEMO_TOTP_SECRET } from './demo-operators';
import { totpSealContext } from './sign-in.service';

/**
 * Idempotent: creates the demo operators that are missing, active and enrolled with the demo secret (sealed
 * with this server's DATA_ENCRYPTION_KEY), and never touches one that exists, so a changed demo operator
 * survives a restart. Not audited: it is the demo's data, as the seeded brand and members are.
 */
export async function seedDemoOperators(db: Database, box: SecretBox, demoMerchantCode: string): Promise<void> {
  const [brand] = await repository.findBrandsByCode(db, [demoMerchantCode]);
  if (!brand) return;
  const missing: (typeof DEMO_OPERATORS)[number][] = [];
  for (const demo of DEMO_OPERATORS) {
    if (!(await repository.findOperatorByLogin(db, demo.login))) missing.push(demo);
  }
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(DEMO_OPERATOR_PASSWORD);
  await db.transaction(async (tx) => {
    for (const demo of missing) {
      const inserted = await repository.insertOperator(tx, {
        login: demo.login,
        name: demo.name,
        email: `${demo.login}@parlay.example`,
        roles: [demo.role],
        allBrands: demo.role === 'owner',
        status: 'active',
        passwordHash,
      });
      if ('taken' in inserted) continue;
      if (demo.role !== 'owner') await repository.replaceOperatorBrands(tx, inserted.id, [brand.id]);
      await repository.updateOperator(tx, inserted.id, null, {
        totpSecret: box.seal(DEMO_TOTP_SECRET, totpSealContext(inserted.id)),
      });
    }
  });
}
