// Members' figures by day and by hour (decision 0061): the settlement feed's `member-figures` consumer and the sums a
// team's pages read. Code outside member-figures imports this file only.
export { MemberFiguresService, MemberFiguresFeedConsumer, MEMBER_FIGURES_CONSUMER } from './member-figures.service';
export type { FigureTotals } from './member-figures.repository';
