// A journey's server clock, moved on by the journey (lottery.spec.ts): a Vietnamese draw is drawn by the state
// lottery at its real time, hours away, and its result can be entered only after that time. Loaded into the server's
// process with `node --import` (NODE_OPTIONS), this moves every reading of the time in that process (Date, and so
// PGlite's now(), the sessions, the draw loop) forward by the milliseconds written in E2E_CLOCK_FILE, read again
// every quarter of a second; 0 or no file: the real time. Timers and performance.now() keep the real pace.
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
let offsetMs = 0;
let readAt = -Infinity;

function now() {
  const real = realNow();
  if (file && real - readAt >= 250) {
    readAt = real;
    try {
      offsetMs = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      offsetMs = 0;
    }
  }
  return real + offsetMs;
}

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now());
    else super(...args);
  }

  static now() {
    return now();
  }
}

globalThis.Date = ShiftedDate;
