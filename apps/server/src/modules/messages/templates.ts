import type { SystemMessageKey } from '@parlay/contract';

/** Every template key a message may be written from: the system messages and the answer to a feedback. */
export type TemplateKey = SystemMessageKey | 'feedbackAnswer';

/** The values a template's placeholders take: the caller's, then the brand's `site` and `currency`. */
export type TemplateParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/**
 * A template's text with its placeholders filled. A placeholder without a value is a caller's mistake: it throws
 * (and the caller's transaction rolls back) rather than sending a member "{reason}".
 */
export function renderTemplate(text: string, params: TemplateParams): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`message template needs a value for {${name}}`);
    return String(value);
  });
}
