import { describe, expect, it } from 'vitest';
import { roundsText, writeRatio } from './format';

describe('writeRatio', () => {
  it('is the median of the rounds’ own ratios, whatever each side’s median window', () => {
    // A run whose rates fell over six windows (service first, then floor first, then service):
    // each side's median window compares round 1's service with round 1's floor only by chance.
    const rounds = { app: [360, 176, 145], floor: [308, 226, 149] };
    expect(writeRatio(176, 226, rounds)).toBeCloseTo(145 / 149, 10);
    expect(176 / 226).toBeCloseTo(0.779, 3);
  });

  it('averages the two middle ratios of an even number of rounds', () => {
    expect(writeRatio(0, 0, { app: [100, 90, 80, 70], floor: [100, 100, 100, 100] })).toBeCloseTo(0.85, 10);
  });

  it('is the two windows’ ratio with one round or none', () => {
    expect(writeRatio(90, 100)).toBe(0.9);
    expect(writeRatio(90, 100, { app: [90], floor: [100] })).toBe(0.9);
    expect(writeRatio(90, undefined)).toBeNaN();
  });
});

describe('roundsText', () => {
  it('names each round’s ratio and both sides’ rates', () => {
    expect(roundsText({ app: [883, 1037, 917], floor: [1065, 1065, 900] }, 'service', 'floor')).toBe(
      'the rounds’ ratios 0.83, 0.97, 1.02, their median the figure; service 883, 1,037, 917/s, floor 1,065, 1,065, 900/s',
    );
  });
});
