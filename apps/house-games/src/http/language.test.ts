import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLanguage } from './language';

const request = (headers: Record<string, string>, query: Record<string, string> = {}) =>
  ({ headers, query }) as unknown as FastifyRequest;

describe(requestLanguage.name, () => {
  it('takes the language header, then ?language, then Accept-Language by its weights', () => {
    expect(requestLanguage(request({ language: 'EN', 'accept-language': 'ko' }))).toBe('en');
    expect(requestLanguage(request({ 'accept-language': 'ko' }, { language: 'en' }))).toBe('en');
    expect(requestLanguage(request({ 'accept-language': 'fr;q=0.9, en;q=0.8' }))).toBe('en');
    expect(requestLanguage(request({ 'accept-language': 'en;q=0.5, ko' }))).toBe('ko');
  });

  it('answers Korean to nothing and to a wildcard, as the platform does', () => {
    expect(requestLanguage(request({}))).toBe('ko');
    expect(requestLanguage(request({ 'accept-language': '*' }))).toBe('ko');
  });
});
