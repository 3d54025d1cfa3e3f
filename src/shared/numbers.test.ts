import { describe, expect, it } from 'vitest';
import { ungroupNumber } from './numbers.js';

describe('ungroupNumber', () => {
  it('reads Nepali and international grouping, in either digits', () => {
    expect(ungroupNumber('3,00,000')).toBe('300000');
    expect(ungroupNumber('12,34,567.50')).toBe('1234567.50');
    expect(ungroupNumber('300,000')).toBe('300000');
    expect(ungroupNumber('1,000')).toBe('1000');
    expect(ungroupNumber(' ३,००,००० ')).toBe('300000');
    expect(ungroupNumber('५०००')).toBe('5000');
  });

  it('leaves text that is not a well-grouped number as typed', () => {
    expect(ungroupNumber('3,0,0')).toBe('3,0,0');
    expect(ungroupNumber('1,,000')).toBe('1,,000');
    expect(ungroupNumber('abc')).toBe('abc');
    expect(ungroupNumber('')).toBe('');
  });
});
