import type { Config } from './config';
import type { Database } from './db/client';
import type { MailProvider } from './lib/mail/mail-provider';
import type { SmsProvider } from './lib/sms/sms-provider';
import { ApplicationService, applicationPromotionStates } from './modules/applications/index';
import { AbuseService } from './modules/abuse/index';
import { AuditService } from './modules/audit/index';
import { AuthService, EncryptionKeyService, GuestService } from './modules/auth/index';
import { BettingService } from './modules/betting/index';
import { BonusAdminService, BonusService, bonusPromotionStates } from './modules/bonuses/index';
import { CashierService } from './modules/cashier/index';
import { ContentAdminService, ContentService } from './modules/content/index';
import {
  BrandOfferService,
  CatalogueCache,
  CatalogueService,
  CatalogueSyncService,
  HouseLimitService,
  LaunchService,
  LotteryCallService,
} from './modules/games/index';
import { MemberAdminService, MemberService, PlayerNoteService, PlayerService } from './modules/member/index';
import { MediaService, MerchantAdminService, MerchantService } from './modules/merchant/index';
import { FeedbackService, MessagesService, OperatorMessageService } from './modules/messages/index';
import { IpAllowListService, OperatorService, OperatorSignInService } from './modules/operators/index';
import { KycService } from './modules/kyc/index';
import { PasswordService } from './modules/password/index';
import { PointMallAdminService, PointMallService } from './modules/point-mall/index';
import { ProtectionService } from './modules/protection/index';
import { ReferralRewardService, ReferralService } from './modules/referral/index';
import { RegistrationService } from './modules/registration/index';
import { PointsService } from './modules/points/index';
import { RebateService, cashbackPromotionStates } from './modules/rebates/index';
import { MissionService, missionPromotionStates } from './modules/missions/index';
import { LeaderboardService } from './modules/leaderboards/index';
import { MemberFiguresService } from './modules/member-figures/index';
import {
  AgentAccountsService,
  AgentContractsService,
  AgentSettingsService,
  AgentSettlementService,
  DownlineService,
  TeamOverviewService,
  TeamProfitLossService,
  TeamRecordsService,
} from './modules/agents/index';
import { PromotionHubService } from './modules/promotions-hub/index';
import { RaffleService, rafflePromotionStates } from './modules/raffles/index';
import { LotteryAdminService } from './modules/lottery-admin/index';
import { ReportsService } from './modules/reports/index';
import { AbandonedRoundService, PromotionCapService, SeamlessWalletService } from './modules/seamless-wallet/index';
import { SecretService } from './modules/secrets/index';
import {
  ContactBindingService,
  MemberAuthenticatorService,
  PaymentPasswordService,
  SecurityService,
} from './modules/security/index';
import { SessionService } from './modules/session/index';
import { SupportService } from './modules/support/index';
import { SettlementFeedService } from './modules/settlement-feed/index';
import { DownlineTransferService, UplineTransferService } from './modules/transfers/index';
import { VipAdminService, VipService } from './modules/vip/index';
import { LaunchSessionService, SecretBox, VendorService } from './modules/vendors/index';
import { AltchaService, CodeService } from './modules/verification/index';
import { MemberTransactionsService, WalletService } from './modules/wallet/index';
import {
  BankAccountService,
  WithdrawalReviewService,
  WithdrawalService,
  WithdrawalSettingsService,
} from './modules/withdrawals/index';

/** What the services are built from. */
export interface ServiceOptions {
  db: Database;
  /**
   * DEFAULT_MERCHANT_CODE: the brand of a host no brand claims. DATA_ENCRYPTION_KEY: seals vendors' wallet
   * secrets and operators' authenticator secrets. BACKOFFICE_URL: where invitation links lead.
   */
  config: Pick<Config, 'DEFAULT_MERCHANT_CODE' | 'DATA_ENCRYPTION_KEY' | 'BACKOFFICE_URL'> &
    Partial<Pick<Config, 'CASHIER_CALLBACK_URL' | 'PORT' | 'LOTTERY_VENDOR_API_URL' | 'LOTTERY_VENDOR_CODE'>>;
  /** Where e-mail and SMS go besides the outbox table (lib/mail, lib/sms). */
  mail: MailProvider;
  sms: SmsProvider;
}

/**
 * Every service of the platform, one instance of each. buildApp puts each group on the app under its name
 * (app.merchants, app.accounts.auth, app.gaming.wallet: plugins/services.ts), where plugins and routes take
 * them; an operator command gets them in its context (cli/run.ts).
 */
export interface Services {
  merchants: MerchantService;
  secrets: SecretService;
  /** Request encryption (decision 0006). */
  encryptionKeys: EncryptionKeyService;
  sessions: SessionService;
  accounts: {
    auth: AuthService;
    members: MemberService;
    passwords: PasswordService;
    registration: RegistrationService;
    /** A member's invite code and link, and the members who registered with it. */
    referrals: ReferralService;
    /** Binding or changing the member's mobile number and e-mail, each change proved by two codes. */
    contacts: ContactBindingService;
    altcha: AltchaService;
    codes: CodeService;
    guests: GuestService;
    /** The security centre: sign-ins, sessions, known IPs; and the member's authenticator (decision 0037). */
    security: SecurityService;
    authenticator: MemberAuthenticatorService;
    /** The payment password withdrawals and points ask for: set, change, reset by code, wrong tries locking it. */
    paymentPassword: PaymentPasswordService;
    /** Identity checks: the member's documents, their review, the withdrawals' threshold (decision 0043). */
    kyc: KycService;
  };
  /**
   * Ledger and rounds; vendors (registry, secrets, signatures) and their launch sessions; the seamless wallet,
   * promotion caps and abandoned rounds; the catalogue, launches, catalogue sync, brands' offers and the house
   * games' limits.
   */
  gaming: {
    wallet: WalletService;
    /** The member's account record: its movements by type and period, and their CSV. */
    memberTransactions: MemberTransactionsService;
    betting: BettingService;
    vendors: VendorService;
    launchSessions: LaunchSessionService;
    seamlessWallet: SeamlessWalletService;
    promotionCaps: PromotionCapService;
    abandonedRounds: AbandonedRoundService;
    catalogue: CatalogueService;
    launches: LaunchService;
    catalogueSync: CatalogueSyncService;
    brandOffers: BrandOfferService;
    houseLimits: HouseLimitService;
    /** The lottery calls: the VN menu, popular and recent lotteries, the lottery vendor's results (decision 0070). */
    lottery: LotteryCallService;
    /** The transfer to the upline agent: limits, the transfer (decision 0043). */
    uplineTransfers: UplineTransferService;
    /** An agent's transfer to its downline, within the same limits (decision 0062). */
    downlineTransfers: DownlineTransferService;
  };
  content: ContentService;
  /** The member mailbox: system messages from templates, unread counts pushed on the member's socket. */
  messages: MessagesService;
  /** Feedback from members and visitors, and support's answers into the mailbox. */
  feedback: FeedbackService;
  /** The support chat: members' and visitors' conversations, the back office's inbox (issue 39). */
  support: SupportService;
  /** Settled rounds (and later deposits and withdrawals) in order, for the consumers that keep figures. */
  settlementFeed: SettlementFeedService;
  /**
   * Payment providers, the brands' deposit methods, and the deposit orders (`cashier.deposits`), credited once from
   * the providers' signed callbacks, the reconciliation job or finance's review (decision 0039).
   */
  cashier: CashierService;
  /** The dashboard and daily reports, and the aggregates they read (the feed's 'reports' consumer). */
  reports: ReportsService;
  /** Points (decision 0044): the ledger, the brand's configuration, the feed's 'points' consumer. */
  points: PointsService;
  /**
   * Bonuses with wagering (decision 0050): promotions, bonuses paid on a deposit's credit and at registration under a
   * withdrawal lock, the feed's 'bonuses' consumer, forfeit and expiry.
   */
  bonuses: BonusService;
  /** The back office's promotions and members' bonuses (decision 0050). */
  bonusAdmin: BonusAdminService;
  /** Application promotions (decision 0052): applications with images, approved (the reward paid) or rejected. */
  applications: ApplicationService;
  /** The promotions hub (decision 0058): every promotion of a brand with the member's state, asked of each kind. */
  promotionsHub: PromotionHubService;
  /**
   * Withdrawals (decision 0041): the member's bank accounts and requests, finance's review, payouts and cases, a
   * brand's withdrawal settings.
   */
  withdrawals: {
    bankAccounts: BankAccountService;
    requests: WithdrawalService;
    review: WithdrawalReviewService;
    settings: WithdrawalSettingsService;
  };
  /** Player protection: limits, time-outs, self-exclusion and the reality check (decision 0042). */
  protection: ProtectionService;
  /**
   * VIP ranks (decision 0046): the levels, the feed's `vip` consumer that raises members, the downgrade review and
   * bonuses (`ranks`), and the back office's levels, members by level and changes (`admin`).
   */
  vip: { ranks: VipService; admin: VipAdminService };
  /** Cashback (decision 0051): the feed's `rebates` consumer, the member's periods and claim, auto-pay, settings. */
  rebates: RebateService;
  /**
   * Missions (decision 0054): the brand's missions, the feed's `missions` consumer, the sign-in count, the member's
   * summary and claim (the reward paid once by its key), the back office's missions.
   */
  missions: MissionService;
  /**
   * Referral rewards (decision 0057): the brand's rules, the feed's `referrals` consumer, the inviter's reward (and the
   * invited member's) paid once by its key when an invited member qualifies, held when the pair looks like one person.
   */
  referralRewards: ReferralRewardService;
  /** Abuse checks before a payout and the flags of payouts held for the operator (decision 0057). */
  abuse: AbuseService;
  /**
   * Leaderboards (decision 0056): the brands' boards, the feed's `leaderboards` consumer, the payout of finished
   * periods (each prize once by its key), the member's standings, the back office's boards and standings.
   */
  leaderboards: LeaderboardService;
  /** Members' figures by day and hour from the feed's `member-figures` consumer (decision 0061): teams' sums. */
  memberFigures: MemberFiguresService;
  /**
   * Raffles (decision 0055): the brands' raffles, the member's join, the draw (each prize once by its key), the
   * public proof, the back office's raffles.
   */
  raffles: RaffleService;
  /** The lottery vendor's settings per brand and its draws with the brand's figures, for the back office (issue 38). */
  lotteryAdmin: LotteryAdminService;
  /**
   * The agent centre's downline tree (decision 0059): whether a member is in an agent's downline, the agent's team,
   * the back office's tree with moves between uplines.
   */
  downline: DownlineService;
  /** The agent centre's overview: the team's figures by period from the members' days (decision 0061). */
  teamOverview: TeamOverviewService;
  /** The agent centre's user profit and loss: the team's members over a period (decision 0061). */
  teamProfitLoss: TeamProfitLossService;
  /** The agent centre's team betting and transaction details: the team's rounds and money movements by period. */
  teamRecords: TeamRecordsService;
  /** The agent centre's account page: invitation links and accounts an agent creates directly (decision 0064). */
  agentAccounts: AgentAccountsService;
  /** The agents' dividend and salary contracts: offers, answers, terminations (decision 0066). */
  agentContracts: AgentContractsService;
  /** Contract settlement: each kind's periods settled once, their lines paid by key (decision 0068). */
  agentSettlements: AgentSettlementService;
  /** The brand's agent settings: sub-agents allowed, a dividend's loss carried (decisions 0064, 0067). */
  agentSettings: AgentSettingsService;
  /** The points mall (decision 0045): the member's products, redemptions, records, conversions; the operator's side. */
  pointMall: { mall: PointMallService; admin: PointMallAdminService };
  /**
   * Operators' actions (the back office and `npm run admin`), and what the back office reads of a brand's players
   * and writes as their notes.
   */
  admin: {
    merchants: MerchantAdminService;
    members: MemberAdminService;
    players: PlayerService;
    playerNotes: PlayerNoteService;
    content: ContentAdminService;
    /** Operators' messages to one member, a segment or every member of a brand. */
    operatorMessages: OperatorMessageService;
  };
  /** Images operators upload (logos, banners), served at /wps/media/<name>. */
  media: MediaService;
  /** The append-only audit trail every admin service writes in its change's transaction. */
  audit: AuditService;
  /** The back office's operators: their accounts, sign-in and sessions, and brands' IP allow-lists. */
  backoffice: { operators: OperatorService; signIn: OperatorSignInService; ipAllowLists: IpAllowListService };
}

/** The composition root: builds each service once, handing each the services it uses. */
export function buildServices({ db, config, mail, sms }: ServiceOptions): Services {
  const merchants = new MerchantService(db, config.DEFAULT_MERCHANT_CODE);
  const audit = new AuditService(db);
  const secrets = new SecretService(db);
  const encryptionKeys = new EncryptionKeyService(db, audit);
  const sessions = new SessionService(db);

  const media = new MediaService(db);
  const members = new MemberService(db, media);
  const altcha = new AltchaService(db, secrets);
  const codes = new CodeService(db, secrets, sms, mail);
  const messages = new MessagesService(db);
  const secretBox = new SecretBox(config.DATA_ENCRYPTION_KEY);
  const authenticator = new MemberAuthenticatorService(db, secretBox);
  const protection = new ProtectionService(db, sessions, audit);
  const auth = new AuthService(db, sessions, members, altcha, codes, encryptionKeys, authenticator, protection);
  const registration = new RegistrationService(db, auth, altcha, codes);
  const passwords = new PasswordService(db, sessions, auth, members, codes, registration);

  const wallet = new WalletService(db, audit);
  const paymentPassword = new PaymentPasswordService(db, members, codes, messages);
  const uplineTransfers = new UplineTransferService(db, wallet, paymentPassword);
  const downlineTransfers = new DownlineTransferService(db, wallet, paymentPassword);
  const kyc = new KycService(db, audit, uplineTransfers);
  const betting = new BettingService(db);
  const vendors = new VendorService(db, secretBox);
  const launchSessions = new LaunchSessionService(db, vendors);
  // One cache of the catalogue, shared by the services that read it and those that change it.
  const catalogueCache = new CatalogueCache(db);
  const catalogue = new CatalogueService(db, catalogueCache);
  // The lottery vendor's results: one configured apart from this server, or the embedded one main.ts names.
  const lotteryCalls = new LotteryCallService(db, catalogue);
  if (config.LOTTERY_VENDOR_API_URL) {
    const vendorCode = config.LOTTERY_VENDOR_CODE ?? 'PARLAY_LOTTERY';
    lotteryCalls.useVendor({ vendorCode, apiUrl: config.LOTTERY_VENDOR_API_URL });
  }

  const merchantAdmin = new MerchantAdminService(db, audit, wallet, media, merchants);
  const players = new PlayerService(db, sessions);
  const settlementFeed = new SettlementFeedService(db);
  const points = new PointsService(db, settlementFeed, audit);
  const cashier = new CashierService(
    db,
    secretBox,
    { wallet, messages, settlementFeed, audit },
    {
      callbackBaseUrl: config.CASHIER_CALLBACK_URL || `http://127.0.0.1:${config.PORT ?? 8080}`,
      // The player's deposit limits refuse an order over them, open orders counted (decision 0042).
      depositGuard: { checkDeposit: (order) => protection.checkDeposit(order, order.amountMinor, order.openMinor) },
    },
  );
  const vipRanks = new VipService(db, wallet, settlementFeed);
  const withdrawalReview = new WithdrawalReviewService(db, wallet, messages, settlementFeed, audit);
  // The payment password's wrong tries and lock are rows, so this instance and the security centre's agree.
  const withdrawalPasswords = new PaymentPasswordService(db, members, codes, messages);
  // Payouts go through the brand's provider; their results come back through the cashier's callback route.
  const payoutCallbackBase = (config.CASHIER_CALLBACK_URL || `http://127.0.0.1:${config.PORT ?? 8080}`).replace(
    /\/+$/,
    '',
  );
  withdrawalReview.setPayoutGateway({
    async payoutProviderOf(merchantId) {
      const provider = await cashier.payoutProviderOf(merchantId);
      if (!provider) return undefined;
      return {
        provider,
        callbackUrl: `${payoutCallbackBase}/wps/cashier/callback/${encodeURIComponent(provider.code)}`,
      };
    },
  });
  cashier.setPayoutListener((event) => withdrawalReview.onPayoutEvent(event));
  // Bonuses (decision 0050): paid with a deposit's credit and at registration; their wagering locks withdrawals.
  const bonuses = new BonusService(db, wallet, settlementFeed, audit);
  // A member's sign-in counts towards the brand's sign-in missions, in the sign-in's transaction.
  const missions = new MissionService(db, wallet, settlementFeed, audit);
  const rebates = new RebateService(db, wallet, vipRanks, settlementFeed, audit);
  auth.onSignIn((executor, member, timeZone) => missions.signedIn(executor, member, timeZone));
  cashier.deposits.setDepositBonus(bonuses);
  // Payouts held for the operator when their members share an IP, bank account or phone (decision 0057): the sign-up
  // bonus asks before it pays; a released one is paid by its own key.
  const abuse = new AbuseService(db, wallet, audit);
  bonuses.setAbuseCheck(abuse);
  abuse.handle('signup_bonus', {
    release: async (tx, flag) => {
      await bonuses.grantHeldSignup(tx, {
        merchantId: flag.merchantId,
        memberId: flag.memberId,
        currency: flag.currency,
        promotionId: flag.payout['promotionId']!,
        amountMinor: flag.amountMinor,
      });
    },
    // A rejected sign-up bonus is never paid: the flag's decision is its whole record.
    reject: async () => {},
  });
  const referralRewards = new ReferralRewardService(db, wallet, settlementFeed, audit, abuse);
  registration.setSignupBonus(bonuses);
  const withdrawalRequests = new WithdrawalService(db, wallet, withdrawalPasswords, undefined, kyc, vipRanks);
  withdrawalRequests.setBonusLock(bonuses);
  uplineTransfers.setBonusLock(bonuses);
  downlineTransfers.setBonusLock(bonuses);
  // An agent's member info carries its contract requests (decision 0066).
  const agentContracts = new AgentContractsService(db, audit);
  members.setContractInfo((memberId, merchantId) => agentContracts.requestTypes({ memberId, merchantId }));
  // An invitation link's contract terms become offers to the sub-agent registering by it (decision 0064).
  registration.setInviteLinkOffers(agentContracts);

  return {
    merchants,
    secrets,
    encryptionKeys,
    sessions,
    accounts: {
      auth,
      members,
      passwords,
      registration,
      referrals: new ReferralService(db, registration, referralRewards),
      contacts: new ContactBindingService(db, members, registration, codes, messages),
      altcha,
      codes,
      guests: new GuestService(db),
      security: new SecurityService(sessions, auth, members, authenticator, codes, messages),
      authenticator,
      paymentPassword,
      kyc,
    },
    gaming: {
      wallet,
      memberTransactions: new MemberTransactionsService(db),
      betting,
      vendors,
      launchSessions,
      seamlessWallet: new SeamlessWalletService(db, wallet, betting),
      promotionCaps: new PromotionCapService(db, vendors, audit),
      abandonedRounds: new AbandonedRoundService(db, vendors, wallet, betting, audit),
      catalogue,
      launches: new LaunchService(db, launchSessions),
      catalogueSync: new CatalogueSyncService(db, catalogueCache, vendors, audit),
      brandOffers: new BrandOfferService(db, catalogueCache, audit),
      houseLimits: new HouseLimitService(db, audit),
      lottery: lotteryCalls,
      uplineTransfers,
      downlineTransfers,
    },
    content: new ContentService(db),
    messages,
    feedback: new FeedbackService(db, audit, altcha, messages),
    support: new SupportService(db, audit, config.DATA_ENCRYPTION_KEY),
    settlementFeed,
    cashier,
    reports: new ReportsService(db, settlementFeed),
    points,
    bonuses,
    bonusAdmin: new BonusAdminService(db, audit, bonuses),
    applications: new ApplicationService(db, bonuses, wallet, messages, audit),
    // Each kind's module answers its promotions' states; a kind without a provider shows by its dates.
    promotionsHub: new PromotionHubService(db, {
      deposit_bonus: bonusPromotionStates(),
      signup_bonus: bonusPromotionStates(),
      application: applicationPromotionStates(),
      raffle: rafflePromotionStates(),
      mission: missionPromotionStates(missions),
      cashback: cashbackPromotionStates(rebates),
    }),
    withdrawals: {
      bankAccounts: new BankAccountService(db, withdrawalPasswords),
      // Withdrawals above the brand's KYC threshold need a verified member (decision 0043).
      requests: withdrawalRequests,
      review: withdrawalReview,
      settings: new WithdrawalSettingsService(db, audit),
    },
    protection,
    vip: { ranks: vipRanks, admin: new VipAdminService(db, audit) },
    rebates,
    missions,
    referralRewards,
    abuse,
    leaderboards: new LeaderboardService(db, wallet, settlementFeed, audit),
    memberFigures: new MemberFiguresService(db, settlementFeed),
    raffles: new RaffleService(db, wallet, audit, messages),
    lotteryAdmin: new LotteryAdminService(db, audit),
    downline: new DownlineService(db, audit),
    teamOverview: new TeamOverviewService(db),
    teamProfitLoss: new TeamProfitLossService(db),
    teamRecords: new TeamRecordsService(db, betting),
    agentAccounts: new AgentAccountsService(db, registration),
    agentContracts,
    agentSettlements: new AgentSettlementService(db, wallet, settlementFeed, audit),
    agentSettings: new AgentSettingsService(db, audit),
    pointMall: {
      mall: new PointMallService(db, wallet, points, withdrawalPasswords),
      admin: new PointMallAdminService(db, audit, media, wallet, points),
    },
    admin: {
      merchants: merchantAdmin,
      members: new MemberAdminService(db, merchantAdmin, sessions, audit),
      players,
      playerNotes: new PlayerNoteService(db, audit, players),
      content: new ContentAdminService(db, audit, media),
      operatorMessages: new OperatorMessageService(db, audit, messages),
    },
    media,
    audit,
    backoffice: {
      operators: new OperatorService(db, audit, codes, merchants, {
        backofficeUrl: config.BACKOFFICE_URL,
        defaultMerchantCode: config.DEFAULT_MERCHANT_CODE,
      }),
      signIn: new OperatorSignInService(db, audit, secretBox),
      ipAllowLists: new IpAllowListService(db, audit),
    },
  };
}
