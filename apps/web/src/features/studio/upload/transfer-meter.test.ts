import { describe, expect, it } from 'vitest';
import { TransferMeter } from './transfer-meter';
import { formatBytes, formatSpeed, formatTimeLeft, percentOf } from './format';

describe('the transfer meter', () => {
  it('knows no speed until it has measured long enough', () => {
    const meter = new TransferMeter();
    meter.add(0, 0);
    meter.add(300, 300_000);
    expect(meter.speed()).toBeNull();
    expect(meter.secondsLeft(1_000_000)).toBeNull();
  });

  it('gives the speed over the last seconds and the time left at it', () => {
    const meter = new TransferMeter(5_000);
    for (let s = 0; s <= 4; s++) meter.add(s * 1000, s * 1_000_000);
    expect(meter.speed()).toBe(1_000_000);
    expect(meter.secondsLeft(10_000_000)).toBe(6);
  });

  it('follows a change of pace: the window forgets what came before it', () => {
    const meter = new TransferMeter(2_000);
    for (let s = 0; s <= 10; s++) meter.add(s * 1000, s * 1_000_000); // 1 MB/s
    for (let s = 11; s <= 14; s++) meter.add(s * 1000, 10_000_000 + (s - 10) * 100_000); // then 100 kB/s
    expect(meter.speed()).toBeCloseTo(100_000);
  });

  it('starts afresh when the bytes go back (a resumed upload) or on reset', () => {
    const meter = new TransferMeter();
    meter.add(0, 0);
    meter.add(1000, 5_000_000);
    meter.add(1500, 2_000_000);
    expect(meter.speed()).toBeNull();
    meter.add(2500, 3_000_000);
    expect(meter.speed()).toBe(1_000_000);
    meter.reset();
    expect(meter.speed()).toBeNull();
  });

  it('says nothing of the time left while nothing moves', () => {
    const meter = new TransferMeter();
    meter.add(0, 100);
    meter.add(2000, 100);
    expect(meter.speed()).toBe(0);
    expect(meter.secondsLeft(1000)).toBeNull();
  });
});

describe('upload figures', () => {
  it('are written for the language', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(812 * 1024, 'en')).toBe('812 kB');
    expect(formatBytes(40 * 1024 * 1024, 'en')).toBe('40.0 MB');
    expect(formatBytes(1536 * 1024 * 1024, 'cn')).toBe('1.5 GB');
    expect(formatSpeed(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB/s');
    expect(formatSpeed(300 * 1024, 'tw')).toBe('300 kB/秒');
    expect(formatTimeLeft(7.2, 'en')).toBe('8 sec');
    expect(formatTimeLeft(200, 'en')).toBe('3 min 20 sec');
    expect(formatTimeLeft(3900, 'cn')).toBe('1小时 5分钟');
  });

  it('floor the percent, so 100 % means every byte', () => {
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});
