/**
 * The VIP area (docs/product/member-centre.md#vip-and-rank): /vip composes these (app/routes/vip.tsx). Its Korean
 * texts come with components/ui/vip-progress, which every part here imports; the member centre's playerRank page
 * shows the same progress from there.
 */
export { VipOverview } from './components/vip-overview';
