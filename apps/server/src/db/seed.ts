import { sql } from 'drizzle-orm';
import type { BrandConfig, SiteContent, WhitelabelNode } from '@parlay/contract';
import { WHITELABEL } from '@parlay/contract';
import type { Database } from './client';
import { merchantDomains, merchants } from './schema/index';
import { seedDemoAccounts } from './seed-accounts';

export const DEMO_MERCHANT_CODE = 'parlay';

const on = (modId: string, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled: '1',
  childrenNodes,
});
const off = (modId: string): WhitelabelNode => ({ modId, enabled: '0', childrenNodes: [] });

export const demoWhitelabel: WhitelabelNode[] = [
  on(WHITELABEL.DIRECT_REGISTER, [
    on(WHITELABEL.REGISTER_USERNAME),
    on(WHITELABEL.REGISTER_MOBILE, [on(WHITELABEL.REGISTER_SMS_VERIFICATION), on(WHITELABEL.REGISTER_MOBILE_PASSWORD)]),
  ]),
  on(WHITELABEL.LOGIN_SMS),
  on(WHITELABEL.FREE_PLAY),
  on(WHITELABEL.FORCE_PASSWORD_CHANGE),
  on(WHITELABEL.RECOVER_BY_PHONE),
  on(WHITELABEL.REFERRAL),
  on(WHITELABEL.UNREGISTERED_IP_VERIFICATION),
  on(WHITELABEL.PROMOTIONS),
  on(WHITELABEL.DIVIDEND_CONTRACT),
  on(WHITELABEL.SALARY),
  off(WHITELABEL.HOURLY_SALARY),
  off(WHITELABEL.REALTIME_SALARY),
];

type StoredBrandConfig = Omit<
  BrandConfig,
  'merchantCode' | 'name' | 'currency' | 'currencySymbol' | 'currencyExponent' | 'timeZone'
>;

export const demoBrandConfig: StoredBrandConfig = {
  platform: 'web',
  lotteryType: 'SEA',
  device: 'WEB',
  defaultLanguage: 'KO',
  languages: ['KO', 'EN'],
  chatHeaderColor: '#1f6feb',
  prizeModes: ['Lott', 'ZY', 'Elott', 'SEA'],
  announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
  defaultAnnouncementType: 'B',
  esportsList: [],
  loggedInToHomePage: false,
};

export const demoSite: SiteContent = {
  resources: [
    { resourceType: 'IOS', url: '/down#ios', qrCodeUrl: '/down#ios', labelNameEn: 'iOS App', labelNameCn: 'iOS 앱' },
    {
      resourceType: 'MOBILECONFIG',
      url: '/down#ios-lite',
      qrCodeUrl: '/down#ios-lite',
      labelNameEn: 'iOS Lite App',
      labelNameCn: 'iOS 라이트 앱',
    },
    {
      resourceType: 'ANDROID',
      url: '/down#android',
      qrCodeUrl: '/down#android',
      labelNameEn: 'Android App',
      labelNameCn: 'Android 앱',
    },
  ],
  customerService: [],
  facebookUrl: '',
  email: 'support@parlay.example',
  analytics: { gtagId: '' },
  imageCDNs: [],
  launchGameCDNs: [],
  footer: {
    paymentImages: [],
    licenseImages: [],
    copyright: '© 2026 Parlay. All rights reserved.',
  },
};

/**
 * Idempotent: creates the demo brand and its domains when missing and changes nothing when present,
 * so an operator's later edits survive a restart.
 */
export async function seedDemo(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(merchants)
      .values({
        code: DEMO_MERCHANT_CODE,
        name: 'Parlay',
        currency: 'KRW',
        currencyExponent: 0,
        currencySymbol: 'P',
        timeZone: 'Asia/Seoul',
        config: demoBrandConfig,
        site: demoSite,
        whitelabel: demoWhitelabel,
      })
      .onConflictDoNothing({ target: merchants.code });
    const [merchant] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(sql`${merchants.code} = ${DEMO_MERCHANT_CODE}`);
    if (!merchant) throw new Error('demo merchant missing after insert');
    await tx
      .insert(merchantDomains)
      .values([
        { domain: 'localhost', merchantId: merchant.id, isRoute: true, sortOrder: 0 },
        { domain: '127.0.0.1', merchantId: merchant.id, isRoute: true, sortOrder: 1 },
      ])
      .onConflictDoNothing({ target: merchantDomains.domain });
  });
  await seedDemoAccounts(db, DEMO_MERCHANT_CODE);
}
