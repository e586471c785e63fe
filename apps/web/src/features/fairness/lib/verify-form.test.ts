import { describe, expect, it } from 'vitest';
import { fieldsFromQuery, toVerifyInput } from './verify-form';

describe(toVerifyInput.name, () => {
  it('reads a round a record names whole, the slot by its game code too', () => {
    const fields = fieldsFromQuery(
      new URLSearchParams('game=lucky-parlay&serverSeed=abc&clientSeed=me&nonce=7&serverSeedHash=ABCD'),
    );
    expect(fields).toMatchObject({ game: 'slot', serverSeedHash: 'abcd' });
    expect(toVerifyInput(fields).input).toEqual({ game: 'slot', serverSeed: 'abc', clientSeed: 'me', nonce: 7 });
  });

  it("names each field the game reads that cannot be read, and only the game's", () => {
    const fields = fieldsFromQuery(new URLSearchParams('game=plinko&nonce=-1&rows=17&risk=wild&mines=99'));
    expect(toVerifyInput(fields).errors).toEqual({
      serverSeed: 'serverSeed',
      clientSeed: 'clientSeed',
      nonce: 'nonce',
      rows: 'rows',
      risk: 'risk',
    });
    const crash = fieldsFromQuery(new URLSearchParams('game=crash&gameHash=XYZ&salt=s'));
    expect(toVerifyInput(crash).errors).toEqual({ gameHash: 'gameHash' });
  });

  it('takes a game it does not know as dice, and fills the defaults of the others', () => {
    const fields = fieldsFromQuery(new URLSearchParams('game=roulette'));
    expect(fields).toMatchObject({ game: 'dice', nonce: '0', mines: '3', rows: '16', risk: 'medium' });
  });
});
