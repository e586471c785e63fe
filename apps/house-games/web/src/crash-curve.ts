// The crash curve: the multiplier's growth drawn from the game's start on the vendor's formula
// (apps/house-games/src/games/rules.ts crashMultiplierAt), on axes that grow as it rises. The geometry is
// pure and tested (crash-curve.test.ts); drawing is a canvas the page repaints each animation frame.

/** The multiplier after `elapsedMs` of flight, as the vendor counts it: e^(rate·t), in hundredths, from 1×. */
export function multiplierAt(elapsedMs: number, rate: number): number {
  return Math.max(100, Math.floor(100 * Math.exp(rate * Math.max(0, elapsedMs)))) / 100;
}

/** When the curve reaches `multiplier`: where a cash-out at it is marked. */
export function timeFor(multiplier: number, rate: number): number {
  return Math.max(0, Math.log(Math.max(1, multiplier)) / rate);
}

export interface CurveScale {
  /** The time axis, 0 to maxMs. */
  maxMs: number;
  /** The multiplier axis, 1× to maxMultiplier. */
  maxMultiplier: number;
}

/**
 * The smallest axes: 2×, and 70 % of the time the curve takes to reach it (8.1 s at the vendor's rate), so
 * a game that busts at once still draws a curve with room around it, whatever the vendor's rate.
 */
const MIN_TIME_SHARE = 0.7;
const MIN_MULTIPLIER = 2;

/**
 * Axes that keep the curve's head inside the frame: the time axis 25 % ahead of the flight, the multiplier
 * axis a third above the multiplier. They only grow, so the curve flattens as it rises, as players know it.
 */
export function curveScale(elapsedMs: number, multiplier: number, rate: number): CurveScale {
  return {
    maxMs: Math.max(MIN_TIME_SHARE * timeFor(MIN_MULTIPLIER, rate), elapsedMs * 1.25),
    maxMultiplier: Math.max(MIN_MULTIPLIER, 1 + (multiplier - 1) * (4 / 3)),
  };
}

/** Round steps for the grid lines: 1, 2 or 5 times a power of ten, at least `max / lines` apart. */
export function gridStep(span: number, lines: number): number {
  const raw = span / Math.max(1, lines);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/** The multiplier axis' lines (above 1×) and the time axis' (in seconds), at most about `lines` each. */
export function gridLines(scale: CurveScale, lines = 4): { multipliers: number[]; seconds: number[] } {
  const yStep = gridStep(scale.maxMultiplier - 1, lines);
  const multipliers: number[] = [];
  for (let value = 1 + yStep; value <= scale.maxMultiplier + 1e-9; value += yStep)
    multipliers.push(Math.round(value * 100) / 100);
  const xStep = gridStep(scale.maxMs / 1000, lines);
  const seconds: number[] = [];
  for (let step = 1; step * xStep <= scale.maxMs / 1000 + 1e-9; step += 1)
    seconds.push(Math.round(step * xStep * 1000) / 1000);
  return { multipliers, seconds };
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A moment and multiplier as a point of the box: time to the right, multiplier up. */
export function toPoint(box: Box, scale: CurveScale, ms: number, multiplier: number): [number, number] {
  const x = box.left + (Math.min(ms, scale.maxMs) / scale.maxMs) * box.width;
  const y =
    box.top + box.height - ((Math.min(multiplier, scale.maxMultiplier) - 1) / (scale.maxMultiplier - 1)) * box.height;
  return [x, y];
}

/** The curve from the start to `elapsedMs`, as `samples` + 1 points; its last point is the multiplier now. */
export function curvePoints(
  box: Box,
  scale: CurveScale,
  elapsedMs: number,
  rate: number,
  samples = 64,
): [number, number][] {
  const points: [number, number][] = [];
  for (let step = 0; step <= samples; step += 1) {
    const ms = (elapsedMs * step) / samples;
    // The smooth curve between the hundredths the vendor counts: the line, not the number, is drawn.
    points.push(toPoint(box, scale, ms, Math.exp(rate * ms)));
  }
  return points;
}

/** What one frame draws. */
export interface CurveFrame {
  phase: 'betting' | 'running' | 'crashed' | null;
  elapsedMs: number;
  multiplier: number;
  rate: number;
  /** The cash-outs of the game so far, marked on the curve. */
  marks: number[];
}

/** The page's colours, read from its theme. */
function colours(canvas: HTMLCanvasElement): Record<'line' | 'bad' | 'good' | 'grid' | 'muted' | 'fill', string> {
  const style = getComputedStyle(canvas);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: read('--accent', '#f5b301'),
    bad: read('--bad', '#ff5b5b'),
    good: read('--good', '#2ecc71'),
    grid: read('--border', '#2a3450'),
    muted: read('--muted', '#9aa5bd'),
    fill: 'rgb(245 179 1 / 12%)',
  };
}

/** Sizes the canvas' pixels to its box on the screen (sharp on a phone's dense screen); answers the box in CSS px. */
function fit(canvas: HTMLCanvasElement): { width: number; height: number } {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  canvas.getContext('2d')?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { width, height };
}

/** Draws one frame of the curve: grid and axes, the curve (red once it has crashed), the cash-outs on it. */
export function drawCurve(canvas: HTMLCanvasElement, frame: CurveFrame): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const { width, height } = fit(canvas);
  if (width === 0 || height === 0) return;
  const colour = colours(canvas);
  context.clearRect(0, 0, width, height);
  const narrow = width < 480;
  const box: Box = { left: narrow ? 34 : 44, top: 12, width: width - (narrow ? 44 : 60), height: height - 34 };
  const flying = frame.phase === 'running' || frame.phase === 'crashed';
  const elapsedMs = flying ? frame.elapsedMs : 0;
  const scale = curveScale(elapsedMs, flying ? frame.multiplier : 1, frame.rate);
  const grid = gridLines(scale, narrow ? 3 : 4);

  context.font = `${narrow ? 10 : 11}px system-ui, sans-serif`;
  context.lineWidth = 1;
  context.strokeStyle = colour.grid;
  context.fillStyle = colour.muted;
  context.textBaseline = 'middle';
  context.textAlign = 'right';
  for (const multiplier of grid.multipliers) {
    const [, y] = toPoint(box, scale, 0, multiplier);
    context.beginPath();
    context.moveTo(box.left, y);
    context.lineTo(box.left + box.width, y);
    context.stroke();
    context.fillText(`${multiplier.toFixed(multiplier < 10 ? 1 : 0)}×`, box.left - 6, y);
  }
  context.textAlign = 'center';
  context.textBaseline = 'top';
  for (const second of grid.seconds) {
    const [x] = toPoint(box, scale, second * 1000, 1);
    context.fillText(`${second}s`, x, box.top + box.height + 8);
  }
  context.beginPath();
  context.moveTo(box.left, box.top);
  context.lineTo(box.left, box.top + box.height);
  context.lineTo(box.left + box.width, box.top + box.height);
  context.stroke();
  if (!flying) return;

  const points = curvePoints(box, scale, elapsedMs, frame.rate);
  const head = points[points.length - 1]!;
  const line = frame.phase === 'crashed' ? colour.bad : colour.line;
  // The area under the curve, then the curve.
  context.beginPath();
  context.moveTo(box.left, box.top + box.height);
  for (const [x, y] of points) context.lineTo(x, y);
  context.lineTo(head[0], box.top + box.height);
  context.closePath();
  context.fillStyle = frame.phase === 'crashed' ? 'rgb(255 91 91 / 12%)' : colour.fill;
  context.fill();
  context.beginPath();
  points.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
  context.strokeStyle = line;
  context.lineWidth = narrow ? 3 : 4;
  context.lineJoin = 'round';
  context.lineCap = 'round';
  context.stroke();

  // Each cash-out: a dot where the curve was when it was taken.
  context.fillStyle = colour.good;
  for (const multiplier of frame.marks) {
    if (multiplier > frame.multiplier) continue;
    const [x, y] = toPoint(box, scale, timeFor(multiplier, frame.rate), multiplier);
    context.beginPath();
    context.arc(x, y, narrow ? 3.5 : 4.5, 0, Math.PI * 2);
    context.fill();
  }
  // The head: where the multiplier is now, or where it crashed.
  context.fillStyle = line;
  context.beginPath();
  context.arc(head[0], head[1], narrow ? 5 : 6, 0, Math.PI * 2);
  context.fill();
}
