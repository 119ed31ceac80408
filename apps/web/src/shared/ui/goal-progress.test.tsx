import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Eye } from 'lucide-react';
import { GoalProgress, progressRatio } from './goal-progress';

describe('a goal’s progress', () => {
  it('fills a bar up to full and no further', () => {
    expect(progressRatio(3, 15)).toBeCloseTo(0.2);
    expect(progressRatio(30, 15)).toBe(1);
    expect(progressRatio(0, 0)).toBe(1);
  });

  it('shows the figure against the goal and a bar, or the words given instead', () => {
    const { rerender } = render(
      <ul>
        <GoalProgress icon={Eye} label="Videos watched" actual={4} required={3} met />
      </ul>,
    );
    expect(screen.getByTestId('condition-figure').textContent).toBe('4 / 3');
    const bar = screen.getByRole('progressbar', { name: 'Videos watched' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['3', '3']);

    rerender(
      <ul>
        <GoalProgress
          icon={Eye}
          label="Videos watched"
          actual={0}
          required={3}
          met={false}
          status="Goal: 3"
          bar={false}
        />
      </ul>,
    );
    expect(screen.getByText('Goal: 3')).toBeTruthy();
    expect(screen.queryByTestId('condition-figure')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
