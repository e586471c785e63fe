// A brand's bonuses in the back office (decision 0050): its promotions and rules, and its members' bonuses.
export { PromotionsPage } from './components/promotions';
export { MemberBonusesPage } from './components/member-bonuses';
