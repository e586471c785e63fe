import { describe, expect, it } from 'vitest';
import { chromeOf } from './chrome';

describe(chromeOf.name, () => {
  it('gives each page the chrome of spec 01 §2, in any case of its path', () => {
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
