// A brand's missions in the back office (decision 0054): what each asks and pays, when, on or off, and its current
// period's counts.
export { MissionsPage } from './components/missions-page';
