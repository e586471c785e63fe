// A brand's daily report and its CSV export. Code outside this feature imports this file only.
export { DailyReport } from './components/daily-report';
