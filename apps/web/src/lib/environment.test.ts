import { describe, expect, it } from 'vitest';
import { isQaHost } from './environment';

describe('isQaHost', () => {
  it('accepts localhost and 192.168.x hosts', () => {
    expect(isQaHost('localhost')).toBe(true);
    expect(isQaHost('127.0.0.1')).toBe(true);
    expect(isQaHost('192.168.1.20')).toBe(true);
  });

  it('rejects public hosts and look-alikes', () => {
    expect(isQaHost('mitos.example.com')).toBe(false);
    expect(isQaHost('192.168.1.20.example.com')).toBe(false);
    expect(isQaHost('10.0.0.1')).toBe(false);
    expect(isQaHost('localhost.example.com')).toBe(false);
  });
});
