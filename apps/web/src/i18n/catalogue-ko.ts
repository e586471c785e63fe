import { toCatalogue } from './catalogue';

/** Every Korean namespace file; a feature adds its own and it is picked up here. */
export default toCatalogue(
  import.meta.glob<Record<string, unknown>>('./locales/ko/*.json', { eager: true, import: 'default' }),
);
