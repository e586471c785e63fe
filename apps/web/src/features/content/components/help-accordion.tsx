import * as Accordion from '@radix-ui/react-accordion';
import { Icon } from '../../../components/ui/icon';
import styles from './help-accordion.module.css';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';

export interface HelpAccordionItem {
  id: number;
  title: string;
  /** HTML from the server; sanitised before it is rendered. */
  content: string;
}

export interface HelpAccordionProps {
  items: readonly HelpAccordionItem[];
  /** Heading level of the item titles in the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** 'plain' drops the card look, for the footer. */
  variant?: 'card' | 'plain';
  className?: string;
}

/**
 * Help items (title and content, docs/product/site-shell-and-routes.md#footer) as an accordion; several
 * may be open at once.
 */
export function HelpAccordion({ items, headingLevel = 3, variant = 'card', className }: HelpAccordionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Accordion.Root
      type="multiple"
      className={[styles.root, className].filter(Boolean).join(' ')}
      data-variant={variant}
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={String(item.id)} className={styles.item}>
          <Accordion.Header asChild>
            <Heading className={styles.header}>
              <Accordion.Trigger className={styles.trigger}>
                <span>{item.title}</span>
                <Icon name="chevronDown" size={18} className={styles.chevron} />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className={styles.content}>
            <SanitizedHtml className={styles.body} html={item.content} />
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
