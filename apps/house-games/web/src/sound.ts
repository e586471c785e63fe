/**
 * The games' sounds, synthesized with WebAudio (no audio files to load): a tick when a bet goes out, a
 * rising chime for a win, a low blip for a loss. Off or on as the player last chose, kept in this origin's
 * localStorage (a frame's storage may be refused; then the choice lasts the page).
 */
export type SoundName = 'bet' | 'win' | 'lose' | 'tick';

const STORAGE_KEY = 'parlay-house:sound';
let enabled = readChoice();
let context: AudioContext | null = null;

function readChoice(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function soundEnabled(): boolean {
  return enabled;
}

export function setSoundEnabled(value: boolean): void {
  enabled = value;
  try {
    localStorage.setItem(STORAGE_KEY, value ? 'on' : 'off');
  } catch {
    // A frame without storage keeps the choice until it reloads.
  }
}

/** Each sound's notes: frequency (Hz), start and length (s), waveform. */
const NOTES: Record<SoundName, { frequency: number; at: number; length: number; wave: OscillatorType }[]> = {
  bet: [{ frequency: 660, at: 0, length: 0.05, wave: 'triangle' }],
  tick: [{ frequency: 1200, at: 0, length: 0.02, wave: 'square' }],
  win: [
    { frequency: 880, at: 0, length: 0.09, wave: 'triangle' },
    { frequency: 1320, at: 0.08, length: 0.16, wave: 'triangle' },
  ],
  lose: [{ frequency: 180, at: 0, length: 0.14, wave: 'sine' }],
};

export function playSound(name: SoundName): void {
  if (!enabled || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    // A browser starts the context suspended until the player has interacted; a click or key has by now.
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime;
    for (const note of NOTES[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = note.wave;
      oscillator.frequency.value = note.frequency;
      // A short attack and an exponential fade: no click at either end.
      gain.gain.setValueAtTime(0.0001, now + note.at);
      gain.gain.exponentialRampToValueAtTime(0.12, now + note.at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + note.at + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + note.at);
      oscillator.stop(now + note.at + note.length + 0.02);
    }
  } catch {
    // No audio device: the game plays on silently.
  }
}
