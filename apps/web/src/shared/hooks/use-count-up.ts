import { useEffect, useRef, useState } from 'react';

const DURATION_MS = 900;
/** How long the gain stays up after the count finished. */
const GAIN_SHOWN_MS = 1_600;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface Run {
  target: number;
  value: number;
  gain: number;
}

/**
 * A number that counts up to `target` when it grows (earning should feel
 * rewarding), and shows it at once when it falls or on the first value.
 * Returns the value to show and, for a moment after a rise, how much it grew.
 */
export function useCountUp(target: number | null): { value: number | null; gain: number } {
  const [run, setRun] = useState<Run | null>(null);
  /** The last value shown at rest. */
  const [settled, setSettled] = useState(target);
  const previous = useRef(target);

  useEffect(() => {
    const start = previous.current;
    previous.current = target;
    if (target === null || start === null || target <= start) {
      const frame = requestAnimationFrame(() => setSettled(target));
      return () => cancelAnimationFrame(frame);
    }
    const gain = target - start;
    if (reducedMotion()) {
      const frame = requestAnimationFrame(() => {
        setSettled(target);
        setRun({ target, value: target, gain });
      });
      const clear = setTimeout(() => setRun(null), GAIN_SHOWN_MS);
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(clear);
      };
    }
    const began = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const t = Math.min(1, (now - began) / DURATION_MS);
      setRun({ target, value: start + gain * (1 - (1 - t) ** 3), gain });
      if (t < 1) frame = requestAnimationFrame(step);
      else setSettled(target);
    });
    const clear = setTimeout(() => setRun(null), DURATION_MS + GAIN_SHOWN_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(clear);
    };
  }, [target]);

  if (run && run.target === target) return { value: run.value, gain: run.gain };
  // A rise about to be counted: hold the old value until the first frame.
  if (target !== null && settled !== null && target > settled) return { value: settled, gain: 0 };
  return { value: target, gain: 0 };
}
