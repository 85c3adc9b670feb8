import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format.ts';

describe('formatFileSize', () => {
  it('says bytes under 1 KiB, so a small upload never reads "0 KiB"', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(53)).toBe('53 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });

  it('uses KiB and MiB with one decimal below 10', () => {
    expect(formatFileSize(1024)).toBe('1 KiB');
    expect(formatFileSize(2560)).toBe('2.5 KiB');
    expect(formatFileSize(12 * 1024 + 700)).toBe('13 KiB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024 KiB');
    expect(formatFileSize(3.14 * 1024 * 1024)).toBe('3.1 MiB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MiB');
  });

  it('shows a dash for a size that is not one', () => {
    expect(formatFileSize(Number.NaN)).toBe('-');
    expect(formatFileSize(-1)).toBe('-');
  });
});
