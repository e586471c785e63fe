// A brand's dashboard. Code outside this feature imports this file only.
export { DashboardView } from './components/dashboard-view';
