/**
 * The environment's database settings (env.ts): their defaults, and a clear refusal of a bad value
 * rather than a server started with NaN.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv: database settings', () => {
  it('defaults the disk reserve to 24 MB, the pool to 10 connections and the wait for one to 5 s', () => {
    const env = parseEnv({});
    expect(env.EMBEDDED_DISK_RESERVE_MB).toBe(24);
    expect(env.PGPOOL).toBe(10);
    expect(env.PG_CONNECT_TIMEOUT_MS).toBe(5_000);
  });

  it('takes 0 for no reserve, and fractions of a megabyte', () => {
    expect(parseEnv({ EMBEDDED_DISK_RESERVE_MB: '0' }).EMBEDDED_DISK_RESERVE_MB).toBe(0);
    expect(parseEnv({ EMBEDDED_DISK_RESERVE_MB: '0.5' }).EMBEDDED_DISK_RESERVE_MB).toBe(0.5);
  });

  it('refuses a negative or non-numeric reserve, a pool of 0 and a wait below 100 ms, naming the variable', () => {
    expect(() => parseEnv({ EMBEDDED_DISK_RESERVE_MB: '-1' })).toThrow(/EMBEDDED_DISK_RESERVE_MB/);
    expect(() => parseEnv({ EMBEDDED_DISK_RESERVE_MB: 'lots' })).toThrow(/EMBEDDED_DISK_RESERVE_MB/);
    expect(() => parseEnv({ PGPOOL: '0' })).toThrow(/PGPOOL/);
    expect(() => parseEnv({ PG_CONNECT_TIMEOUT_MS: '10' })).toThrow(/PG_CONNECT_TIMEOUT_MS/);
  });
});
