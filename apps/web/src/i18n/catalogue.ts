/** A language's texts: namespace → nested keys → text. */
export type Catalogue = Record<string, Record<string, unknown>>;

/** Builds a catalogue from the `locales/<lang>/<namespace>.json` files of one language. */
export function toCatalogue(files: Record<string, Record<string, unknown>>): Catalogue {
  const catalogue: Catalogue = {};
  for (const [file, texts] of Object.entries(files)) {
    const namespace = /\/([\w-]+)\.json$/.exec(file)?.[1];
    if (namespace) catalogue[namespace] = texts;
  }
  return catalogue;
}
