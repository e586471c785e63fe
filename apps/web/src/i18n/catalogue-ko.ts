import { toCatalogue } from './catalogue';

/**
 * The Korean namespace files of the first load; a feature adds its own and it is picked up here. The auth
 * dialogs' and the wallet's texts are not: each comes in its feature's chunk (features/<feature>/index.ts,
 * addKoreanTexts), as the features themselves load later (decision 0008); nor are the download and join-us
 * pages' (`guides`, features/content/components/guides-texts.ts), nor the promotions' and raffles' (`promotions`,
 * `raffles`: features/promotions and features/raffles, in the promotions pages' chunks), nor the member centre's
 * (`member` and every `member-*` namespace, features/member and its pages' chunks), nor the support chat's
 * (`support`, features/support, in the chat panel's and the help page's chunks), nor the fairness page's
 * (`fairness`, features/fairness, in /fairness's chunk), nor the footer's (`footer`, in its own chunk).
 */
export default toCatalogue(
  import.meta.glob<Record<string, unknown>>(
    [
      './locales/ko/*.json',
      '!./locales/ko/{auth,fairness,footer,guides,promotions,raffles,support,wallet}.json',
      '!./locales/ko/member*.json',
    ],
    {
      eager: true,
      import: 'default',
    },
  ),
);
