import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorState } from '../components/ui/empty-state';
import { PageLoader } from '../components/ui/page-loader';
import { isSignedOutOnPurpose, useSessionQuery } from '../lib/session';
import { Frame } from './layout/frame';

// Each page is its own chunk; the frame and the sign-in come with the first load.
const page = <K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
const SignInPage = page(() => import('./routes/sign-in-page'), 'SignInPage');
const InvitationPage = page(() => import('./routes/invitation-page'), 'InvitationPage');
const HomePage = page(() => import('./routes/home-page'), 'HomePage');
const OperatorsPage = page(() => import('./routes/operators-page'), 'OperatorsPage');
const OperatorPage = page(() => import('./routes/operator-page'), 'OperatorPage');
const IpAllowListPage = page(() => import('./routes/ip-allow-list-page'), 'IpAllowListPage');
const AuditPage = page(() => import('./routes/audit-page'), 'AuditPage');
const DashboardPage = page(() => import('./routes/dashboard-page'), 'DashboardPage');
const ReportsPage = page(() => import('./routes/reports-page'), 'ReportsPage');
const PlayersPage = page(() => import('./routes/players-page'), 'PlayersPage');
const PlayerPage = page(() => import('./routes/player-page'), 'PlayerPage');
const gamesPages = () => import('./routes/games-pages');
const BrandOfferPage = page(gamesPages, 'BrandOfferPage');
const OfferVendorPage = page(gamesPages, 'OfferVendorPage');
const OpenRoundsPage = page(gamesPages, 'OpenRoundsPage');
const HouseLimitsPage = page(gamesPages, 'HouseLimitsPage');
const lotteryPages = () => import('./routes/lottery-pages');
const LotteryGamesPage = page(lotteryPages, 'LotteryGamesRoute');
const LotteryDrawsPage = page(lotteryPages, 'LotteryDrawsRoute');
const VnResultsPage = page(lotteryPages, 'VnResultsRoute');
const SeaResultsPage = page(lotteryPages, 'SeaResultsRoute');
const VendorFeedsPage = page(gamesPages, 'VendorFeedsPage');
const EncryptionKeysPage = page(gamesPages, 'EncryptionKeysPage');
const BrandPage = page(() => import('./routes/brand-page'), 'BrandPage');
const ContentPage = page(() => import('./routes/content-pages'), 'ContentPage');
const AnnouncementPage = page(() => import('./routes/content-pages'), 'AnnouncementPage');
const BannersPage = page(() => import('./routes/content-pages'), 'BannersPage');
const HelpPage = page(() => import('./routes/content-pages'), 'HelpPage');
const HelpItemPage = page(() => import('./routes/content-pages'), 'HelpItemPage');
const MessagesPage = page(() => import('./routes/messages-pages'), 'MessagesPage');
const FeedbackPage = page(() => import('./routes/messages-pages'), 'FeedbackPage');
const SupportPage = page(() => import('./routes/support-page'), 'SupportPage');
const WithdrawalsPage = page(() => import('./routes/withdrawals-pages'), 'WithdrawalsPage');
const WithdrawalSettingsPage = page(() => import('./routes/withdrawals-pages'), 'WithdrawalSettingsRoute');
const PointsPage = page(() => import('./routes/points-pages'), 'PointsPage');
const PointLedgerPage = page(() => import('./routes/points-pages'), 'PointLedgerRoute');
const RebatesPage = page(() => import('./routes/rebates-pages'), 'RebatesRoute');
const PromotionsPage = page(() => import('./routes/bonuses-pages'), 'PromotionsRoute');
const MemberBonusesPage = page(() => import('./routes/bonuses-pages'), 'MemberBonusesRoute');
const ApplicationsPage = page(() => import('./routes/applications-pages'), 'ApplicationsRoute');
const MissionsPage = page(() => import('./routes/missions-pages'), 'MissionsRoute');
const LeaderboardsPage = page(() => import('./routes/leaderboards-pages'), 'LeaderboardsRoute');
const AgentTreePage = page(() => import('./routes/agent-tree-pages'), 'AgentTreeRoute');
const AgentContractsPage = page(() => import('./routes/agent-contracts-pages'), 'AgentContractsRoute');
const AgentSettlementsPage = page(() => import('./routes/agent-settlements-pages'), 'AgentSettlementsRoute');
const ReferralSettingsPage = page(() => import('./routes/referrals-pages'), 'ReferralSettingsRoute');
const AbuseFlagsPage = page(() => import('./routes/referrals-pages'), 'AbuseFlagsRoute');
const RafflesPage = page(() => import('./routes/raffles-pages'), 'RafflesRoute');
const DepositsPage = page(() => import('./routes/cashier-pages'), 'DepositsRoute');
const PaymentMethodsPage = page(() => import('./routes/cashier-pages'), 'PaymentMethodsRoute');
const VipLevelsPage = page(() => import('./routes/vip-pages'), 'VipLevelsRoute');
const VipMembersPage = page(() => import('./routes/vip-pages'), 'VipMembersRoute');
const VipChangesPage = page(() => import('./routes/vip-pages'), 'VipChangesRoute');
const KycPage = page(() => import('./routes/kyc-pages'), 'KycRoute');
const CashierSettingsPage = page(() => import('./routes/kyc-pages'), 'CashierSettingsRoute');
const PointProductsPage = page(() => import('./routes/point-mall-pages'), 'PointProductsRoute');
const PointExchangesPage = page(() => import('./routes/point-mall-pages'), 'PointExchangesRoute');
const NotFoundPage = page(() => import('./routes/not-found-page'), 'NotFoundPage');

/** Pages that need a session: without one (or once it ends), sign-in, then back here. */
function SignedIn() {
  const session = useSessionQuery();
  const location = useLocation();
  if (session.isPending) return <PageLoader fullScreen />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    const back = next === '/' || isSignedOutOnPurpose() ? '' : `?next=${encodeURIComponent(next)}`;
    return <Navigate to={`/sign-in${back}`} replace />;
  }
  return <Frame session={session.data} />;
}

/** The back office's pages, under its base path /backoffice (app.tsx's BrowserRouter). */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Routes>
        <Route path="/sign-in" element={<SignInPage />} />
        <Route path="/invitation" element={<InvitationPage />} />
        <Route element={<SignedIn />}>
          <Route index element={<HomePage />} />
          <Route path="/operators" element={<OperatorsPage />} />
          <Route path="/operators/:operatorId" element={<OperatorPage />} />
          <Route path="/brands/:brand/dashboard" element={<DashboardPage />} />
          <Route path="/brands/:brand/reports" element={<ReportsPage />} />
          <Route path="/brands/:brand/ip-allow-list" element={<IpAllowListPage />} />
          <Route path="/brands/:brand/players" element={<PlayersPage />} />
          <Route path="/brands/:brand/players/:playerId" element={<PlayerPage />} />
          <Route path="/brands/:brand/messages" element={<MessagesPage />} />
          <Route path="/brands/:brand/feedback" element={<FeedbackPage />} />
          <Route path="/brands/:brand/support" element={<SupportPage />} />
          <Route path="/brands/:brand/withdrawals" element={<WithdrawalsPage />} />
          <Route path="/brands/:brand/withdrawal-settings" element={<WithdrawalSettingsPage />} />
          <Route path="/brands/:brand/points" element={<PointsPage />} />
          <Route path="/brands/:brand/points/members/:memberId" element={<PointLedgerPage />} />
          <Route path="/brands/:brand/rebates" element={<RebatesPage />} />
          <Route path="/brands/:brand/bonuses/promotions" element={<PromotionsPage />} />
          <Route path="/brands/:brand/bonuses/members" element={<MemberBonusesPage />} />
          <Route path="/brands/:brand/bonuses/applications" element={<ApplicationsPage />} />
          <Route path="/brands/:brand/bonuses/referrals" element={<ReferralSettingsPage />} />
          <Route path="/brands/:brand/bonuses/abuse-flags" element={<AbuseFlagsPage />} />
          <Route path="/brands/:brand/missions" element={<MissionsPage />} />
          <Route path="/brands/:brand/leaderboards" element={<LeaderboardsPage />} />
          <Route path="/brands/:brand/agent-tree" element={<AgentTreePage />} />
          <Route path="/brands/:brand/agent-contracts" element={<AgentContractsPage />} />
          <Route path="/brands/:brand/agent-settlements" element={<AgentSettlementsPage />} />
          <Route path="/brands/:brand/raffles" element={<RafflesPage />} />
          <Route path="/brands/:brand/deposits" element={<DepositsPage />} />
          <Route path="/brands/:brand/payment-methods" element={<PaymentMethodsPage />} />
          <Route path="/brands/:brand/vip" element={<VipLevelsPage />} />
          <Route path="/brands/:brand/vip-members" element={<VipMembersPage />} />
          <Route path="/brands/:brand/vip-changes" element={<VipChangesPage />} />
          <Route path="/brands/:brand/kyc" element={<KycPage />} />
          <Route path="/brands/:brand/kyc-settings" element={<CashierSettingsPage />} />
          <Route path="/brands/:brand/point-mall/products" element={<PointProductsPage />} />
          <Route path="/brands/:brand/point-mall/exchanges" element={<PointExchangesPage />} />
          <Route path="/audit" element={<AuditPage />} />
          <Route path="/brands/:brand/games" element={<BrandOfferPage />} />
          <Route path="/brands/:brand/games/:vendor" element={<OfferVendorPage />} />
          <Route path="/brands/:brand/open-rounds" element={<OpenRoundsPage />} />
          <Route path="/brands/:brand/house-limits" element={<HouseLimitsPage />} />
          <Route path="/brands/:brand/lottery/games" element={<LotteryGamesPage />} />
          <Route path="/brands/:brand/lottery/draws" element={<LotteryDrawsPage />} />
          <Route path="/brands/:brand/lottery/results" element={<VnResultsPage />} />
          <Route path="/brands/:brand/lottery/sea-results" element={<SeaResultsPage />} />
          <Route path="/vendors" element={<VendorFeedsPage />} />
          <Route path="/keys" element={<EncryptionKeysPage />} />
          <Route path="/brands/:brand/settings" element={<BrandPage />} />
          <Route path="/brands/:brand/content" element={<ContentPage />} />
          <Route path="/brands/:brand/content/banners" element={<BannersPage />} />
          <Route path="/brands/:brand/content/help" element={<HelpPage />} />
          <Route path="/brands/:brand/content/help/:id" element={<HelpItemPage />} />
          <Route path="/brands/:brand/content/:id" element={<AnnouncementPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
