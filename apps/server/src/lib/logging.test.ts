import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { QuietRequestLog, browserAddress, logDestination, upLine } from './logging';

/** A stream that keeps what is written to it, as a terminal (isTTY) or a pipe. */
function capture(isTTY: boolean) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => chunks.join('') };
}

describe(QuietRequestLog.name, () => {
  const requestLines = async (level: string) => {
    const { stream, text } = capture(false);
    const app = Fastify({ logger: { level, stream }, logController: new QuietRequestLog() });
    app.get('/page', async () => ({ ok: true }));
    await app.inject({ url: '/page' });
    await app.close();
    return text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => ['incoming request', 'request completed'].includes(line.msg))
      .map((line) => [line.level, line.msg]);
  };

  it("writes no line for each request at the default level, and Fastify's two at debug", async () => {
    expect(await requestLines('info')).toEqual([]);
    expect(await requestLines('debug')).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
  });
});

describe(logDestination.name, () => {
  it('writes lines a person reads to a terminal, with the message and no JSON', async () => {
    const terminal = capture(true);
    const destination = await logDestination(terminal.stream);
    expect(destination).toBeDefined();
    const app = Fastify({ logger: { level: 'info', stream: destination } });
    app.log.info('Parlay is up on http://localhost:8080');
    await app.close();
    // eslint-disable-next-line no-control-regex
    const text = terminal.text().replace(/\u001b\[[0-9;]*m/g, '');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Parlay is up on http:\/\/localhost:8080\n$/);
  });

  it('leaves a pipe to pino, which writes JSON lines as log collectors read them', async () => {
    expect(await logDestination(capture(false).stream)).toBeUndefined();
  });
});

describe(browserAddress.name, () => {
  it('shows an address a browser can open: localhost for a wildcard, brackets for IPv6', () => {
    expect(browserAddress('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(browserAddress('::', 8080)).toBe('http://localhost:8080');
    expect(browserAddress('127.0.0.1', 18080)).toBe('http://127.0.0.1:18080');
    expect(browserAddress('::1', 8080)).toBe('http://[::1]:8080');
    expect(browserAddress('192.0.2.7', 80)).toBe('http://192.0.2.7:80');
  });
});

describe(upLine.name, () => {
  it('says where the site is, then where the house games are', () => {
    expect(upLine('http://localhost:8080', 'http://localhost:8081')).toBe(
      'Parlay is up on http://localhost:8080 (house games on http://localhost:8081)',
    );
    expect(upLine('http://localhost:8080', null)).toMatch(/^Parlay is up on http:\/\/localhost:8080 \(/);
  });
});
