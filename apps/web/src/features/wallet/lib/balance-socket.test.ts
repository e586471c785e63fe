import { describe, expect, it } from 'vitest';
import { parseBalanceEvent, realtimeUrl, reconnectDelay } from './balance-socket';

describe('parseBalanceEvent', () => {
  it('reads a balance message of the realtime contract', () => {
    expect(parseBalanceEvent('{"type":"balance","sumBalance":1500,"currency":"KRW"}')).toEqual({
      type: 'balance',
      sumBalance: 1500,
      currency: 'KRW',
    });
  });

  it('ignores other messages, broken JSON and fractional amounts', () => {
    expect(parseBalanceEvent('{"type":"hello"}')).toBeNull();
    expect(parseBalanceEvent('not json')).toBeNull();
    expect(parseBalanceEvent('{"type":"balance","sumBalance":1.5,"currency":"KRW"}')).toBeNull();
    expect(parseBalanceEvent(new ArrayBuffer(2))).toBeNull();
  });
});

describe('reconnectDelay', () => {
  it('starts at one second, doubles, and never waits more than 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('realtimeUrl', () => {
  it('uses wss on https pages and ws on http pages, on the same host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'play.example.com' })).toBe('wss://play.example.com/wps/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:8188' })).toBe('ws://localhost:8188/wps/ws');
  });
});
