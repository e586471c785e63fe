import type { DepositOrder } from './sandbox.service';

// The hosted payment page: server-rendered, no script, one small style sheet, readable from 320 px up, in the
// order's language. It looks like a payment provider's page, not like any brand's site.

const TEXTS = {
  ko: {
    title: '샌드박스 결제',
    brand: 'Sandbox Pay',
    notice: '테스트 결제 페이지입니다. 실제 돈은 이동하지 않습니다.',
    amount: '결제 금액',
    amountClosed: '금액',
    orderNo: '주문 번호',
    reference: '거래 번호',
    expiresAt: '결제 기한',
    choose: '결제 결과를 선택하세요',
    pay: '결제하기',
    payHint: '결제가 완료되고 가맹점으로 돌아갑니다.',
    fail: '결제 실패',
    failHint: '결제가 거절되고 가맹점으로 돌아갑니다.',
    abandon: '결제 그만두기',
    abandonHint: '아무것도 결제하지 않고 이 페이지를 떠납니다.',
    abandoned: '결제를 그만두었습니다',
    abandonedText: '결제되지 않았습니다. 이 창을 닫아도 됩니다. 주문은 기한이 지나면 만료됩니다.',
    paid: '이미 결제된 주문입니다',
    failed: '결제에 실패한 주문입니다',
    expired: '결제 기한이 지난 주문입니다',
    closedText: '이 주문은 더 이상 결제할 수 없습니다.',
    back: '가맹점으로 돌아가기',
    notFound: '주문을 찾을 수 없습니다',
    notFoundText: '결제 링크가 잘못되었거나 더 이상 유효하지 않습니다.',
  },
  en: {
    title: 'Sandbox payment',
    brand: 'Sandbox Pay',
    notice: 'This is a test payment page. No real money moves.',
    amount: 'Amount to pay',
    amountClosed: 'Amount',
    orderNo: 'Order number',
    reference: 'Payment reference',
    expiresAt: 'Pay before',
    choose: 'Choose the outcome of this payment',
    pay: 'Pay',
    payHint: 'The payment succeeds and you return to the merchant.',
    fail: 'Fail',
    failHint: 'The payment is declined and you return to the merchant.',
    abandon: 'Abandon',
    abandonHint: 'You leave this page without paying anything.',
    abandoned: 'You left this payment',
    abandonedText: 'Nothing was charged. You may close this window. The order expires when its time runs out.',
    paid: 'This order has been paid',
    failed: 'This payment failed',
    expired: 'This order has expired',
    closedText: 'This order can no longer be paid.',
    back: 'Back to the merchant',
    notFound: 'Order not found',
    notFoundText: 'The payment link is wrong or no longer valid.',
  },
} as const;

type Language = keyof typeof TEXTS;
type Texts = (typeof TEXTS)[Language];

const LOCALES: Record<Language, string> = { ko: 'ko-KR', en: 'en-GB' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Minor units in the currency's own decimals (ISO 4217: KRW none, USD two), built from integers. */
export function formatAmount(amountMinor: number, currency: string, language: Language): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency });
  } catch {
    format = new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const text = String(amountMinor).padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  const formatted = format.format(decimal as `${number}`);
  return format.resolvedOptions().style === 'currency' ? formatted : `${formatted} ${currency}`;
}

function formatTime(ms: number, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(ms);
}

function layout(language: Language, title: string, content: string): string {
  const texts = TEXTS[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${texts.brand}</title>
<link rel="stylesheet" href="/assets/page.css">
</head>
<body>
<header class="top"><span class="logo" aria-hidden="true"></span><span class="brand">${texts.brand}</span><span class="badge">SANDBOX</span></header>
<main class="card">
${content}
</main>
<footer class="notice"><p>${texts.notice}</p></footer>
</body>
</html>
`;
}

function details(order: DepositOrder, texts: Texts, language: Language): string {
  return `<dl class="details">
<div><dt>${texts.orderNo}</dt><dd>${escapeHtml(order.orderNo)}</dd></div>
<div><dt>${texts.reference}</dt><dd>${escapeHtml(order.providerRef)}</dd></div>
<div><dt>${texts.expiresAt}</dt><dd><time datetime="${new Date(order.expiresAt).toISOString()}">${formatTime(order.expiresAt, language)}</time></dd></div>
</dl>`;
}

/** The page for an order: the three choices while it is open, otherwise what became of it. */
export function renderOrderPage(order: DepositOrder, nowMs: number): string {
  const language = order.language;
  const texts = TEXTS[language];
  const status = order.status === 'pending' && nowMs >= order.expiresAt ? 'expired' : order.status;
  const open = status === 'pending' && !order.abandoned;
  const amount = `<p class="amount-label">${open ? texts.amount : texts.amountClosed}</p>
<p class="amount">${escapeHtml(formatAmount(order.amountMinor, order.currency, language))}</p>`;
  if (status === 'pending' && order.abandoned) {
    return layout(
      language,
      texts.abandoned,
      `<h1>${texts.abandoned}</h1>
<p>${texts.abandonedText}</p>
${amount}
${details(order, texts, language)}`,
    );
  }
  if (status !== 'pending') {
    const back =
      status === 'expired'
        ? ''
        : `<p><a class="button secondary" href="${escapeHtml(order.returnUrl)}">${texts.back}</a></p>`;
    return layout(
      language,
      texts[status],
      `<h1>${texts[status]}</h1>
<p>${texts.closedText}</p>
${amount}
${details(order, texts, language)}
${back}`,
    );
  }
  const choice = (value: 'pay' | 'fail' | 'abandon', style: string) =>
    `<button type="submit" name="choice" value="${value}" class="button ${style}" aria-describedby="hint-${value}">${texts[value]}</button>
<p class="hint" id="hint-${value}">${texts[`${value}Hint`]}</p>`;
  return layout(
    language,
    texts.title,
    `<h1>${texts.title}</h1>
${amount}
${details(order, texts, language)}
<form method="post" action="/pay/${encodeURIComponent(order.pageToken)}">
<fieldset>
<legend>${texts.choose}</legend>
${choice('pay', 'primary')}
${choice('fail', 'secondary')}
${choice('abandon', 'plain')}
</fieldset>
</form>`,
  );
}

export function renderNotFoundPage(language: Language): string {
  const texts = TEXTS[language];
  return layout(language, texts.notFound, `<h1>${texts.notFound}</h1>\n<p>${texts.notFoundText}</p>`);
}

/** The return URL with the outcome added, which the merchant may show at once (its callback is what counts). */
export function returnUrlOf(order: DepositOrder): string {
  const url = new URL(order.returnUrl);
  url.searchParams.set('orderNo', order.orderNo);
  url.searchParams.set('status', order.status);
  return url.toString();
}

export const PAGE_CSS = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans KR","Apple SD Gothic Neo",sans-serif;background:#f3f5f8;color:#1a2230;display:flex;flex-direction:column;align-items:center;padding:0 16px 32px}
.top{width:100%;max-width:480px;display:flex;align-items:center;gap:10px;padding:20px 4px}
.logo{width:28px;height:28px;border-radius:8px;background:linear-gradient(135deg,#2f5bea,#1b3fae)}
.brand{font-weight:700;font-size:18px;letter-spacing:.01em}
.badge{margin-left:auto;font-size:12px;font-weight:700;letter-spacing:.08em;color:#7a4b00;background:#fff1d6;border:1px solid #f0c36d;border-radius:999px;padding:2px 10px}
.card{width:100%;max-width:480px;background:#fff;border:1px solid #dde2ea;border-radius:16px;padding:24px;box-shadow:0 4px 16px rgba(20,30,60,.06)}
h1{font-size:20px;margin:0 0 16px}
.amount-label{margin:0;color:#556274;font-size:14px}
.amount{margin:0 0 16px;font-size:32px;font-weight:700;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}
.details{margin:0 0 20px;border-top:1px solid #e7ebf1}
.details div{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #e7ebf1}
.details dt{color:#556274;font-size:14px;flex-shrink:0;white-space:nowrap}
.details dd{margin:0;font-size:14px;font-weight:600;text-align:right;overflow-wrap:anywhere}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;margin-bottom:12px;padding:0}
.button{display:block;width:100%;min-height:48px;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;padding:12px 16px;text-align:center;text-decoration:none;border:1px solid transparent}
.primary{background:#1f4fd8;color:#fff}
.primary:hover{background:#1a43b8}
.secondary{background:#fff;color:#a3271c;border-color:#d9a19b}
.secondary:hover{background:#fdf1f0}
a.secondary{color:#1f4fd8;border-color:#b8c6ee}
.plain{background:transparent;color:#344054;border-color:#cfd6e0}
.plain:hover{background:#eef1f5}
.button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.hint{margin:6px 2px 16px;font-size:13px;color:#556274}
.notice{max-width:480px;text-align:center;font-size:13px;color:#556274;margin:16px 0 0}
.notice p{margin:0}
html[lang=ko] body{word-break:keep-all}
@media (max-width:420px){.details div{flex-direction:column;gap:0}.details dd{text-align:left}}
@media (min-width:700px){body{padding-top:48px}.card{padding:32px}}
`;
