import { describe, expect, it } from 'vitest';
import { chromeOf } from './chrome';

describe(chromeOf.name, () => {
  // The chrome of each page: docs/product/site-shell-and-routes.md#chrome-of-each-page.
  it('gives each page its chrome, in any case of its path', () => {
    expect(chromeOf('/index')).toEqual({ chrome: 'full' });
    expect(chromeOf('/helpmc')).toEqual({ chrome: 'none' });
    expect(chromeOf('/HelpMC/')).toEqual({ chrome: 'none' });
    expect(chromeOf('/lottery')).toEqual({ chrome: 'header-only', header: false });
    expect(chromeOf('/seaLottery')).toEqual({ chrome: 'header-only' });
    expect(chromeOf('/pointMall')).toEqual({ chrome: 'full', sideMenu: false });
  });

  it('shows the whole shell on any other address, a 404 below a chromeless page included', () => {
    expect(chromeOf('/')).toEqual({ chrome: 'full' });
    expect(chromeOf('/helpmc/extra')).toEqual({ chrome: 'full' });
    expect(chromeOf('/no-such-page')).toEqual({ chrome: 'full' });
  });
});
