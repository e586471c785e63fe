// A brand's leaderboards in the back office (decision 0056): what each ranks by and pays, when, on or off, and each
// period's standings with its payouts.
export { LeaderboardsPage } from './components/leaderboards-page';
