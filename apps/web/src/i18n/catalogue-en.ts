import { toCatalogue } from './catalogue';

/** Every English namespace file; a feature adds its own and it is picked up here. */
export default toCatalogue(
  import.meta.glob<Record<string, unknown>>('./locales/en/*.json', { eager: true, import: 'default' }),
);
