// The back office's dashboard and daily reports, from aggregates kept by the reports' consumer of the
// settlement feed (decision 0034). Code outside reports imports this file only.
export { ReportsFeedConsumer, ReportsService, REPORTS_CONSUMER } from './reports.service';
export { reportsBackofficeRoutes } from './reports.bo-routes';
