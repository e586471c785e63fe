import type { AnnouncementType, HelpCategory } from '@parlay/contract';
import { demoPrivacyPolicy, demoResponsibleGaming, demoTerms } from './seed-legal';

/** Demo content of the demo brand, in every language the brand offers (KO and EN). */
type Localised<T> = Record<'KO' | 'EN', T>;

export interface SeedAnnouncement {
  slug: string;
  type: AnnouncementType;
  groupName: string | null;
  /**
   * `{lang}` becomes ko or en: banners carry their text in the artwork. A promotion's artwork (apps/web/public/
   * promo-art) has no text, one picture for every language.
   */
  imageUrl: string | null;
  linkUrl: string | null;
  sortOrder: number;
  /**
   * Days before the demo's first start the item is dated (its start): the demo's news reads as recent on the day it
   * is first run, whatever the year, and keeps that date on later starts (each item is added once).
   */
  ageDays: number;
  /** 'agents': only the agent centre's announcement page; absent: the site's lists. */
  audience?: 'all' | 'agents';
  text: Localised<{ title: string; content: string }>;
}

export interface SeedHelpItem {
  slug: string;
  category: HelpCategory;
  sortOrder: number;
  text: Localised<{ title: string; content: string }>;
}

const banner = (
  slug: string,
  sortOrder: number,
  linkUrl: string,
  ko: string,
  en: string,
  groupName: string | null = null,
  image = slug,
): SeedAnnouncement => ({
  slug,
  type: 'B',
  groupName,
  imageUrl: `/banners/${image}-{lang}.svg`,
  linkUrl,
  sortOrder,
  ageDays: 45,
  text: { KO: { title: ko, content: '' }, EN: { title: en, content: '' } },
});

export const demoBanners: SeedAnnouncement[] = [
  banner('lobby-welcome', 0, '/promotions', '첫 충전 100% 보너스', '100% first deposit bonus'),
  banner('lobby-slots', 1, '/rng', '매일 새로운 슬롯 게임', 'New slot games every day'),
  // The cashback is the promotions page's: the demo brand has no sportsbook to play (DS88 is in maintenance).
  banner('lobby-sports', 2, '/promotions', '스포츠 베팅 주간 캐시백', 'Weekly sports cashback'),
  banner('login', 0, '', '다시 오신 것을 환영합니다', 'Welcome back', 'w_login'),
  banner('register', 0, '', '가입하고 보너스 받기', 'Sign up and get a bonus', 'w_register'),
];

const notice = (
  slug: string,
  type: AnnouncementType,
  ageDays: number,
  ko: [string, string],
  en: [string, string],
  imageUrl: string | null = null,
): SeedAnnouncement => ({
  slug,
  type,
  groupName: null,
  imageUrl,
  linkUrl: null,
  sortOrder: 0,
  ageDays,
  text: { KO: { title: ko[0], content: ko[1] }, EN: { title: en[0], content: en[1] } },
});

export const demoNotices: SeedAnnouncement[] = [
  notice(
    'notice-welcome',
    'PL',
    60,
    [
      'Parlay 오픈 안내',
      '<p>Parlay에 오신 것을 환영합니다. 다이스, 림보, 마인즈, 플링코, 크래시, 럭키 팔레이 슬롯 등 결과를 직접 검증할 수 있는 자체 게임과 1·3·5분 빠른 추첨, 키노, 베트남 로또를 한 계정으로 즐기실 수 있습니다.</p><p>문의 사항은 언제든지 <strong>고객센터</strong>로 연락해 주세요.</p>',
    ],
    [
      'Parlay is open',
      '<p>Welcome to Parlay. Play our own provably fair games (dice, limbo, mines, plinko, crash and the Lucky Parlay slot) and the lottery (fast draws every 1, 3 and 5 minutes, keno and the Vietnamese draws) with one account.</p><p>If you have any question, contact <strong>customer service</strong> at any time.</p>',
    ],
  ),
  notice(
    'notice-maintenance-schedule',
    'PL',
    52,
    [
      '정기 점검 일정 안내',
      '<p>매주 화요일 05:00~06:00(한국 시간)에 정기 점검이 진행됩니다.</p><ul><li>점검 중에는 입금, 출금, 게임 이용이 제한됩니다.</li><li>진행 중인 게임은 점검 전에 정산됩니다.</li></ul>',
    ],
    [
      'Scheduled maintenance',
      '<p>Scheduled maintenance takes place every Tuesday from 05:00 to 06:00 (Korea time).</p><ul><li>Deposits, withdrawals and games are unavailable during maintenance.</li><li>Open rounds are settled before it starts.</li></ul>',
    ],
  ),
  notice(
    'notice-account-security',
    'PL',
    45,
    [
      '계정 보안 강화 안내',
      '<p>회원님의 계정을 안전하게 지키기 위해 다음을 권장합니다.</p><ol><li>다른 사이트와 다른 비밀번호를 사용하세요.</li><li>보안 센터에서 휴대폰 번호를 인증하세요.</li><li>Parlay 직원은 절대 비밀번호를 묻지 않습니다.</li></ol>',
    ],
    [
      'Keep your account safe',
      '<p>To keep your account safe we recommend:</p><ol><li>Use a password you use nowhere else.</li><li>Verify your mobile number in the security centre.</li><li>Parlay staff will never ask for your password.</li></ol>',
    ],
  ),
  notice(
    'notice-deposit-guide',
    'PL',
    38,
    [
      '입금 이용 안내',
      '<p>회원 센터의 입금 화면에서 결제 수단을 고르고 금액을 입력하세요. 수단마다 최소·최대 금액이 표시됩니다.</p><ul><li>결제 대행: 결제 페이지에서 결제를 마치면 결제사가 확인하는 즉시 잔액에 반영되고 메일함으로 알려 드립니다. 입금 화면에 표시된 기한까지 결제하지 않은 신청은 만료됩니다.</li><li>계좌 이체: 화면에 표시된 계좌로 신청한 금액을 보내고, 입금자명에 표시된 참조 번호를 적어 주세요. 재무팀이 입금을 확인하면 반영되며, 24시간 안에 확인되지 않은 신청은 만료됩니다.</li></ul><p>설정한 입금 한도를 넘는 입금은 신청할 수 없습니다.</p>',
    ],
    [
      'How to deposit',
      "<p>In the member centre, open Deposit, choose a method and enter the amount; each method shows its minimum and maximum.</p><ul><li>Payment provider: pay on the provider's page; the money is in your balance as soon as the provider confirms it, and your mailbox tells you. A request not paid by the time the deposit page shows expires.</li><li>Bank transfer: send the amount to the account shown and write the reference shown as the payer name. It is credited once our finance team confirms the transfer; a request not confirmed within 24 hours expires.</li></ul><p>A deposit over a deposit limit you set is refused.</p>",
    ],
  ),
  notice(
    'notice-withdrawal-guide',
    'PL',
    32,
    [
      '출금 이용 안내',
      '<p>회원 센터의 출금 화면에서 본인 실명과 같은 예금주의 계좌를 등록한 뒤 금액과 결제 비밀번호를 입력해 신청하세요. 신청한 금액은 바로 잔액에서 보류되며, 재무팀이 검토해 승인하면 등록한 계좌로 지급하고, 거절하면 보류 금액을 잔액으로 돌려드립니다. 결과는 메일함으로 알려 드립니다.</p><p>지급 후에는 받은 금액을 확인해 주세요(받음, 일부만 받음, 받지 못함과 증빙). 정해진 시간 안에 확인하지 않으면 받은 것으로 처리됩니다. 입금액만큼 베팅해야 출금할 수 있으며 진행률은 출금 화면에 표시됩니다.</p>',
    ],
    [
      'How withdrawals work',
      '<p>In the member centre, open Withdraw, add a bank account in your registered real name, then enter the amount and your payment password. The amount is held from your balance at once; our finance team reviews the request and pays it to your account, or rejects it and returns the held amount to your balance. Your mailbox tells you either way.</p><p>Once paid, confirm what arrived: received, partly received, or not received with proof. A payout not confirmed in time counts as received. You can withdraw once you have wagered your deposits once; the withdraw page shows how far you are.</p>',
    ],
  ),
  notice(
    'notice-new-slots',
    'PL',
    26,
    [
      '신규 슬롯 게임 출시',
      '<p>이번 달 새로운 슬롯 게임이 추가되었습니다. 슬롯 페이지에서 <em>신규</em> 표시를 확인해 보세요.</p>',
    ],
    ['New slot games', '<p>New slot games arrived this month. Look for the <em>new</em> label on the slots page.</p>'],
  ),
  notice(
    'notice-responsible-gaming',
    'PL',
    21,
    [
      '건전한 게임 문화 캠페인',
      '<p>게임은 즐거움을 위한 것입니다. 회원 센터의 책임 있는 게임 메뉴에서 입금·손실·베팅 한도와 접속 시간 한도를 직접 정하고, 일시 중지나 자기 배제로 쉬어 갈 수 있습니다. 도움이 필요하면 고객센터로 연락해 주세요.</p>',
    ],
    [
      'Play responsibly',
      '<p>Games are for fun. Under Responsible gaming in the member centre you set your own deposit, loss, bet and session time limits, and can take a time-out or exclude yourself. Customer service is there if you need help.</p>',
    ],
  ),
  notice(
    'notice-phishing',
    'PL',
    16,
    [
      '사칭 사이트 주의 안내',
      '<p>Parlay를 사칭한 사이트와 메시지가 발견되었습니다. 공식 도메인은 고객센터에서 확인하실 수 있습니다. 의심스러운 링크는 열지 마세요.</p>',
    ],
    [
      'Beware of fake sites',
      '<p>Sites and messages pretending to be Parlay have been seen. Customer service can confirm our official domains. Do not open suspicious links.</p>',
    ],
  ),
  notice(
    'notice-app-release',
    'PL',
    12,
    ['모바일 앱 출시', '<p>iOS와 Android 앱이 출시되었습니다. 앱 다운로드 페이지에서 QR 코드로 설치하세요.</p>'],
    [
      'Mobile apps released',
      '<p>The iOS and Android apps are out. Install them with the QR codes on the app download page.</p>',
    ],
  ),
  notice(
    'notice-vip-program',
    'PL',
    8,
    [
      'VIP 등급 제도 개편',
      '<p>VIP 등급 혜택이 새로워졌습니다. 등급이 오르면 전용 상담 채널과 더 높은 캐시백이 제공됩니다.</p>',
    ],
    [
      'New VIP levels',
      '<p>The VIP levels have new benefits. Higher levels get a dedicated service channel and more cashback.</p>',
    ],
  ),
  notice(
    'popup-weekend-event',
    'PU',
    5,
    [
      '모든 라운드를 검증하세요',
      '<p>자체 게임의 결과는 베팅 전에 정해진 시드로 결정됩니다. 사이트 하단의 <strong>증명 가능한 공정성</strong> 페이지에서 어떤 라운드든 직접 다시 계산해 보세요.</p>',
    ],
    [
      'Verify every round',
      '<p>Our own games decide each result from seeds fixed before you bet. Recompute any round yourself on the <strong>Provably fair</strong> page linked at the foot of the site.</p>',
    ],
  ),
  notice(
    'promo-first-deposit',
    'PR',
    3,
    [
      '첫 충전 100% 보너스',
      '<p>첫 입금 금액의 100%를 보너스로 드립니다(최대 300,000P). 보너스는 10배 롤링 후 출금할 수 있습니다.</p>',
    ],
    [
      '100% first deposit bonus',
      '<p>Get 100% of your first deposit as a bonus (up to 300,000P). The bonus can be withdrawn after wagering it 10 times.</p>',
    ],
    '/promo-art/first-deposit.svg',
  ),
  notice(
    'promo-sports-cashback',
    'PR',
    1,
    [
      '스포츠 주간 캐시백',
      '<p>월요일부터 일요일까지 스포츠와 카지노 게임의 유효 베팅에 VIP 등급별 요율로 캐시백이 쌓입니다(스포츠 최대 0.35%). 한 주가 끝나면 회원 센터의 캐시백에서 받으세요.</p>',
    ],
    [
      'Weekly sports cashback',
      '<p>From Monday to Sunday, your valid bets on sports and casino games earn cashback at your VIP level’s rate (sports up to 0.35%). Once the week ends, claim it in the member centre under Cashback.</p>',
    ],
    '/promo-art/sports-cashback.svg',
  ),
];

/** Notices to the brand's agents only: the agent centre's announcement page (docs/product/agent-centre.md). */
export const demoAgentNotices: SeedAnnouncement[] = [
  {
    ...notice(
      'agent-notice-commission',
      'PL',
      26,
      [
        '에이전트 수수료 정산 안내',
        '<p>에이전트 여러분께 알려 드립니다. 팀 수수료는 매월 1일에 지난달 실적으로 정산됩니다.</p><ul><li>정산 내역은 에이전트 센터의 <strong>내 수입</strong>에서 확인할 수 있습니다.</li><li>문의는 담당 매니저에게 연락해 주세요.</li></ul>',
      ],
      [
        'Agent commission settlement',
        "<p>A note for our agents: team commission is settled on the 1st of each month from the last month's figures.</p><ul><li>See the settlement under <strong>My income</strong> in the agent centre.</li><li>For questions, contact your account manager.</li></ul>",
      ],
    ),
    audience: 'agents',
  },
];

const help = (
  slug: string,
  category: HelpCategory,
  sortOrder: number,
  ko: [string, string],
  en: [string, string],
): SeedHelpItem => ({
  slug,
  category,
  sortOrder,
  text: { KO: { title: ko[0], content: ko[1] }, EN: { title: en[0], content: en[1] } },
});

export const demoHelpItems: SeedHelpItem[] = [
  help(
    'faq-register',
    'faq',
    0,
    [
      '회원가입은 어떻게 하나요?',
      '<p>오른쪽 위의 <strong>회원가입</strong> 버튼을 눌러 아이디 또는 휴대폰 번호로 가입하세요. 만 18세 이상만 가입할 수 있습니다.</p>',
    ],
    [
      'How do I sign up?',
      '<p>Press <strong>Register</strong> at the top right and sign up with a username or your mobile number. You must be 18 or older.</p>',
    ],
  ),
  help(
    'faq-forgot-password',
    'faq',
    1,
    [
      '비밀번호를 잊어버렸어요.',
      '<p>로그인 창의 <strong>비밀번호 찾기</strong>에서 등록된 휴대폰 번호 또는 이메일로 새 비밀번호를 설정할 수 있습니다.</p>',
    ],
    [
      'I forgot my password.',
      '<p>Use <strong>Forgot password</strong> in the sign-in dialog to set a new password with your registered mobile number or e-mail.</p>',
    ],
  ),
  help(
    'faq-deposit',
    'faq',
    2,
    [
      '입금은 얼마나 걸리나요?',
      '<p>결제 대행으로 입금하면 결제사가 확인하는 즉시 반영됩니다. 계좌 이체는 재무팀이 입금을 확인한 뒤 반영됩니다. 입금 화면의 최근 입금 목록에서 각 신청의 상태를 볼 수 있으며, 오래 걸리면 참조 번호와 함께 고객센터로 문의해 주세요.</p>',
    ],
    [
      'How long does a deposit take?',
      '<p>A deposit through a payment provider arrives as soon as the provider confirms it; a bank transfer once our finance team has confirmed it. The deposit page lists your recent deposits with their state; if one takes long, contact customer service with its reference.</p>',
    ],
  ),
  help(
    'faq-withdraw',
    'faq',
    3,
    [
      '출금 조건이 있나요?',
      '<p>입금액의 1배 이상 베팅 후 출금할 수 있으며, 보너스를 받은 경우 해당 프로모션의 롤링 조건을 충족해야 합니다.</p>',
    ],
    [
      'Are there conditions for a withdrawal?',
      '<p>You can withdraw after betting at least your deposit once; a bonus must first meet the wagering terms of its promotion.</p>',
    ],
  ),
  help(
    'faq-free-play',
    'faq',
    4,
    [
      '무료 체험이 가능한가요?',
      '<p>무료 체험 버튼이 있는 게임은 가입 없이 연습 머니로 즐길 수 있습니다. 연습 머니는 출금할 수 없습니다.</p>',
    ],
    [
      'Can I play for free?',
      '<p>Games with a free trial button can be played with practice money without signing up. Practice money cannot be withdrawn.</p>',
    ],
  ),
  help('terms-general', 'terms', 0, demoTerms.ko, demoTerms.en),
  help(
    'about-company',
    'about',
    0,
    [
      '회사 소개',
      '<p>Parlay는 온라인 게임 플랫폼입니다. 결과를 검증할 수 있는 자체 게임과 로또를 제공하며, 운영사가 계약한 다른 제공사의 라이브 카지노, 슬롯, 스포츠도 같은 계정으로 제공할 수 있습니다. 이 사이트는 플랫폼의 데모 브랜드입니다.</p>',
    ],
    [
      'About the company',
      "<p>Parlay is an online gaming platform: our own provably fair games and lottery, and, where an operator contracts them, other providers' live casino, slots and sports on the same account. This site is the platform's demonstration brand.</p>",
    ],
  ),
  help(
    'contact-us',
    'contact',
    0,
    [
      '문의하기',
      '<p>고객센터는 연중무휴 24시간 운영됩니다.</p><ul><li>실시간 상담: 이 페이지의 &lsquo;채팅 상담하기&rsquo; 버튼, 또는 메뉴의 고객센터</li><li>이메일: support@parlay.example</li></ul>',
    ],
    [
      'Contact us',
      '<p>Customer service is open 24 hours a day, every day.</p><ul><li>Live chat: the &lsquo;Chat with support&rsquo; button on this page, or customer service in the menu</li><li>E-mail: support@parlay.example</li></ul>',
    ],
  ),
  help('privacy-policy', 'privacy', 0, demoPrivacyPolicy.ko, demoPrivacyPolicy.en),
  help('responsible-gaming', 'responsible', 0, demoResponsibleGaming.ko, demoResponsibleGaming.en),
  help(
    'affiliates',
    'affiliates',
    0,
    [
      '제휴 프로그램',
      '<p>Parlay 제휴 파트너가 되어 추천한 회원의 활동에 따라 수수료를 받으세요. 에이전트 센터에서 하위 회원 현황과 정산 내역을 확인할 수 있습니다.</p>',
    ],
    [
      'Affiliate programme',
      '<p>Become a Parlay affiliate and earn commission on the activity of the members you refer. The agent centre shows your downline and settlements.</p>',
    ],
  ),
  help(
    'refund-policy',
    'refund',
    0,
    [
      '환불 정책',
      '<p>확정된 베팅은 취소하거나 환불할 수 없습니다. 시스템 오류로 베팅이 무효 처리된 경우 베팅 금액은 자동으로 지갑에 반환됩니다. 잘못된 입금은 확인 후 원래 계좌로 반환합니다.</p>',
    ],
    [
      'Refund policy',
      '<p>Confirmed bets cannot be cancelled or refunded. When a bet is voided by a system fault its stake returns to your wallet automatically. A mistaken deposit is returned to the account it came from once checked.</p>',
    ],
  ),
];
