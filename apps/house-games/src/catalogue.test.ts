import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogueFeedSchema } from '@parlay/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_VENDOR_ICON, houseCatalogueFeed } from './catalogue';
import { registerWebRoutes } from './http/web.routes';

// Vite copies web/public into the build as it is: the vendor serves these files at {base}/icons/.
const PUBLIC_DIR = fileURLToPath(new URL('../web/public', import.meta.url));
const feed = houseCatalogueFeed({ publicUrl: 'https://games.example.com', basePath: '/house' });
const icons = [feed.vendor.smallIcon, ...feed.games.map((game) => game.showIcon)];

describe(houseCatalogueFeed.name, () => {
  it('is a feed the platform accepts', () => {
    expect(CatalogueFeedSchema.safeParse(feed).success).toBe(true);
  });

  it("names the vendor's logo and an icon of every game on the vendor's public origin", () => {
    expect(feed.vendor.launchUrl).toBe('https://games.example.com/house/play');
    expect(feed.vendor.smallIcon).toBe(`https://games.example.com/house/icons/${HOUSE_VENDOR_ICON}.svg`);
    expect(feed.games.map((game) => game.showIcon)).toEqual(
      feed.games.map((game) => `https://games.example.com/house/icons/${game.code}.svg`),
    );
  });

  describe('icons', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = Fastify();
      await registerWebRoutes(app, { basePath: '/house', webDistDir: PUBLIC_DIR });
    });

    afterAll(() => app.close());

    it.each(icons)('the house app answers %s with its SVG', async (url) => {
      const response = await app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    });

    it.each(icons)('draws %s square, fetching nothing from elsewhere (no fonts, images or links)', (url) => {
      const svg = readFileSync(path.join(PUBLIC_DIR, new URL(url).pathname.slice('/house/'.length)), 'utf8');
      expect(svg).toMatch(/viewBox="0 0 (\d+) \1"/);
      const body = svg.replace('xmlns="http://www.w3.org/2000/svg"', '');
      expect(body).not.toMatch(/https?:|<image|<foreignObject|@import|@font-face|url\((?!#)|href="(?!#)/);
    });
  });
});
