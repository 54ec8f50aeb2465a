import type { NextFunction, Request, Response } from 'express';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, redactSecrets } from './logger.ts';
import { problemDetailsHandler } from './http/problem-details.ts';

/** Tokens never reach the logs (issue 15): whatever a log entry holds, the secrets in it are redacted. */

const RESET_TOKEN = 'rst_Q2hlY2tUaGlzVG9rZW5QbGVhc2U';
const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
const ACTIVATION_HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const SECRETS = [RESET_TOKEN, ACCESS_TOKEN, ACTIVATION_HASH, 'hunter2pw'];

let written: string[];
beforeEach(() => {
  written = [];
  const capture = (chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const output = () => written.join('');
function expectNoSecrets(): void {
  const text = output();
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('redactSecrets', () => {
  it.each([
    [`/api/password-resets/${RESET_TOKEN}`, '/api/password-resets/[redacted]'],
    [`/api/password-resets/check/${RESET_TOKEN}?x=1`, '/api/password-resets/check/[redacted]?x=1'],
    [`/api/users/activate/a%40example.com/${ACTIVATION_HASH}`, '/api/users/activate/a%40example.com/[redacted]'],
    [`/api/events?access_token=${ACCESS_TOKEN}&after=3`, '/api/events?access_token=[redacted]&after=3'],
    [`/media/x?token=${ACCESS_TOKEN}`, '/media/x?token=[redacted]'],
    [`Bearer ${ACCESS_TOKEN}`, 'Bearer [redacted]'],
    ['Basic YTpiOmM=', 'Basic [redacted]'],
  ])('%s → %s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('leaves ordinary addresses alone', () => {
    expect(redactSecrets('/api/guidebooks/123?page=2&pageSize=20')).toBe('/api/guidebooks/123?page=2&pageSize=20');
  });
});

describe('createLogger', () => {
  it('redacts secrets in the message, in string fields, in nested objects and inside errors', () => {
    const logger = createLogger('debug');
    logger.error(`failed GET /api/password-resets/check/${RESET_TOKEN}`, {
      url: `/api/users/activate/a@example.com/${ACTIVATION_HASH}?access_token=${ACCESS_TOKEN}`,
      headers: { authorization: `Bearer ${ACCESS_TOKEN}`, 'x-guidebook-password': 'hunter2pw', accept: 'text/html' },
      password: 'hunter2pw',
      error: new Error(`request to /api/password-resets/${RESET_TOKEN} failed`),
    });
    expectNoSecrets();
    const entry = JSON.parse(output()) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'error',
      msg: 'failed GET /api/password-resets/check/[redacted]',
      url: '/api/users/activate/a@example.com/[redacted]?access_token=[redacted]',
      headers: { authorization: '[redacted]', 'x-guidebook-password': '[redacted]', accept: 'text/html' },
      password: '[redacted]',
      error: { name: 'Error', message: 'request to /api/password-resets/[redacted] failed' },
    });
  });
});

describe('the error middleware', () => {
  it('logs a 500 without the tokens of the address it was asked for', () => {
    const handler = problemDetailsHandler(createLogger('info'));
    const req = {
      method: 'PUT',
      originalUrl: `/api/password-resets/${RESET_TOKEN}?access_token=${ACCESS_TOKEN}`,
      headers: { authorization: `Bearer ${ACCESS_TOKEN}` },
      get: () => undefined,
    } as unknown as Request;
    const res = {
      headersSent: false,
      status: vi.fn().mockReturnThis(),
      type: vi.fn().mockReturnThis(),
      json: vi.fn().mockReturnThis(),
      setHeader: vi.fn(),
    } as unknown as Response;
    handler(
      new Error(`boom at /api/users/activate/a@example.com/${ACTIVATION_HASH}`),
      req,
      res,
      vi.fn() as NextFunction,
    );
    expect(res.status).toHaveBeenCalledWith(500);
    expect(output()).toContain('unhandled error');
    expect(output()).toContain('/api/password-resets/[redacted]');
    expectNoSecrets();
  });
});
