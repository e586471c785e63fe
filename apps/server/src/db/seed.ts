import { sql } from 'drizzle-orm';
import type { BrandConfig, SiteContent, WhitelabelNode } from '@parlay/contract';
import { WHITELABEL } from '@parlay/contract';
import type { Database } from './client';
import { announcements, helpItems, merchantDomains, merchants } from './schema/index';
import { demoAgentNotices, demoBanners, demoHelpItems, demoNotices } from './seed-content';
import { seedDemoAccounts } from './seed-accounts';
import { seedDemoCashier } from './seed-cashier';
import { seedDemoMessages } from './seed-messages';
import { seedDemoSignIns } from './seed-security';

export const DEMO_MERCHANT_CODE = 'parlay';

const on = (modId: string, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled: '1',
  childrenNodes,
});

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
  on(WHITELABEL.HOURLY_SALARY),
  on(WHITELABEL.REALTIME_SALARY),
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
  // Links of our own site until a brand plugs in a chat vendor; the client opens them in a small window.
  customerService: [
    { csType: 'LIVECHAT', path: '/helpmc#contact' },
    { csType: 'VIP', path: '/helpmc?channel=vip#contact' },
  ],
  facebookUrl: '',
  email: 'support@parlay.example',
  analytics: { gtagId: '' },
  imageCDNs: [],
  launchGameCDNs: [],
  footer: {
    paymentImages: [
      { name: 'Bank Transfer', url: '/footer/bank-transfer.svg' },
      { name: 'Debit Card', url: '/footer/card.svg' },
      { name: 'USDT', url: '/footer/usdt.svg' },
      { name: 'E-Wallet', url: '/footer/e-wallet.svg' },
    ],
    licenseImages: [
      { name: '18+ Only', url: '/footer/adults-only.svg' },
      { name: 'Play Responsibly', url: '/footer/responsible-gaming.svg' },
      { name: 'SSL Secured', url: '/footer/ssl-secure.svg' },
      { name: 'Fair Play', url: '/footer/fair-play.svg' },
    ],
    // Empty: the footer writes the line in the visitor's language, with the brand's name and this year.
    copyright: '',
    // The demo brand holds no licence and says so; an operator enters its own in the back office.
    operator: { company: '', address: '', regulator: '', licenceNumber: '', licenceUrl: '', demo: true },
  },
};

const DEMO_LANGUAGES = ['KO', 'EN'] as const;

export interface SeedOptions {
  /**
   * The PORT the server listens on: the demo brand's site address is http://localhost:<port>, which the
   * links it sends (password resets) are built on (decision 0026). Without it (or 0) none is set.
   */
  port?: number;
}

/**
 * Idempotent: creates what is missing and changes nothing that exists, so an operator's later edits
 * survive a restart. Each feature adds its demo data with one call here.
 */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<void> {
  const merchantId = await seedDemoBrand(db, options);
  await seedDemoContent(db, merchantId);
  await seedDemoAccounts(db, DEMO_MERCHANT_CODE);
  await seedDemoMessages(db, DEMO_MERCHANT_CODE);
  await seedDemoCashier(db, DEMO_MERCHANT_CODE);
  await seedDemoSignIns(db, DEMO_MERCHANT_CODE);
}

/** The demo brand, its domains and, when it has none yet, its site address; returns the brand's id. */
export async function seedDemoBrand(db: Database, options: SeedOptions = {}): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(merchants)
      .values({
        code: DEMO_MERCHANT_CODE,
        name: 'Parlay',
        currency: 'KRW',
        currencyExponent: 0,
        currencySymbol: '₩',
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
    // A data folder made before site addresses existed gets one too; an operator's own address stays.
    if (options.port) {
      await tx
        .update(merchants)
        .set({ siteUrl: `http://localhost:${options.port}` })
        .where(sql`${merchants.id} = ${merchant.id} AND ${merchants.siteUrl} IS NULL`);
    }
    await tx
      .insert(merchantDomains)
      .values([
        { domain: 'localhost', merchantId: merchant.id, isRoute: true, sortOrder: 0 },
        { domain: '127.0.0.1', merchantId: merchant.id, isRoute: true, sortOrder: 1 },
      ])
      .onConflictDoNothing({ target: merchantDomains.domain });
    return merchant.id;
  });
}

/**
 * Banners, notices, promotions and help items in KO and EN, each added once by its slug and dated days before the
 * start that adds it (the first).
 */
export async function seedDemoContent(db: Database, merchantId: number): Promise<void> {
  // Dated back from now: on the first start the news is recent; later starts add nothing, so dates stay put.
  const now = Date.now();
  const announcementRows = [...demoBanners, ...demoNotices, ...demoAgentNotices].flatMap((item) =>
    DEMO_LANGUAGES.map((language) => ({
      merchantId,
      slug: `${item.slug}-${language.toLowerCase()}`,
      type: item.type,
      language,
      title: item.text[language].title,
      content: item.text[language].content,
      imageUrl: item.imageUrl?.replace('{lang}', language.toLowerCase()) ?? null,
      linkUrl: item.linkUrl || null,
      groupName: item.groupName,
      audience: item.audience ?? 'all',
      sortOrder: item.sortOrder,
      startsAt: new Date(now - item.ageDays * 86_400_000),
    })),
  );
  const helpRows = demoHelpItems.flatMap((item) =>
    DEMO_LANGUAGES.map((language) => ({
      merchantId,
      slug: `${item.slug}-${language.toLowerCase()}`,
      language,
      category: item.category,
      title: item.text[language].title,
      content: item.text[language].content,
      sortOrder: item.sortOrder,
    })),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(announcements)
      .values(announcementRows)
      .onConflictDoNothing({ target: [announcements.merchantId, announcements.slug] });
    await tx
      .insert(helpItems)
      .values(helpRows)
      .onConflictDoNothing({ target: [helpItems.merchantId, helpItems.slug] });
  });
}
