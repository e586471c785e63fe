/**
 * The demo brand's legal documents: its terms, privacy policy and responsible-gaming page, in the help centre
 * (the footer's About list opens them; operators edit them under Content > Help centre). They describe what the
 * platform does, no more: the demo brand holds no licence and says so (the footer's operator lines,
 * docs/product/site-shell-and-routes.md#footer); a licensed brand replaces them with its own.
 */

/** One document: its title and sanitised HTML, in Korean and in English. */
export interface LegalDocument {
  ko: [string, string];
  en: [string, string];
}

const html = (parts: string[]) => parts.join('');

export const demoTerms: LegalDocument = {
  ko: [
    '이용약관',
    html([
      '<p>최종 수정: 서비스 시작일</p>',
      '<h3>1. 약관에 대하여</h3>',
      '<p>본 약관은 회원과 이 사이트의 운영자(이하 "회사") 사이의 계약입니다. 이 사이트는 Parlay 플랫폼의 <strong>데모 브랜드</strong>로, 게임 라이선스가 없으며 잔액은 실제 돈이 아니고 어떤 당첨금도 실제 돈으로 지급되지 않습니다. Parlay로 사이트를 운영하는 라이선스 보유 운영사는 이 자리에 회사명, 라이선스와 자체 약관을 게시합니다.</p>',
      '<h3>2. 이용 자격</h3>',
      '<ul><li>만 18세 이상이며 거주 국가의 법률상 온라인 게임 이용이 허용된 분만 이용할 수 있습니다.</li><li>회사가 서비스를 제한한 국가나 지역에서는 이용할 수 없습니다.</li><li>한 사람당 하나의 계정만 보유할 수 있습니다.</li></ul>',
      '<h3>3. 계정</h3>',
      '<p>가입 정보는 정확해야 합니다. 로그인 비밀번호와 결제 비밀번호는 본인만 알고 있어야 하며, 계정에서 이루어진 활동은 회원의 책임입니다. 계정이 도용되었다고 생각되면 바로 고객센터에 알려 주세요. 출금 전이나 법령이 요구할 때 회사는 신분증 등 본인 확인 서류를 요청할 수 있습니다.</p>',
      '<h3>4. 입금과 출금</h3>',
      '<ul><li>입출금은 브랜드의 통화로, 본인 명의의 계좌로만 할 수 있습니다.</li><li>입금액만큼 베팅하기 전에 신청한 출금은 재무팀이 확인한 뒤 지급합니다. 보너스는 해당 프로모션의 롤링 조건을 충족해야 출금할 수 있습니다.</li><li>회사는 확인이 필요한 출금을 보류할 수 있으며, 그 경우 이유를 알려 드립니다.</li></ul>',
      '<h3>5. 베팅과 정산</h3>',
      '<p>베팅은 게임이 베팅을 확인하고 베팅 금액이 잔액에서 차감된 때 성립하며, 게임 결과에 따라 정산됩니다. 시스템 오류로 영향을 받은 베팅은 무효가 되고 베팅 금액은 잔액으로 돌려드립니다. 각 게임의 규칙과 환수율은 게임 안에 표시됩니다. 자체 게임(오리지널)은 증명 가능한 공정성 방식으로 결과를 정하며, 누구나 검증 페이지에서 각 라운드를 다시 계산해 볼 수 있습니다.</p>',
      '<h3>6. 보너스와 프로모션</h3>',
      '<p>각 프로모션에는 고유 조건(롤링, 대상 게임, 기한)이 있으며 그 조건이 본 약관보다 우선합니다. 보너스 머니는 현금과 별도로 관리됩니다. 다중 계정, 공모 등 부정 이용이 확인되면 보너스와 그로 인한 당첨금을 회수할 수 있습니다.</p>',
      '<h3>7. 책임감 있는 게임</h3>',
      '<p>회원은 회원 센터에서 입금·손실·베팅 한도, 접속 시간 한도, 일시 중지와 자기 배제를 직접 설정할 수 있습니다. 자세한 내용은 책임감 있는 게임 안내를 확인하세요.</p>',
      '<h3>8. 계정 해지와 제한</h3>',
      '<p>회원은 언제든 고객센터를 통해 계정 해지를 요청할 수 있습니다. 회사는 부정 행위, 다중 계정, 보너스 남용이 확인되거나 법령이 요구하는 경우 계정을 제한할 수 있습니다. 해지 시 남은 실제 잔액은 확인 후 본인 계좌로 돌려드립니다.</p>',
      '<h3>9. 문의와 이의 제기</h3>',
      '<p>이의가 있으면 고객센터 채팅이나 이메일로 알려 주세요. 관련 베팅이나 거래의 참조 번호를 함께 보내 주시면 빠르게 확인할 수 있습니다. 회사는 14일 이내에 답변합니다.</p>',
      '<h3>10. 책임의 한계</h3>',
      '<p>회사는 통제할 수 없는 사유로 인한 서비스 중단에 대해 법령이 허용하는 범위에서 책임을 지지 않습니다. 시스템 오류로 무효가 된 베팅의 금액은 언제나 돌려드립니다.</p>',
      '<h3>11. 약관의 변경</h3>',
      '<p>약관을 변경할 때는 적용 전에 공지로 알려 드립니다. 변경 후에도 서비스를 계속 이용하면 변경된 약관에 동의한 것으로 봅니다.</p>',
      '<h3>12. 준거법</h3>',
      '<p>라이선스 보유 운영사는 이 자리에 약관에 적용되는 법과 관할 법원을 명시합니다. 데모 브랜드에는 해당 사항이 없습니다.</p>',
    ]),
  ],
  en: [
    'General terms and conditions',
    html([
      '<p>Last changed: the day the service started.</p>',
      '<h3>1. About these terms</h3>',
      '<p>These terms are the agreement between you and the operator of this site ("we"). This site is a <strong>demonstration brand</strong> of the Parlay platform: it holds no gaming licence, its balances are not real money, and nothing won here is paid out as real money. A licensed operator running Parlay publishes its company, its licence and its own terms in this place.</p>',
      '<h3>2. Who may play</h3>',
      '<ul><li>You must be 18 or older and allowed by the laws of your country of residence to play online games.</li><li>The service is not offered in the countries and regions we restrict.</li><li>One person may hold one account only.</li></ul>',
      '<h3>3. Your account</h3>',
      '<p>Your registration details must be true. Keep your password and your payment password to yourself: what happens in your account is your responsibility. If you think someone else has used it, tell customer service at once. Before a withdrawal, or when the law requires it, we may ask you to prove your identity with documents.</p>',
      '<h3>4. Deposits and withdrawals</h3>',
      "<ul><li>Deposits and withdrawals are in the brand's currency, from and to accounts in your own name.</li><li>A withdrawal asked for before you have bet at least the amount you deposited is checked by our finance team before it is paid; bonus money must first meet its promotion's wagering terms.</li><li>We may hold a withdrawal we need to check, and we tell you why.</li></ul>",
      '<h3>5. Bets and settlement</h3>',
      "<p>A bet stands once the game has confirmed it and its stake has left your balance; it is settled by the game's result. A bet affected by a system fault is void and its stake returns to your balance. Each game shows its rules and its return to player. Our own games (the originals) decide results by a provably fair scheme: anyone can recompute any round on the verifier page.</p>",
      '<h3>6. Bonuses and promotions</h3>',
      '<p>Each promotion has its own terms (wagering, eligible games, expiry), which come before these. Bonus money is kept apart from cash. Multiple accounts, collusion or other abuse lead to the bonus and its winnings being taken back.</p>',
      '<h3>7. Responsible gaming</h3>',
      '<p>In the member centre you set your own deposit, loss and bet limits, a session time limit, a time-out or a self-exclusion. See the responsible gaming page for how each works.</p>',
      '<h3>8. Closing or restricting an account</h3>',
      '<p>You may ask customer service to close your account at any time. We may restrict an account for fraud, multiple accounts, bonus abuse, or when the law requires it. When an account closes, its remaining real balance is returned to an account in your name once checked.</p>',
      '<h3>9. Questions and complaints</h3>',
      '<p>Tell us through the customer service chat or by e-mail; the reference of the bet or payment concerned lets us check it quickly. We answer within 14 days.</p>',
      '<h3>10. Liability</h3>',
      '<p>As far as the law allows, we are not liable for interruptions of the service we cannot control. The stake of a bet voided by a system fault is always returned.</p>',
      '<h3>11. Changes to these terms</h3>',
      '<p>We announce a change in a notice before it applies. Using the service after that means you accept the changed terms.</p>',
      '<h3>12. Governing law</h3>',
      '<p>A licensed operator names here the law and the courts that govern its terms. A demonstration brand has none.</p>',
    ]),
  ],
};

export const demoPrivacyPolicy: LegalDocument = {
  ko: [
    '개인정보 처리방침',
    html([
      '<p>이 방침은 이 사이트가 회원의 정보를 어떻게 수집하고 사용하는지 설명합니다. 이 사이트는 Parlay 플랫폼의 데모 브랜드입니다.</p>',
      '<h3>수집하는 정보</h3>',
      '<ul><li>계정: 아이디, 비밀번호(복원할 수 없는 scrypt 해시로만 저장), 결제 비밀번호(같은 방식)</li><li>연락처: 휴대폰 번호, 이메일</li><li>결제: 출금에 필요한 예금주와 계좌 정보, 입출금 내역</li><li>본인 확인: 요청한 경우 제출한 신분증 등의 서류</li><li>이용 기록: 베팅과 거래 내역, 책임감 있는 게임 설정</li><li>기술 정보: IP 주소, 기기와 브라우저 정보(보안과 지역 제한 확인에 사용)</li><li>고객센터: 채팅과 문의 내용</li></ul>',
      '<h3>이용 목적</h3>',
      '<p>계정과 게임 제공, 입출금 처리, 본인과 연령 확인, 부정 이용과 자금세탁 방지, 회원이 정한 한도 적용, 고객 지원, 법령 준수에만 사용합니다. 홍보 메시지는 동의한 경우에만 보내며, 일시 중지나 자기 배제 기간에는 보내지 않습니다.</p>',
      '<h3>제공하는 경우</h3>',
      '<p>게임 제공사에는 회원 식별 번호와 통화만 전달하며 이름이나 연락처는 전달하지 않습니다. 결제사에는 결제에 필요한 정보만 전달합니다. 법령이 요구하는 경우 관계 기관에 제공합니다. 개인정보를 판매하지 않습니다.</p>',
      '<h3>쿠키와 브라우저 저장소</h3>',
      '<p>로그인 상태를 유지하는 세션 쿠키와, 언어·테마 같은 설정을 브라우저에 저장합니다. 이 데모 사이트는 분석이나 광고 쿠키를 사용하지 않습니다.</p>',
      '<h3>보관 기간</h3>',
      '<p>계정이 유지되는 동안 보관하고, 해지 후에는 법령이 정한 기간(자금세탁 방지 기록은 일반적으로 5년) 동안 보관한 뒤 파기합니다. 무료 체험 계정은 만료되면 삭제됩니다.</p>',
      '<h3>회원의 권리</h3>',
      '<p>자신의 정보를 열람하고 정정하거나 삭제를 요청할 수 있으며(법령상 보관 의무가 있는 정보 제외), 홍보 메시지 수신을 언제든 거부할 수 있습니다. 고객센터로 요청해 주세요.</p>',
      '<h3>보안</h3>',
      '<p>비밀번호는 복원할 수 없는 형태로만 저장합니다. 운영자의 관리 화면은 2단계 인증으로 보호되고 모든 작업이 기록됩니다.</p>',
      '<h3>변경</h3>',
      '<p>이 방침을 변경할 때는 적용 전에 공지로 알려 드립니다.</p>',
    ]),
  ],
  en: [
    'Privacy policy',
    html([
      '<p>This policy says what this site collects about you and what it does with it. This site is a demonstration brand of the Parlay platform.</p>',
      '<h3>What we collect</h3>',
      '<ul><li>Your account: username, password (stored only as a scrypt hash that cannot be reversed), payment password (the same way)</li><li>Contact details: mobile number, e-mail</li><li>Payments: the account holder and bank details a withdrawal needs, your deposits and withdrawals</li><li>Identity: the documents you upload when we ask you to verify your identity</li><li>Your play: bets and transactions, your responsible gaming settings</li><li>Technical details: IP address, device and browser (for security and the region checks)</li><li>Customer service: your chats and messages</li></ul>',
      '<h3>Why</h3>',
      '<p>Only to run your account and the games, process payments, verify your identity and age, prevent fraud and money laundering, apply the limits you set, support you, and meet the law. We send promotional messages only if you agreed, and never during a time-out or self-exclusion.</p>',
      '<h3>Who else sees it</h3>',
      '<p>Game providers receive a player number and your currency, never your name or contact details. Payment providers receive what a payment needs. Authorities receive what the law requires. We do not sell personal data.</p>',
      '<h3>Cookies and browser storage</h3>',
      '<p>A session cookie keeps you signed in; your browser keeps your settings such as language and theme. This demo site uses no analytics or advertising cookies.</p>',
      '<h3>How long we keep it</h3>',
      '<p>While your account is open, then for the period the law requires (anti-money-laundering records commonly five years), then we delete it. A free-play account is deleted when it expires.</p>',
      '<h3>Your rights</h3>',
      '<p>You may see your data, correct it, and ask us to delete it (except what the law makes us keep), and you may stop promotional messages at any time. Ask customer service.</p>',
      '<h3>Security</h3>',
      "<p>Passwords are stored only in a form that cannot be reversed. Operators' back office needs two-step sign-in and records every action.</p>",
      '<h3>Changes</h3>',
      '<p>We announce a change to this policy in a notice before it applies.</p>',
    ]),
  ],
};

export const demoResponsibleGaming: LegalDocument = {
  ko: [
    '책임감 있는 게임',
    html([
      '<p>게임은 여가 활동이어야 하며 수입원이 될 수 없습니다.</p>',
      '<h3>스스로 점검해 보세요</h3>',
      '<ul><li>계획보다 더 많은 시간이나 돈을 쓰고 있나요?</li><li>손실을 만회하려고 베팅을 늘리나요?</li><li>게임 때문에 가족, 일, 잠을 소홀히 하나요?</li><li>게임을 하려고 돈을 빌린 적이 있나요?</li></ul><p>하나라도 해당된다면 아래 도구를 사용하고 도움을 받으세요.</p>',
      '<h3>회원 센터의 도구</h3>',
      '<ul><li><strong>한도</strong>: 입금·손실·베팅 한도(일·주·월)와 접속 시간 한도, 플레이 알림 간격을 직접 정할 수 있습니다. 새 한도나 더 낮은 한도는 바로 적용되고, 한도를 올리거나 없애면 24시간 후에 적용됩니다. 한도를 넘는 입금과 베팅은 거절됩니다.</li><li><strong>일시 중지</strong>(1일~6주)와 <strong>자기 배제</strong>(6개월~5년): 시작하면 모든 기기에서 바로 로그아웃되고 기간이 끝날 때까지 로그인할 수 없으며 홍보 메시지도 받지 않습니다. 회원님도 저희도 기간을 줄일 수 없습니다.</li></ul>',
      '<h3>미성년자 보호</h3>',
      '<p>만 18세 미만은 이용할 수 없습니다. 자녀가 사용하는 기기에는 보호 기능을 설정하고 로그인 정보를 저장하지 마세요.</p>',
      '<h3>도움 받기</h3>',
      '<p>한국도박문제예방치유원(국번없이 1336, 24시간)에서 무료로 상담받을 수 있습니다. 고객센터에 말씀하시면 위의 도구 설정을 도와드립니다.</p>',
    ]),
  ],
  en: [
    'Responsible gaming',
    html([
      '<p>Gaming should be entertainment, never a source of income.</p>',
      '<h3>Ask yourself</h3>',
      '<ul><li>Do you spend more time or money than you planned?</li><li>Do you raise your bets to win back losses?</li><li>Does play come before family, work or sleep?</li><li>Have you borrowed money to play?</li></ul><p>If any answer is yes, use the tools below and talk to someone.</p>',
      '<h3>Your tools in the member centre</h3>',
      '<ul><li><strong>Limits</strong>: your own deposit, loss and bet limits (per day, week and month), a session time limit and a reality-check reminder. A new or lower limit applies at once; raising or removing one applies 24 hours later. A deposit or bet over a limit is refused.</li><li><strong>Time-out</strong> (1 day to 6 weeks) and <strong>self-exclusion</strong> (6 months to 5 years): you are signed out everywhere at once, cannot sign in until the period ends, and get no promotional messages meanwhile. Neither you nor we can shorten it.</li></ul>',
      '<h3>Protecting minors</h3>',
      '<p>Nobody under 18 may play. Use parental controls on devices children use, and do not let the browser remember your sign-in.</p>',
      '<h3>Getting help</h3>',
      '<p>Talk to a problem gambling support service in your country; Gamblers Anonymous meets in many countries. Customer service will help you set up any of the tools above.</p>',
    ]),
  ],
};
