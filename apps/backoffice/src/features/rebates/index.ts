// A brand's cashback in the back office (decision 0051): the period, auto-pay, the levels' rates, the rebates paid.
export { RebatesPage } from './components/rebates-page';
