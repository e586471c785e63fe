/**
 * The deliveries' odd behaviour, deterministic by a seed: the same seed and the same sequence of events
 * give the same duplicates and the same delays, so a journey or a test that saw an oddity sees it again.
 */
export interface ChaosSettings {
  seed: number;
  /** The share of events (0 to 1) delivered twice, the second `duplicateDelayMs` after the first. */
  duplicateRate: number;
  /** The share of events (0 to 1) held back `reorderDelayMs`, so events after them overtake them. */
  reorderRate: number;
  duplicateDelayMs: number;
  reorderDelayMs: number;
}

export const NO_CHAOS: ChaosSettings = {
  seed: 1,
  duplicateRate: 0,
  reorderRate: 0,
  duplicateDelayMs: 500,
  reorderDelayMs: 3000,
};

/** mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DeliveryPlan {
  /** The delay before the first delivery. */
  firstDelayMs: number;
  /** The delay of a second, independent delivery of the same event, when it gets one. */
  duplicateDelayMs: number | null;
}

/** Draws each event's plan; two draws an event, whatever the rates, so one rate does not shift the other's. */
export class Chaos {
  private readonly random: () => number;

  constructor(readonly settings: ChaosSettings) {
    this.random = seededRandom(settings.seed);
  }

  planDelivery(): DeliveryPlan {
    const duplicate = this.random() < this.settings.duplicateRate;
    const holdBack = this.random() < this.settings.reorderRate;
    const firstDelayMs = holdBack ? this.settings.reorderDelayMs : 0;
    return {
      firstDelayMs,
      duplicateDelayMs: duplicate ? firstDelayMs + this.settings.duplicateDelayMs : null,
    };
  }
}
