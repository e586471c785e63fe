import type { HelpItem } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useHelpCenter } from '../api/get-help-center';
import { ContentStatus } from './content-status';
import { HelpAccordion } from './help-accordion';
import styles from './help-centre.module.css';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { useScrollToHash } from './use-scroll-to-hash';

/**
 * Category order on the page; the terms are reachable at #terms (docs/product/site-shell-and-routes.md#help-centre).
 */
const CATEGORY_ORDER = ['faq', 'terms', 'about', 'contact', 'privacy', 'responsible', 'affiliates', 'refund'];
const KNOWN_CATEGORIES = new Set(CATEGORY_ORDER);

interface Section {
  category: string;
  items: HelpItem[];
}

function groupByCategory(items: readonly HelpItem[]): Section[] {
  const groups = new Map<string, HelpItem[]>();
  for (const item of items) {
    const category = KNOWN_CATEGORIES.has(item.category) ? item.category : 'other';
    groups.set(category, [...(groups.get(category) ?? []), item]);
  }
  const order = [...CATEGORY_ORDER, 'other'];
  return [...groups.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([category, sectionItems]) => ({ category, items: sectionItems }));
}

/** A policy that is one article takes the article's own title as its heading, rather than saying it twice. */
function isSingleArticle(section: Section): boolean {
  return section.category !== 'faq' && section.items.length === 1;
}

/**
 * The help centre by category (docs/product/site-shell-and-routes.md#help-centre): FAQ as an accordion, policies as
 * readable text. /help shows it inside the site, /helpmc on its own.
 */
export function HelpCentre() {
  const { t } = useTranslation('content');
  const help = useHelpCenter();
  const sections = help.data ? groupByCategory(help.data) : [];
  useScrollToHash(sections.length > 0);

  return (
    <div className={styles.root}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{t('help.title')}</h1>
        <p className={styles.intro}>{t('help.intro')}</p>
      </header>
      {!help.data ? (
        <ContentStatus query={help} />
      ) : sections.length === 0 ? (
        <p className={styles.empty}>{t('help.empty')}</p>
      ) : (
        <div className={styles.layout}>
          <nav className={styles.toc} aria-label={t('help.contents')}>
            <ul>
              {sections.map((section) => (
                <li key={section.category}>
                  <a href={`#${section.category}`}>{t(`help.categories.${section.category}`)}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.sections}>
            {sections.map((section) => (
              <section
                key={section.category}
                id={section.category}
                className={styles.section}
                aria-labelledby={`${section.category}-heading`}
              >
                <h2 id={`${section.category}-heading`} className={styles.sectionTitle}>
                  {isSingleArticle(section) ? section.items[0]?.title : t(`help.categories.${section.category}`)}
                </h2>
                {section.category === 'faq' ? (
                  <HelpAccordion items={section.items} headingLevel={3} />
                ) : (
                  <div className={styles.articles}>
                    {section.items.map((item) => (
                      <article key={item.id} className={styles.article}>
                        {!isSingleArticle(section) && <h3 className={styles.articleTitle}>{item.title}</h3>}
                        <SanitizedHtml html={item.content} />
                      </article>
                    ))}
                  </div>
                )}
              </section>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
