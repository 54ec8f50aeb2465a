import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from './errors.ts';
import { pathParam } from './path-param.ts';

const request = (params: Record<string, unknown>) => ({ params }) as unknown as Request;

describe('pathParam', () => {
  it('gives the named parameter', () => {
    expect(pathParam(request({ id: 'gb-1' }), 'id')).toBe('gb-1');
  });

  it.each([
    ['missing', {}],
    ['empty', { id: '' }],
    ['a wildcard array', { id: ['a', 'b'] }],
  ])('answers 404 with the route message when it is %s', (_case, params) => {
    const read = () => pathParam(request(params), 'id', 'User not found');
    expect(read).toThrow(NotFoundError);
    expect(read).toThrow('User not found');
  });

  it('answers 404 past the longest id the route knows', () => {
    expect(pathParam(request({ id: 'x'.repeat(100) }), 'id', 'Not Found', 100)).toHaveLength(100);
    expect(() => pathParam(request({ id: 'x'.repeat(101) }), 'id', 'Not Found', 100)).toThrow(NotFoundError);
  });
});
