// A brand's members' applications to application promotions in the back office (decision 0052): approve or reject.
export { ApplicationsPage } from './components/applications-page';
