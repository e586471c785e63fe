import { expect, findHouseCatalogue, test } from './house-fixtures';

test("the catalogue names each house game's icon and the vendor's logo, and the vendor's own build serves them as SVG", async ({
  house,
}) => {
  const catalogue = await findHouseCatalogue(house);
  expect(catalogue.games.map((game) => game.code).sort()).toEqual([
    'crash',
    'dice',
    'limbo',
    'lucky-parlay',
    'mines',
    'plinko',
  ]);
  for (const game of catalogue.games) expect(game.showIcon).toBe(`${house.houseURL}/house/icons/${game.code}.svg`);
  expect(catalogue.vendorIcons.length).toBeGreaterThan(0);
  for (const icon of catalogue.vendorIcons) expect(icon).toBe(`${house.houseURL}/house/icons/parlay-originals.svg`);

  for (const icon of [...catalogue.games.map((game) => game.showIcon), ...new Set(catalogue.vendorIcons)]) {
    const response = await fetch(icon);
    expect(response.status, icon).toBe(200);
    expect(response.headers.get('content-type'), icon).toMatch(/^image\/svg\+xml/);
    expect(await response.text(), icon).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"/,
    );
  }
});
