import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders, subresourceHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('are exactly the headers helmet sets on a real response', () => {
    for (const options of [
      {},
      {
        contentSecurityPolicy: { useDefaults: true, directives: { 'script-src': ["'self'"] } },
        hsts: { maxAge: 15552000, includeSubDomains: true },
        crossOriginEmbedderPolicy: false,
      },
      { hsts: false as const, contentSecurityPolicy: false as const },
    ]) {
      const request = new IncomingMessage(new Socket());
      const response = new ServerResponse(request);
      response.setHeader('X-Powered-By', 'algo');
      helmet(options)(request, response, () => {});
      const expected = Object.fromEntries(
        Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
      );
      expect(securityHeaders(options)).toEqual(expected);
    }
  });

  it('keeps, for a subresource, nosniff, the resource policy and HSTS only', () => {
    const all = securityHeaders({ hsts: { maxAge: 15552000 } });
    expect(Object.keys(all).length).toBeGreaterThan(8);
    expect(subresourceHeaders(all)).toEqual({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': all['strict-transport-security'],
    });
    expect(subresourceHeaders(securityHeaders({ hsts: false }))).toEqual({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
  });
});
